import { describe, expect, it } from 'vitest';
import { FSI, LRI, PDI, RLI, containedBidi, isolated, ltr, stripIsolates } from './ltr-text.ts';

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

describe('containedBidi: typed text that cannot reorder what surrounds it', () => {
  it('removes the embedding and override controls (U+202A–U+202E)', () => {
    expect(containedBidi('Left eye note \u202Eevil')).toBe('Left eye note evil');
    expect(containedBidi('\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee')).toBe('abcde');
  });

  it('closes an isolate left open at its paragraph’s end and drops a PDI with none open', () => {
    expect(containedBidi(`a${RLI}b`)).toBe(`a${RLI}b${PDI}`);
    expect(containedBidi(`a${PDI}b`)).toBe('ab');
    expect(containedBidi(`${LRI}a\n${FSI}b${PDI}${PDI}c`)).toBe(`${LRI}a${PDI}\n${FSI}b${PDI}c`);
    expect(containedBidi(`${LRI}${FSI}x${PDI}`)).toBe(`${LRI}${FSI}x${PDI}${PDI}`);
  });

  it('leaves balanced isolates, direction marks and plain text as they are (the same string)', () => {
    const plain = 'سلمى \u200FTimolol 0.5%\u200E';
    expect(containedBidi(plain)).toBe(plain);
    expect(containedBidi(`${LRI}-2.50${PDI} ${FSI}x${PDI}`)).toBe(`${LRI}-2.50${PDI} ${FSI}x${PDI}`);
  });

  it('isolated() contains the words it wraps: a stray PDI cannot end the isolate early', () => {
    expect(isolated(`x${PDI}\u202Ey`)).toBe(`${FSI}xy${PDI}`);
  });
});
