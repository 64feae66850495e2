import { z } from 'zod';
import { dataOf } from '../common/api.schemas.ts';
import { RECORDABLE_CONDITIONS } from './conditions.ts';
import { SEVERITIES } from './prescribing-rules.ts';
import { isSubstance } from './substances.ts';

/**
 * The contracts of prescribing (docs/prescribing.md): a patient's allergies and conditions as data, a drug's
 * ingredients, a prescription's warnings, and the substance picker.
 */

export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe'] as const;
/** What happened, in words the two languages translate (never free text that lands untranslated). */
export const ALLERGY_REACTIONS = [
  'rash',
  'itching',
  'swelling',
  'redEye',
  'breathing',
  'anaphylaxis',
  'other',
] as const;

export const substanceIdSchema = z
  .string('substance.invalid')
  .max(60, 'substance.invalid')
  .refine(isSubstance, 'substance.unknown');

/**
 * One allergy as the patient's form sends it: a substance picked from the formulary's ingredients and classes, or
 * the words as the patient says them (matched to substances by the server; shown "not checked" until they are).
 */
export const patientAllergyInputSchema = z
  .object({
    substance: substanceIdSchema.nullable().default(null),
    text: z
      .string('value.invalid')
      .trim()
      .max(200, 'value.too_long')
      .nullish()
      .transform((v) => (v ? v : null)),
    reaction: z.enum(ALLERGY_REACTIONS, 'value.invalid').nullable().default(null),
    severity: z.enum(ALLERGY_SEVERITIES, 'value.invalid').nullable().default(null),
  })
  .refine((a) => a.substance !== null || a.text !== null, { path: ['text'], message: 'value.required' });
export type PatientAllergyInput = z.input<typeof patientAllergyInputSchema>;

/**
 * An allergy as stored and answered: with the substances it was read as (`matched`; empty: not checked). Answers
 * also name the picked substance in both languages (`name`), so that screens need not load the formulary's names.
 */
export const patientAllergySchema = z.object({
  substance: z.string().nullable(),
  name: z.object({ en: z.string(), ar: z.string() }).nullable().optional(),
  text: z.string().nullable(),
  reaction: z.enum(ALLERGY_REACTIONS).nullable(),
  severity: z.enum(ALLERGY_SEVERITIES).nullable(),
  matched: z.array(z.string()),
});
export type PatientAllergy = z.infer<typeof patientAllergySchema>;

export const conditionIdSchema = z.enum(RECORDABLE_CONDITIONS as [string, ...string[]], 'value.invalid');
export const patientConditionsSchema = z
  .array(conditionIdSchema)
  .max(RECORDABLE_CONDITIONS.length, 'value.invalid')
  .transform((ids) => [...new Set(ids)]);

/** A drug's ingredient in the formulary: the substance, and its strength where the product states one. */
export const STRENGTH_UNITS = ['%', 'mg', 'mg/ml'] as const;
export const drugIngredientSchema = z.object({
  substance: substanceIdSchema,
  strength: z
    .number('value.invalid')
    .positive('value.min')
    .max(100_000, 'value.max')
    .nullable()
    .default(null),
  unit: z.enum(STRENGTH_UNITS, 'value.invalid').nullable().default(null),
});
export const drugIngredientViewSchema = z.object({
  substance: z.string(),
  strength: z.number().nullable(),
  unit: z.enum(STRENGTH_UNITS).nullable(),
});

/** A warning as stored with a consultation (`derived.warnings`); older records' warnings have no severity. */
export const prescriptionWarningSchema = z.object({
  code: z.string(),
  severity: z.enum(SEVERITIES).optional(),
  medication: z.number().int().optional(),
  medications: z.array(z.number().int()).optional(),
  allergy: z.string().optional(),
  allergySubstance: z.string().optional(),
  substance: z.string().optional(),
  condition: z.string().optional(),
  class: z.string().optional(),
  eye: z.string().optional(),
  totalDays: z.number().optional(),
  ageMonths: z.number().optional(),
  lastIopDay: z.string().nullable().optional(),
});

/** `GET /api/mo/code/substance?search=` rows: what an allergy may be recorded against. */
export const substanceRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['ingredient', 'class', 'excipient']),
  en: z.string(),
  ar: z.string(),
});
export type SubstanceRow = z.infer<typeof substanceRowSchema>;
export const substanceListSchema = dataOf(z.array(substanceRowSchema));
export const substanceQuerySchema = z.object({ search: z.string().trim().max(100).optional() });

/** `GET /api/mo/exam/{type}/context`: what the form computes its live values with (DeriveContext). */
export const prescribingContextSchema = z.object({
  allergies: z.array(
    z.object({ text: z.string(), picked: z.string().nullable().optional(), substances: z.array(z.string()) }),
  ),
  conditions: z.array(
    z.object({
      id: z.string(),
      from: z.enum(['recorded', 'diagnosis', 'alerts']),
      code: z.string().optional(),
    }),
  ),
  ageMonths: z.number().int().nullable(),
  visitDay: z.string(),
  lastIopDay: z.string().nullable(),
  drugs: z.record(
    z.string(),
    z.object({
      name: z.string(),
      names: z.array(z.string()),
      ingredients: z.array(drugIngredientViewSchema),
    }),
  ),
});
export const deriveContextSchema = z.object({
  prescribing: prescribingContextSchema.optional(),
  diagnoses: z.record(z.string(), z.object({ titleEn: z.string(), titleAr: z.string() })).optional(),
});
export const deriveContextResponseSchema = dataOf(deriveContextSchema);
