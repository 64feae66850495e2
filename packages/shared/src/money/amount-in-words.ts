/**
 * The amount of a receipt in words, in Arabic and English: `25000 IQD` → «خمسة وعشرون ألف دينار عراقي فقط لا غير» /
 * "Twenty-five thousand Iraqi dinars only". Up to 999,999,999,999 whole units (dinars, or dollars for USD).
 *
 * Arabic conventions (Modern Standard Arabic, باب العدد والمعدود; see the tests for the source):
 * - The words are in the nominative (the receipt names the total: «المبلغ: …»). Spelling: مئة (not مائة), مئتان,
 *   ثلاثمئة … ثمانمئة … تسعمئة written as one word; مليار (not بليون). Components are joined with « و».
 * - Every counted noun here is masculine (دينار، دولار، سنت، and the scale words ألف، مليون، مليار), so 1–2 agree
 *   (واحد، اثنان; أحد عشر، اثنا عشر) and 3–10 take the opposite gender (ثلاثة … عشرة; ثلاثة عشر).
 * - The counted noun follows the last two digits of its count: 1 → «دينار عراقي واحد», 2 → «ديناران عراقيان»,
 *   3–10 → genitive plural «ثلاثة دنانير عراقية», 11–99 → accusative singular «خمسة عشر دينارًا عراقيًا»,
 *   a round hundred (…00) → genitive singular «مئة دينار عراقي», «خمسة وعشرون ألف دينار عراقي».
 * - A scale word (ألف، مليون، مليار) is counted by the same rule: ألف، ألفان، ثلاثة آلاف، أحد عشر ألفًا، مئة ألف. When
 *   the scale word is the last component it is the first term of an إضافة with the currency noun, so it loses its
 *   tanween and a dual loses its nun: «خمسة وعشرون ألف دينار عراقي» (the issue's example), «ألفا دينار عراقي»,
 *   «مئتا دينار عراقي», «مليونا دينار عراقي»; followed by « و…» it keeps them: «خمسة وعشرون ألفًا وخمسمئة دينار
 *   عراقي», «ألفان وخمسمئة دينار عراقي».
 * - A count ending in 1 or 2 after a larger part names the counted noun itself for that 1 or 2 (no «واحد» numeral),
 *   the grammar books' «مئة رجل ورجل»: 101 → «مئة دينار عراقي ودينار», 1002 → «ألف دينار عراقي وديناران»,
 *   101,000 → «مئة ألف وألف دينار عراقي».
 * - Dollars and cents are two counted nouns joined with « و»: «اثنا عشر دولارًا أمريكيًا وخمسون سنتًا». Zero cents are
 *   not named; an amount below one dollar names the cents only («خمسة سنتات»).
 * - Zero (a free visit): «صفر دينار عراقي» / «صفر دولار أمريكي» — صفر is a noun, and the currency is named in the
 *   genitive singular as after a round number.
 * - Every Arabic amount ends with « فقط لا غير», as receipts in Iraq print it.
 *
 * English conventions: British usage, as Iraqi receipts in English follow it — "and" between hundreds and the tens or
 * units ("One hundred and five thousand Iraqi dinars only"), and before a last group below one hundred ("One
 * thousand and five Iraqi dinars only"); hyphenated tens (twenty-five); groups without commas; the noun singular only
 * for exactly one ("One Iraqi dinar only", "Zero Iraqi dinars only"); the first letter capitalised; ends with " only".
 */
import { splitMinor, type Money } from './money.ts';

/** The largest count of whole units spelled out. */
export const MAX_UNITS_IN_WORDS = 999_999_999_999;

// ---------------------------------------------------------------------------------------------------------------
// Arabic

/** The forms a counted masculine noun takes. */
interface ArabicCounted {
  /** Counted once, alone: «دينار عراقي واحد», «ألف». */
  one: string;
  /** Twice, alone: «ديناران عراقيان», «ألفان». */
  two: string;
  /** Twice, as the first term of an إضافة: «ألفا» (the currency nouns are never followed by one). */
  twoConstruct: string;
  /** After 3–10: «دنانير عراقية», «آلاف». */
  plural: string;
  /** After 100s (and as the first term of an إضافة after 11–99): «دينار عراقي», «ألف». */
  genitive: string;
  /** After 11–99, not followed by an إضافة: «دينارًا عراقيًا», «ألفًا». */
  accusative: string;
  /** For a final 1 or 2 after a larger part (…«ودينار», …«وديناران»). */
  oneAfter: string;
  twoAfter: string;
}

