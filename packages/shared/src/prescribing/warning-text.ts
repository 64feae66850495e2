import { isolated, ltr } from '../clinical/ltr-text.ts';
import { ageWords, durationWords, type Lang } from '../common/arabic-count.ts';
import { conditionDef } from './conditions.ts';
import { drugClassDef } from './drug-classes.ts';
import { prescribingRule } from './prescribing-rules.ts';
import { substanceName } from './substances.ts';

/** A warning as stored with a record: the current engine's, or one saved before the rules table (no severity). */
export interface StoredWarning {
  code: string;
  severity?: string;
  medication?: number;
  medications?: number[];
  allergy?: string;
  allergySubstance?: string;
  substance?: string;
  condition?: string;
  class?: string;
  eye?: string;
  totalDays?: number;
  ageMonths?: number;
  lastIopDay?: string | null;
}

/** The texts of the three warnings records carried before the rules table, kept for those records. */
const LEGACY: Record<string, { en: string; ar: string }> = {
  allergy: {
    en: 'Allergy: {drug} matches the patient’s allergy “{allergy}”.',
    ar: 'حساسية: {drug} يطابق حساسية المريض «{allergy}».',
  },
  sameClass: {
    en: '{first} and {second}: two drugs of one class ({class}) {inEye}.',
    ar: '{first} و{second}: دواءان من فئة واحدة ({class}) {inEye}.',
  },
  steroidWithoutIop: {
    en: '{drug} is a corticosteroid for {days} with no eye pressure recorded at this visit.',
    ar: '{drug} من الكورتيكوستيرويدات لمدة {days} دون قياس لضغط العين في هذه الزيارة.',
  },
};

const IN_EYE: Record<Lang, Record<string, string>> = {
  en: { right: 'in the right eye', left: 'in the left eye', both: 'in both eyes', none: 'by mouth or vein' },
  ar: {
    right: 'في العين اليمنى',
    left: 'في العين اليسرى',
    both: 'في العينين',
    none: 'عن طريق الفم أو الوريد',
  },
};

const NONE_ON_RECORD: Record<Lang, string> = { en: 'none', ar: 'لا يوجد' };

/** `(a fluoroquinolone)` / `(من فئة فلوروكينولون)`: the class by which an allergy takes a drug in. */
const OF_CLASS: Record<Lang, (name: string) => string> = {
  en: (name) => ` (${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name})`,
  ar: (name) => ` (من فئة ${name})`,
};

/** `2026-11-25` → `25/11/2026`, isolated left-to-right so that an Arabic sentence keeps its order. */
const dayText = (day: string) => ltr(day.split('-').reverse().join('/'));

/**
 * A warning's sentence in a language, from its rule's text (or a legacy one) and its values; `nameOf(i)` is the
 * prescribed name of medication i. Shared by the form, the print and the server's tests, so that all say the same.
 */
export function warningText(warning: StoredWarning, lang: Lang, nameOf: (index: number) => string): string {
  const rule = warning.severity !== undefined ? prescribingRule(warning.code) : undefined;
  const template = rule?.text[lang] ?? LEGACY[warning.code]?.[lang] ?? warning.code;
  // Names and words someone typed are isolated: `Timolol 0.5%` first in an Arabic sentence must not turn it LTR.
  const name = (index: number) => isolated(nameOf(index));
  const drug = warning.medication !== undefined ? name(warning.medication) : '';
  const [first, second] = warning.medications ?? [];
  const values: Record<string, string> = {
    drug,
    first: first !== undefined ? name(first) : '',
    second: second !== undefined ? name(second) : '',
    allergy: warning.allergy
      ? isolated(warning.allergy)
      : warning.allergySubstance
        ? substanceName(warning.allergySubstance, lang)
        : '',
    substance: warning.substance ? substanceName(warning.substance, lang) : drug,
    class: warning.class ? (drugClassDef(warning.class)?.[lang] ?? warning.class) : '',
    ofClass: warning.class ? OF_CLASS[lang](drugClassDef(warning.class)?.[lang] ?? warning.class) : '',
    condition: warning.condition ? (conditionDef(warning.condition)?.[lang] ?? warning.condition) : '',
    inEye: IN_EYE[lang][warning.eye ?? 'none'] ?? '',
    days: warning.totalDays !== undefined ? durationWords(warning.totalDays, 'days', lang) : '',
    age: warning.ageMonths !== undefined ? ageWords(warning.ageMonths, lang) : '',
    lastIop: warning.lastIopDay ? dayText(warning.lastIopDay) : NONE_ON_RECORD[lang],
  };
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}
