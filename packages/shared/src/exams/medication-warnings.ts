import { normalizeName } from '../search/arabic-normalize.ts';
import type { MedicationEye } from './medication-schedule.ts';

/**
 * Warnings on a consultation's prescription, checked as the doctor writes it: a medicine the patient is allergic
 * to, two medicines of one class in one eye, and a steroid for more than 4 weeks with no eye pressure recorded at
 * the visit. The classes are the formulary's (`DRUG_CLASSES` in codes.schemas: 'antibiotic', 'steroid', 'nsaid',
 * 'prostaglandinAnalogue', 'betaBlocker', …).
 */

export type DrugClass = string;
export interface WarningDrug {
  name: string;
  class: DrugClass | null;
  eye: MedicationEye | null;
  totalDays: number | null;
}
export type MedicationWarning =
  | { code: 'allergy'; medication: number; allergy: string }
  | { code: 'sameClass'; medications: [number, number]; class: string; eye: MedicationEye }
  | { code: 'steroidWithoutIop'; medication: number; totalDays: number };

/** A steroid given for longer than this many days needs the eye pressure checked (steroid response). */
export const STEROID_DAYS_WITHOUT_IOP = 28;

/** Classes that are no warning when two are given in one eye: tear substitutes, and the catch-all buckets. */
const CLASSES_NOT_DUPLICATED: ReadonlySet<string> = new Set(['lubricant', 'other', 'combination']);

/**
 * Text compared for allergies: Arabic-normalised (tashkeel stripped, أ إ آ → ا, ة → ه, ى → ي), lower case,
 * punctuation as spaces, and the article ال dropped from Arabic words (`الكورتيزون` → `كورتيزون`).
 */
function matchText(text: string): string {
  return normalizeName(text)
    .split(' ')
    .map((word) => (word.length > 4 && word.startsWith('ال') ? word.slice(2) : word))
    .join(' ');
}

/** Whether `phrase` occurs in `text` as whole words. */
function hasWords(text: string, phrase: string): boolean {
  return phrase !== '' && ` ${text} `.includes(` ${phrase} `);
}

/**
 * Words a patient's allergy may be recorded with that stand for a class of drugs (or for drugs named alike), in
 * English and Arabic. Looked for anywhere in the allergy text, in this order; a phrase found is taken out of the
 * text before the next groups are looked for, so "non-steroidal" (any "non steroid…") and "غير الستيرويدية" are NSAIDs, not steroids.
 */
const ALLERGY_GROUPS: readonly {
  words: readonly string[];
  classes: readonly string[];
  nameStems: readonly string[];
}[] = [
  {
    words: [
      'nsaid',
      'non steroid',
      'nonsteroid',
      'aspirin',
      'ibuprofen',
      'مسكن',
      'غير ستيرويد',
      'اسبرين',
      'بروفين',
    ],
    classes: ['nsaid'],
    nameStems: [],
  },
  {
    words: ['steroid', 'cortisone', 'cortico', 'ستيرويد', 'ستروئيد', 'كورتيزون', 'كورتزون', 'كورتيكو'],
    classes: ['steroid'],
    nameStems: [],
  },
  {
    words: ['sulfa', 'sulpha', 'sulfonamide', 'سلفا', 'سولفا', 'سلفوناميد'],
    classes: ['sulfonamide'],
    nameStems: ['sulfa', 'sulpha'],
  },
  {
    words: ['penicillin', 'بنسلين', 'بنسيلين'],
    classes: [],
    nameStems: ['cillin'],
  },
  {
    words: ['antibiotic', 'anti biotic', 'مضاد حيوي', 'مضادات حيوي'],
    classes: ['antibiotic'],
    nameStems: [],
  },
  { words: ['beta blocker', 'حاصر بيتا', 'حاصرات بيتا'], classes: ['betaBlocker'], nameStems: [] },
  {
    words: ['prostaglandin', 'بروستاغلاندين', 'بروستاجلاندين'],
    classes: ['prostaglandinAnalogue'],
    nameStems: [],
  },
  { words: ['antihistamine', 'مضاد هستامين', 'مضادات هستامين'], classes: ['antihistamine'], nameStems: [] },
  { words: ['anaesthetic', 'anesthetic', 'مخدر'], classes: ['anaesthetic'], nameStems: [] },
].map((group) => ({ ...group, words: group.words.map(matchText) }));

/** Words of a drug's name that say nothing about what it is (forms, salts, packaging). */
const NAME_STOP_WORDS: ReadonlySet<string> = new Set([
  'drop',
  'drops',
  'eye',
  'eyes',
  'ointment',
  'gel',
  'viscous',
  'ophthalmic',
  'intravitreal',
  'implant',
  'prepared',
  'formula',
  'acid',
  'sodium',
  'chloride',
  'acetate',
  'acetonide',
  'lubricating',
  'with',
  'and',
  'plus',
]);

