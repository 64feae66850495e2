import { z } from 'zod';
import { READ_EXAMS } from '../exams/exam-types.ts';
import { holdsAny, READ_PATIENTS, READ_QUEUE, type PermissionName } from '../permissions/permissions.ts';
import { queueStatusSchema } from '../queue/queue.schemas.ts';

/**
 * Live updates: `GET /api/events` (Server-Sent Events). The browser's EventSource cannot set headers, so the
 * stream also takes the token as `?token=` (and the organization as `?org=`); it counts as background activity.
 * Every event is org-scoped; a comment line `: ping` keeps the connection open about every 25 s.
 */
export const EVENTS_PATH = '/api/events';

/** Sent once when the stream is open: clients refetch what they show, since events may have been missed. */
export const READY_EVENT = 'ready';
export const QUEUE_CHANGED_EVENT = 'queue.changed';
export const PATIENT_CHANGED_EVENT = 'patient.changed';
export const EXAM_CHANGED_EVENT = 'exam.changed';
/** A notification for one user: sent to that user's streams alone (the top bar's count, the list). */
export const NOTIFICATION_CREATED_EVENT = 'notification.created';
/** Sent before the server closes the stream because the session ended (logout, expiry, revocation). */
export const SESSION_ENDED_EVENT = 'session.ended';

export const queueChangeActions = [
  'created',
  'updated',
  'deleted',
  'open',
  'finish',
  'cancel',
  'wait',
  'rewait',
  'arrive',
  'noshow',
  'merged',
] as const;

/** `event: queue.changed` data. */
export const queueChangedSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  action: z.enum(queueChangeActions),
  /** Absent when deleted. */
  status: queueStatusSchema.nullable(),
  isRewaiting: z.union([z.literal(0), z.literal(1)]).nullable(),
  date: z.string().nullable(),
  doctorId: z.number().int().nullable(),
  at: z.string(),
});
export type QueueChanged = z.infer<typeof queueChangedSchema>;

/** `event: patient.changed` data (created, updated, deleted, restored, merged). */
export const patientChangedSchema = z.object({
  id: z.number().int(),
  action: z.enum(['created', 'updated', 'deleted', 'restored', 'merged']),
  at: z.string(),
});
export type PatientChanged = z.infer<typeof patientChangedSchema>;

/** `event: exam.changed` data: a record was saved or deleted (the board and the exam lists refetch). */
export const examChangedSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  patientId: z.number().int(),
  queueId: z.number().int().nullable(),
  action: z.enum(['created', 'updated', 'deleted']),
  at: z.string(),
});
export type ExamChanged = z.infer<typeof examChangedSchema>;

/** `event: notification.created` data. */
export const notificationCreatedSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  type: z.string(),
  at: z.string(),
});
export type NotificationCreated = z.infer<typeof notificationCreatedSchema>;

export const readyEventSchema = z.object({ at: z.string(), heartbeatSeconds: z.number().int() });

export type LiveEvent =
  | { type: typeof QUEUE_CHANGED_EVENT; data: QueueChanged }
  | { type: typeof PATIENT_CHANGED_EVENT; data: PatientChanged }
  | { type: typeof EXAM_CHANGED_EVENT; data: ExamChanged }
  | { type: typeof NOTIFICATION_CREATED_EVENT; data: NotificationCreated };

/** Events about the organization's records, as opposed to one user's own. */
type RecordEvent = Exclude<LiveEvent, { type: typeof NOTIFICATION_CREATED_EVENT }>;

/** Who receives each event about records: only users allowed to read what it is about. */
export const EVENT_READERS: Record<RecordEvent['type'], readonly PermissionName[]> = {
  [QUEUE_CHANGED_EVENT]: READ_QUEUE,
  [PATIENT_CHANGED_EVENT]: READ_PATIENTS,
  [EXAM_CHANGED_EVENT]: READ_EXAMS,
};

/** Whether a signed-in user's stream carries an event: a notification goes to its own user alone. */
export function isEventFor(event: LiveEvent, user: { id: number; permissions: readonly string[] }): boolean {
  if (event.type === NOTIFICATION_CREATED_EVENT) return event.data.userId === user.id;
  return holdsAny(user.permissions, EVENT_READERS[event.type]);
}

export const eventsQuerySchema = z.object({
  token: z.string().max(200).optional(),
  org: z.string().max(63).optional(),
});
