import { z } from 'zod';
import { dataOf, idSchema, idTextSchema, versionSchema } from '../common/api.schemas.ts';
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
  'doctor.name',
  'clinic.name',
  'today',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

const MERGE_PATTERN = /\{\{\s*([A-Za-z.]+)\s*\}\}/g;

/** `&<>"'` as entities: a merge value is text, never markup (a patient named `<b>Ali</b>` prints as typed). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The template's body with every known merge field replaced by its escaped value; unknown ones stay as written. */
export function fillTemplate(body: string, values: MergeValues): string {
  return body.replace(MERGE_PATTERN, (whole, name: string) =>
    (MERGE_FIELDS as readonly string[]).includes(name) ? escapeHtml(values[name as MergeField]) : whole,
  );
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

/** A letter's body: sanitised rich text (HTML). */
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
export const letterCreateSchema = z.object({ patientId: idSchema, queueId: idSchema, templateId: idSchema });
export type LetterCreate = z.infer<typeof letterCreateSchema>;

/** `POST /api/mo/letter/{id}`. */
export const letterUpdateSchema = z.object({
  version: versionSchema,
  title: nameSchema,
  body: bodySchema,
});
export type LetterUpdate = z.infer<typeof letterUpdateSchema>;

/** `GET /api/mo/letter?patientId=`: the patient's letters, newest first. */
export const letterQuerySchema = z.object({ patientId: idTextSchema });

export const letterResponseSchema = dataOf(letterSchema);
export const letterListSchema = dataOf(z.array(letterSchema));

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
