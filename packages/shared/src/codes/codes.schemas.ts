import { z } from 'zod';
import { dataOf, pageNumberSchema, pageOf } from '../common/api.schemas.ts';
import { DOSE_UNITS, FREQUENCY_LIMITS } from '../exams/medication-schedule.ts';
import {
  drugIngredientSchema,
  drugIngredientViewSchema,
  substanceIdSchema,
} from '../prescribing/prescribing.schemas.ts';

/**
 * The two code lists a consultation draws on (docs/code-lists.md): diagnoses (ICD-10, chapter VII and the eye codes
 * outside it) and the clinic's drug formulary. These schemas are the contract between the server (`/api/mo/code/*`),
 * the consultation record and the web pickers; their field names are fixed (stored records and clients rely on them).
 */

const whole = ({ min, max }: { min: number; max: number }) => z.number().int().min(min).max(max);

/**
 * How often a medicine is taken: n times a day, every n hours (`whileAwake: true`: only while awake), at bedtime,
 * or when needed. The consultation's frequency field (exams/fields.ts) is the same shape.
 */
export const frequencySchema = z.union([
  z.strictObject({ timesPerDay: whole(FREQUENCY_LIMITS.timesPerDay) }),
  z.strictObject({ everyHours: whole(FREQUENCY_LIMITS.everyHours), whileAwake: z.literal(true).optional() }),
  z.literal('bedtime'),
  z.literal('asNeeded'),
]);
export type Frequency = z.infer<typeof frequencySchema>;

export const DRUG_FORMS = ['drops', 'ointment', 'gel', 'tablet', 'capsule', 'injection', 'other'] as const;
export type DrugForm = (typeof DRUG_FORMS)[number];

/** Pharmacological classes the warnings compare (two of one class in one eye; a steroid past 4 weeks). */
export const DRUG_CLASSES = [
  'antibiotic',
  'steroid',
  'nsaid',
  'prostaglandinAnalogue',
  'betaBlocker',
  'alphaAgonist',
  'carbonicAnhydraseInhibitor',
  'rhoKinaseInhibitor',
  'miotic',
  'cycloplegic',
  'mydriatic',
  'lubricant',
  'antihistamine',
  'mastCellStabiliser',
  'antiviral',
  'antifungal',
  'antiVegf',
  'immunomodulator',
  'anaesthetic',
  'combination',
  'other',
] as const;
export type DrugClass = (typeof DRUG_CLASSES)[number];

/** An ICD-10 code as written (`H40.1`, `H40.11`, `E11.3`); clinic entries may use their own (`X-01`). */
export const diagnosisCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(16)
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'code.invalid');

/** `GET /api/mo/code/diagnosis?search=&page=` rows. */
export const diagnosisRowSchema = z.object({
  code: z.string(),
  titleEn: z.string(),
  titleAr: z.string(),
  /** A clinic's own entry (not in the shipped list). */
  custom: z.boolean(),
  /** Marked a favourite by the clinic: listed first when the search is empty. */
  favourite: z.boolean(),
});
export type DiagnosisRow = z.infer<typeof diagnosisRowSchema>;
export const diagnosisPageSchema = pageOf(diagnosisRowSchema);
export const diagnosisQuerySchema = z.object({
  page: pageNumberSchema,
  search: z.string().trim().max(100).optional(),
});

/**
 * `GET /api/mo/code/drug?search=` rows. `brands` are the trade names common in Iraq; `class` is the formulary's
 * group (how the options screen sorts it); what the prescription is checked by is `ingredients`: each
 * substance with its strength, a combination listing all of them. `preservative` is an excipient's substance id
 * (`benzalkonium`), `none` for a preservative-free product, or null where it does not apply or is not known.
 */
export const drugSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameAr: z.string(),
  brands: z.array(z.string()),
  /** What patients and staff call it ("artificial tears", "CMC", "دموع"): searched, never printed. */
  layNames: z.array(z.string()),
  form: z.enum(DRUG_FORMS),
  class: z.enum(DRUG_CLASSES),
  ingredients: z.array(drugIngredientViewSchema),
  preservative: z.string().nullable(),
  /** The usual dose: a number of `defaultDoseUnit` (1 drop, 1 cm, 250 mg). */
  defaultDose: z.number().nullable(),
  defaultDoseUnit: z.enum(DOSE_UNITS).nullable(),
  defaultFrequency: frequencySchema.nullable(),
});
export type Drug = z.infer<typeof drugSchema>;
export const drugListSchema = dataOf(z.array(drugSchema));
export const drugQuerySchema = z.object({ search: z.string().trim().max(100).optional() });

/** `/api/mo/code/diagnosis/{code}` (a clinic's entry, or the code to mark a favourite). */
export const diagnosisCodeParamsSchema = z.object({ code: diagnosisCodeSchema });

const titleSchema = (key: string) => z.string().trim().max(300, `${key}.max`).default('');

/** `POST /api/mo/code/diagnosis`: the clinic's own entry; at least one title (the other shows in its place). */
export const diagnosisCreateSchema = z
  .object({ code: diagnosisCodeSchema, titleEn: titleSchema('titleEn'), titleAr: titleSchema('titleAr') })
  .refine((entry) => entry.titleEn !== '' || entry.titleAr !== '', {
    path: ['titleAr'],
    message: 'title.required',
  });
export type DiagnosisCreate = z.infer<typeof diagnosisCreateSchema>;
export const diagnosisResponseSchema = dataOf(diagnosisRowSchema);

/** `POST /api/mo/code/drug` (add) and `POST /api/mo/code/drug/{id}` (replace): a drug of the formulary. */
export const drugInputSchema = z.object({
  name: z.string().trim().min(1, 'name.required').max(200, 'name.max'),
  brands: z
    .array(z.string().trim().min(1, 'brands.required').max(100, 'brands.max'))
    .max(20, 'brands.max')
    .default([]),
  nameAr: z.string().trim().max(200, 'nameAr.max').default(''),
  layNames: z
    .array(z.string().trim().min(1, 'layNames.required').max(100, 'layNames.max'))
    .max(20, 'layNames.max')
    .default([]),
  form: z.enum(DRUG_FORMS, 'form.invalid'),
  class: z.enum(DRUG_CLASSES, 'class.invalid'),
  ingredients: z.array(drugIngredientSchema).max(8, 'ingredients.max').default([]),
  preservative: z
    .union([z.literal('none'), substanceIdSchema], 'preservative.invalid')
    .nullable()
    .default(null),
  defaultDose: z
    .number('defaultDose.invalid')
    .positive('defaultDose.min')
    .max(5000, 'defaultDose.max')
    .nullable()
    .default(null),
  defaultDoseUnit: z.enum(DOSE_UNITS, 'defaultDoseUnit.invalid').nullable().default(null),
  defaultFrequency: frequencySchema.nullable().default(null),
});
export type DrugInput = z.infer<typeof drugInputSchema>;
export const drugResponseSchema = dataOf(drugSchema);
