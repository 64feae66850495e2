/**
 * Search normalisation of names (Arabic and Latin), shared by the server (stored `name_norm`, queries) and
 * the web (highlighting). Two spellings of one name normalise to the same text:
 * - Arabic: tashkeel, Quranic marks, superscript alef and tatweel removed; أ إ آ ٱ → ا; ة → ه; ى → ي;
 *   Persian/Urdu letter forms (ی ک) → Arabic (ي ك); presentation forms unfolded (NFKD).
 * - Latin: lower case, accents removed (NFKD, then combining marks dropped).
 * - Arabic-Indic and Persian digits → ASCII; punctuation → space; runs of spaces → one space; trimmed.
 */

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** Letters folded after decomposition (NFKD already turns أ إ آ into ا + a combining mark). */
const LETTER_FOLDS: Record<string, string> = {
  '\u0671': '\u0627', // ٱ alef wasla
  '\u0629': '\u0647', // ة → ه
  '\u0649': '\u064a', // ى → ي
  '\u06cc': '\u064a', // ی Farsi yeh → ي
  '\u06a9': '\u0643', // ک keheh → ك
  '\u06c0': '\u0647', // ۀ heh with yeh → ه
};

const FOLD_PATTERN = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');
/** Combining marks (tashkeel is Mn), tatweel, and invisible direction/joiner characters. */
const STRIP_PATTERN = /[\p{Mn}\u0640\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;
/** Anything that is not a letter or a digit separates words. */
const SEPARATOR_PATTERN = /[^\p{L}\p{N}]+/gu;

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits → ASCII. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_INDIC_ZERO);
  });
}

export function normalizeName(text: string): string {
  return asciiDigits(text.normalize('NFKD').toLowerCase())
    .replace(STRIP_PATTERN, '')
    .replace(FOLD_PATTERN, (c) => LETTER_FOLDS[c] ?? c)
    .replace(SEPARATOR_PATTERN, ' ')
    .trim();
}

/** Only the digits of a phone number or file number as typed, any digit script. */
export function digitsOnly(text: string): string {
  return asciiDigits(text).replace(/\D/g, '');
}

/** Whether search text looks like a number (phone or file number) rather than a name: digits and separators. */
export function looksNumeric(text: string): boolean {
  const ascii = asciiDigits(text).trim();
  return /^\+?[\d\s\-().]+$/.test(ascii) && /\d/.test(ascii);
}
