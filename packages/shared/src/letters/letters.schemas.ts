import { z } from 'zod';
import {
  dataOf,
  idSchema,
  idTextSchema,
  pageNumberSchema,
  pageOf,
  versionSchema,
} from '../common/api.schemas.ts';
import type { PermissionName } from '../permissions/permissions.ts';
import {
  LETTER_PRINT_PERMISSIONS,
  printFrameSchema,
  printPatientSchema,
  printRecorderSchema,
} from '../print/printing.schemas.ts';

/**
 * Letters a doctor prints from the board (a medical report, a referral, a sick-leave certificate, a
 * fitness-to-drive vision report): the organization's templates, edited on the print-settings screen, and the
 * letters made from them for one visit, with the merge fields filled in, then edited and printed.
 */
export const LETTER_KINDS = ['report', 'referral', 'sickLeave', 'driving'] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];

export const LETTER_LANGUAGES = ['ar', 'en'] as const;
export type LetterLanguage = (typeof LETTER_LANGUAGES)[number];

/** The merge fields a template may hold, as written in it: `{{patient.name}}`. */
export const MERGE_FIELDS = [
  'patient.name',
  'patient.age',
  'patient.fileNumber',
  'patient.sex',
  'visit.date',
  'diagnoses',
  'lastRx',
  'referral.to',
  'referral.reason',
  'sickLeave.days',
  'va.date',
  'va.uncorrected.right',
  'va.uncorrected.left',
  'va.uncorrected.both',
  'va.corrected.right',
  'va.corrected.left',
  'va.corrected.both',
  'colourVision',
  'visualField',
  'driving.ageWarning',
  'doctor.name',
  'clinic.name',
  'today',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

/**
 * The youngest age a driving licence is issued at in Iraq: the applicant must have completed 18 years (Iraqi
 * Traffic Law No. 8 of 2019, the licence's conditions, as Law No. 86 of 2004 before it). A fitness-to-drive
 * report for someone younger carries a warning line (`{{driving.ageWarning}}`).
 */
export const DRIVING_LICENCE_AGE = 18;

/**
 * What a template holds besides its text:
 * - `{{name}}`: a merge field (MERGE_FIELDS); a name not in the list stays as written, so a typo shows.
 * - `{{masculine|feminine}}`: the word for the patient's sex, `{{المريض|المريضة}}`, `{{راجع|راجعت}}`,
 *   `{{he|she}}`; either side may be empty (`المريض{{|ة}}`). Written once, the letter reads right for both.
 * A paragraph left empty once filled (all its text was merge fields with no value, as the age warning of an
 * adult) is dropped rather than printed as a blank line.
 */
const TOKEN = /\{\{\s*([A-Za-z.]+)\s*\}\}|\{\{([^{}|<>]*)\|([^{}|<>]*)\}\}/g;
const PARAGRAPH_OR_TOKEN = new RegExp(String.raw`<p\b[^>]*>[\s\S]*?</p>|${TOKEN.source}`, 'g');

const isMergeField = (name: string): name is MergeField => (MERGE_FIELDS as readonly string[]).includes(name);

/** Whether a template's body uses a merge field (the board asks for the sick leave's days only when it does). */
export function usesMergeField(body: string, field: MergeField): boolean {
  return [...body.matchAll(TOKEN)].some((match) => match[1] === field);
}

/** `&<>"'` as entities: a merge value is text, never markup (a patient named `<b>Ali</b>` prints as typed). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Text of a paragraph's HTML, for the emptiness test: tags, no-break spaces and white space are nothing. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, '')
    .trim();

/**
 * The template's body filled for one patient: every known merge field replaced by its escaped value, every
 * `{{masculine|feminine}}` by the side of the patient's sex (template text, already the editor's HTML), in one
 * pass, so a value that looks like a field (a patient named `{{today}}`) is never filled again.
 */
export function fillTemplate(body: string, values: MergeValues, isMale: boolean): string {
  const token = (whole: string, name?: string, masculine?: string, feminine?: string): string => {
    if (name !== undefined) return isMergeField(name) ? escapeHtml(values[name]) : whole;
    return ((isMale ? masculine : feminine) ?? '').trim();
  };
  return body.replace(PARAGRAPH_OR_TOKEN, (whole, name?: string, masculine?: string, feminine?: string) => {
    if (!whole.startsWith('<p')) return token(whole, name, masculine, feminine);
    let merged = false;
    const filled = whole.replace(TOKEN, (inner, n?: string, m?: string, f?: string) => {
      if (n !== undefined && isMergeField(n)) merged = true;
      return token(inner, n, m, f);
    });
    return merged && textOf(filled) === '' ? '' : filled;
  });
}

/** Templates: read by their editors and by whoever makes letters; written by the print settings' editors. */
export const LETTER_TEMPLATE_WRITE: PermissionName = 'print setting';
/** Letters belong to the consultation: made, edited, read and printed with its permissions. */
export const LETTER_PERMISSIONS = {
  add: ['add consultation'],
  edit: ['edit consultation'],
  show: ['show consultation', 'add consultation', 'edit consultation'],
  print: LETTER_PRINT_PERMISSIONS,
} as const satisfies Record<string, readonly PermissionName[]>;
export const LETTER_TEMPLATE_READ: readonly PermissionName[] = [
  LETTER_TEMPLATE_WRITE,
  ...LETTER_PERMISSIONS.add,
  ...LETTER_PERMISSIONS.edit,
];

/**
 * A letter's or a template's body: rich text (HTML) with text formatting only. The server measures the body it
 * stores, after sanitising (escaping makes a `<` four characters); a request's body is held to the same length
 * before, so the sanitiser never reads more.
 */
export const LETTER_BODY_MAX = 50_000;
const bodySchema = z.string().max(LETTER_BODY_MAX, 'value.too_long');
const nameSchema = z.string().trim().min(1, 'name.required').max(150, 'value.too_long');

export const letterTemplateSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LETTER_KINDS),
  language: z.enum(LETTER_LANGUAGES),
  name: z.string(),
  body: z.string(),
  isActive: z.boolean(),
  version: z.number().int(),
});
export type LetterTemplate = z.infer<typeof letterTemplateSchema>;

