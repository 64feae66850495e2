import { describe, expect, it } from 'vitest';
import {
  VA_CATEGORY_LOGMAR,
  decimalFromLogMAR,
  logMARFromDecimal,
  parseVisualAcuity,
  sixMetreAcuity,
  snellenFromLogMAR,
} from './visual-acuity.ts';

/**
 * docs/clinical-optics.md §4 table (AJO "Reporting visual acuities" table of equivalents; uniroma2.it vatab; scribd
 * sheet): the labels are rounded values of a 0.1 log series, so the tolerance is 0.01 logMAR.
 */
const TABLE: [logMAR: number, metre: string, feet: string, decimal: number][] = [
  [1.0, '6/60', '20/200', 0.1],
  [0.9, '6/48', '20/160', 0.125],
  [0.8, '6/38', '20/125', 0.16],
  [0.7, '6/30', '20/100', 0.2],
  [0.6, '6/24', '20/80', 0.25],
  [0.5, '6/19', '20/63', 0.32],
  [0.4, '6/15', '20/50', 0.4],
  [0.3, '6/12', '20/40', 0.5],
  [0.2, '6/9.5', '20/32', 0.63],
  [0.1, '6/7.5', '20/25', 0.8],
  [0.0, '6/6', '20/20', 1.0],
  [-0.1, '6/4.8', '20/16', 1.25],
  [-0.2, '6/3.8', '20/12.5', 1.6],
];

describe('the table of equivalents (reference §4)', () => {
  it.each(TABLE)('logMAR %s = %s = %s = decimal %s', (logMAR, metre, feet, decimal) => {
    expect(parseVisualAcuity(metre)).toMatchObject({ notation: 'metre', display: metre });
    expect(parseVisualAcuity(metre)?.logMAR).toBeCloseTo(logMAR, 1);
    expect(Math.abs(parseVisualAcuity(metre)!.logMAR - logMAR)).toBeLessThanOrEqual(0.01);
    expect(parseVisualAcuity(feet)).toMatchObject({ notation: 'feet', display: feet });
    expect(Math.abs(parseVisualAcuity(feet)!.logMAR - logMAR)).toBeLessThanOrEqual(0.01);
    expect(parseVisualAcuity(String(decimal))?.notation).toBe('decimal');
    expect(Math.abs(parseVisualAcuity(String(decimal))!.logMAR - logMAR)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(logMARFromDecimal(decimal) - logMAR)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(logMARFromDecimal(decimalFromLogMAR(logMAR)) - logMAR)).toBeLessThan(1e-12);
    expect(snellenFromLogMAR(logMAR, 6)).toBe(metre);
    expect(snellenFromLogMAR(logMAR, 20)).toBe(feet);
  });

  it('knows the exact values behind the labels: 6/38 → 0.802, 20/63 → 0.498, 6/4.8 → −0.097', () => {
    expect(parseVisualAcuity('6/38')?.logMAR).toBeCloseTo(0.802, 3);
    expect(parseVisualAcuity('20/63')?.logMAR).toBeCloseTo(0.498, 3);
    expect(parseVisualAcuity('6/4.8')?.logMAR).toBeCloseTo(-0.097, 3);
  });
});

describe('lines off the 0.1 log series (reference §4, exact values)', () => {
  it.each([
    ['6/36', '20/120', 0.167, 0.778],
    ['6/18', '20/60', 0.333, 0.477],
    ['6/9', '20/30', 0.667, 0.176],
    ['6/5', '20/16.7', 1.2, -0.079],
  ])('%s = %s = decimal %s = logMAR %s', (metre, feet, decimal, logMAR) => {
    expect(parseVisualAcuity(metre)?.logMAR).toBeCloseTo(logMAR, 3);
    // The 20 ft label is itself rounded (16.7 for 16.67), so within 0.001
    expect(Math.abs(parseVisualAcuity(feet)!.logMAR - logMAR)).toBeLessThan(0.001);
    expect(decimalFromLogMAR(parseVisualAcuity(metre)!.logMAR)).toBeCloseTo(decimal, 3);
    // Not pulled to a series label: 6/9 is not 6/9.5 and 6/5 is not 20/16
    expect(snellenFromLogMAR(parseVisualAcuity(metre)!.logMAR, 6)).toBe(metre);
    expect(snellenFromLogMAR(parseVisualAcuity(metre)!.logMAR, 20)).toBe(feet);
  });
});

