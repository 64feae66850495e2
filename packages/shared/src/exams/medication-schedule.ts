import {
  AR_DAYS,
  arabicCount,
  feminine,
  numberText,
  type ArabicNoun,
  type Lang,
} from '../common/arabic-count.ts';
import { asciiDigits } from '../search/arabic-normalize.ts';

/**
 * A prescribed medicine's schedule, read out as a pharmacist reads it, in Arabic and English:
 * `1 drop in the right eye 4 times a day for 7 days, then twice a day for 7 days` /
 * `قطرة واحدة في العين اليمنى ٤ مرات يوميًا لمدة ٧ أيام، ثم مرتين يوميًا لمدة ٧ أيام`.
 * Arabic texts use Arabic-Indic digits (and `٫` as the decimal separator), English ASCII digits. Missing pieces are
 * left out; the doctor's free text (instructions, an unrecognised dose) is kept as typed.
 */

export const MEDICATION_FORMS = [
  'drops',
  'ointment',
  'gel',
  'tablet',
  'capsule',
  'injection',
  'other',
] as const;
export type MedicationForm = (typeof MEDICATION_FORMS)[number];

/**
 * What a dose is counted in (issue 49: a number and its unit, never words that land untranslated in the other
 * language): drops, centimetres of ointment or gel, tablets, capsules, or an amount in mg, ml or g.
 */
export const DOSE_UNITS = ['drop', 'cm', 'tablet', 'capsule', 'mg', 'ml', 'g'] as const;
export type DoseUnit = (typeof DOSE_UNITS)[number];
/** The unit a form's dose is counted in unless the prescriber says otherwise. */
export const FORM_DOSE_UNIT: Record<MedicationForm, DoseUnit | null> = {
  drops: 'drop',
  ointment: 'cm',
  gel: 'drop',
  tablet: 'tablet',
  capsule: 'capsule',
  injection: 'mg',
  other: null,
};
export type MedicationEye = 'right' | 'left' | 'both';
/** How often: n times a day, every n hours, at bedtime, or as needed. */
export type Frequency = { timesPerDay: number } | { everyHours: number } | 'bedtime' | 'asNeeded';
export interface TaperStep {
  frequency: Frequency | null;
  durationDays: number | null;
}
export interface MedicationInput {
  name: string | null;
  form: MedicationForm | null;
  eye: MedicationEye | null;
  /** Free text as the doctor types it: "1", "2", "1 cm", "500 mg". */
  dose: string | null;
  frequency: Frequency | null;
  durationDays: number | null;
  taper: TaperStep[];
  instructions: string | null;
}

/** Bounds of a frequency (whole numbers), for the validator. */
export const FREQUENCY_LIMITS = {
  timesPerDay: { min: 1, max: 24 },
  everyHours: { min: 1, max: 72 },
} as const;

type Text = { ar: string; en: string };

// ---------------------------------------------------------------------------------------------------------------
// Numbers and counted nouns

const AR_TIMES = feminine('مرة', 'مرة واحدة', 'مرتين', 'مرات');
const AR_HOURS = feminine('ساعة', 'ساعة', 'ساعتين', 'ساعات');
/** Things counted in a dose: the English singular and plural, and the Arabic noun. */
interface CountNoun {
  en: [string, string];
  ar: ArabicNoun;
  /** What the doctor may type after the number: `2 drops`, `١ حبة`. */
  aliases: readonly string[];
}

