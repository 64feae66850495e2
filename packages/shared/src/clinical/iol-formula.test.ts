import { describe, expect, it } from 'vitest';
import { IOL_FORMULAS } from '../exams/biometry.ts';
import { hofferQPowerForTarget, hofferQPredictedRefraction } from './hoffer-q.ts';
import { holladay1PowerForTarget, holladay1PredictedRefraction } from './holladay1.ts';
import { surgeonFactorFromAConstant } from './iol-constants.ts';
import {
  IOL_CONSTANT_BOUNDS,
  IOL_FORMULA_CONSTANT,
  powerForTarget,
  predictedRefraction,
} from './iol-formula.ts';
import { srktPowerForTarget, srktPredictedRefraction } from './srkt.ts';

describe('predictedRefraction and powerForTarget: the formula modules behind one call', () => {
  const eye = { axialLength: 23.5, meanK: 43.5 };

  it('gives each module its own constant', () => {
    expect(predictedRefraction('srkt', eye, 118.4, 21)).toBe(
      srktPredictedRefraction({ ...eye, aConstant: 118.4 }, 21),
    );
    expect(predictedRefraction('hofferQ', eye, 5.2, 21)).toBe(
      hofferQPredictedRefraction({ ...eye, pACD: 5.2 }, 21),
    );
    expect(predictedRefraction('holladay1', eye, 1.5, 21)).toBe(
      holladay1PredictedRefraction({ ...eye, surgeonFactor: 1.5 }, 21),
    );
    expect(powerForTarget('srkt', eye, 118.4, -0.5)).toBe(
      srktPowerForTarget({ ...eye, aConstant: 118.4 }, -0.5),
    );
    expect(powerForTarget('hofferQ', eye, 5.2, -0.5)).toBe(
      hofferQPowerForTarget({ ...eye, pACD: 5.2 }, -0.5),
    );
    expect(powerForTarget('holladay1', eye, 1.5, -0.5)).toBe(
      holladay1PowerForTarget({ ...eye, surgeonFactor: 1.5 }, -0.5),
    );
  });

  it('names a constant for every formula of the biometry record', () => {
    expect(Object.keys(IOL_FORMULA_CONSTANT).sort()).toEqual([...IOL_FORMULAS].sort());
    expect(Object.keys(IOL_CONSTANT_BOUNDS).sort()).toEqual([...IOL_FORMULAS].sort());
  });

  // docs/clinical-optics.md §1.2, Retzlaff, Sanders and Kraff 1990: AL 23.50, K 43.50, A 118.4 → 21.273 D for −0.50 D
  it('SRK/T: the 21.273 D lens of the worked example leaves −0.50 D', () => {
    expect(predictedRefraction('srkt', eye, 118.4, 21.273)).toBeCloseTo(-0.5, 3);
  });

  // enbrown/iol-calculations tests: AL 23.5, K 43.5, pACD 4.5 → emmetropic power 19.27599
  it('Hoffer Q: the emmetropic 19.27599 D lens leaves 0.00 D', () => {
    expect(predictedRefraction('hofferQ', eye, 4.5, 19.27599)).toBeCloseTo(0, 4);
  });

  // enbrown/iol-calculations tests.csv: AL 24, K 45, SF from A 118 → emmetropic power 16.84 (2 decimals)
  it('Holladay 1: the emmetropic 16.84 D lens leaves 0.00 D (to the printed 0.005 D of power)', () => {
    const r = predictedRefraction(
      'holladay1',
      { axialLength: 24, meanK: 45 },
      surgeonFactorFromAConstant(118),
      16.84,
    );
    expect(Math.abs(r)).toBeLessThan(0.005);
  });

  // The back-calculation brackets a root between the bounds: the refraction must move one way with the constant
  // there, for eyes from 20 to 30 mm and K 40 to 48 D, with lenses from 3 D below to 3 D above their power for
  // emmetropia. A deeper lens position weakens the lens: a plus lens leaves a more hyperopic eye, a minus lens (the
  // long, steep eyes here) a more myopic one.
  it.each(IOL_FORMULAS)('%s: the refraction is monotonic in the constant across its bounds', (formula) => {
    const { min, max } = IOL_CONSTANT_BOUNDS[formula];
    const middle = (min + max) / 2;
    for (const axialLength of [20, 22, 23.5, 25, 27, 30]) {
      for (const meanK of [40, 43, 46, 48]) {
        const biometry = { axialLength, meanK };
        const base = powerForTarget(formula, biometry, middle, 0);
        for (const power of [base - 3, base, base + 3]) {
          const at = (i: number) =>
            predictedRefraction(formula, biometry, min + ((max - min) * i) / 40, power);
          const direction = Math.sign(at(40) - at(0));
          if (power >= 5) expect(direction).toBe(1);
          if (power <= -1) expect(direction).toBe(-1);
          for (let i = 1; i <= 40; i++) expect(Math.sign(at(i) - at(i - 1))).toBe(direction);
        }
      }
    }
  });
});
