import { asciiDigits } from '../search/arabic-normalize.ts';

/**
 * Visual acuity as clinicians type it → notation, normalised text and logMAR (for trends and averages; average
 * in logMAR, never in decimal or Snellen). logMAR = log10(denominator / numerator) = −log10(decimal).
 *
 * How a bare number is read: unsigned (0.5, 1.0, .8) is a DECIMAL acuity; logMAR needs the word (0.3 logMAR,
 * logMAR 0.3) or a sign (+0.3, -0.1), since a decimal acuity is never signed. So "0.0" or "0" alone is
 * refused (decimal 0 does not exist); logMAR zero is written "0.0 logMAR" or "+0.0".
 */

export type VaNotation = 'metre' | 'feet' | 'decimal' | 'logmar' | 'category';

export interface ParsedVisualAcuity {
  notation: VaNotation;
  /** Normalised text; parsing it again gives the same result. */
  display: string;
  logMAR: number;
}

/**
 * logMAR stand-ins for the categories below chart acuity. CF and HM: FrACT means of Lange C, Feltgen N,
 * Junker B, Schulze-Bonsel K, Bach M, Graefes Arch Clin Exp Ophthalmol 2009;247:137–142 (CF 1.98, HM 2.28;
 * close to Schulze-Bonsel et al., IOVS 2006;47:1236–1240: CF 0.014, HM 0.005 decimal). PL and NPL cannot be
 * measured (Lange 2009: floor effect); 2.7 and 3.0 are the usual convention of outcome studies, not measurements.
 */
export const VA_CATEGORY_LOGMAR = { CF: 1.98, HM: 2.28, PL: 2.7, NPL: 3.0 } as const;

export type VaCategory = keyof typeof VA_CATEGORY_LOGMAR;

/** Chart acuities (fractions, decimal, logMAR) outside this logMAR range are refused as typos. */
const MIN_CHART_LOGMAR = -0.5;
const MAX_CHART_LOGMAR = 2.0;

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const FRACTION = new RegExp(String.raw`^${NUMBER} ?/ ?${NUMBER}(?: ?([+-]) ?(\d))?$`);
const DECIMAL = new RegExp(`^${NUMBER}$`);
const SIGNED = String.raw`([+-])? ?${NUMBER}`;
const LOGMAR_PREFIX = new RegExp(`^logmar ?:? ?${SIGNED}$`);
const LOGMAR_SUFFIX = new RegExp(`^${SIGNED} ?logmar$`);
const LOGMAR_SIGNED = new RegExp(String.raw`^([+-]) ?${NUMBER}$`);
/** CF may carry its test distance: "CF 1m", "CF at 50 cm", "CF 3 ft". */
const CF =
  /^(?:cf|fc|counting fingers?|counts? fingers?|finger counting|finger counts?)(?: ?(?:at|@)? ?(\d+(?:\.\d+)?) ?(m|cm|ft|feet))?$/;
const HM = /^(?:hm|hand motions?|hand movements?)$/;
const PL = /^(?:pl|lp|pl\+|lp\+|light perception|perception of light)$/;
const NPL = /^(?:npl|nlp|no pl|no lp|no light perception|no perception of light)$/;

/**
 * What different keyboards put in a typed clinical value (Arabic-Indic digits, the Arabic decimal separator, a
 * decimal comma, Unicode minus signs, direction marks), folded to ASCII before reading it.
 */
export function foldTypedText(text: string): string {
  return asciiDigits(text.normalize('NFKC'))
    .replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, '') // direction marks around Arabic text
    .replace(/[\\\u2044\u2215\u060d]/g, '/') // backslash, fraction slash, division slash, Arabic date separator
    .replace(/[\u066b,]/g, '.') // Arabic decimal separator, decimal comma
    .replace(/[\u2212\u2012\u2013\u2014]/g, '-')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Reads a typed acuity, or null when the text is not one (or is outside −0.5..2.0 logMAR on a chart). */
export function parseVisualAcuity(text: string): ParsedVisualAcuity | null {
  const typed = foldTypedText(text);
  if (!typed) return null;
  return parseFraction(typed) ?? parseLogMAR(typed) ?? parseDecimal(typed) ?? parseCategory(typed);
}

/**
 * Snellen fractions: numerator 20 is feet, any other (6/12, 3/60, 4/40) metres; logMAR is the same either way.
 * A letter modifier (6/9-2, 6/12+1) is kept in the text but not scored: logMAR is that of the line.
 */
function parseFraction(typed: string): ParsedVisualAcuity | null {
  const match = FRACTION.exec(typed);
  if (!match) return null;
  const [, top = '', bottom = '', sign, letters] = match;
  const numerator = Number(top);
  const denominator = Number(bottom);
  if (numerator <= 0 || denominator <= 0) return null;
  const logMAR = chartLogMAR(Math.log10(denominator / numerator));
  if (logMAR === null) return null;
  const modifier = sign && letters ? `${sign}${letters}` : '';
  return {
    notation: numerator === 20 ? 'feet' : 'metre',
    display: `${numerator}/${denominator}${modifier}`,
    logMAR,
  };
}

