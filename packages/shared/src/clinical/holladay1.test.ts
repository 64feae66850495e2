import { describe, expect, it } from 'vitest';
import {
  holladay1,
  holladay1EmmetropicPower,
  holladay1Intermediates,
  holladay1LensOptions,
  holladay1PowerForTarget,
  holladay1PredictedRefraction,
  type Holladay1Input,
} from './holladay1.ts';
import { surgeonFactorFromAConstant } from './iol-constants.ts';
import { iolLensOptions } from './lens-options.ts';

/**
 * Independent oracle: the thin-lens vergence form (the form of docs/clinical-optics.md §1.1 for SRK/T, and of
 * Holladay 1's ELP in the Masket code of timothylcooke/shammas-cooke.iolcalculator.com), with the anatomic ACD
 * written out again from Holladay 1988 p. 24 as coded in OpenEyes OphInBiometry (Rag = 7 if r < 7; AG = 13.5 if
 * 12.5·AL/23.45 > 13.5):
 *   Kc = 1000·(4/3 − 1)/r,  Zc = REF / (1 − 0.012·REF)
 *   P   = 1336/(Alm − ELP) − 1336/(1336/(Zc + Kc) − ELP)
 *   REF = 1000 / (1000 / (1336/(1336/(1336/(Alm − ELP) − P) + ELP) − Kc) + 12)
 */
function oracle({ axialLength: al, meanK, surgeonFactor }: Holladay1Input) {
  const r = 337.5 / meanK;
  const rag = r < 7 ? 7 : r;
  const ag = (12.5 * al) / 23.45 > 13.5 ? 13.5 : (12.5 * al) / 23.45;
  const elp = 0.56 + rag - Math.sqrt(rag ** 2 - ag ** 2 / 4) + surgeonFactor;
  const alm = al + 0.2;
  const kc = 1000 / 3 / r;
  return {
    elp,
    power(ref: number): number {
      const zc = ref / (1 - 0.012 * ref);
      return 1336 / (alm - elp) - 1336 / (1336 / (zc + kc) - elp);
    },
    refraction(p: number): number {
      return 1000 / (1000 / (1336 / (1336 / (1336 / (alm - elp) - p) + elp) - kc) + 12);
    },
  };
}

describe('Holladay 1 check values (enbrown/iol-calculations tests/testthat/tests.csv)', () => {
  // enbrown/iol-calculations tests/testthat/tests.csv (commit b3907d5), the Holladay.1 rows: AL 12/24/36 × K
  // 40/45/55, "S 1.22", emmetropic power to 2 decimals. The same rows give SRK/T with A 118.00 and Hoffer Q with
  // pACD 4.97; they match SF = 0.5663 × 118 − 65.60 = 1.2234 (the A-constant conversion, printed 1.22) to
  // ≤ 0.0042 D, i.e. to every printed decimal, and SF 1.22 itself only to 0.046 D (a 0.0034 mm difference).
  // AL 36 mm needs the 13.5 mm cap of AG and K 55 the 7 mm floor of the radius (enbrown's own R code, which
  // has neither, returns NA there), so the table pins both limits.
  const rows: Array<[number, number, number]> = [
    [12, 40, 93.97],
    [24, 40, 22.67],
    [36, 40, -3.58],
    [12, 45, 89.25],
    [24, 45, 16.84],
    [36, 45, -11.3],
    [12, 55, 77.92],
    [24, 55, 1.55],
    [36, 55, -29.99],
  ];

  it('agrees with all 9 rows to the printed 2 decimals with SF from A 118', () => {
    const surgeonFactor = surgeonFactorFromAConstant(118);
    expect(surgeonFactor).toBeCloseTo(1.2234, 10);
    let worst = 0;
    for (const [axialLength, meanK, expected] of rows) {
      const power = holladay1EmmetropicPower({ axialLength, meanK, surgeonFactor });
      expect(power).toBeCloseTo(expected, 2);
      worst = Math.max(worst, Math.abs(power - expected));
    }
    expect(worst).toBeLessThan(0.0043);
  });

  it('is within 0.05 D of every row with the printed SF 1.22', () => {
    for (const [axialLength, meanK, expected] of rows) {
      expect(
        Math.abs(holladay1EmmetropicPower({ axialLength, meanK, surgeonFactor: 1.22 }) - expected),
      ).toBeLessThan(0.05);
    }
  });
});