const COUNT_NOUNS = {
  drop: {
    en: ['drop', 'drops'],
    ar: feminine('قطرة', 'قطرة واحدة', 'قطرتان', 'قطرات'),
    aliases: ['drop', 'drops', 'gtt', 'gtts', 'قطرة', 'قطره', 'قطرات', 'قطرتان', 'قطرتين'],
  },
  tablet: {
    en: ['tablet', 'tablets'],
    ar: feminine('حبة', 'حبة واحدة', 'حبتان', 'حبات'),
    aliases: [
      'tablet',
      'tablets',
      'tab',
      'tabs',
      'pill',
      'pills',
      'حبة',
      'حبه',
      'حبات',
      'حبتان',
      'حبتين',
      'قرص',
      'اقراص',
    ],
  },
  capsule: {
    en: ['capsule', 'capsules'],
    ar: feminine('كبسولة', 'كبسولة واحدة', 'كبسولتان', 'كبسولات'),
    aliases: ['capsule', 'capsules', 'cap', 'caps', 'كبسولة', 'كبسوله', 'كبسولات', 'كبسولتان', 'كبسولتين'],
  },
  injection: {
    en: ['injection', 'injections'],
    ar: feminine('حقنة', 'حقنة واحدة', 'حقنتان', 'حقن'),
    aliases: ['injection', 'injections', 'inj', 'حقنة', 'حقنه', 'حقن', 'حقنتان', 'حقنتين'],
  },
} satisfies Record<string, CountNoun>;
type CountNounKey = keyof typeof COUNT_NOUNS;

function countText(n: number, noun: CountNounKey, lang: Lang): string {
  const { en, ar } = COUNT_NOUNS[noun];
  return lang === 'en' ? `${n} ${n === 1 ? en[0] : en[1]}` : arabicCount(n, ar);
}

/** Units of an amount, as typed in either language, and how each language writes them. */
const UNITS: readonly { en: string; ar: string; aliases: readonly string[] }[] = [
  { en: 'cm', ar: 'سم', aliases: ['cm', 'سم', 'سنتيمتر', 'سانتيمتر'] },
  { en: 'mm', ar: 'ملم', aliases: ['mm', 'ملم', 'مم'] },
  { en: 'mg', ar: 'ملغ', aliases: ['mg', 'ملغ', 'ملغم', 'مغ'] },
  { en: 'mcg', ar: 'مكغ', aliases: ['mcg', 'µg', 'μg', 'ug', 'مكغ', 'ميكروغرام'] },
  { en: 'g', ar: 'غم', aliases: ['g', 'gm', 'غم', 'غ', 'غرام'] },
  { en: 'ml', ar: 'مل', aliases: ['ml', 'مل', 'ملل'] },
  { en: 'units', ar: 'وحدة', aliases: ['iu', 'unit', 'units', 'وحدة', 'وحده', 'وحدات'] },
  { en: '%', ar: '%', aliases: ['%'] },
];

// ---------------------------------------------------------------------------------------------------------------
// The dose as typed

/** What the doctor typed, understood: a count (`2`, `2 drops`), an amount (`1 cm`), or other text (kept as typed). */
type Dose =
  | { kind: 'count'; n: number; upTo: number | null; noun: CountNounKey | null }
  | { kind: 'amount'; n: number; upTo: number | null; unit: { en: string; ar: string } }
  | { kind: 'text'; text: string };

/** Words that only describe how an ointment is laid (`1 cm ribbon`, `شريط ١ سم`). */
const STRIP_WORDS = /\b(?:ribbon|strip)\b|شريط|(?:^|\s)of(?=\s|$)/giu;

function parseDose(typed: string): Dose {
  const text = typed.trim().replace(/\s+/g, ' ');
  const plain = asciiDigits(text)
    .toLowerCase()
    .replace(/(\d)[,\u066b](?=\d)/g, '$1.')
    .replace(/½/g, '0.5')
    .replace(/^1\/2(?!\d)/, '0.5')
    .replace(/^(?:half|نصف)(?:\s+an?)?(?=\s|$)/u, '0.5');
  const match = /^(\d+(?:\.\d+)?)(?:\s*[-–]\s*(\d+(?:\.\d+)?))?\s*(.*)$/u.exec(plain);
  if (!match) return { kind: 'text', text };
  const n = Number(match[1]);
  const upTo = match[2] === undefined ? null : Number(match[2]);
  const word = (match[3] ?? '').replace(STRIP_WORDS, ' ').replace(/\s+/g, ' ').trim();
  if (word === '') return { kind: 'count', n, upTo, noun: null };
  for (const key of Object.keys(COUNT_NOUNS) as CountNounKey[]) {
    if (COUNT_NOUNS[key].aliases.includes(word)) return { kind: 'count', n, upTo, noun: key };
  }
  const unit = UNITS.find((u) => u.aliases.includes(word));
  if (unit) return { kind: 'amount', n, upTo, unit };
  return { kind: 'text', text };
}

