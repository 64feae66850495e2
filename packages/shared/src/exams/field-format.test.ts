import { describe, expect, it } from 'vitest';
import { decimalsOf, formatNumber, parseTypedNumber } from './field-format.ts';
import { diopters, num } from './fields.ts';

describe('typed numbers', () => {
  it('are read forgivingly, as clinicians type them', () => {
    expect(parseTypedNumber('-2')).toBe(-2);
    expect(parseTypedNumber('+1.5')).toBe(1.5);
    expect(parseTypedNumber('.75')).toBe(0.75);
    expect(parseTypedNumber('-.25')).toBe(-0.25);
    expect(parseTypedNumber('٢٫٥')).toBe(2.5);
    expect(parseTypedNumber('1,25')).toBe(1.25);
    expect(parseTypedNumber('−3.00')).toBe(-3);
    expect(parseTypedNumber(' ')).toBeNull();
    expect(parseTypedNumber('2-')).toBeUndefined();
    expect(parseTypedNumber('abc')).toBeUndefined();
  });

  it('are shown with their sign and their step’s decimals', () => {
    expect(formatNumber(diopters(-30, 30), -2)).toBe('-2.00');
    expect(formatNumber(diopters(-30, 30), 1.5)).toBe('+1.50');
    expect(formatNumber(diopters(-30, 30), 0)).toBe('0.00');
    expect(formatNumber(num({ min: 40, max: 85, step: 0.5 }), 62)).toBe('62.0');
    expect(formatNumber(num({ min: 0, max: 1, step: 0.05 }), 0.3)).toBe('0.30');
    expect(decimalsOf(1)).toBe(0);
  });

  it('are shown as written when their unit is chosen beside them (a dose)', () => {
    const dose = num({ min: 0.01, max: 2000, step: 0.01, unitField: 'doseUnit' });
    expect(formatNumber(dose, 1)).toBe('1');
    expect(formatNumber(dose, 0.5)).toBe('0.5');
    expect(formatNumber(dose, 0.05)).toBe('0.05');
    expect(formatNumber(dose, 1.25)).toBe('1.25');
    expect(formatNumber(dose, 0.1 + 0.2)).toBe('0.3');
  });
});