const AR_IQD: ArabicCounted = {
  one: 'دينار عراقي واحد',
  two: 'ديناران عراقيان',
  twoConstruct: 'ديناران عراقيان',
  plural: 'دنانير عراقية',
  genitive: 'دينار عراقي',
  accusative: 'دينارًا عراقيًا',
  oneAfter: 'دينار',
  twoAfter: 'ديناران',
};
const AR_USD: ArabicCounted = {
  one: 'دولار أمريكي واحد',
  two: 'دولاران أمريكيان',
  twoConstruct: 'دولاران أمريكيان',
  plural: 'دولارات أمريكية',
  genitive: 'دولار أمريكي',
  accusative: 'دولارًا أمريكيًا',
  oneAfter: 'دولار',
  twoAfter: 'دولاران',
};
const AR_CENTS: ArabicCounted = {
  one: 'سنت واحد',
  two: 'سنتان',
  twoConstruct: 'سنتان',
  plural: 'سنتات',
  genitive: 'سنت',
  accusative: 'سنتًا',
  oneAfter: 'سنت',
  twoAfter: 'سنتان',
};

const arabicScale = (
  singular: string,
  dual: string,
  dualConstruct: string,
  plural: string,
  accusative: string,
): ArabicCounted => ({
  one: singular,
  two: dual,
  twoConstruct: dualConstruct,
  plural,
  genitive: singular,
  accusative,
  oneAfter: singular,
  twoAfter: dual,
});

/** Largest first: [size, forms]. */
const AR_SCALES: readonly (readonly [number, ArabicCounted])[] = [
  [1_000_000_000, arabicScale('مليار', 'ملياران', 'مليارا', 'مليارات', 'مليارًا')],
  [1_000_000, arabicScale('مليون', 'مليونان', 'مليونا', 'ملايين', 'مليونًا')],
  [1_000, arabicScale('ألف', 'ألفان', 'ألفا', 'آلاف', 'ألفًا')],
];

/** Masculine forms (the counted nouns are all masculine); index = digit. */
const AR_ONES = ['', 'واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة'];
const AR_TEENS = [
  'عشرة',
  'أحد عشر',
  'اثنا عشر',
  'ثلاثة عشر',
  'أربعة عشر',
  'خمسة عشر',
  'ستة عشر',
  'سبعة عشر',
  'ثمانية عشر',
  'تسعة عشر',
];
const AR_TENS = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const AR_HUNDREDS = [
  '',
  'مئة',
  'مئتان',
  'ثلاثمئة',
  'أربعمئة',
  'خمسمئة',
  'ستمئة',
  'سبعمئة',
  'ثمانمئة',
  'تسعمئة',
];

/**
 * 1–999 in words, as a count followed by its noun: a round 200 is then the first term of an إضافة and loses its nun
 * («مئتا دينار», «مئتا ألف»); 250 keeps it («مئتان وخمسون»).
 */
function arabicUpTo999(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(hundreds === 2 && rest === 0 ? 'مئتا' : AR_HUNDREDS[hundreds]!);
  if (rest >= 10 && rest < 20) parts.push(AR_TEENS[rest - 10]!);
  else if (rest > 0) {
    const ones = rest % 10;
    const tens = Math.floor(rest / 10);
    // Units before tens: «خمسة وعشرون».
    if (ones > 0) parts.push(AR_ONES[ones]!);
    if (tens > 0) parts.push(AR_TENS[tens]!);
  }
  return parts.join(' و');
}

/**
 * `count` (1–999) of `noun`. `construct`: the noun is followed by the currency noun in an إضافة (a scale word that
 * is the last component). `afterLarger`: a larger part was named before it (1 and 2 are then the bare noun).
 */
