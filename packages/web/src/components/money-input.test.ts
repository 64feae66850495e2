import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '@basira/shared/money/billing.schemas';
import { moneyText, parseMoneyText } from './money-input.tsx';

describe('parseMoneyText', () => {
  it('reads dollars as cents with integer arithmetic', () => {
    expect(parseMoneyText('12.50', 'USD')).toBe(1250);
    expect(parseMoneyText('12.5', 'USD')).toBe(1250);
    expect(parseMoneyText('12', 'USD')).toBe(1200);
    expect(parseMoneyText('12.', 'USD')).toBe(1200);
    expect(parseMoneyText('0.07', 'USD')).toBe(7);
    // 1.15 * 100 is 114.99999999999999 in floating point; parsed as text it is exactly 115.
    expect(parseMoneyText('1.15', 'USD')).toBe(115);
    expect(parseMoneyText('4.35', 'USD')).toBe(435);
  });

  it('reads dinars as whole numbers and refuses decimals in them', () => {
    expect(parseMoneyText('25000', 'IQD')).toBe(25000);
    expect(parseMoneyText('25,000', 'IQD')).toBe(25000);
    expect(parseMoneyText(' 25 000 ', 'IQD')).toBe(25000);
    expect(parseMoneyText('25000.5', 'IQD')).toBeNull();
    expect(parseMoneyText('0', 'IQD')).toBe(0);
  });

  it('refuses more decimals than the currency has, signs, letters and blanks', () => {
    expect(parseMoneyText('12.505', 'USD')).toBeNull();
    expect(parseMoneyText('-5', 'IQD')).toBeNull();
    expect(parseMoneyText('1e3', 'IQD')).toBeNull();
    expect(parseMoneyText('abc', 'USD')).toBeNull();
    expect(parseMoneyText('', 'USD')).toBeNull();
    expect(parseMoneyText('1.2.3', 'USD')).toBeNull();
    expect(parseMoneyText('.5', 'USD')).toBeNull();
  });

  it('reads Arabic-Indic digits and the Arabic decimal and thousands separators', () => {
    expect(parseMoneyText('٢٥٬٠٠٠', 'IQD')).toBe(25000);
    expect(parseMoneyText('١٢٫٥٠', 'USD')).toBe(1250);
    expect(parseMoneyText('۱۲', 'IQD')).toBe(12);
  });

  it('refuses an amount over the largest one an entry may carry', () => {
    expect(parseMoneyText(String(MAX_AMOUNT), 'IQD')).toBe(MAX_AMOUNT);
    expect(parseMoneyText(String(MAX_AMOUNT + 1), 'IQD')).toBeNull();
    expect(parseMoneyText('999999999999999', 'USD')).toBeNull();
  });
});

describe('moneyText', () => {
  it('shows an amount for editing and reads back the same', () => {
    expect(moneyText(1250, 'USD')).toBe('12.50');
    expect(moneyText(7, 'USD')).toBe('0.07');
    expect(moneyText(25000, 'IQD')).toBe('25000');
    expect(moneyText(null, 'USD')).toBe('');
    for (const amount of [0, 1, 99, 100, 123456789])
      expect(parseMoneyText(moneyText(amount, 'USD'), 'USD')).toBe(amount);
  });
});
