import { z } from 'zod';
import { dataOf, pageOf } from '../common/api.schemas.ts';
import { examSchemas } from '../exams/exam-definition.ts';
import type { ValuesOf } from '../exams/fields.ts';
import { spectacles } from '../exams/spectacles.ts';
import { boardExamGroupSchema } from '../queue/board.schemas.ts';
import { queueEntrySchema } from '../queue/queue.schemas.ts';
import { patientTrendsSchema } from '../trends/trends.schemas.ts';
import { patientDocumentSchema, patientSchema } from './patients.schemas.ts';

/** The file's visit history comes a page at a time (`GET /api/mo/patient/{id}/visits?page=`). */
export const PATIENT_FILE_VISITS_PER_PAGE = 10;
/** Open visits are today's and the booked ones: a handful; more would be a data problem, not a file to read. */
export const PATIENT_FILE_OPEN_LIMIT = 10;

const spectaclesRecordSchema = examSchemas(spectacles).record;

/**
 * `GET /api/mo/patient/{id}/file`: the patient's file, read without a queue entry and without changing any
 * status. Exam sections are those the caller may read; `lastRx` is the latest spectacles record with a reading
 * marked final (null when none, or when the caller may not read spectacles).
 */
export const patientFileSchema = z.object({
  patient: patientSchema,
  /** Waiting or WithDoctor, soonest first: the visit of today, and visits booked for later days. */
  openVisits: z.array(queueEntrySchema),
  /** Every visit, newest first, page 1 (the rest from the visits call). */
  visits: pageOf(queueEntrySchema),
  exams: z.array(boardExamGroupSchema),
  lastRx: spectaclesRecordSchema.nullable(),
  documents: z.array(patientDocumentSchema),
  documentsTotal: z.number().int(),
  /** The measures over time (as `GET /api/mo/patient/{id}/trends`), from the record types the caller may read. */
  trends: patientTrendsSchema,
});
/** The answer's record with the spectacles fields typed (the stored shape is checked by the schema above). */
export type SpectaclesRecord = z.infer<typeof spectaclesRecordSchema> & ValuesOf<typeof spectacles.fields>;
export type PatientFile = Omit<z.infer<typeof patientFileSchema>, 'lastRx'> & {
  lastRx: SpectaclesRecord | null;
};
export const patientFileResponseSchema = dataOf(patientFileSchema);
export const patientFileVisitsSchema = pageOf(queueEntrySchema);