describe('Holladay 1 intermediate values (Holladay 1988 p. 24; Tomey UD-8000 §4.1.3)', () => {
  it('an average eye: AL 23.45 makes AG exactly 12.5', () => {
    const i = holladay1Intermediates({ axialLength: 23.45, meanK: 337.5 / 7.7, surgeonFactor: 1.45 });
    expect(i.cornealRadius).toBeCloseTo(7.7, 12);
    expect(i.heightRadius).toBeCloseTo(7.7, 12);
    expect(i.anteriorSegment).toBeCloseTo(12.5, 12);
    // 7.7 − √(7.7² − 6.25²) = 7.7 − √20.2275 = 7.7 − 4.4974993 = 3.2025007
    expect(i.cornealHeight).toBeCloseTo(7.7 - Math.sqrt(20.2275), 12);
    expect(i.cornealHeight).toBeCloseTo(3.2025007, 7);
    expect(i.anatomicAcd).toBeCloseTo(3.7625007, 7);
    expect(i.elp).toBeCloseTo(5.2125007, 7);
    expect(i.opticalAxialLength).toBeCloseTo(23.65, 12);
  });

  it('caps AG at 13.5 mm (from AL 25.326 mm) and floors the height radius at 7 mm', () => {
    expect(
      holladay1Intermediates({ axialLength: 25.3, meanK: 44, surgeonFactor: 1 }).anteriorSegment,
    ).toBeLessThan(13.5);
    expect(holladay1Intermediates({ axialLength: 25.33, meanK: 44, surgeonFactor: 1 }).anteriorSegment).toBe(
      13.5,
    );
    const steep = holladay1Intermediates({ axialLength: 24, meanK: 50, surgeonFactor: 1 });
    expect(steep.cornealRadius).toBeCloseTo(6.75, 12);
    expect(steep.heightRadius).toBe(7);
    // the clamped radius only places the lens; the optics keep r (the vergence oracle below uses r too)
    expect(Number.isFinite(holladay1EmmetropicPower({ axialLength: 34, meanK: 60, surgeonFactor: 1 }))).toBe(
      true,
    );
  });
});

describe('Holladay 1 closed form against the vergence form', () => {
  const eyes: Holladay1Input[] = [];
  // short 20.5–21.5, average, long 26–28 mm; flat to very steep K (r < 7 from 48.2 D); SF of typical lenses
  for (const axialLength of [20.5, 21, 21.5, 22, 23.45, 24.5, 25.33, 26, 27, 28])
    for (const meanK of [39, 41.5, 43.5, 45.5, 48, 50])
      for (const surgeonFactor of [0.5, surgeonFactorFromAConstant(118.4), 2.2])
        eyes.push({ axialLength, meanK, surgeonFactor });

  it(`agrees within 1e-6 D over ${eyes.length} eyes × 5 targets`, () => {
    let worstPower = 0;
    let worstRefraction = 0;
    for (const input of eyes) {
      const o = oracle(input);
      expect(holladay1Intermediates(input).elp).toBeCloseTo(o.elp, 12);
      for (const target of [-3, -0.5, 0, 0.75, 2]) {
        const power = holladay1PowerForTarget(input, target);
        worstPower = Math.max(worstPower, Math.abs(power - o.power(target)));
        const lens = Math.round(power * 2) / 2;
        worstRefraction = Math.max(
          worstRefraction,
          Math.abs(holladay1PredictedRefraction(input, lens) - o.refraction(lens)),
        );
      }
    }
    expect(worstPower).toBeLessThan(1e-6);
    expect(worstRefraction).toBeLessThan(1e-6);
  });

  it('round-trips: REF(IOL(target)) = target to 1e-9 D', () => {
    let worst = 0;
    for (const input of eyes)
      for (const target of [-4, -1.25, 0, 1.5]) {
        const power = holladay1PowerForTarget(input, target);
        worst = Math.max(worst, Math.abs(holladay1PredictedRefraction(input, power) - target));
      }
    expect(worst).toBeLessThan(1e-9);
  });
});

