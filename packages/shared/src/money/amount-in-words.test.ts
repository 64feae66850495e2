import { describe, expect, it } from 'vitest';
import { amountInWords, MAX_UNITS_IN_WORDS } from './amount-in-words.ts';
import { money } from './money.ts';

/*
 * Source for the Arabic: the rules of العدد والمعدود — عباس حسن، «النحو الوافي»، الجزء الرابع، باب العدد (تذكير العدد
 * وتأنيثه، تمييز العدد: 3–10 جمع مجرور، 11–99 مفرد منصوب، المئة والألف مفرد مجرور، «مئة رجل ورجل»); W. Wright, A Grammar
 * of the Arabic Language, the chapters on the cardinal numbers and their construction (the dual of مئة/ألف losing its
 * nun in إضافة: «مئتا دينار»، «ألفا دينار»). The conventions chosen where usage varies are in amount-in-words.ts.
 */

const ONLY = ' فقط لا غير';
const iqd = (amount: number) => money(amount, 'IQD');
const usd = (cents: number) => money(cents, 'USD');

describe('amountInWords, Arabic, Iraqi dinars', () => {
  it('the issue’s example, exactly', () => {
    expect(amountInWords(iqd(25000), 'ar')).toBe('خمسة وعشرون ألف دينار عراقي فقط لا غير');
  });

  it.each([
    [0, 'صفر دينار عراقي'],
    [1, 'دينار عراقي واحد'],
    [2, 'ديناران عراقيان'],
    [3, 'ثلاثة دنانير عراقية'],
    [8, 'ثمانية دنانير عراقية'],
    [10, 'عشرة دنانير عراقية'],
    [11, 'أحد عشر دينارًا عراقيًا'],
    [12, 'اثنا عشر دينارًا عراقيًا'],
    [15, 'خمسة عشر دينارًا عراقيًا'],
    [20, 'عشرون دينارًا عراقيًا'],
    [21, 'واحد وعشرون دينارًا عراقيًا'],
    [22, 'اثنان وعشرون دينارًا عراقيًا'],
    [25, 'خمسة وعشرون دينارًا عراقيًا'],
    [99, 'تسعة وتسعون دينارًا عراقيًا'],
    [100, 'مئة دينار عراقي'],
    [101, 'مئة دينار عراقي ودينار'],
    [102, 'مئة دينار عراقي وديناران'],
    [103, 'مئة وثلاثة دنانير عراقية'],
    [115, 'مئة وخمسة عشر دينارًا عراقيًا'],
    [200, 'مئتا دينار عراقي'],
    [250, 'مئتان وخمسون دينارًا عراقيًا'],
    [201, 'مئتا دينار عراقي ودينار'],
    [300, 'ثلاثمئة دينار عراقي'],
    [800, 'ثمانمئة دينار عراقي'],
    [999, 'تسعمئة وتسعة وتسعون دينارًا عراقيًا'],
    [1000, 'ألف دينار عراقي'],
    [1001, 'ألف دينار عراقي ودينار'],
    [1002, 'ألف دينار عراقي وديناران'],
    [1003, 'ألف وثلاثة دنانير عراقية'],
    [1015, 'ألف وخمسة عشر دينارًا عراقيًا'],
    [1500, 'ألف وخمسمئة دينار عراقي'],
    [2000, 'ألفا دينار عراقي'],
    [2500, 'ألفان وخمسمئة دينار عراقي'],
    [3000, 'ثلاثة آلاف دينار عراقي'],
    [10000, 'عشرة آلاف دينار عراقي'],
    [11000, 'أحد عشر ألف دينار عراقي'],
    [11500, 'أحد عشر ألفًا وخمسمئة دينار عراقي'],
    [25000, 'خمسة وعشرون ألف دينار عراقي'],
    [25500, 'خمسة وعشرون ألفًا وخمسمئة دينار عراقي'],
    [100000, 'مئة ألف دينار عراقي'],
    [101000, 'مئة ألف وألف دينار عراقي'],
    [102000, 'مئة ألف وألفا دينار عراقي'],
    [103000, 'مئة وثلاثة آلاف دينار عراقي'],
    [200000, 'مئتا ألف دينار عراقي'],
    [250000, 'مئتان وخمسون ألف دينار عراقي'],
    [1000000, 'مليون دينار عراقي'],
    [1025000, 'مليون وخمسة وعشرون ألف دينار عراقي'],
    [2000000, 'مليونا دينار عراقي'],
    [2500000, 'مليونان وخمسمئة ألف دينار عراقي'],
    [3000000, 'ثلاثة ملايين دينار عراقي'],
    [15000000, 'خمسة عشر مليون دينار عراقي'],
    [1000000000, 'مليار دينار عراقي'],
    [2000000000, 'مليارا دينار عراقي'],
    [7000000000, 'سبعة مليارات دينار عراقي'],
    [
      MAX_UNITS_IN_WORDS,
      'تسعمئة وتسعة وتسعون مليارًا وتسعمئة وتسعة وتسعون مليونًا وتسعمئة وتسعة وتسعون ألفًا وتسعمئة وتسعة وتسعون دينارًا عراقيًا',
    ],
  ])('%i → %s', (amount, words) => {
    expect(amountInWords(iqd(amount), 'ar')).toBe(words + ONLY);
  });
});

