import { describe, expect, it } from 'vitest';
import { hofferQPowerForTarget } from './hoffer-q.ts';
import { holladay1PowerForTarget } from './holladay1.ts';
import { pacdFromAConstant, surgeonFactorFromAConstant, surgeonFactorFromPacd } from './iol-constants.ts';
import { srktPowerForTarget } from './srkt.ts';

describe('IOL constant conversions (Holladay et al. 1988)', () => {
  it('A → pACD: 0.58357·A − 63.896 (ocusoft.de Hoffer Q page; enbrown R/constants.R)', () => {
    expect(pacdFromAConstant(118.4)).toBeCloseTo(5.198688, 6);
    expect(pacdFromAConstant(118.0)).toBeCloseTo(4.96526, 6);
    expect(pacdFromAConstant(119.0)).toBeCloseTo(5.54883, 6);
  });

  it('A → SF: 0.5663·A − 65.60 (enbrown R/constants.R)', () => {
    expect(surgeonFactorFromAConstant(118.4)).toBeCloseTo(1.44992, 6);
    // the SF behind the Holladay 1 rows of enbrown tests/testthat/tests.csv (A 118.00, printed 1.22)
    expect(surgeonFactorFromAConstant(118.0)).toBeCloseTo(1.2234, 6);
  });

  it('pACD → SF: 0.9704·pACD − 3.595 agrees with A → SF through A → pACD within 0.002 mm over A 115–121', () => {
    for (let a = 115; a <= 121; a += 0.1) {
      expect(
        Math.abs(surgeonFactorFromPacd(pacdFromAConstant(a)) - surgeonFactorFromAConstant(a)),
      ).toBeLessThan(0.002);
    }
  });

  it('keeps typical A-constants inside the record ranges (pACD 2.5–7.5 mm, SF −2.5–5 mm)', () => {
    for (const a of [115, 118.4, 121]) {
      expect(pacdFromAConstant(a)).toBeGreaterThan(2.5);
      expect(pacdFromAConstant(a)).toBeLessThan(7.5);
      expect(surgeonFactorFromAConstant(a)).toBeGreaterThan(-2.5);
      expect(surgeonFactorFromAConstant(a)).toBeLessThan(5);
    }
  });
});

describe('the three formulas with constants converted from one A-constant', () => {
  it('agree within 0.1 D for the average eye of reference §1.2 (AL 23.50, K 43.50, A 118.4, target −0.50)', () => {
    const eye = { axialLength: 23.5, meanK: 43.5 };
    // SRK/T 21.273 (docs/clinical-optics.md §1.2); Hoffer Q 21.27 and Holladay 1 21.32 with the converted constants
    const srkt = srktPowerForTarget({ ...eye, aConstant: 118.4 }, -0.5);
    const hofferQ = hofferQPowerForTarget({ ...eye, pACD: pacdFromAConstant(118.4) }, -0.5);
    const holladay1 = holladay1PowerForTarget(
      { ...eye, surgeonFactor: surgeonFactorFromAConstant(118.4) },
      -0.5,
    );
    expect(srkt).toBeCloseTo(21.273, 3);
    expect(Math.abs(hofferQ - srkt)).toBeLessThan(0.1);
    expect(Math.abs(holladay1 - srkt)).toBeLessThan(0.1);
  });
});