function rangeText(n: number, upTo: number | null, lang: Lang): string {
  const from = numberText(n, lang);
  return upTo === null ? from : `${from}-${numberText(upTo, lang)}`;
}

function amountText(
  dose: { n: number; upTo: number | null; unit: { en: string; ar: string } },
  lang: Lang,
): string {
  const unit = dose.unit[lang];
  return unit === '%'
    ? `${rangeText(dose.n, dose.upTo, lang)}%`
    : `${rangeText(dose.n, dose.upTo, lang)} ${unit}`;
}

/** A count of a noun: `2 drops` / `قطرتان`, `1-2 drops` / `١-٢ قطرة`, `half a tablet` / `نصف حبة`. */
function nounCountText(n: number, upTo: number | null, noun: CountNounKey, lang: Lang): string {
  if (upTo !== null) {
    const { en, ar } = COUNT_NOUNS[noun];
    return lang === 'en'
      ? `${rangeText(n, upTo, 'en')} ${en[1]}`
      : `${rangeText(n, upTo, 'ar')} ${ar.singular}`;
  }
  if (n === 0.5) {
    const { en, ar } = COUNT_NOUNS[noun];
    return lang === 'en' ? `half a ${en[0]}` : `نصف ${ar.singular}`;
  }
  return countText(n, noun, lang);
}