describe('20 ft ↔ 6 m (reference §4: denominator_20 = denominator_6 × 20/6)', () => {
  it.each([60, 36, 24, 18, 12, 9, 7.5, 6, 5, 4.5, 3])('6/%s', (d6) => {
    const feet = parseVisualAcuity(`20/${(d6 * 20) / 6}`)!;
    expect(feet.logMAR).toBeCloseTo(parseVisualAcuity(`6/${d6}`)!.logMAR, 12);
    expect(snellenFromLogMAR(feet.logMAR, 6)).toBe(`6/${d6}`);
  });
});

describe('parseVisualAcuity: what clinicians type', () => {
  it('reads metre fractions with other numerators as log10(denominator / numerator) (reference §4)', () => {
    expect(parseVisualAcuity('3/60')).toEqual({ notation: 'metre', display: '3/60', logMAR: Math.log10(20) });
    expect(parseVisualAcuity('1/60')?.logMAR).toBeCloseTo(1.778, 3);
    expect(parseVisualAcuity('4/4')).toEqual({ notation: 'metre', display: '4/4', logMAR: 0 });
    expect(parseVisualAcuity('4/40')?.logMAR).toBeCloseTo(1, 12);
    expect(snellenFromLogMAR(parseVisualAcuity('3/60')!.logMAR, 6)).toBe('6/120');
  });

  it('normalises spacing, zeros, slashes and digits', () => {
    for (const typed of [
      '6/12',
      ' 6 / 12 ',
      '06/12',
      '6\\12',
      '6∕12',
      '6⁄12',
      '６/１２',
      '٦/١٢',
      '۶/۱۲',
      '\u200f٦/١٢',
    ]) {
      expect(parseVisualAcuity(typed)).toMatchObject({ notation: 'metre', display: '6/12' });
    }
    expect(parseVisualAcuity('6/9.50')?.display).toBe('6/9.5');
    expect(parseVisualAcuity('6/7,5')?.display).toBe('6/7.5');
    expect(parseVisualAcuity('٦/٩٫٥')?.display).toBe('6/9.5');
  });

  it('keeps a letter modifier in the text but scores the line', () => {
    expect(parseVisualAcuity('6/9-2')).toEqual({ ...parseVisualAcuity('6/9'), display: '6/9-2' });
    expect(parseVisualAcuity('6/12 +1')?.display).toBe('6/12+1');
  });

  it.each([
    ['0.5', '0.50', 0.301],
    ['1.0', '1.00', 0],
    ['1', '1.00', 0],
    ['.8', '0.80', 0.097],
    ['0.125', '0.125', 0.903],
    ['٠٫٥', '0.50', 0.301],
    ['0,63', '0.63', 0.201],
  ])('decimal %s → %s', (typed, display, logMAR) => {
    const parsed = parseVisualAcuity(typed);
    expect(parsed).toMatchObject({ notation: 'decimal', display });
    expect(parsed?.logMAR).toBeCloseTo(logMAR, 3);
  });

  it.each([
    ['0.3 logMAR', 0.3, '0.30 logMAR'],
    ['logMAR 0.3', 0.3, '0.30 logMAR'],
    ['LogMAR: 0.3', 0.3, '0.30 logMAR'],
    ['0.3logmar', 0.3, '0.30 logMAR'],
    ['-0.1', -0.1, '-0.10 logMAR'],
    ['−0.1', -0.1, '-0.10 logMAR'],
    ['+0.3', 0.3, '0.30 logMAR'],
    ['+0.0', 0, '0.00 logMAR'],
    ['-0.0', 0, '0.00 logMAR'],
    ['logMAR -0.2', -0.2, '-0.20 logMAR'],
    ['1.3 logMAR', 1.3, '1.30 logMAR'],
    ['0.32 logMAR', 0.32, '0.32 logMAR'],
    ['0.325 logMAR', 0.325, '0.325 logMAR'],
  ])('logMAR %s → %s (the word or a sign marks logMAR)', (typed, logMAR, display) => {
    const parsed = parseVisualAcuity(typed);
    expect(parsed).toEqual({ notation: 'logmar', display, logMAR });
    expect(Object.is(parsed?.logMAR, -0)).toBe(false);
  });

  it('reads an unsigned bare number as decimal, never as logMAR', () => {
    expect(parseVisualAcuity('0.3')?.notation).toBe('decimal');
    expect(parseVisualAcuity('0.3')?.logMAR).toBeCloseTo(0.523, 3);
    expect(parseVisualAcuity('0.3 logMAR')?.logMAR).toBe(0.3);
  });

  // Lange et al., Graefes Arch Clin Exp Ophthalmol 2009;247:137–142 (CF 1.98, HM 2.28); PL 2.7 / NPL 3.0 by convention
  it.each([
    ['CF', 'CF', 1.98],
    ['cf', 'CF', 1.98],
    ['C.F.', 'CF', 1.98],
    ['FC', 'CF', 1.98],
    ['counting fingers', 'CF', 1.98],
    ['Count fingers', 'CF', 1.98],
    ['finger counting', 'CF', 1.98],
    ['CF 1m', 'CF 1m', 1.98],
    ['CF at 50 cm', 'CF 50cm', 1.98],
    ['cf @ 0.5 m', 'CF 0.5m', 1.98],
    ['CF 3 feet', 'CF 3ft', 1.98],
    ['HM', 'HM', 2.28],
    ['h.m.', 'HM', 2.28],
    ['Hand motion', 'HM', 2.28],
    ['hand movements', 'HM', 2.28],
    ['PL', 'PL', 2.7],
    ['LP', 'PL', 2.7],
    ['pl+', 'PL', 2.7],
    ['Light perception', 'PL', 2.7],
    ['NPL', 'NPL', 3.0],
    ['NLP', 'NPL', 3.0],
    ['no PL', 'NPL', 3.0],
    ['No light perception', 'NPL', 3.0],
  ])('category %s → %s', (typed, display, logMAR) => {
    expect(parseVisualAcuity(typed)).toEqual({ notation: 'category', display, logMAR });
  });

  it('orders the categories below every chart acuity', () => {
    const { CF, HM, PL, NPL } = VA_CATEGORY_LOGMAR;
    expect(parseVisualAcuity('1/60')!.logMAR).toBeLessThan(CF);
    expect(CF).toBeLessThan(HM);
    expect(HM).toBeLessThan(PL);
    expect(PL).toBeLessThan(NPL);
  });

  it.each([
    '',
    '   ',
    'abc',
    '6/',
    '/12',
    '6/0',
    '0/6',
    '0',
    '0.0',
    '5',
    '12',
    '0.001',
    '6/6000',
    '-0.7',
    '3 logMAR',
    'PL-',
    'CF 1',
    '6/12/3',
    '6/9-22',
    'N8',
  ])('refuses %j', (typed) => {
    expect(parseVisualAcuity(typed)).toBeNull();
  });

  it('gives the same result when its display is parsed again (the stored text is re-read)', () => {
    for (const typed of [
      '٦/١٢',
      '20/40',
      '6/9-2',
      '.8',
      '0.125',
      'logMAR -0.1',
      '+0.0',
      'c.f. at 50 cm',
      'lp',
      'nlp',
    ]) {
      const parsed = parseVisualAcuity(typed)!;
      expect(parseVisualAcuity(parsed.display)).toEqual(parsed);
    }
  });
});

