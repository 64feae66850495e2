import { describe, expect, it } from 'vitest';
import { iolLensOptions } from './lens-options.ts';
import { srktLensOptions, srktPowerForTarget, srktPredictedRefraction, type SrktInput } from './srkt.ts';

describe('iolLensOptions (reference §1.5)', () => {
  it('is the rule of srktLensOptions for any formula', () => {
    for (const axialLength of [21, 23.5, 26])
      for (const meanK of [40, 43.5, 47])
        for (const target of [-2, -0.5, 0, 1])
          for (const settings of [{}, { count: 6 }, { step: 0.25, count: 5 }, { count: 3 }, { count: 10 }]) {
            const input: SrktInput = { axialLength, meanK, aConstant: 118.4 };
            expect(
              iolLensOptions(
                srktPowerForTarget(input, target),
                (p) => srktPredictedRefraction(input, p),
                settings,
              ),
            ).toEqual(srktLensOptions(input, target, settings));
          }
  });

  it('centres on the rounded power, ties away from zero, extra power on the side of the unrounded one', () => {
    const flat = () => 0;
    expect(iolLensOptions(21.25, flat).map((o) => o.power)).toEqual([20, 20.5, 21, 21.5, 22, 22.5, 23]);
    expect(iolLensOptions(-1.25, flat).map((o) => o.power)).toEqual([-3, -2.5, -2, -1.5, -1, -0.5, 0]);
    expect(iolLensOptions(20.1, flat, { count: 6 }).map((o) => o.power)).toEqual([
      19, 19.5, 20, 20.5, 21, 21.5,
    ]);
    expect(iolLensOptions(19.9, flat, { count: 6 }).map((o) => o.power)).toEqual([
      18.5, 19, 19.5, 20, 20.5, 21,
    ]);
  });

  it('gives [] for a power that is not finite, and throws on a step that is not positive', () => {
    expect(iolLensOptions(Number.NaN, () => 0)).toEqual([]);
    expect(iolLensOptions(Infinity, () => 0)).toEqual([]);
    expect(() => iolLensOptions(20, () => 0, { step: 0 })).toThrow(RangeError);
  });
});
