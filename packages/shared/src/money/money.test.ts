import { describe, expect, it } from 'vitest';
import { assertMoney, formatMoney, money, splitMinor, type Currency } from './money.ts';

describe('money', () => {
  it('accepts safe integers ≥ 0 in minor units', () => {
    expect(money(25000, 'IQD')).toEqual({ amount: 25000, currency: 'IQD' });
    expect(money(0, 'USD')).toEqual({ amount: 0, currency: 'USD' });
    expect(money(Number.MAX_SAFE_INTEGER, 'IQD').amount).toBe(Number.MAX_SAFE_INTEGER);
  });

  // A refund is a separate reversing entry with its own positive amount, never a negative amount.
  it.each([-1, 12.5, 0.1, Number.NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 1, 2 ** 60])(
    'throws for %s',
    (amount) => {
      expect(() => money(amount, 'IQD')).toThrow(RangeError);
      expect(() => assertMoney({ amount, currency: 'USD' })).toThrow(RangeError);
      expect(() => formatMoney({ amount, currency: 'USD' }, 'en')).toThrow(RangeError);
    },
  );

  it('throws for an unknown currency', () => {
    expect(() => money(1, 'EUR' as Currency)).toThrow(RangeError);
  });

  it('splits cents by integer arithmetic', () => {
    expect(splitMinor(money(1250, 'USD'))).toEqual({ major: 12, minor: 50 });
    expect(splitMinor(money(5, 'USD'))).toEqual({ major: 0, minor: 5 });
    expect(splitMinor(money(Number.MAX_SAFE_INTEGER, 'USD'))).toEqual({ major: 90071992547409, minor: 91 });
    expect(splitMinor(money(25000, 'IQD'))).toEqual({ major: 25000, minor: 0 });
  });
});

describe('formatMoney', () => {
  it.each([
    [money(25000, 'IQD'), '25,000 IQD', '25,000 د.ع'],
    [money(0, 'IQD'), '0 IQD', '0 د.ع'],
    [money(999, 'IQD'), '999 IQD', '999 د.ع'],
    [money(1000000, 'IQD'), '1,000,000 IQD', '1,000,000 د.ع'],
    [money(1250, 'USD'), '$12.50', '12.50 $'],
    [money(5, 'USD'), '$0.05', '0.05 $'],
    [money(100, 'USD'), '$1.00', '1.00 $'],
    [money(123456789, 'USD'), '$1,234,567.89', '1,234,567.89 $'],
  ])('%o → %s / %s', (value, en, ar) => {
    expect(formatMoney(value, 'en')).toBe(en);
    expect(formatMoney(value, 'ar')).toBe(ar);
  });
});