/** `POST /api/mo/letter-template`. */
export const letterTemplateCreateSchema = z.object({
  kind: z.enum(LETTER_KINDS),
  language: z.enum(LETTER_LANGUAGES),
  name: nameSchema,
  body: bodySchema,
  isActive: z.boolean().default(true),
});
export type LetterTemplateCreate = z.input<typeof letterTemplateCreateSchema>;

/** `POST /api/mo/letter-template/{id}`: the version read, and the fields that change. */
export const letterTemplateUpdateSchema = z.object({
  version: versionSchema,
  kind: z.enum(LETTER_KINDS).optional(),
  language: z.enum(LETTER_LANGUAGES).optional(),
  name: nameSchema.optional(),
  body: bodySchema.optional(),
  isActive: z.boolean().optional(),
});
export type LetterTemplateUpdate = z.input<typeof letterTemplateUpdateSchema>;

export const letterTemplateListSchema = dataOf(z.array(letterTemplateSchema));
export const letterTemplateResponseSchema = dataOf(letterTemplateSchema);

export const letterSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  queueId: z.number().int().nullable(),
  templateId: z.number().int().nullable(),
  kind: z.enum(LETTER_KINDS),
  language: z.enum(LETTER_LANGUAGES),
  title: z.string(),
  /** Sanitised rich text (HTML). */
  body: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Letter = z.infer<typeof letterSchema>;

/** `POST /api/mo/letter`: a letter of this visit from a template. */
export const SICK_LEAVE_MAX_DAYS = 365;
export const letterCreateSchema = z.object({
  patientId: idSchema,
  queueId: idSchema,
  templateId: idSchema,
  /** The sick leave's days (`{{sickLeave.days}}`, worded `٣ أيام`, `١٤ يومًا`): required by a template using it. */
  days: z
    .number()
    .int('days.invalid')
    .min(1, 'days.invalid')
    .max(SICK_LEAVE_MAX_DAYS, 'days.invalid')
    .optional(),
});
export type LetterCreate = z.infer<typeof letterCreateSchema>;

/** `POST /api/mo/letter/{id}`. */
export const letterUpdateSchema = z.object({
  version: versionSchema,
  title: nameSchema,
  body: bodySchema,
});
export type LetterUpdate = z.infer<typeof letterUpdateSchema>;

/** `GET /api/mo/letter?patientId=&page=`: the patient's letters, newest first, a page at a time. */
export const LETTERS_PER_PAGE = 10;
export const letterQuerySchema = z.object({ patientId: idTextSchema, page: pageNumberSchema });

export const letterResponseSchema = dataOf(letterSchema);
export const letterListSchema = pageOf(letterSchema);

/** `GET /api/mo/print/letter/{id}?printId=`: the letter with its frame (as an earlier print gave it, with printId). */
export const letterPrintSchema = dataOf(
  printFrameSchema.extend({
    letter: letterSchema,
    patient: printPatientSchema,
    recordedBy: printRecorderSchema.nullable(),
    reprintOf: z.object({ id: z.number().int(), printedAt: z.string() }).nullable(),
  }),
);
export type LetterPrint = z.infer<typeof letterPrintSchema>['data'];
