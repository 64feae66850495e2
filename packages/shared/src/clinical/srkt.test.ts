import { describe, expect, it } from 'vitest';
import {
  srkt,
  srktEmmetropicPower,
  srktIntermediates,
  srktLensOptions,
  srktPowerForTarget,
  srktPredictedRefraction,
  type SrktInput,
} from './srkt.ts';

/**
 * Independent oracle: the thin-lens vergence form of docs/clinical-optics.md §1.1 (as coded for T2 in
 * timothylcooke/shammas-cooke.iolcalculator.com src/api/IolFormula/T2Formula.ts), with its own geometry
 * written out from Retzlaff 1990 rather than taken from the code under test.
 */
function vergence({ axialLength: L, meanK: K, aConstant: A }: SrktInput) {
  const r = 337.5 / K;
  const lcor = L > 24.2 ? -3.446 + 1.716 * L - 0.0237 * L ** 2 : L;
  const cw = -5.41 + 0.58412 * lcor + 0.098 * K;
  const radicand = r ** 2 - cw ** 2 / 4;
  const h = r - Math.sqrt(radicand < 0 ? 0 : radicand);
  const c = h + (0.62467 * A - 68.747 - 3.336);
  const lopt = L + 0.65696 - 0.02029 * L;
  const kc = 333 / r;
  return {
    power(ref: number): number {
      const zc = ref / (1 - 0.012 * ref);
      return 1336 / (lopt - c) - 1336 / (1336 / (zc + kc) - c);
    },
    refraction(p: number): number {
      return 1000 / (1000 / (1336 / (1336 / (1336 / (lopt - c) - p) + c) - kc) + 12);
    },
  };
}

// docs/clinical-optics.md §1.2 worked example: AL 23.50, K 43.50, A 118.4
const example: SrktInput = { axialLength: 23.5, meanK: 43.5, aConstant: 118.4 };
const longEye: SrktInput = { axialLength: 26.0, meanK: 42.0, aConstant: 118.4 };

describe('SRK/T worked example (reference §1.2)', () => {
  it('matches the intermediate values', () => {
    const i = srktIntermediates(example);
    expect(i.cornealRadius).toBeCloseTo(7.75862, 5);
    expect(i.correctedAxialLength).toBe(23.5);
    expect(i.cornealWidth).toBeCloseTo(12.57982, 5);
    expect(i.cornealHeight).toBeCloseTo(3.21624, 5);
    expect(i.acdConstant).toBeCloseTo(5.21393, 5);
    expect(i.offset).toBeCloseTo(1.87793, 5);
    expect(i.elp).toBeCloseTo(5.09417, 5);
    // 0.65696 − 0.02029 × 23.5 = 0.180145 exactly; the reference prints it cut to 0.18014
    expect(i.retinalThickness).toBeCloseTo(0.180145, 9);
    expect(i.opticalAxialLength).toBeCloseTo(23.680145, 9);
  });

  it('gives the published powers and refraction to 3 decimals', () => {
    expect(srktEmmetropicPower(example)).toBeCloseTo(20.564, 3);
    expect(srktPowerForTarget(example, 0)).toBeCloseTo(20.564, 3);
    expect(srktPowerForTarget(example, -0.5)).toBeCloseTo(21.273, 3);
    expect(srktPowerForTarget(example, -2.5)).toBeCloseTo(23.996, 3);
    expect(srktPredictedRefraction(example, 20)).toBeCloseTo(0.392, 3);
  });

  it('long eye (AL 26.0, K 42.0): corrected AL, H, ELP and target −0.50 → 15.485', () => {
    const i = srktIntermediates(longEye);
    expect(i.correctedAxialLength).toBeCloseTo(25.1488, 4);
    expect(i.cornealHeight).toBeCloseTo(3.59611, 5);
    expect(i.elp).toBeCloseTo(5.47404, 5);
    expect(srktPowerForTarget(longEye, -0.5)).toBeCloseTo(15.485, 3);
  });

  it('uses LCOR only above 24.2 mm (Retzlaff 1990)', () => {
    expect(srktIntermediates({ ...example, axialLength: 24.2 }).correctedAxialLength).toBe(24.2);
    expect(srktIntermediates({ ...example, axialLength: 24.3 }).correctedAxialLength).toBeCloseTo(
      -3.446 + 1.716 * 24.3 - 0.0237 * 24.3 ** 2,
      12,
    );
  });

  it('sets a negative radicand to 0 so H = r (no cap on corneal height; reference §1.1)', () => {
    // A very steep, very long eye: Cw/2 exceeds r
    const input = { axialLength: 34, meanK: 60, aConstant: 118.4 };
    const i = srktIntermediates(input);
    expect(i.cornealWidth / 2).toBeGreaterThan(i.cornealRadius);
    expect(i.cornealHeight).toBe(i.cornealRadius);
    expect(Number.isFinite(srktPowerForTarget(input, 0))).toBe(true);
  });
});

