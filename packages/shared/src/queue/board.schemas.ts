import { z } from 'zod';
import { EXAM_TYPES } from '../exams/exam-types.ts';
import { dataOf, idTextSchema, pageOf, pageQuerySchema } from '../common/api.schemas.ts';
import { patientDocumentSchema, patientSchema } from '../patients/patients.schemas.ts';
import { queueEntryDetailSchema, queueEntrySchema, userRefSchema } from './queue.schemas.ts';

/** Earlier visits on the board come a page at a time: a patient may have hundreds. */
export const BOARD_VISITS_PER_PAGE = 10;
/** Per exam type the board lists the latest records; the exam screens page through the rest. */
export const BOARD_EXAMS_PER_TYPE = 10;
export const BOARD_DOCUMENTS_LIMIT = 50;

export const boardParamsSchema = z.object({ patientId: idTextSchema, queueId: idTextSchema });

export const examRecordRefSchema = z.object({
  id: z.number().int(),
  type: z.enum(EXAM_TYPES),
  /** The type's one line (its definition's summary): what a clinician reads at a glance. */
  summary: z.string(),
  queueId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: userRefSchema.nullable(),
});
export type ExamRecordRef = z.infer<typeof examRecordRefSchema>;

export const boardExamGroupSchema = z.object({
  type: z.enum(EXAM_TYPES),
  total: z.number().int(),
  /** Latest first, at most BOARD_EXAMS_PER_TYPE; those of this visit carry its `queueId`. */
  records: z.array(examRecordRefSchema),
});

/**
 * `POST /api/mo/patient/open/board/{patientId}/{queueId}` (moves the entry to WithDoctor) and
 * `POST /api/mo/patient/open/board/show/{patientId}/{queueId}` (read-only): everything the board shows first.
 */
export const boardSchema = z.object({
  patient: patientSchema,
  visit: queueEntryDetailSchema,
  earlierVisits: pageOf(queueEntrySchema),
  exams: z.array(boardExamGroupSchema),
  documents: z.array(patientDocumentSchema),
  documentsTotal: z.number().int(),
});
export type Board = z.infer<typeof boardSchema>;
export const boardResponseSchema = dataOf(boardSchema);

/** `GET /api/mo/board/{patientId}/visits?page=`: the board's earlier visits, page by page. */
export const boardVisitsQuerySchema = pageQuerySchema.pick({ page: true }).extend({
  /** The visit the board is open on, left out of "earlier". */
  exceptQueueId: idTextSchema.optional(),
});
export const boardVisitsSchema = pageOf(queueEntrySchema);
