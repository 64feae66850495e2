import { describe, expect, it } from 'vitest';
import { LRI, PDI, ltr, stripIsolates } from './ltr-text.ts';

describe('ltr', () => {
  it('wraps a signed value in LRI … PDI so an Arabic line keeps the sign left of the digits', () => {
    expect(ltr('-2.50')).toBe('\u2066-2.50\u2069');
    expect(`يمين ${ltr('-2.50')}`).toBe(`يمين ${LRI}-2.50${PDI}`);
  });

  it('leaves empty text empty and does not wrap twice', () => {
    expect(ltr('')).toBe('');
    expect(ltr(ltr('+1.25'))).toBe(ltr('+1.25'));
  });

  it('strips the isolates back to the visible text', () => {
    expect(stripIsolates(`R ${ltr('-2.00')} ${ltr('-0.75')} × 090`)).toBe('R -2.00 -0.75 × 090');
  });
});
