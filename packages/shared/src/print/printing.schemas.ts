import { z } from 'zod';
import { dataOf, idSchema, idTextSchema, pageNumberSchema, pageOf } from '../common/api.schemas.ts';
import { EXAM_PERMISSIONS, EXAM_TYPES, readersOf } from '../exams/exam-types.ts';
import { holds, type AllOf, type PermissionName } from '../permissions/permissions.ts';
import { isMaleSchema } from '../patients/patients.schemas.ts';
import { patientAllergySchema } from '../prescribing/prescribing.schemas.ts';
import { queueTicketSchema, userRefSchema } from '../queue/queue.schemas.ts';
import { PAPER_SIZES, printSettingSchema } from './print-settings.schemas.ts';

/**
 * What can be printed: a report of any exam record (the spectacle prescription is the spectacles one), the
 * queue ticket, and a letter (shared/letters). Web routes `/print/<kind>/:id`; each kind is behind its print
 * permission.
 */
export const PRINT_KINDS = [...EXAM_TYPES, 'queue', 'letter'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

export function isPrintKind(kind: string): kind is PrintKind {
  return (PRINT_KINDS as readonly string[]).includes(kind);
}

/** The spec reuses `print squint` for printing a queue entry (its ticket). */
export const QUEUE_PRINT_PERMISSIONS: readonly PermissionName[] = ['print squint'];

/** A letter is printed with the consultation's print permission (shared/letters LETTER_PERMISSIONS.print). */
export const LETTER_PRINT_PERMISSIONS: readonly PermissionName[] = ['print consultation'];

export function printPermissionsOf(kind: PrintKind): readonly PermissionName[] {
  if (kind === 'queue') return QUEUE_PRINT_PERMISSIONS;
  if (kind === 'letter') return LETTER_PRINT_PERMISSIONS;
  return EXAM_PERMISSIONS[kind].print;
}

/** Who may read what a print shows: the queue entry's readers, the consultation's (a letter), the record's. */
export function readPermissionsOf(kind: PrintKind): readonly PermissionName[] {
  if (kind === 'queue') return QUEUE_READ_PERMISSIONS;
  if (kind === 'letter') return readersOf(EXAM_PERMISSIONS.consultation);
  return readersOf(EXAM_PERMISSIONS[kind]);
}

/** `GET /api/mo/queue/{id}`'s readers: the ticket shows the entry. */
export const QUEUE_READ_PERMISSIONS: readonly PermissionName[] = ['show queues', 'edit queue'];

/** Printing a kind: the right to print it and the right to read what the paper shows. */
export function printRequirementOf(kind: PrintKind): AllOf {
  return { allOf: [printPermissionsOf(kind), readPermissionsOf(kind)] };
}

/** The kinds whose prints the caller may see in the print log: those it may print and read. */
export function printableKinds(held: readonly string[]): PrintKind[] {
  return PRINT_KINDS.filter((kind) => holds(held, printRequirementOf(kind)));
}

/** Whoever may print something: the print log's readers (each entry then only of the kinds they may print). */
export const ANY_PRINT: readonly PermissionName[] = [...new Set(PRINT_KINDS.flatMap(printPermissionsOf))];

/** Paper a print was made on: the settings' sizes, and an 80 mm receipt roll for the ticket. */
export const PRINT_PAPERS = [...PAPER_SIZES, '80mm'] as const;
export type PrintPaper = (typeof PRINT_PAPERS)[number];

/** The patient as a printout names them. */
export const printPatientSchema = z.object({
  id: z.number().int(),
  fileNumber: z.number().int(),
  name: z.string(),
  birthDate: z.string(),
  birthDateApproximate: z.boolean(),
  age: z.number().int(),
  isMale: isMaleSchema,
  /** The patient's allergies now (the alerts' data): the prescription prints them, "none recorded" included. */
  allergies: z.array(patientAllergySchema),
});
export type PrintPatient = z.infer<typeof printPatientSchema>;

/**
 * Who recorded what is printed (an exam record's or a letter's author), and whether they are a doctor: the sheet is
 * signed in their block, the specialist's for a doctor, the optometrist's otherwise. Null when the record names
 * nobody (its author deleted, a record older than authors): the print setting's names sign it then.
 */
export const printRecorderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isDoctor: z.boolean(),
});
export type PrintRecorder = z.infer<typeof printRecorderSchema>;

export const printFrameSchema = z.object({
  organization: z.object({ name: z.string(), timeZone: z.string() }),
  /** The organization's default print setting; null when it has none (the page prints without a header). */
  setting: printSettingSchema.nullable(),
});
export type PrintFrameData = z.infer<typeof printFrameSchema>;

/** `GET /api/mo/print/{type}/{id}?printId=`: one exam record with what its printout needs. */
export function examPrintSchema<R extends z.ZodType>(record: R) {
  return dataOf(
    printFrameSchema.extend({
      type: z.enum(EXAM_TYPES),
      record,
      patient: printPatientSchema,
      recordedBy: printRecorderSchema.nullable(),
      /** Set when this is a reprint: the record as it was printed then. */
      reprintOf: z.object({ id: z.number().int(), printedAt: z.string() }).nullable(),
    }),
  );
}

export const examPrintQuerySchema = z.object({ printId: idTextSchema.optional() });

/**
 * `POST /api/mo/print/log`: the browser is printing a view. `version` is the record's version on the page; a
 * record changed since then answers 409 (the paper would not be what the log says). `printId` marks a reprint of
 * an earlier print (its record as printed then).
 */
export const printLogCreateSchema = z.object({
  type: z.enum(PRINT_KINDS),
  id: idSchema,
  version: idSchema.optional(),
  paperSize: z.enum(PRINT_PAPERS),
  printId: idSchema.optional(),
});
export type PrintLogCreate = z.infer<typeof printLogCreateSchema>;

export const printLogEntrySchema = z.object({
  id: z.number().int(),
  type: z.enum(PRINT_KINDS),
  /** The exam record's or the queue entry's id. */
  recordId: z.number().int(),
  version: z.number().int().nullable(),
  patientId: z.number().int(),
  paperSize: z.enum(PRINT_PAPERS),
  /** The print this one reprinted, if any. */
  reprintOfId: z.number().int().nullable(),
  printedBy: userRefSchema.nullable(),
  printedAt: z.string(),
  /** The record's one line as printed (the exam definition's summary): `R -2.25 -0.50 × 090 · L …`. */
  summary: z.string(),
});
export type PrintLogEntry = z.infer<typeof printLogEntrySchema>;

export const printLogResponseSchema = dataOf(printLogEntrySchema);

/** `GET /api/mo/print/log?patientId=&type=&page=`: a patient's prints, newest first. */
export const printLogQuerySchema = z.object({
  patientId: idTextSchema,
  type: z.enum(PRINT_KINDS).optional(),
  page: pageNumberSchema,
});
export const printLogPageSchema = pageOf(printLogEntrySchema);
export const PRINT_LOG_PER_PAGE = 20;

/** `GET /api/mo/print/queue/{id}` (`print squint`): the queue ticket with its frame. */
export const queuePrintSchema = dataOf(printFrameSchema.extend({ ticket: queueTicketSchema.shape.data }));
export type QueuePrint = z.infer<typeof queuePrintSchema>['data'];