/** The dose in words, whatever the form: a count with its noun, an amount, a bare number, or the text as typed. */
function plainDoseText(dose: Dose, lang: Lang): string {
  switch (dose.kind) {
    case 'count':
      return dose.noun === null
        ? rangeText(dose.n, dose.upTo, lang)
        : nounCountText(dose.n, dose.upTo, dose.noun, lang);
    case 'amount':
      return amountText(dose, lang);
    case 'text':
      return dose.text;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Pieces of the schedule

const EYE_AR: Record<MedicationEye, string> = {
  right: 'في العين اليمنى',
  left: 'في العين اليسرى',
  both: 'في كلتا العينين',
};
const EYE_EN: Record<MedicationEye, string> = {
  right: 'the right eye',
  left: 'the left eye',
  both: 'both eyes',
};

function eyeText(eye: MedicationEye | null, preposition: 'in' | 'to' | 'into', lang: Lang): string {
  if (eye === null) return '';
  return lang === 'ar' ? EYE_AR[eye] : `${preposition} ${EYE_EN[eye]}`;
}

const join = (...parts: string[]): string => parts.filter((part) => part !== '').join(' ');

/** The dose, the form's words and the eye: `1 drop in the right eye`, `apply 1 cm of ointment to the left eye`. */
function whatAndWhere(med: MedicationInput, lang: Lang): string {
  const typed = med.dose?.trim() ?? '';
  const dose = typed === '' ? null : parseDose(typed);
  const en = lang === 'en';
  switch (med.form) {
    case 'drops': {
      let what: string;
      if (dose === null) what = en ? 'drops' : 'قطرة';
      else if (dose.kind === 'count' && (dose.noun === null || dose.noun === 'drop'))
        what = nounCountText(dose.n, dose.upTo, 'drop', lang);
      else what = plainDoseText(dose, lang);
      return join(what, eyeText(med.eye, 'in', lang));
    }
    case 'ointment':
    case 'gel': {
      const form = med.form === 'ointment' ? (en ? 'ointment' : 'المرهم') : en ? 'gel' : 'الجل';
      let amount: string;
      if (dose === null) amount = '';
      // A bare number of an eye ointment is a ribbon's length in centimetres.
      else if (dose.kind === 'count' && dose.noun === null)
        amount = amountText({ ...dose, unit: UNITS[0]! }, lang);
      else amount = plainDoseText(dose, lang);
      const what = en
        ? join('apply', amount, amount === '' ? form : `of ${form}`)
        : join('يوضع', amount, amount === '' ? form : `من ${form}`);
      return join(what, eyeText(med.eye, 'to', lang));
    }
    case 'tablet':
    case 'capsule': {
      const noun = med.form;
      let what: string;
      if (dose === null) what = noun === 'tablet' ? (en ? 'tablets' : 'حبوب') : en ? 'capsules' : 'كبسولات';
      else if (dose.kind === 'count' && (dose.noun === null || dose.noun === noun))
        what = nounCountText(dose.n, dose.upTo, noun, lang);
      else what = plainDoseText(dose, lang);
      return join(what, en ? 'by mouth' : 'عن طريق الفم');
    }
    case 'injection': {
      let what: string;
      const single = en ? 'injection' : 'حقنة';
      if (dose === null) what = single;
      else if (dose.kind === 'count' && (dose.noun === null || dose.noun === 'injection'))
        what =
          dose.n === 1 && dose.upTo === null ? single : nounCountText(dose.n, dose.upTo, 'injection', lang);
      else what = en ? `injection of ${plainDoseText(dose, lang)}` : `حقنة ${plainDoseText(dose, lang)}`;
      return join(what, eyeText(med.eye, 'into', lang));
    }
    case 'other':
    case null: {
      const what = dose === null ? '' : plainDoseText(dose, lang);
      return join(what, eyeText(med.eye, 'in', lang));
    }
  }
}

/** How often, in words: `4 times a day` / `٤ مرات يوميًا`, `every 2 hours` / `كل ساعتين`, `at bedtime` / `عند النوم`. */
export function frequencyText(f: Frequency, lang: 'ar' | 'en'): string {
  if (f === 'bedtime') return lang === 'en' ? 'at bedtime' : 'عند النوم';
  if (f === 'asNeeded') return lang === 'en' ? 'as needed' : 'عند الحاجة';
  if ('timesPerDay' in f) {
    const n = f.timesPerDay;
    if (lang === 'ar') return `${arabicCount(n, AR_TIMES)} يوميًا`;
    if (n === 1) return 'once a day';
    if (n === 2) return 'twice a day';
    return `${n} times a day`;
  }
  const n = f.everyHours;
  if (lang === 'ar') return `كل ${arabicCount(n, AR_HOURS)}`;
  return n === 1 ? 'every hour' : `every ${n} hours`;
}

/** `for 7 days` / `لمدة ٧ أيام`; nothing when the duration is missing. */
function durationText(days: number | null, lang: Lang): string {
  if (days === null || !Number.isFinite(days)) return '';
  if (lang === 'en') return `for ${days} ${days === 1 ? 'day' : 'days'}`;
  return `لمدة ${arabicCount(days, AR_DAYS)}`;
}

const isEmptyStep = (step: TaperStep): boolean => step.frequency === null && step.durationDays === null;

function scheduleIn(med: MedicationInput, lang: Lang): string {
  let text = join(
    whatAndWhere(med, lang),
    med.frequency === null ? '' : frequencyText(med.frequency, lang),
    durationText(med.durationDays, lang),
  );
  for (const step of med.taper) {
    if (isEmptyStep(step)) continue;
    const then = join(
      lang === 'en' ? 'then' : 'ثم',
      step.frequency === null ? '' : frequencyText(step.frequency, lang),
      durationText(step.durationDays, lang),
    );
    text = text === '' ? then : `${text}${lang === 'en' ? ', ' : '، '}${then}`;
  }
  const instructions = med.instructions?.trim().replace(/\s+/g, ' ') ?? '';
  if (instructions !== '')
    text = text === '' ? instructions : `${text}${lang === 'en' ? '; ' : '؛ '}${instructions}`;
  return text;
}

/** The schedule as a pharmacist reads it, in both languages (the medicine's name is not part of it). */
export function scheduleText(med: MedicationInput): Text {
  return { ar: scheduleIn(med, 'ar'), en: scheduleIn(med, 'en') };
}

/**
 * durationDays plus every taper step's days; null when any needed duration is missing: the medicine's own, or a
 * taper step's that has a frequency (a step left wholly empty is ignored).
 */
export function totalDays(med: MedicationInput): number | null {
  if (med.durationDays === null) return null;
  let total = med.durationDays;
  for (const step of med.taper) {
    if (isEmptyStep(step)) continue;
    if (step.durationDays === null) return null;
    total += step.durationDays;
  }
  return total;
}
