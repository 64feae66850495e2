import { z } from 'zod';
import {
  patientAllergyInputSchema,
  patientAllergySchema,
  patientConditionsSchema,
} from '../prescribing/prescribing.schemas.ts';
import {
  dataOf,
  idSchema,
  idTextSchema,
  isoDateSchema,
  pageMetaSchema,
  pageQuerySchema,
  queryIntSchema,
  versionSchema,
} from '../common/api.schemas.ts';
import { countrySchema, DEFAULT_COUNTRY_ID } from '../countries/countries.schemas.ts';
import { parsePhone } from './phone.ts';

/** Typeahead: starts at 2 characters, answers 10 (spec sections 5 and 9). */
export const TYPEAHEAD_MIN_LENGTH = 2;
export const TYPEAHEAD_LIMIT = 10;
export const PATIENTS_PER_PAGE = 25;
/**
 * Filter totals are counted up to this many; past it `meta.totalIsLowerBound` is true ("more than 1,000"). Counting
 * further cost every list page at 1M patients more than its 25-ms budget (bench/patient-search), for a number
 * no one pages through: 40 pages.
 */
export const PATIENT_COUNT_CAP = 1_000;

export const isMaleSchema = z.union([z.literal(0), z.literal(1)], { error: 'isMale.invalid' });

