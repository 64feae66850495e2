import {
  AR_DAYS,
  arabicCount,
  feminine,
  numberText,
  type ArabicNoun,
  type Lang,
} from '../common/arabic-count.ts';
import { onStep } from '../common/steps.ts';
import { asciiDigits } from '../search/arabic-normalize.ts';

/**
 * A prescribed medicine's schedule, read out as a pharmacist reads it, in Arabic and English:
 * `1 drop in the right eye 4 times a day for 7 days, then twice a day for 7 days` /
 * `قطرة واحدة في العين اليمنى ٤ مرات يوميًا لمدة ٧ أيام، ثم مرتين يوميًا لمدة ٧ أيام`.
 * Arabic texts use Arabic-Indic digits (and `٫` as the decimal separator), English ASCII digits. Missing pieces are
 * left out. Everything but the doctor's own instructions is a number or a choice, so each language says all of it;
 * the instructions are printed as typed.
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
 * What a dose is counted in (a number and its unit, never words that land untranslated in the other
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
/**
 * How many of a unit one dose may be, and in what steps (the consultation's check refuses others with
 * `value.dose_<unit>`): whole drops, 1 to 5 (more run off the eye); a ribbon of ointment or gel in half
 * centimetres up to 2; tablets in halves (a scored tablet is split, never further); whole capsules (a capsule is
 * never split); amounts in mg to two decimals (bevacizumab 1.25 mg into the eye, acetazolamide 250 mg, a
 * methylprednisolone pulse of 1000 mg), ml (0.05 ml into the eye, a syrup's 5 ml) and g (oral glycerol is dosed
 * by weight, up to about 100 g).
 */
export const DOSE_LIMITS: Record<DoseUnit, { min: number; max: number; step: number }> = {
  drop: { min: 1, max: 5, step: 1 },
  cm: { min: 0.5, max: 2, step: 0.5 },
  tablet: { min: 0.5, max: 10, step: 0.5 },
  capsule: { min: 1, max: 10, step: 1 },
  mg: { min: 0.01, max: 2000, step: 0.01 },
  ml: { min: 0.01, max: 30, step: 0.01 },
  g: { min: 0.1, max: 100, step: 0.1 },
};
/**
 * The dose field's own range, every unit's together (each unit's is checked beside it): the smallest minimum, the
 * largest maximum, and the finest step (every unit's minimum and step are whole multiples of it).
 */
export const DOSE_RANGE = {
  min: Math.min(...Object.values(DOSE_LIMITS).map((l) => l.min)),
  max: Math.max(...Object.values(DOSE_LIMITS).map((l) => l.max)),
  step: Math.min(...Object.values(DOSE_LIMITS).map((l) => l.step)),
};

/** Whether a dose is one its unit allows (DOSE_LIMITS). */
export function doseFits(dose: number, unit: DoseUnit): boolean {
  const { min, max, step } = DOSE_LIMITS[unit];
  return dose >= min && dose <= max && onStep(dose, min, step);
}

/**
 * Instructions printed in the sheet's language (the doctor ticks them; words typed in `instructions` print as
 * typed, in whatever language they were typed). Printed in this order, whatever the order they were ticked in.
 */
export const MEDICATION_INSTRUCTIONS = [
  'shakeWell',
  'fiveMinutesApart',
  'pressTearDuct',
  'removeContactLenses',
  'beforeMeals',
  'afterMeals',
  'keepInFridge',
  'stopIfIrritation',
] as const;
export type MedicationInstruction = (typeof MEDICATION_INSTRUCTIONS)[number];

export type MedicationEye = 'right' | 'left' | 'both';
/**
 * How often: n times a day, every n hours (`whileAwake`: only in the hours the patient is awake, as hourly drops
 * are given; never sent as false), at bedtime, or as needed.
 */
export type Frequency =
  { timesPerDay: number } | { everyHours: number; whileAwake?: true } | 'bedtime' | 'asNeeded';
export interface TaperStep {
  frequency: Frequency | null;
  durationDays: number | null;
}
export interface MedicationInput {
  name: string | null;
  form: MedicationForm | null;
  eye: MedicationEye | null;
  /** How many `doseUnit` make one dose (2 drops, 0.5 tablet, 1 cm, 250 mg). */
  dose: number | null;
  /** Null while the form has not filled it: then the form's usual unit (FORM_DOSE_UNIT) is read. */
  doseUnit: DoseUnit | null;
  frequency: Frequency | null;
  durationDays: number | null;
  /** The last period (the last taper step, or the medicine itself without one) goes on with no end. */
  longTerm: boolean;
  taper: TaperStep[];
  instructionCodes: readonly MedicationInstruction[];
  /** The doctor's own words, printed as typed in both languages. */
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
  /** What the doctor may have typed after the number: `2 drops`, `١ حبة`. */
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
  // Not a unit of a dose (an injection's dose is its amount), but old doses typed "1 injection".
  injection: {
    en: ['injection', 'injections'],
    ar: feminine('حقنة', 'حقنة واحدة', 'حقنتان', 'حقن'),
    aliases: ['injection', 'injections', 'inj', 'حقنة', 'حقنه', 'حقن', 'حقنتان', 'حقنتين'],
  },
} satisfies Record<string, CountNoun>;
type CountNounKey = keyof typeof COUNT_NOUNS;