/** `prostaglandinAnalogue` → `prostaglandin analogue`, as the class may be written in an allergy. */
const classWords = (drugClass: string): string => matchText(drugClass.replace(/([a-z])([A-Z])/g, '$1 $2'));

/** What one recorded allergy stands for: its text, and the classes and name stems its words name. */
interface AllergyTerms {
  text: string;
  /** The text less the class words found (`non steroidal` taken out), where a class's own name is looked for. */
  rest: string;
  /** Whether the text is more than form words and numbers (`eye drops`, `gel`): only then can it name a drug. */
  namesSomething: boolean;
  classes: Set<string>;
  nameStems: string[];
}

function allergyTerms(allergy: string): AllergyTerms {
  const text = matchText(allergy);
  const classes = new Set<string>();
  const nameStems: string[] = [];
  let rest = text;
  for (const group of ALLERGY_GROUPS) {
    let found = false;
    for (const word of group.words) {
      if (word !== '' && rest.includes(word)) {
        found = true;
        rest = rest.split(word).join(' ');
      }
    }
    if (!found) continue;
    group.classes.forEach((c) => classes.add(c));
    nameStems.push(...group.nameStems);
  }
  const namesSomething = text.split(' ').some((word) => !NAME_STOP_WORDS.has(word) && !/^\d+$/.test(word));
  return { text, rest: rest.replace(/\s+/g, ' ').trim(), namesSomething, classes, nameStems };
}

/** Whether a drug is named or classed by the allergy: its name or class in the allergy's text, or the other way. */
function drugMatchesAllergy(drug: WarningDrug, allergy: AllergyTerms): boolean {
  const name = matchText(drug.name);
  if (name !== '') {
    // The allergy names the drug: "moxifloxacin" for "Moxifloxacin 0.5%", or the full name within a sentence.
    if (allergy.namesSomething && allergy.text.length >= 3 && hasWords(name, allergy.text)) return true;
    if (hasWords(allergy.text, name)) return true;
    const nameWords = name
      .split(' ')
      .filter((w) => w.length >= 4 && !/\d/.test(w) && !NAME_STOP_WORDS.has(w));
    if (nameWords.some((w) => hasWords(allergy.text, w) || hasWords(allergy.text, `${w}s`))) return true;
    if (allergy.nameStems.some((stem) => name.includes(stem))) return true;
  }
  if (drug.class !== null && drug.class !== '') {
    if (allergy.classes.has(drug.class)) return true;
    if (drug.class !== 'other' && drug.class !== 'combination') {
      const words = classWords(drug.class);
      if (hasWords(allergy.rest, words) || hasWords(allergy.rest, `${words}s`)) return true;
    }
  }
  return false;
}

/** The eye two medicines share, if any: `both` shares either eye with a one-eye medicine. */
function sharedEye(a: MedicationEye | null, b: MedicationEye | null): MedicationEye | null {
  if (a === null || b === null) return null;
  if (a === b) return a;
  if (a === 'both') return b;
  if (b === 'both') return a;
  return null;
}

/**
 * The warnings on a prescription, in this order: allergies (by medicine, then by allergy as recorded), medicines of
 * one class in one eye (by pair), long steroids with no pressure at the visit. `medication` numbers are positions in
 * `drugs`. Medicines with no eye (taken by mouth) are not compared for duplicates.
 */
export function medicationWarnings(input: {
  drugs: WarningDrug[];
  allergies: string[];
  visitHasIop: boolean;
}): MedicationWarning[] {
  const warnings: MedicationWarning[] = [];
  const allergies = input.allergies
    .map((allergy) => allergy.trim())
    .filter((allergy, i, all) => allergy !== '' && all.indexOf(allergy) === i)
    .map((allergy) => ({ allergy, terms: allergyTerms(allergy) }))
    .filter(({ terms }) => terms.text !== '');

  input.drugs.forEach((drug, medication) => {
    for (const { allergy, terms } of allergies) {
      if (drugMatchesAllergy(drug, terms)) warnings.push({ code: 'allergy', medication, allergy });
    }
  });

  input.drugs.forEach((first, i) => {
    if (first.class === null || first.class === '' || CLASSES_NOT_DUPLICATED.has(first.class)) return;
    for (let j = i + 1; j < input.drugs.length; j++) {
      const second = input.drugs[j]!;
      if (second.class !== first.class) continue;
      const eye = sharedEye(first.eye, second.eye);
      if (eye !== null) warnings.push({ code: 'sameClass', medications: [i, j], class: first.class, eye });
    }
  });

  if (!input.visitHasIop) {
    input.drugs.forEach((drug, medication) => {
      if (drug.class === 'steroid' && drug.totalDays !== null && drug.totalDays > STEROID_DAYS_WITHOUT_IOP)
        warnings.push({ code: 'steroidWithoutIop', medication, totalDays: drug.totalDays });
    });
  }
  return warnings;
}