function arabicCount(count: number, noun: ArabicCounted, construct: boolean, afterLarger: boolean): string {
  const rest = count % 100;
  if (count === 1) return afterLarger ? noun.oneAfter : noun.one;
  if (count === 2) return construct ? noun.twoConstruct : afterLarger ? noun.twoAfter : noun.two;
  if (count > 100 && (rest === 1 || rest === 2)) {
    const round = `${arabicUpTo999(count - rest)} ${noun.genitive}`;
    return `${round} و${rest === 1 ? noun.oneAfter : construct ? noun.twoConstruct : noun.twoAfter}`;
  }
  const words = arabicUpTo999(count);
  if (rest >= 3 && rest <= 10) return `${words} ${noun.plural}`;
  if (rest >= 11) return `${words} ${construct ? noun.genitive : noun.accusative}`;
  return `${words} ${noun.genitive}`; // a round hundred
}

/** A whole count (0–MAX_UNITS_IN_WORDS) of a currency noun, with the scale words. */
function arabicTotal(total: number, noun: ArabicCounted): string {
  if (total === 0) return `صفر ${noun.genitive}`;
  const parts: string[] = [];
  let remaining = total;
  for (const [size, scale] of AR_SCALES) {
    const count = Math.floor(remaining / size);
    remaining %= size;
    if (count > 0) parts.push(arabicCount(count, scale, remaining === 0, parts.length > 0));
  }
  if (remaining === 0) return `${parts.join(' و')} ${noun.genitive}`;
  if (parts.length > 0 && (remaining === 1 || remaining === 2))
    return `${parts.join(' و')} ${noun.genitive} و${remaining === 1 ? noun.oneAfter : noun.twoAfter}`;
  parts.push(arabicCount(remaining, noun, false, false));
  return parts.join(' و');
}

// ---------------------------------------------------------------------------------------------------------------
// English

const EN_ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES: readonly (readonly [number, string])[] = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
];

function englishBelow100(n: number): string {
  if (n < 20) return EN_ONES[n]!;
  const ones = n % 10;
  const tens = EN_TENS[Math.floor(n / 10)]!;
  return ones === 0 ? tens : `${tens}-${EN_ONES[ones]!}`;
}

/** 1–999: "one hundred and five". */
function englishUpTo999(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return englishBelow100(rest);
  const head = `${EN_ONES[hundreds]!} hundred`;
  return rest === 0 ? head : `${head} and ${englishBelow100(rest)}`;
}

/** 0–MAX_UNITS_IN_WORDS: "one thousand and five", "two million five hundred thousand". */
function englishNumber(total: number): string {
  if (total === 0) return 'zero';
  const parts: string[] = [];
  let remaining = total;
  for (const [size, name] of EN_SCALES) {
    const count = Math.floor(remaining / size);
    remaining %= size;
    if (count > 0) parts.push(`${englishUpTo999(count)} ${name}`);
  }
  if (remaining > 0) {
    const last = englishUpTo999(remaining);
    parts.push(parts.length > 0 && remaining < 100 ? `and ${last}` : last);
  }
  return parts.join(' ');
}

function englishCount(n: number, singular: string, plural: string): string {
  return `${englishNumber(n)} ${n === 1 ? singular : plural}`;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * The amount in words as a receipt prints it. Throws a RangeError for an amount that is not a safe integer ≥ 0
 * (see money.ts) or above MAX_UNITS_IN_WORDS whole units.
 */
export function amountInWords(value: Money, lang: 'ar' | 'en'): string {
  const { major, minor } = splitMinor(value);
  if (major > MAX_UNITS_IN_WORDS)
    throw new RangeError(`amount too large to spell out: ${major} (at most ${MAX_UNITS_IN_WORDS})`);
  if (lang === 'ar') {
    if (value.currency === 'IQD') return `${arabicTotal(major, AR_IQD)} فقط لا غير`;
    const parts: string[] = [];
    if (major > 0 || minor === 0) parts.push(arabicTotal(major, AR_USD));
    if (minor > 0) parts.push(arabicTotal(minor, AR_CENTS));
    return `${parts.join(' و')} فقط لا غير`;
  }
  let text: string;
  if (value.currency === 'IQD') text = englishCount(major, 'Iraqi dinar', 'Iraqi dinars');
  else {
    const parts: string[] = [];
    if (major > 0 || minor === 0) parts.push(englishCount(major, 'US dollar', 'US dollars'));
    if (minor > 0) parts.push(englishCount(minor, 'cent', 'cents'));
    text = parts.join(' and ');
  }
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} only`;
}