describe('conversions', () => {
  it('logMAR ↔ decimal (reference §4: logMAR = −log10(decimal))', () => {
    expect(logMARFromDecimal(0.5)).toBeCloseTo(0.30103, 5);
    expect(Object.is(logMARFromDecimal(1), 0)).toBe(true);
    expect(decimalFromLogMAR(0.3)).toBeCloseTo(0.501, 3);
    expect(decimalFromLogMAR(-0.1)).toBeCloseTo(1.259, 3);
  });

  it('snellenFromLogMAR extends the series past the table and otherwise gives one decimal', () => {
    expect(snellenFromLogMAR(1.3, 20)).toBe('20/400');
    expect(snellenFromLogMAR(1.2, 6)).toBe('6/96');
    expect(snellenFromLogMAR(-0.3, 6)).toBe('6/3');
    expect(snellenFromLogMAR(0.25, 6)).toBe('6/10.7');
    expect(snellenFromLogMAR(Number.NaN, 6)).toBe('');
  });
});

describe('sixMetreAcuity (the trends show 6/x beside logMAR)', () => {
  it('writes a chart acuity at 6 m, and a category stand-in as its category', () => {
    expect(sixMetreAcuity(0.3)).toBe('6/12');
    expect(sixMetreAcuity(0)).toBe('6/6');
    expect(sixMetreAcuity(parseVisualAcuity('6/9')!.logMAR)).toBe('6/9');
    expect(sixMetreAcuity(parseVisualAcuity('CF')!.logMAR)).toBe('CF');
    expect(sixMetreAcuity(parseVisualAcuity('HM')!.logMAR)).toBe('HM');
  });
});