describe('amountInWords, Arabic, US dollars', () => {
  it.each([
    // 12 with a masculine noun: اثنا عشر (nominative), the noun accusative singular.
    [1250, 'اثنا عشر دولارًا أمريكيًا وخمسون سنتًا'],
    [100, 'دولار أمريكي واحد'],
    [200, 'دولاران أمريكيان'],
    [201, 'دولاران أمريكيان وسنت واحد'],
    [20100, 'مئتا دولار أمريكي ودولار'],
    [5, 'خمسة سنتات'],
    [1, 'سنت واحد'],
    [0, 'صفر دولار أمريكي'],
    [150000, 'ألف وخمسمئة دولار أمريكي'],
  ])('%i cents → %s', (cents, words) => {
    expect(amountInWords(usd(cents), 'ar')).toBe(words + ONLY);
  });
});

describe('amountInWords, English (British usage: “one hundred and five”)', () => {
  it.each([
    [0, 'Zero Iraqi dinars only'],
    [1, 'One Iraqi dinar only'],
    [2, 'Two Iraqi dinars only'],
    [12, 'Twelve Iraqi dinars only'],
    [21, 'Twenty-one Iraqi dinars only'],
    [25, 'Twenty-five Iraqi dinars only'],
    [100, 'One hundred Iraqi dinars only'],
    [101, 'One hundred and one Iraqi dinars only'],
    [999, 'Nine hundred and ninety-nine Iraqi dinars only'],
    [1005, 'One thousand and five Iraqi dinars only'],
    [1500, 'One thousand five hundred Iraqi dinars only'],
    [25000, 'Twenty-five thousand Iraqi dinars only'],
    [105000, 'One hundred and five thousand Iraqi dinars only'],
    [250000, 'Two hundred and fifty thousand Iraqi dinars only'],
    [2500000, 'Two million five hundred thousand Iraqi dinars only'],
    [1000000000, 'One billion Iraqi dinars only'],
  ])('%i IQD → %s', (amount, words) => {
    expect(amountInWords(iqd(amount), 'en')).toBe(words);
  });

  it.each([
    [1250, 'Twelve US dollars and fifty cents only'],
    [100, 'One US dollar only'],
    [5, 'Five cents only'],
    [1, 'One cent only'],
    [0, 'Zero US dollars only'],
    [10001, 'One hundred US dollars and one cent only'],
  ])('%i cents → %s', (cents, words) => {
    expect(amountInWords(usd(cents), 'en')).toBe(words);
  });
});

describe('amountInWords, amounts it refuses', () => {
  // Negative amounts are refused: a refund is a separate reversing entry with its own positive amount.
  it.each([-1, -25000, 2.5, Number.NaN, Infinity, Number.MAX_SAFE_INTEGER + 1])('%s throws', (amount) => {
    for (const lang of ['ar', 'en'] as const) {
      expect(() => amountInWords({ amount, currency: 'IQD' }, lang)).toThrow(RangeError);
      expect(() => amountInWords({ amount, currency: 'USD' }, lang)).toThrow(RangeError);
    }
  });

  it('throws above 999,999,999,999 whole units', () => {
    expect(() => amountInWords(iqd(MAX_UNITS_IN_WORDS + 1), 'ar')).toThrow(RangeError);
    expect(() => amountInWords(usd((MAX_UNITS_IN_WORDS + 1) * 100), 'en')).toThrow(RangeError);
    expect(amountInWords(usd(MAX_UNITS_IN_WORDS * 100 + 99), 'en')).toMatch(/ninety-nine cents only$/);
  });
});