/** Optional text: blank is stored as null. */
const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field}.max`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A patient's alerts, shown in red wherever the patient is, and what a prescription is checked against
 * (docs/prescribing.md): allergies as data (a substance or class of the formulary, or words matched to one; a
 * reaction and a severity), systemic conditions from a fixed list (conditions.ts), and free text.
 */
export const patientAlertsSchema = z.object({
  allergies: z.array(patientAllergyInputSchema, 'value.invalid').max(20, 'value.max').default([]),
  conditions: patientConditionsSchema.default([]),
  other: optionalText('alerts.other', 500).default(null),
});
/** Alerts as answered (the request form above normalises blanks; answers carry no transforms). */
export const patientAlertsViewSchema = z.object({
  allergies: z.array(patientAllergySchema),
  conditions: z.array(z.string()),
  other: z.string().nullable(),
});
export type PatientAlerts = z.infer<typeof patientAlertsViewSchema>;
export type PatientAlertsInput = z.input<typeof patientAlertsSchema>;

export const referralSources = [
  'self',
  'doctor',
  'optician',
  'hospital',
  'relative',
  'online',
  'other',
] as const;

const patientFields = {
  name: z.string().trim().min(1, 'name.required').min(3, 'name.min').max(200, 'name.max'),
  /** As typed for the chosen country (national or international, spaces allowed); stored in E.164. */
  phone: z.string().trim().min(1, 'phone.required').max(40, 'phone.max'),
  countryId: idSchema.default(DEFAULT_COUNTRY_ID),
  /** YYYY-MM-DD, not in the future. Absent with no `age`: today (the spec's default). */
  birthDate: isoDateSchema('birthDate').optional(),
  /** Years, instead of a birth date: stored as an approximate birth date, marked so. */
  age: z.number().int('age.invalid').min(0, 'age.min').max(130, 'age.max').optional(),
  isMale: isMaleSchema.default(1),
  phone2: optionalText('phone2', 40),
  nationalId: optionalText('nationalId', 40),
  address: optionalText('address', 300),
  occupation: optionalText('occupation', 120),
  referralSource: optionalText('referralSource', 120),
  guardianName: optionalText('guardianName', 200),
  guardianPhone: optionalText('guardianPhone', 40),
  alerts: patientAlertsSchema.default({ allergies: [], conditions: [], other: null }),
  notes: optionalText('notes', 10_000),
};

/** The latest calendar date anywhere on earth (UTC+14): a birth date after it is surely in the future. */
export function latestTodayOnEarth(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Lookup of a country's ISO alpha-2 code (its `prefix`) by id; undefined for an unknown id. */
export type CountryIsoLookup = (countryId: number) => string | undefined;

interface PhoneRuleInput {
  countryId?: number | undefined;
  phone?: string | undefined;
  phone2?: string | null | undefined;
  guardianPhone?: string | null | undefined;
  birthDate?: string | undefined;
  age?: number | undefined;
}

/**
 * Checks that need the country list, run even when other fields failed (so one 422 lists every field):
 * values are read defensively because the object may hold anything at that point.
 */
function crossFieldRules(isoOf: CountryIsoLookup) {
  return (input: PhoneRuleInput, ctx: z.RefinementCtx) => {
    const v = input as Record<string, unknown>;
    const countryId = typeof v.countryId === 'number' ? v.countryId : undefined;
    const iso = countryId === undefined ? undefined : isoOf(countryId);
    if (countryId !== undefined && !iso)
      ctx.addIssue({ code: 'custom', path: ['countryId'], message: 'countryId.unknown' });
    for (const field of ['phone', 'phone2', 'guardianPhone'] as const) {
      const value = v[field];
      if (typeof value === 'string' && value.trim() && iso && !parsePhone(value, iso))
        ctx.addIssue({ code: 'custom', path: [field], message: `${field}.invalid` });
    }
    const birthDate = typeof v.birthDate === 'string' ? v.birthDate : undefined;
    if (birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate) && birthDate > latestTodayOnEarth())
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'birthDate.future' });
    if (birthDate && v.age !== undefined)
      ctx.addIssue({ code: 'custom', path: ['age'], message: 'age.with_birth_date' });
  };
}

/** Run the cross-field rules whenever the body is an object at all. */
const always = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

const patientCreateBase = z.object(patientFields);

/** `POST /api/mo/patient`. Build it with the country list so a phone is checked against its country. */
export function patientCreateSchema(isoOf: CountryIsoLookup) {
  return patientCreateBase.superRefine(crossFieldRules(isoOf), always);
}
export type PatientCreate = z.output<typeof patientCreateBase>;
export type PatientCreateInput = z.input<typeof patientCreateBase>;

/**
 * `POST /api/mo/patient/{id}`: any subset of the fields (absent: unchanged, null: cleared) and the `version`
 * that was read. A phone sent without `countryId` is checked against the stored country.
 */
const patientUpdateBase = z.object({
  name: patientFields.name.optional(),
  phone: patientFields.phone.optional(),
  countryId: idSchema.optional(),
  birthDate: patientFields.birthDate,
  age: patientFields.age,
  isMale: isMaleSchema.optional(),
  phone2: patientFields.phone2,
  nationalId: patientFields.nationalId,
  address: patientFields.address,
  occupation: patientFields.occupation,
  referralSource: patientFields.referralSource,
  guardianName: patientFields.guardianName,
  guardianPhone: patientFields.guardianPhone,
  alerts: patientAlertsSchema.optional(),
  notes: patientFields.notes,
  version: versionSchema,
});
export function patientUpdateSchema(isoOf: CountryIsoLookup) {
  return patientUpdateBase.superRefine(crossFieldRules(isoOf), always);
}
export type PatientUpdate = z.output<typeof patientUpdateBase>;

export const patientSchema = z.object({
  id: z.number().int(),
  /** Sequential per organization, shown everywhere. */
  fileNumber: z.number().int(),
  name: z.string(),
  countryId: z.number().int(),
  country: countrySchema,
  /** E.164 */
  phone: z.string(),
  phone2: z.string().nullable(),
  birthDate: z.string(),
  birthDateApproximate: z.boolean(),
  /** Whole years on the organization's today. */
  age: z.number().int(),
  isMale: isMaleSchema,
  nationalId: z.string().nullable(),
  address: z.string().nullable(),
  occupation: z.string().nullable(),
  referralSource: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  alerts: patientAlertsViewSchema,
  /** True when any alert is set: the board shows them in red. */
  hasAlerts: z.boolean(),
  notes: z.string().nullable(),
  lastQueueAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** Set on a record merged into another (soft-deleted). */
  mergedIntoId: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

/** The light form of a patient: typeahead rows, queue lists, duplicate candidates. */
export const patientSummarySchema = z.object({
  id: z.number().int(),
  fileNumber: z.number().int(),
  name: z.string(),
  phone: z.string(),
  birthDate: z.string(),
  age: z.number().int(),
  isMale: isMaleSchema,
  hasAlerts: z.boolean(),
  lastQueueAt: z.string().nullable(),
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;

export const patientResponseSchema = dataOf(patientSchema);

/** `GET /api/mo/patient?search=`: the typeahead. */
export const patientTypeaheadQuerySchema = z.object({ search: z.string().trim().max(200).optional() });
export const patientTypeaheadSchema = dataOf(z.array(patientSummarySchema));

export const patientSorts = ['relevance', 'name', 'fileNumber', 'lastVisit', 'newest'] as const;
export type PatientSort = (typeof patientSorts)[number];

const queryBool = z.enum(['0', '1']).transform((v) => (v === '1' ? 1 : 0));
const queryAge = queryIntSchema(0, 150, 'age');

/** `GET /api/mo/patient/filter?page=`: search text, sex, age range, last-visit range, sort. */
export const patientFilterQuerySchema = pageQuerySchema
  .extend({
    isMale: queryBool.optional(),
    ageFrom: queryAge.optional(),
    ageTo: queryAge.optional(),
    lastVisitFrom: isoDateSchema('lastVisitFrom').optional(),
    lastVisitTo: isoDateSchema('lastVisitTo').optional(),
    /** Default: `relevance` with search text, `newest` without. */
    sort: z.enum(patientSorts).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.ageFrom !== undefined && v.ageTo !== undefined && v.ageFrom > v.ageTo)
      ctx.addIssue({ code: 'custom', path: ['ageTo'], message: 'ageTo.before_from' });
    if (v.lastVisitFrom && v.lastVisitTo && v.lastVisitFrom > v.lastVisitTo)
      ctx.addIssue({ code: 'custom', path: ['lastVisitTo'], message: 'lastVisitTo.before_from' });
  });
export type PatientFilterQuery = z.output<typeof patientFilterQuerySchema>;

export const patientPageSchema = z.object({
  data: z.array(patientSchema),
  meta: pageMetaSchema.extend({
    /** Matches are counted up to PATIENT_COUNT_CAP: true means "at least `total`". */
    totalIsLowerBound: z.boolean(),
    /**
     * Present when some rows of this page match only with misspelt words corrected: the corrected search
     * (normalised). The screen says these are near names, so an empty-looking search does not puzzle.
     */
    nearMatchesOf: z.string().optional(),
  }),
});

/** `GET /api/mo/patient/duplicates`: the check the form makes before saving (it never blocks saving). */
export const duplicateQuerySchema = z.object({
  name: z.string().trim().max(200).optional(),
  phone: z.string().trim().max(40).optional(),
  countryId: idTextSchema.default(DEFAULT_COUNTRY_ID),
  birthDate: isoDateSchema('birthDate').optional(),
  /** `1` when `birthDate` stands for an age typed in the form: then a year either side also matches. */
  birthDateApproximate: queryBool.optional(),
  /** The record being edited, left out of its own candidates. */
  excludeId: idTextSchema.optional(),
});
export const duplicateReasons = ['name_birth_date', 'phone'] as const;
export const duplicateCandidatesSchema = dataOf(
  z.array(patientSummarySchema.extend({ reasons: z.array(z.enum(duplicateReasons)) })),
);

/** `POST /api/mo/patient/merge` (Administrator): `mergedId`'s visits, documents and exams move to `survivorId`. */
export const patientMergeSchema = z
  .object({ survivorId: idSchema, mergedId: idSchema })
  .refine((v) => v.survivorId !== v.mergedId, { path: ['mergedId'], message: 'mergedId.same_as_survivor' });
export type PatientMerge = z.infer<typeof patientMergeSchema>;

export const patientMergeResultSchema = dataOf(
  z.object({
    survivor: patientSchema,
    moved: z.object({ visits: z.number().int(), documents: z.number().int(), exams: z.number().int() }),
  }),
);

export const patientIdParamsSchema = z.object({ patientId: idTextSchema });

// ---- Documents -------------------------------------------------------------------------------------------

export const DOCUMENT_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
/** Accepted by their content (magic bytes), never by name or declared type. */
export const documentContentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const documentCategories = [
  'general',
  'referral',
  'biometry',
  'oct',
  'visual_field',
  'photo',
  'consent',
  'other',
] as const;

export const patientDocumentSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  queueId: z.number().int().nullable(),
  category: z.enum(documentCategories),
  /** The name it was uploaded with (display only; stored under a server-made name). */
  fileName: z.string(),
  contentType: z.enum(documentContentTypes),
  size: z.number().int(),
  uploadedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PatientDocument = z.infer<typeof patientDocumentSchema>;

/** Multipart form fields sent with the file (`file`). */
export const documentUploadFieldsSchema = z.object({
  category: z.enum(documentCategories, { error: 'category.invalid' }).default('general'),
  queueId: idTextSchema.optional(),
});

export const patientDocumentResponseSchema = dataOf(patientDocumentSchema);
export const patientDocumentListSchema = dataOf(z.array(patientDocumentSchema));
