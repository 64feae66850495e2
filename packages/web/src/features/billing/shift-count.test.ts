import { describe, expect, it } from 'vitest';
import { countLines, hasDifference, shownLines } from './shift-count.ts';

const expected = [
  { method: 'cash' as const, currency: 'IQD' as const, amount: 275_000 },
  { method: 'cash' as const, currency: 'USD' as const, amount: 5_000 },
  { method: 'card' as const, currency: 'IQD' as const, amount: 40_000 },
];

describe('countLines', () => {
  it('gives counted − expected per method and currency, in minor units', () => {
    const lines = countLines(expected, { cash_IQD: '270,000', cash_USD: '50.25', card_IQD: '40000' });
    const byKey = Object.fromEntries(lines.map((l) => [l.key, l]));
    expect(byKey.cash_IQD).toMatchObject({ expected: 275_000, counted: 270_000, difference: -5_000 });
    expect(byKey.cash_USD).toMatchObject({ expected: 5_000, counted: 5_025, difference: 25 });
    expect(byKey.card_IQD).toMatchObject({ expected: 40_000, counted: 40_000, difference: 0 });
    expect(byKey.transfer_USD).toMatchObject({ expected: 0, counted: 0, difference: 0 });
    expect(hasDifference(lines)).toBe(true);
  });

  it('counts a blank cell as 0 and has no difference when everything matches', () => {
    const lines = countLines(expected, { cash_IQD: '275000', cash_USD: '50', card_IQD: '40000' });
    expect(hasDifference(lines)).toBe(false);
    const blank = countLines(expected, {});
    expect(blank.find((l) => l.key === 'cash_IQD')?.difference).toBe(-275_000);
    expect(hasDifference(blank)).toBe(true);
  });

  it('leaves the difference open while the text is not an amount', () => {
    const lines = countLines(expected, { cash_IQD: '275000', cash_USD: '50.255', card_IQD: '40000' });
    expect(lines.find((l) => l.key === 'cash_USD')).toMatchObject({ counted: null, difference: null });
    expect(hasDifference(lines)).toBe(false);
  });

  it('shows cash in every currency and the other cells that expect something', () => {
    expect(shownLines(countLines(expected, {})).map((l) => l.key)).toEqual([
      'cash_IQD',
      'cash_USD',
      'card_IQD',
    ]);
  });
});
