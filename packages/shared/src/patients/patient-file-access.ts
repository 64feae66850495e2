import { READ_EXAMS } from '../exams/exam-types.ts';
import { READ_PATIENTS, READ_QUEUE, type PermissionName } from '../permissions/permissions.ts';

/**
 * Who may open a patient's file: whoever meets the patient somewhere (the patient list, the queue, the bell, a
 * board, an exam screen). Its exam sections are narrower: the types the caller may read. Kept apart from the
 * file's schemas so the route table loads it without zod.
 */
export const READ_PATIENT_FILE: readonly PermissionName[] = [
  ...new Set([...READ_PATIENTS, ...READ_QUEUE, ...READ_EXAMS]),
];