/**
 * Units of an amount, as either language writes them and as the doctor may have typed them; `dose` is the
 * DOSE_UNIT it is (the others were only ever typed, and are kept in the instructions by the upgrade).
 */
const UNITS: readonly { en: string; ar: string; aliases: readonly string[]; dose?: DoseUnit }[] = [
  { en: 'cm', ar: 'سم', aliases: ['cm', 'سم', 'سنتيمتر', 'سانتيمتر'], dose: 'cm' },
  { en: 'mm', ar: 'ملم', aliases: ['mm', 'ملم', 'مم'] },
  { en: 'mg', ar: 'ملغ', aliases: ['mg', 'ملغ', 'ملغم', 'مغ'], dose: 'mg' },
  { en: 'mcg', ar: 'مكغ', aliases: ['mcg', 'µg', 'μg', 'ug', 'مكغ', 'ميكروغرام'] },
  { en: 'g', ar: 'غم', aliases: ['g', 'gm', 'غم', 'غ', 'غرام'], dose: 'g' },
  { en: 'ml', ar: 'مل', aliases: ['ml', 'مل', 'ملل'], dose: 'ml' },
  { en: 'units', ar: 'وحدة', aliases: ['iu', 'unit', 'units', 'وحدة', 'وحده', 'وحدات'] },
  { en: '%', ar: '%', aliases: ['%'] },
];

/** `2 drops` / `قطرتان`, `half a tablet` / `نصف حبة`, `1.5 tablets` / `١٫٥ حبة`. */
function countText(n: number, noun: CountNounKey, lang: Lang): string {
  const { en, ar } = COUNT_NOUNS[noun];
  if (n === 0.5) return lang === 'en' ? `half a ${en[0]}` : `نصف ${ar.singular}`;
  return lang === 'en' ? `${n} ${n === 1 ? en[0] : en[1]}` : arabicCount(n, ar);
}

/**
 * A dose in words: counted things with their noun (`2 drops` / `قطرتان`, `half a tablet` / `نصف حبة`), amounts
 * with their unit (`1 cm` / `١ سم`, `250 mg` / `٢٥٠ ملغ`), a number alone when no unit is known.
 */
