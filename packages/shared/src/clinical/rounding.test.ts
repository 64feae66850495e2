import { describe, expect, it } from 'vitest';
import {
  formatAxis,
  formatDiopters,
  formatSphericalEquivalent,
  normalizeAxis,
  roundToStep,
} from './rounding.ts';
import { sphericalEquivalent } from './refraction.ts';

// Source for all: docs/clinical-optics.md §3.6 (rounding, display) and §3.2 (axis 1..180, 0 written 180).

describe('roundToStep', () => {
  it.each([
    [-1.375, -1.5],
    [1.375, 1.5],
    [-0.125, -0.25],
    [0.125, 0.25],
    [-1.374, -1.25],
    [1.376, 1.5],
    [2.6, 2.5],
    [0.1, 0],
    [-0.1, 0],
    [0, 0],
    [-5.597, -5.5],
    [5.32, 5.25],
    [-7.299, -7.25],
  ])('%s → %s (ties away from zero)', (value, expected) => {
    expect(roundToStep(value)).toBe(expected);
  });

  it('is not fooled by float noise on a tie', () => {
    // 0.35 / 0.1 = 3.4999999999999996 in floating point: still a tie, so 0.4
    expect(roundToStep(0.35, 0.1)).toBe(0.4);
    expect(roundToStep(-0.35, 0.1)).toBe(-0.4);
    expect(roundToStep(-1.375 + 1e-13)).toBe(-1.5);
    expect(roundToStep(1.375 - 1e-13)).toBe(1.5);
  });

  it('never returns -0', () => {
    expect(Object.is(roundToStep(-0.1), 0)).toBe(true);
  });

  it('takes other steps', () => {
    expect(roundToStep(21.273, 0.5)).toBe(21.5);
    expect(roundToStep(20.25, 0.5)).toBe(20.5);
    expect(roundToStep(-20.25, 0.5)).toBe(-20.5);
    expect(roundToStep(0.26, 0.1)).toBe(0.3);
    expect(roundToStep(0.125, 0.125)).toBe(0.125);
  });

  it('refuses a step that is not positive and passes non-finite values through', () => {
    expect(() => roundToStep(1, 0)).toThrow(RangeError);
    expect(() => roundToStep(1, -0.25)).toThrow(RangeError);
    expect(roundToStep(Number.NaN)).toBeNaN();
  });
});

describe('formatDiopters', () => {
  it.each([
    [1.5, '+1.50'],
    [-0.25, '-0.25'],
    [0, '0.00'],
    [-0, '0.00'],
    [-0.001, '0.00'],
    [0.004, '0.00'],
    [12, '+12.00'],
    [-5.597, '-5.60'],
    [-1.375, '-1.38'],
  ])('%s → %s (not rounded to 0.25 first)', (value, expected) => {
    expect(formatDiopters(value)).toBe(expected);
  });

  it('writes Plano for zero when asked', () => {
    expect(formatDiopters(0, { plano: true })).toBe('Plano');
    expect(formatDiopters(-0, { plano: true })).toBe('Plano');
    expect(formatDiopters(0.25, { plano: true })).toBe('+0.25');
  });

  it('uses the ASCII minus', () => {
    expect(formatDiopters(-2)).toBe('\u002d2.00');
  });

  it('gives empty text for a non-number', () => {
    expect(formatDiopters(Number.NaN)).toBe('');
  });
});

describe('normalizeAxis and formatAxis', () => {
  it.each([
    [0, 180, '180'],
    [180, 180, '180'],
    [181, 1, '001'],
    [270, 90, '090'],
    [360, 180, '180'],
    [-10, 170, '170'],
    [-90, 90, '090'],
    [-180, 180, '180'],
    [5, 5, '005'],
    [90, 90, '090'],
    [179.6, 180, '180'],
    [44.4, 44, '044'],
  ])('%s → %s, shown %s', (axis, normal, shown) => {
    expect(normalizeAxis(axis)).toBe(normal);
    expect(formatAxis(axis)).toBe(shown);
  });

  it('never shows 000 over every whole degree from -360 to 720', () => {
    const wrong: number[] = [];
    for (let axis = -360; axis <= 720; axis++) {
      const normal = normalizeAxis(axis);
      const ok =
        normal >= 1 &&
        normal <= 180 &&
        (normal - axis) % 180 === 0 &&
        /^(?!000)\d{3}$/.test(formatAxis(axis));
      if (!ok) wrong.push(axis);
    }
    expect(wrong).toEqual([]);
  });

  it('gives NaN and empty text for a non-number', () => {
    expect(normalizeAxis(Number.NaN)).toBeNaN();
    expect(formatAxis(Number.POSITIVE_INFINITY)).toBe('');
  });
});

// Issue 16: the spherical equivalent is shown to the nearest 0.125 D, ties away from zero, two decimals for a quarter
// and three for an eighth (rounding.ts formatSphericalEquivalent: one rule on screen and on paper).
describe('formatSphericalEquivalent', () => {
  it('shows -2.00 / -0.75 as -2.375 (SE = sphere + cylinder / 2), not -2.50', () => {
    expect(formatSphericalEquivalent(sphericalEquivalent(-2, -0.75))).toBe('-2.375');
  });

  it('writes eighths with three decimals, quarters with two, zero as 0.00', () => {
    expect(formatSphericalEquivalent(0.125)).toBe('+0.125');
    expect(formatSphericalEquivalent(-2.5)).toBe('-2.50');
    expect(formatSphericalEquivalent(0)).toBe('0.00');
    expect(formatSphericalEquivalent(-0)).toBe('0.00');
  });

  it('rounds a tie to the eighth away from zero: -0.0625 → -0.125, +0.0625 → +0.125', () => {
    expect(formatSphericalEquivalent(-0.0625)).toBe('-0.125');
    expect(formatSphericalEquivalent(0.0625)).toBe('+0.125');
    expect(formatSphericalEquivalent(-0.06)).toBe('0.00');
  });

  it('gives empty text for a non-number', () => {
    expect(formatSphericalEquivalent(Number.NaN)).toBe('');
  });
});