describe('SRK/T closed form against the vergence form (reference §1.1: agree < 1e-4 D)', () => {
  const grid: SrktInput[] = [];
  for (let axialLength = 20; axialLength <= 30; axialLength += 0.5)
    for (let meanK = 38; meanK <= 48; meanK += 1)
      for (const aConstant of [116, 117, 118, 118.4, 119, 120]) grid.push({ axialLength, meanK, aConstant });

  it(`agrees over AL 20–30, K 38–48, A 116–120 (${grid.length} eyes × 5 targets)`, () => {
    let worstPower = 0;
    let worstRefraction = 0;
    for (const input of grid) {
      const oracle = vergence(input);
      expect(Math.abs(srktEmmetropicPower(input) - oracle.power(0))).toBeLessThan(1e-4);
      for (const target of [-3, -0.5, 0, 0.75, 2]) {
        const power = srktPowerForTarget(input, target);
        worstPower = Math.max(worstPower, Math.abs(power - oracle.power(target)));
        const lens = Math.round(power * 2) / 2;
        worstRefraction = Math.max(
          worstRefraction,
          Math.abs(srktPredictedRefraction(input, lens) - oracle.refraction(lens)),
        );
      }
    }
    expect(worstPower).toBeLessThan(1e-4);
    expect(worstRefraction).toBeLessThan(1e-4);
  });

  it('round-trips: REF(IOL(target)) = target to 1e-6 D', () => {
    let worst = 0;
    for (const input of grid) {
      for (const target of [-4, -1.25, 0, 1.5]) {
        const power = srktPowerForTarget(input, target);
        worst = Math.max(worst, Math.abs(srktPredictedRefraction(input, power) - target));
      }
    }
    expect(worst).toBeLessThan(1e-6);
  });
});

describe('srktLensOptions (reference §1.5: nearby powers with their predicted refraction)', () => {
  it('lists 7 powers on the 0.5 D grid centred on the rounded power for target', () => {
    // Target −0.50 → 21.273 D, which rounds to 21.5
    const options = srktLensOptions(example, -0.5);
    expect(options.map((o) => o.power)).toEqual([20, 20.5, 21, 21.5, 22, 22.5, 23]);
    expect(options[0]?.predictedRefraction).toBeCloseTo(0.392, 3);
    for (const option of options) {
      expect(option.predictedRefraction).toBe(srktPredictedRefraction(example, option.power));
    }
    // Predicted refraction falls as power rises, and brackets the target
    const refractions = options.map((o) => o.predictedRefraction);
    expect([...refractions].sort((a, b) => b - a)).toEqual(refractions);
    expect(refractions[0]).toBeGreaterThan(-0.5);
    expect(refractions.at(-1)).toBeLessThan(-0.5);
  });

  it('takes a step and a count, never fewer than 5', () => {
    expect(srktLensOptions(example, -0.5, { step: 0.25, count: 5 }).map((o) => o.power)).toEqual([
      20.75, 21, 21.25, 21.5, 21.75,
    ]);
    expect(srktLensOptions(example, -0.5, { count: 3 })).toHaveLength(5);
    expect(srktLensOptions(example, 0, { count: 9 }).map((o) => o.power)).toEqual([
      18.5, 19, 19.5, 20, 20.5, 21, 21.5, 22, 22.5,
    ]);
  });

  it('puts the extra power of an even count on the side of the unrounded power', () => {
    // 20.564 rounds to 20.5 and lies above it; 21.273 rounds to 21.5 and lies below it
    expect(srktLensOptions(example, 0, { count: 6 }).map((o) => o.power)).toEqual([
      19.5, 20, 20.5, 21, 21.5, 22,
    ]);
    expect(srktLensOptions(example, -0.5, { count: 6 }).map((o) => o.power)).toEqual([
      20, 20.5, 21, 21.5, 22, 22.5,
    ]);
  });

  it('gives no options for an eye with no finite power', () => {
    expect(srktLensOptions({ axialLength: Number.NaN, meanK: 43.5, aConstant: 118.4 }, 0)).toEqual([]);
  });
});

describe('srkt', () => {
  it('returns the emmetropic power, the power for target and the options, unrounded', () => {
    const result = srkt(example, -0.5);
    expect(result.emmetropicPower).toBeCloseTo(20.564, 3);
    expect(result.powerForTarget).toBeCloseTo(21.273, 3);
    expect(result.powerForTarget).not.toBe(Math.round(result.powerForTarget * 1000) / 1000);
    expect(result.options).toEqual(srktLensOptions(example, -0.5));
    expect(srkt(example).powerForTarget).toBe(srktPowerForTarget(example, 0));
  });
});