export function doseText(dose: number, unit: DoseUnit | null, lang: Lang): string {
  if (unit === null) return numberText(dose, lang);
  if (unit === 'drop' || unit === 'tablet' || unit === 'capsule') return countText(dose, unit, lang);
  const words = UNITS.find((u) => u.dose === unit)!;
  return `${numberText(dose, lang)} ${words[lang]}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Doses stored as text (by consultations saved before doses were numbers)

/** Old text understood: a count (`2`, `2 drops`), an amount (`1 cm`), or other text. */
type TypedDose =
  | { kind: 'count'; n: number; upTo: number | null; noun: CountNounKey | null }
  | { kind: 'amount'; n: number; upTo: number | null; unit: (typeof UNITS)[number] }
  | { kind: 'text' };

/** Words that only describe how an ointment is laid (`1 cm ribbon`, `شريط ١ سم`). */
const STRIP_WORDS = /\b(?:ribbon|strip)\b|شريط|(?:^|\s)of(?=\s|$)/giu;

function parseDose(typed: string): TypedDose {
  const text = typed.trim().replace(/\s+/g, ' ');
  const plain = asciiDigits(text)
    .toLowerCase()
    .replace(/(\d)[,\u066b](?=\d)/g, '$1.')
    .replace(/½/g, '0.5')
    .replace(/^1\/2(?!\d)/, '0.5')
    .replace(/^(?:half|نصف)(?:\s+an?)?(?=\s|$)/u, '0.5');
  const match = /^(\d+(?:\.\d+)?)(?:\s*[-–]\s*(\d+(?:\.\d+)?))?\s*(.*)$/u.exec(plain);
  if (!match) return { kind: 'text' };
  const n = Number(match[1]);
  const upTo = match[2] === undefined ? null : Number(match[2]);
  const word = (match[3] ?? '').replace(STRIP_WORDS, ' ').replace(/\s+/g, ' ').trim();
  if (word === '') return { kind: 'count', n, upTo, noun: null };
  for (const key of Object.keys(COUNT_NOUNS) as CountNounKey[]) {
    if (COUNT_NOUNS[key].aliases.includes(word)) return { kind: 'count', n, upTo, noun: key };
  }
  const unit = UNITS.find((u) => u.aliases.includes(word));
  if (unit) return { kind: 'amount', n, upTo, unit };
  return { kind: 'text' };
}

/** What a bare number counted in each form's schedule of a text dose (an ointment's or gel's: a ribbon in cm). */
const BARE_NUMBER_UNIT: Record<MedicationForm, DoseUnit | null> = {
  drops: 'drop',
  ointment: 'cm',
  gel: 'cm',
  tablet: 'tablet',
  capsule: 'capsule',
  injection: null,
  other: null,
};

/**
 * A dose stored as text before doses were numbers, as its number and unit, read as the schedule read it then (`2`,
 * `2 drops`, `١ حبة`, `half a tablet`, `1 cm ribbon`, `0.05 ml`). Empty text, and one injection of an injection
 * (the schedule said "injection" for both), are no dose. Null when it is not one number of a DOSE_UNIT within its
 * limits (a range, `a thin film`, 11 drops, micrograms): the upgrade then keeps the text in the instructions.
 */
export function doseOfText(
  typed: string,
  form: MedicationForm | null,
): { dose: number | null; doseUnit: DoseUnit | null } | null {
  if (typed.trim() === '') return { dose: null, doseUnit: null };
  const parsed = parseDose(typed);
  if (parsed.kind === 'text' || parsed.upTo !== null) return null;
  const { n } = parsed;
  let unit: DoseUnit | null;
  if (parsed.kind === 'amount') unit = parsed.unit.dose ?? null;
  else if (form === 'injection' && (parsed.noun === null || parsed.noun === 'injection'))
    return n === 1 ? { dose: null, doseUnit: null } : null;
  else if (parsed.noun === null) unit = form === null ? null : BARE_NUMBER_UNIT[form];
  else unit = parsed.noun === 'injection' ? null : parsed.noun;
  return unit !== null && doseFits(n, unit) ? { dose: n, doseUnit: unit } : null;
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
  const en = lang === 'en';
  const unit = med.doseUnit ?? (med.form === null ? null : FORM_DOSE_UNIT[med.form]);
  const dose = med.dose === null ? null : doseText(med.dose, unit, lang);
  switch (med.form) {
    case 'drops':
      return join(dose ?? (en ? 'drops' : 'قطرة'), eyeText(med.eye, 'in', lang));
    case 'ointment':
    case 'gel': {
      const form = med.form === 'ointment' ? (en ? 'ointment' : 'المرهم') : en ? 'gel' : 'الجل';
      if (dose === null) return join(en ? `apply ${form}` : `يوضع ${form}`, eyeText(med.eye, 'to', lang));
      // A gel counted in drops is dropped in, not laid along the lid.
      if (unit === 'drop')
        return join(en ? `${dose} of ${form}` : `${dose} من ${form}`, eyeText(med.eye, 'in', lang));
      return join(en ? `apply ${dose} of ${form}` : `يوضع ${dose} من ${form}`, eyeText(med.eye, 'to', lang));
    }
    case 'tablet':
    case 'capsule': {
      const none = med.form === 'tablet' ? (en ? 'tablets' : 'حبوب') : en ? 'capsules' : 'كبسولات';
      return join(dose ?? none, en ? 'by mouth' : 'عن طريق الفم');
    }
    case 'injection': {
      const what = dose === null ? (en ? 'injection' : 'حقنة') : en ? `injection of ${dose}` : `حقنة ${dose}`;
      return join(what, eyeText(med.eye, 'into', lang));
    }
    case 'other':
    case null:
      return join(dose ?? '', eyeText(med.eye, 'in', lang));
  }
}

/**
 * How often, in words: `4 times a day` / `٤ مرات يوميًا`, `every 2 hours while awake` / `كل ساعتين في ساعات
 * الاستيقاظ`, `at bedtime` / `قبل النوم`, `as needed` / `عند الحاجة`.
 */
export function frequencyText(f: Frequency, lang: Lang): string {
  if (f === 'bedtime') return lang === 'en' ? 'at bedtime' : 'قبل النوم';
  if (f === 'asNeeded') return lang === 'en' ? 'as needed' : 'عند الحاجة';
  if ('timesPerDay' in f) {
    const n = f.timesPerDay;
    if (lang === 'ar') return `${arabicCount(n, AR_TIMES)} يوميًا`;
    if (n === 1) return 'once a day';
    if (n === 2) return 'twice a day';
    return `${n} times a day`;
  }
  const n = f.everyHours;
  const every =
    lang === 'ar' ? `كل ${arabicCount(n, AR_HOURS)}` : n === 1 ? 'every hour' : `every ${n} hours`;
  if (!f.whileAwake) return every;
  return `${every} ${lang === 'ar' ? 'في ساعات الاستيقاظ' : 'while awake'}`;
}

/** `for 7 days` / `لمدة ٧ أيام`; nothing when the duration is missing. */
function durationText(days: number | null, lang: Lang): string {
  if (days === null || !Number.isFinite(days)) return '';
  if (lang === 'en') return `for ${days} ${days === 1 ? 'day' : 'days'}`;
  return `لمدة ${arabicCount(days, AR_DAYS)}`;
}

const LONG_TERM: Text = { ar: 'بشكل مستمر', en: 'long-term' };

/** The ticked instructions' words, as a pharmacist writes them on the box. */
const INSTRUCTION_TEXT: Record<MedicationInstruction, Text> = {
  shakeWell: { ar: 'رج العبوة جيدًا قبل الاستعمال', en: 'shake well before use' },
  fiveMinutesApart: {
    ar: 'اترك ٥ دقائق بينها وبين القطرات الأخرى',
    en: 'leave 5 minutes between it and other drops',
  },
  pressTearDuct: {
    ar: 'اضغط على زاوية العين الداخلية دقيقة واحدة بعد القطرة',
    en: 'press on the inner corner of the eye for 1 minute after each drop',
  },
  removeContactLenses: {
    ar: 'تُنزع العدسات اللاصقة قبل الاستعمال وتُعاد بعد ١٥ دقيقة',
    en: 'remove contact lenses before use and wait 15 minutes before putting them back',
  },
  beforeMeals: { ar: 'قبل الأكل', en: 'before meals' },
  afterMeals: { ar: 'بعد الأكل', en: 'after meals' },
  keepInFridge: { ar: 'يُحفظ في الثلاجة', en: 'keep in the fridge' },
  stopIfIrritation: {
    ar: 'يوقف الاستعمال ويراجع الطبيب عند حدوث تهيج',
    en: 'stop and see the doctor if the eye becomes irritated',
  },
};

/**
 * A taper step is read "then <how often> for <days>": one without how often says nothing ("then for 7 days") and
 * is left out (the consultation refuses it with days); one left wholly empty is nothing.
 */
export const isSpokenStep = (step: { frequency?: Frequency | null }): boolean => step.frequency != null;

function scheduleIn(med: MedicationInput, lang: Lang): string {
  const steps = med.taper.filter(isSpokenStep);
  // Long-term is the last period's duration, where its days are left empty.
  const period = (frequency: Frequency | null, days: number | null, last: boolean) =>
    join(
      frequency === null ? '' : frequencyText(frequency, lang),
      durationText(days, lang),
      last && med.longTerm && days === null ? LONG_TERM[lang] : '',
    );
  let text = join(whatAndWhere(med, lang), period(med.frequency, med.durationDays, steps.length === 0));
  steps.forEach((step, i) => {
    const then = join(
      lang === 'en' ? 'then' : 'ثم',
      period(step.frequency, step.durationDays, i === steps.length - 1),
    );
    text = text === '' ? then : `${text}${lang === 'en' ? ', ' : '، '}${then}`;
  });
  const instructions = [
    ...MEDICATION_INSTRUCTIONS.filter((code) => med.instructionCodes.includes(code)).map(
      (code) => INSTRUCTION_TEXT[code][lang],
    ),
    med.instructions?.trim().replace(/\s+/g, ' ') ?? '',
  ];
  for (const words of instructions)
    if (words !== '') text = text === '' ? words : `${text}${lang === 'en' ? '; ' : '؛ '}${words}`;
  return text;
}

/** The schedule as a pharmacist reads it, in both languages (the medicine's name is not part of it). */
export function scheduleText(med: MedicationInput): Text {
  return { ar: scheduleIn(med, 'ar'), en: scheduleIn(med, 'en') };
}

/**
 * durationDays plus every taper step's days; null when the medicine is long-term or any needed duration is
 * missing: the medicine's own, or a taper step's that has a frequency (a step left wholly empty is ignored).
 */
export function totalDays(med: MedicationInput): number | null {
  if (med.longTerm || med.durationDays === null) return null;
  let total = med.durationDays;
  for (const step of med.taper) {
    if (step.frequency === null && step.durationDays === null) continue;
    if (step.durationDays === null) return null;
    total += step.durationDays;
  }
  return total;
}