describe('Holladay 1 sanity', () => {
  it('gives less power to a longer eye, a steeper cornea and a smaller surgeon factor', () => {
    for (const meanK of [40, 44, 48]) {
      let previous = Infinity;
      for (let axialLength = 19; axialLength <= 31; axialLength += 0.1) {
        const power = holladay1EmmetropicPower({ axialLength, meanK, surgeonFactor: 1.45 });
        expect(power).toBeLessThan(previous);
        previous = power;
      }
    }
    const eye = { axialLength: 23.5, surgeonFactor: 1.45 };
    expect(holladay1EmmetropicPower({ ...eye, meanK: 45 })).toBeLessThan(
      holladay1EmmetropicPower({ ...eye, meanK: 43 }),
    );
    expect(holladay1EmmetropicPower({ ...eye, meanK: 44, surgeonFactor: 1 })).toBeLessThan(
      holladay1EmmetropicPower({ ...eye, meanK: 44, surgeonFactor: 2 }),
    );
    expect(holladay1PowerForTarget({ ...eye, meanK: 44 }, -1)).toBeGreaterThan(
      holladay1EmmetropicPower({ ...eye, meanK: 44 }),
    );
  });

  it.each([
    ['no axial length', { axialLength: Number.NaN, meanK: 43.5, surgeonFactor: 1.45 }],
    ['zero axial length', { axialLength: 0, meanK: 43.5, surgeonFactor: 1.45 }],
    ['zero K', { axialLength: 23.5, meanK: 0, surgeonFactor: 1.45 }],
    ['negative K', { axialLength: 23.5, meanK: -43.5, surgeonFactor: 1.45 }],
    ['no surgeon factor', { axialLength: 23.5, meanK: 43.5, surgeonFactor: Number.NaN }],
  ])('%s gives no finite result and no options', (_, input) => {
    expect(holladay1EmmetropicPower(input)).toBeNaN();
    expect(holladay1PowerForTarget(input, -0.5)).toBeNaN();
    expect(holladay1PredictedRefraction(input, 20)).toBeNaN();
    expect(holladay1LensOptions(input, -0.5)).toEqual([]);
    expect(holladay1(input).options).toEqual([]);
  });

  it('a lens at the retina has no finite power (ELP = Alm)', () => {
    const input = { axialLength: 10, meanK: 44, surgeonFactor: 0 };
    const { anatomicAcd } = holladay1Intermediates(input);
    const atRetina = { ...input, surgeonFactor: 10.2 - anatomicAcd };
    expect(Number.isFinite(holladay1EmmetropicPower(atRetina))).toBe(false);
    expect(holladay1LensOptions(atRetina, 0)).toEqual([]);
  });
});

describe('holladay1 result and lens options', () => {
  const eye: Holladay1Input = {
    axialLength: 23.5,
    meanK: 43.5,
    surgeonFactor: surgeonFactorFromAConstant(118.4),
  };

  it('returns the srkt() shape: emmetropic power, power for target and ≥ 5 options on 0.5 D', () => {
    const result = holladay1(eye, -0.5);
    expect(result.emmetropicPower).toBe(holladay1EmmetropicPower(eye));
    expect(result.powerForTarget).toBe(holladay1PowerForTarget(eye, -0.5));
    expect(result.options).toEqual(
      iolLensOptions(result.powerForTarget, (p) => holladay1PredictedRefraction(eye, p)),
    );
    expect(result.options).toHaveLength(7);
    expect(result.options[3]?.power).toBe(Math.round(result.powerForTarget * 2) / 2);
    const refractions = result.options.map((o) => o.predictedRefraction);
    expect([...refractions].sort((a, b) => b - a)).toEqual(refractions);
    expect(refractions[0]).toBeGreaterThan(-0.5);
    expect(refractions.at(-1)).toBeLessThan(-0.5);
    expect(holladay1(eye).powerForTarget).toBe(holladay1EmmetropicPower(eye));
  });
});
