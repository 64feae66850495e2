import { describe, expect, it } from 'vitest';
import { KERATOMETRIC_INDEX, cornealAstigmatism, kFromRadius, meanK, radiusFromK } from './keratometry.ts';

// Source for all: docs/clinical-optics.md §5 (Tomey manuals, ocusoft.de "K1 = 337.5/R1C", eyedock keratObj.js).

describe('kFromRadius and radiusFromK', () => {
  it('uses the 1.3375 index by default', () => {
    expect(KERATOMETRIC_INDEX).toBe(1.3375);
    expect(kFromRadius(7.5)).toBe(45);
  });

  it.each([
    [7.5, 45.0],
    [7.7, 43.83],
    [7.8, 43.27],
    [8.0, 42.19],
  ])('%s mm → %s D', (radius, k) => {
    expect(kFromRadius(radius)).toBeCloseTo(k, 2);
  });

  it.each([
    [43.5, 7.759],
    [44.0, 7.67],
    [42.25, 7.988],
  ])('%s D → %s mm', (k, radius) => {
    expect(radiusFromK(k)).toBeCloseTo(radius, 3);
  });

  it('takes another instrument index: 1.332 at 7.50 mm → 44.27 D', () => {
    expect(kFromRadius(7.5, 1.332)).toBeCloseTo(44.27, 2);
    expect(radiusFromK(kFromRadius(7.5, 1.332), 1.332)).toBeCloseTo(7.5, 12);
  });
});

describe('meanK', () => {
  it('is the mean of the powers, not the K of the mean radius (7.94 / 7.67 → 43.2545 vs 43.2415)', () => {
    expect(meanK(42.5, 44)).toBe(43.25);
    expect(meanK(kFromRadius(7.94), kFromRadius(7.67))).toBeCloseTo(43.2545, 4);
    expect(kFromRadius((7.94 + 7.67) / 2)).toBeCloseTo(43.2415, 4);
  });
});

describe('cornealAstigmatism', () => {
  it('K1 42.50 @ 180, K2 44.00 @ 090 → 1.50 D steep at 90, with the rule', () => {
    expect(cornealAstigmatism(42.5, 180, 44, 90)).toEqual({
      power: 1.5,
      steepAxis: 90,
      kind: 'with-the-rule',
    });
  });

  it('takes the axis of the larger K whichever is entered first', () => {
    expect(cornealAstigmatism(44, 90, 42.5, 180)).toEqual({
      power: 1.5,
      steepAxis: 90,
      kind: 'with-the-rule',
    });
    expect(cornealAstigmatism(43, 90, 44.25, 0)).toEqual({
      power: 1.25,
      steepAxis: 180,
      kind: 'against-the-rule',
    });
  });

  it('places the other meridian 90° away when only one axis is given', () => {
    expect(cornealAstigmatism(42.5, 180, 44, undefined).steepAxis).toBe(90);
    expect(cornealAstigmatism(42.5, undefined, 44, 95).steepAxis).toBe(95);
    expect(cornealAstigmatism(44, undefined, 42.5, 10)).toEqual({
      power: 1.5,
      steepAxis: 100,
      kind: 'with-the-rule',
    });
    expect(cornealAstigmatism(44, 100, 42.5, undefined).steepAxis).toBe(100);
  });

  it('has no axis or kind when no axis is known, or when the Ks are equal', () => {
    expect(cornealAstigmatism(42.5, undefined, 44, undefined)).toEqual({
      power: 1.5,
      steepAxis: null,
      kind: null,
    });
    expect(cornealAstigmatism(43, 180, 43, 90)).toEqual({ power: 0, steepAxis: null, kind: null });
    expect(cornealAstigmatism(42.5, Number.NaN, 44, undefined).kind).toBeNull();
  });

  it.each([
    [1, 'against-the-rule'],
    [30, 'against-the-rule'],
    [31, 'oblique'],
    [45, 'oblique'],
    [59, 'oblique'],
    [60, 'with-the-rule'],
    [120, 'with-the-rule'],
    [121, 'oblique'],
    [149, 'oblique'],
    [150, 'against-the-rule'],
    [180, 'against-the-rule'],
    [0, 'against-the-rule'],
  ])('steep at %s → %s (eyedock axisType bands)', (axis, kind) => {
    expect(cornealAstigmatism(42, axis + 90, 43, axis).kind).toBe(kind);
  });
});
