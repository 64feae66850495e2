import { describe, expect, it } from 'vitest';
import { asciiDigits, digitsOnly, looksNumeric, normalizeName } from './arabic-normalize.ts';

describe('normalizeName', () => {
  it.each([
    ['أحمد', 'احمد'],
    ['إبراهيم', 'ابراهيم'],
    ['آمنة', 'امنه'],
    ['ٱلله', 'الله'],
    ['مُحَمَّد', 'محمد'],
    ['فاطمة', 'فاطمه'],
    ['مصطفى', 'مصطفي'],
    ['علـــي', 'علي'],
    ['یوسف کریم', 'يوسف كريم'],
    ['ﻣﺤﻤﺪ', 'محمد'], // presentation forms
    ['Émile  ZOLA', 'emile zola'],
    ['José-María', 'jose maria'],
    ['  سارة\u200f  ', 'ساره'],
    ['رقم ١٢٣', 'رقم 123'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });

  it('gives one form for every spelling of one name', () => {
    const spellings = ['أحمد', 'احمد', 'إحمد', 'آحمد', 'أَحْمَد', 'أحـمـد'];
    expect(new Set(spellings.map(normalizeName)).size).toBe(1);
  });

  it('is idempotent', () => {
    for (const s of ['مُحَمَّد عَلِيّ', 'Zoë Ångström', 'فاطمة الزهراء'])
      expect(normalizeName(normalizeName(s))).toBe(normalizeName(s));
  });
});

describe('digits', () => {
  it('converts Arabic-Indic and Persian digits', () => {
    expect(asciiDigits('٠٧٧٠ ۱۲۳')).toBe('0770 123');
    expect(digitsOnly('+964 (770) 123-4567')).toBe('9647701234567');
  });

  it('tells numbers from names', () => {
    expect(looksNumeric('0770 123 4567')).toBe(true);
    expect(looksNumeric('+964 770')).toBe(true);
    expect(looksNumeric('٠٧٧٠')).toBe(true);
    expect(looksNumeric('محمد')).toBe(false);
    expect(looksNumeric('ali 2')).toBe(false);
    expect(looksNumeric(' ')).toBe(false);
  });
});