function parseLogMAR(typed: string): ParsedVisualAcuity | null {
  const match = LOGMAR_PREFIX.exec(typed) ?? LOGMAR_SUFFIX.exec(typed) ?? LOGMAR_SIGNED.exec(typed);
  if (!match) return null;
  const [, sign, digits = ''] = match;
  const logMAR = chartLogMAR(sign === '-' ? -Number(digits) : Number(digits));
  if (logMAR === null) return null;
  return { notation: 'logmar', display: `${fixedAtLeast2(logMAR)} logMAR`, logMAR };
}

function parseDecimal(typed: string): ParsedVisualAcuity | null {
  const match = DECIMAL.exec(typed);
  if (!match) return null;
  const decimal = Number(match[1]);
  if (!(decimal > 0)) return null;
  const logMAR = chartLogMAR(logMARFromDecimal(decimal));
  if (logMAR === null) return null;
  return { notation: 'decimal', display: fixedAtLeast2(decimal), logMAR };
}

function parseCategory(typed: string): ParsedVisualAcuity | null {
  const bare = typed.replace(/\.(?!\d)/g, ''); // c.f. → cf, h.m. → hm; a distance keeps its point (CF 0.5m)
  const cf = CF.exec(bare);
  if (cf) {
    const [, distance, unit] = cf;
    const at = distance && unit ? ` ${Number(distance)}${unit === 'feet' ? 'ft' : unit}` : '';
    return { notation: 'category', display: `CF${at}`, logMAR: VA_CATEGORY_LOGMAR.CF };
  }
  const category: VaCategory | null = HM.test(bare)
    ? 'HM'
    : PL.test(bare)
      ? 'PL'
      : NPL.test(bare)
        ? 'NPL'
        : null;
  return category && { notation: 'category', display: category, logMAR: VA_CATEGORY_LOGMAR[category] };
}

function chartLogMAR(logMAR: number): number | null {
  if (!Number.isFinite(logMAR) || logMAR < MIN_CHART_LOGMAR || logMAR > MAX_CHART_LOGMAR) return null;
  return logMAR + 0; // −0 → 0
}

/** Two decimals, or every digit when more are given: 0.5 → 0.50, 0.125 → 0.125, −0.1 → -0.10. */
function fixedAtLeast2(value: number): string {
  const fixed = value.toFixed(2);
  return Number(fixed) === value ? fixed : String(value);
}

export function logMARFromDecimal(decimal: number): number {
  return -Math.log10(decimal) + 0;
}

export function decimalFromLogMAR(logMAR: number): number {
  return 10 ** -logMAR;
}

/**
 * Conventional chart denominators of the 0.1 logMAR series (table of docs/clinical-optics.md §4, extended both ways
 * with the same preferred numbers; 6/96 as in OpenEyes' unit list), from logMAR −0.3 to 2.0.
 */
const SERIES_DENOMINATORS: Record<6 | 20, readonly number[]> = {
  6: [
    3, 3.8, 4.8, 6, 7.5, 9.5, 12, 15, 19, 24, 30, 38, 48, 60, 75, 96, 120, 150, 190, 240, 300, 380, 480, 600,
  ],
  20: [
    10, 12.5, 16, 20, 25, 32, 40, 50, 63, 80, 100, 125, 160, 200, 250, 320, 400, 500, 630, 800, 1000, 1250,
    1600, 2000,
  ],
};

/** A conventional label is used only within this much of the exact value (so 6/9 never shows as 6/9.5). */
const LABEL_TOLERANCE_LOGMAR = 0.01;

/**
 * The Snellen fraction at 6 m or 20 ft: the conventional chart label when one is within 0.01 logMAR
 * (logMAR 0.5 → 6/19, 20/63), else the exact denominator to one decimal (6/5 → 20/16.7). Not finite → ''.
 */
export function snellenFromLogMAR(logMAR: number, base: 6 | 20): string {
  if (!Number.isFinite(logMAR)) return '';
  let best: number | undefined;
  let bestDistance = LABEL_TOLERANCE_LOGMAR;
  for (const label of SERIES_DENOMINATORS[base]) {
    const distance = Math.abs(Math.log10(label / base) - logMAR);
    if (distance <= bestDistance) {
      best = label;
      bestDistance = distance;
    }
  }
  const denominator = best ?? Number((base * 10 ** logMAR).toFixed(1));
  return `${base}/${denominator}`;
}

/**
 * A logMAR value as the 6 m chart writes it, beside logMAR in the trends: `6/12`, `6/9`; a category's stand-in
 * value (VA_CATEGORY_LOGMAR) as the category, `CF`, since 6/573 is not an acuity anyone measured.
 */
export function sixMetreAcuity(logMAR: number): string {
  const category = (Object.keys(VA_CATEGORY_LOGMAR) as VaCategory[]).find(
    (c) => Math.abs(VA_CATEGORY_LOGMAR[c] - logMAR) < 1e-9,
  );
  return category ?? snellenFromLogMAR(logMAR, 6);
}
