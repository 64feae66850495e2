import type { Drug, DrugForm, DrugInput, Frequency } from '@basira/shared/codes/codes.schemas';
import { FORM_DOSE_UNIT, type DoseUnit } from '@basira/shared/exams/medication-schedule';
import { INGREDIENTS } from '@basira/shared/prescribing/ingredients';
import type { STRENGTH_UNITS } from '@basira/shared/prescribing/prescribing.schemas';

/**
 * The drug form's values as the options screen holds them (numbers as typed: '' is empty), and the body they make
 * for `drugInputSchema`. Kept apart from the modal so the round trip is tested without a browser.
 */

export type FrequencyKind = 'none' | 'timesPerDay' | 'everyHours' | 'bedtime' | 'asNeeded';
export type StrengthUnit = (typeof STRENGTH_UNITS)[number];
/** The preservative choice: an excipient's id, `none` (preservative-free) or `unknown` (null in the body). */
export type PreservativeChoice = string;
export const PRESERVATIVE_UNKNOWN = 'unknown';

/** The excipients a preservative may be: benzalkonium first (most bottles), then the others by name. */
export const PRESERVATIVES = INGREDIENTS.filter((i) => i.excipient).sort(
  (a, b) =>
    Number(b.id === 'benzalkonium') - Number(a.id === 'benzalkonium') || a.en.localeCompare(b.en, 'en'),
);

export interface IngredientValues {
  substance: string;
  /** As typed: '' for a strength the label does not state. */
  strength: number | string;
  unit: StrengthUnit;
}

export interface DrugFormValues {
  name: string;
  nameAr: string;
  brands: string[];
  layNames: string[];
  form: DrugForm;
  class: DrugInput['class'];
  ingredients: IngredientValues[];
  preservative: PreservativeChoice;
  defaultDose: number | string;
  defaultDoseUnit: DoseUnit | '';
  frequencyKind: FrequencyKind;
  /** n of `timesPerDay` or `everyHours`. */
  frequencyCount: number | string;
}

const kindOf = (frequency: Frequency | null): FrequencyKind =>
  frequency === null
    ? 'none'
    : typeof frequency === 'string'
      ? frequency
      : 'timesPerDay' in frequency
        ? 'timesPerDay'
        : 'everyHours';

const countOf = (frequency: Frequency | null): number =>
  frequency !== null && typeof frequency === 'object'
    ? 'timesPerDay' in frequency
      ? frequency.timesPerDay
      : frequency.everyHours
    : 1;

/** The unit a form's dose defaults to ('' where the form has none: `other`). */
export const formDoseUnit = (form: DrugForm): DoseUnit | '' => FORM_DOSE_UNIT[form] ?? '';

/** A new drug's values (`drug` null) or an existing one's. */
export function drugFormValues(drug: Drug | null): DrugFormValues {
  const form = drug?.form ?? 'drops';
  return {
    name: drug?.name ?? '',
    nameAr: drug?.nameAr ?? '',
    brands: drug?.brands ?? [],
    layNames: drug?.layNames ?? [],
    form,
    class: drug?.class ?? 'other',
    ingredients: (drug?.ingredients ?? []).map((i) => ({
      substance: i.substance,
      strength: i.strength ?? '',
      unit: i.unit ?? '%',
    })),
    preservative: drug?.preservative ?? PRESERVATIVE_UNKNOWN,
    defaultDose: drug?.defaultDose ?? '',
    defaultDoseUnit: drug?.defaultDoseUnit ?? formDoseUnit(form),
    frequencyKind: kindOf(drug?.defaultFrequency ?? null),
    frequencyCount: countOf(drug?.defaultFrequency ?? null),
  };
}

/** A number as typed: '' is none; anything else is sent as it reads, and the schema judges it. */
const numberOrNull = (value: number | string): number | null =>
  typeof value === 'number' ? value : value.trim() === '' ? null : Number(value);

function frequencyOf(values: DrugFormValues): Frequency | null {
  const count = numberOrNull(values.frequencyCount) ?? 1;
  switch (values.frequencyKind) {
    case 'none':
      return null;
    case 'timesPerDay':
      return { timesPerDay: count };
    case 'everyHours':
      return { everyHours: count };
    default:
      return values.frequencyKind;
  }
}

/** The request body (`drugInputSchema`'s input; the schema trims and drops blanks). */
export function drugBody(values: DrugFormValues) {
  const dose = numberOrNull(values.defaultDose);
  return {
    name: values.name,
    nameAr: values.nameAr,
    brands: values.brands.map((brand) => brand.trim()).filter(Boolean),
    layNames: values.layNames.map((name) => name.trim()).filter(Boolean),
    form: values.form,
    class: values.class,
    ingredients: values.ingredients.map((i) => {
      const strength = numberOrNull(i.strength);
      return { substance: i.substance, strength, unit: strength === null ? null : i.unit };
    }),
    preservative: values.preservative === PRESERVATIVE_UNKNOWN ? null : values.preservative,
    defaultDose: dose,
    defaultDoseUnit: dose === null || values.defaultDoseUnit === '' ? null : values.defaultDoseUnit,
    defaultFrequency: frequencyOf(values),
  };
}

/**
 * A new form: the dose unit follows it while it is still the old form's default (drops' `drop` becomes an
 * ointment's `cm`); a unit the user chose stays.
 */
export function withForm(values: DrugFormValues, form: DrugForm): Partial<DrugFormValues> {
  return values.defaultDoseUnit === '' || values.defaultDoseUnit === formDoseUnit(values.form)
    ? { form, defaultDoseUnit: formDoseUnit(form) }
    : { form };
}
