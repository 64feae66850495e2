/**
 * Counted nouns and digits in Arabic text, as a pharmacist and a clinician write them: 1 and 2 as words
 * (`قطرة واحدة`, `قطرتان`), 3–10 with the plural (`٣ قطرات`), 11–99 with the singular in the accusative
 * (`١١ قطرة`, `١٤ يومًا`), a round hundred with the singular (`١٠٠ يوم`). Shared by the prescription's schedules, its
 * warnings and the letters, so that a count is worded one way everywhere.
 */

export type Lang = 'ar' | 'en';

/** ASCII digits → Arabic-Indic, and a decimal point between digits → `٫`. */
export function arabicDigits(text: string): string {
  return text
    .replace(/(\d)\.(?=\d)/g, '$1\u066b')
    .replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
}

/** A number in the language's digits: `12` / `١٢`, `0.05` / `٠٫٠٥`. */
export function numberText(n: number, lang: Lang): string {
  const text = String(n);
  return lang === 'en' ? text : arabicDigits(text);
}

export interface ArabicNoun {
  one: string;
  two: string;
  plural: string;
  singular: string;
  accusative: string;
}

export function arabicCount(n: number, noun: ArabicNoun): string {
  if (n === 1) return noun.one;
  if (n === 2) return noun.two;
  const digits = numberText(n, 'ar');
  if (!Number.isInteger(n) || n < 1) return `${digits} ${noun.singular}`;
  const rest = n % 100;
  if (rest >= 3 && rest <= 10) return `${digits} ${noun.plural}`;
  if (rest >= 11) return `${digits} ${noun.accusative}`;
  return `${digits} ${noun.singular}`;
}

/** A feminine noun: its accusative singular is the singular itself (`١١ قطرة`). */
export const feminine = (singular: string, one: string, two: string, plural: string): ArabicNoun => ({
  one,
  two,
  plural,
  singular,
  accusative: singular,
});

export const AR_DAYS: ArabicNoun = {
  one: 'يوم واحد',
  two: 'يومين',
  plural: 'أيام',
  singular: 'يوم',
  accusative: 'يومًا',
};
const AR_WEEKS: ArabicNoun = {
  one: 'أسبوع واحد',
  two: 'أسبوعين',
  plural: 'أسابيع',
  singular: 'أسبوع',
  accusative: 'أسبوعًا',
};
const AR_MONTHS: ArabicNoun = {
  one: 'شهر واحد',
  two: 'شهرين',
  plural: 'أشهر',
  singular: 'شهر',
  accusative: 'شهرًا',
};
const AR_YEARS = feminine('سنة', 'سنة واحدة', 'سنتين', 'سنوات');

const EN_UNITS = {
  days: ['day', 'days'],
  weeks: ['week', 'weeks'],
  months: ['month', 'months'],
  years: ['year', 'years'],
} as const;
const AR_UNITS = { days: AR_DAYS, weeks: AR_WEEKS, months: AR_MONTHS, years: AR_YEARS } as const;

/** `7 days` / `٧ أيام`, `14 days` / `١٤ يومًا`, `1 year` / `سنة واحدة`. */
export function durationWords(n: number, unit: keyof typeof EN_UNITS, lang: Lang): string {
  if (lang === 'ar') return arabicCount(n, AR_UNITS[unit]);
  const [one, many] = EN_UNITS[unit];
  return `${n} ${n === 1 ? one : many}`;
}

/** An age in months as a clinician says it: months below 2 years (`8 months`), whole years from 2. */
export function ageWords(months: number, lang: Lang): string {
  return months < 24
    ? durationWords(Math.max(0, Math.floor(months)), 'months', lang)
    : durationWords(Math.floor(months / 12), 'years', lang);
}
