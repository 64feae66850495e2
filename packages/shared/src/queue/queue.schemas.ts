import { z } from 'zod';
import {
  dataOf,
  idSchema,
  idTextSchema,
  versionSchema,
  isoDateSchema,
  isoDateTimeSchema,
  pageOf,
  pageQuerySchema,
} from '../common/api.schemas.ts';
import { patientSummarySchema } from '../patients/patients.schemas.ts';
import { QUEUE_STATUS_IDS } from './queue-states.ts';

/**
 * What the patient comes for (spec section 3, queue labels): the reasons of a visit, not exam records (those are
 * `ExamType`, shared/exams). The API keeps the field name `examTypes` that clients already use.
 */
export const VISIT_REASONS = ['Spectacles', 'Lasik', 'FollowUp', 'Biometry', 'Examinations'] as const;
export type VisitReason = (typeof VISIT_REASONS)[number];

export const QUEUE_PER_PAGE = 25;
/** The bell's list is bounded; a clinic with more open recalls than this has a different problem. */
export const REWAITING_LIMIT = 500;
export const flagSchema = z.union([z.literal(0), z.literal(1)]);
const statusIdSchema = z.union(
  QUEUE_STATUS_IDS.map((id) => z.literal(id)) as [
    z.ZodLiteral<0>,
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
    z.ZodLiteral<5>,
  ],
);

export const queueStatusSchema = z.object({
  id: statusIdSchema,
  name: z.enum(['Booked', 'Waiting', 'WithDoctor', 'Finished', 'Canceled', 'NoShow']),
  color: z.string(),
});

export const dateTimeSchema = isoDateTimeSchema('date');

export const userRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const queueEntrySchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  patient: patientSummarySchema,
  /**
   * Restarts at 1 each day (the organization's day of `date`). null until the patient arrives: a booking or a
   * recall (Booked), and one canceled or missed before arriving, has no ticket.
   */
  ticketNumber: z.number().int().nullable(),
  ticketDay: z.string().nullable(),
  isVisitDate: flagSchema,
  /** The visit's (or recall's) date-time, ISO 8601 UTC. */
  date: z.string(),
  note: z.string().nullable(),
  isRewaiting: flagSchema,
  status: queueStatusSchema,
  examTypes: z.array(z.enum(VISIT_REASONS)),
  doctor: userRefSchema.nullable(),
  /** When the current status began. */
  statusSince: z.string(),
  /** For a Waiting entry: since when the patient has been waiting (the later of statusSince and date). */
  waitingSince: z.string().nullable(),
  /** A booking's length in minutes, from `date` (docs/appointments.md); null for a walk-in or a recall. */
  slotMinutes: z.number().int().nullable(),
  /** Booked by choice over a slot already taken. */
  overbooked: flagSchema,
  /** When a booking or recall arrived (Booked → Waiting). */
  arrivedAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

/** One row of the append-only status history. `from` is null for the entry's creation. */
export const queueEventSchema = z.object({
  id: z.number().int(),
  from: queueStatusSchema.nullable(),
  to: queueStatusSchema,
  /** The move's call; `book`: a visit present dated to a later day by the queue form (a booking from then on). */
  action: z.enum(['create', 'open', 'finish', 'cancel', 'wait', 'rewait', 'arrive', 'noshow', 'book']),
  at: z.string(),
  /** For moves into Waiting: when the patient is due (a recall's date). */
  dueAt: z.string().nullable(),
  by: userRefSchema.nullable(),
  note: z.string().nullable(),
});
export type QueueEvent = z.infer<typeof queueEventSchema>;

export const queueEntryDetailSchema = queueEntrySchema.extend({
  events: z.array(queueEventSchema),
  /** Minutes spent in Waiting so far (closed intervals, plus the open one if still Waiting). */
  waitedMinutes: z.number().int(),
  /** Exam records attached to this visit: such an entry cannot be deleted. */
  examCount: z.number().int(),
});
export type QueueEntryDetail = z.infer<typeof queueEntryDetailSchema>;

const noteSchema = z
  .string()
  .trim()
  .max(2000, 'note.max')
  .nullish()
  .transform((v) => (v ? v : null));

/** `POST /api/mo/queue`: only `patientId` is required. */
export const queueCreateSchema = z.object({
  patientId: idSchema,
  date: dateTimeSchema.optional(),
  isVisitDate: flagSchema.default(0),
  note: noteSchema,
  examTypes: z
    .array(z.enum(VISIT_REASONS, { error: 'examTypes.invalid' }))
    .max(5)
    .default([]),
  /** An active user of this organization holding `open board`. */
  doctorId: idSchema.nullish(),
  /** Queue the patient although they already have an open visit that day (else 409 `queue.duplicate_open`). */
  confirmDuplicate: z.boolean().optional(),
});
export type QueueCreate = z.output<typeof queueCreateSchema>;

/** `POST /api/mo/queue/{id}`: absent fields stay; the status moves only through the status calls. */
export const queueUpdateSchema = z.object({
  date: dateTimeSchema.optional(),
  isVisitDate: flagSchema.optional(),
  note: noteSchema.optional(),
  examTypes: z
    .array(z.enum(VISIT_REASONS, { error: 'examTypes.invalid' }))
    .max(5)
    .optional(),
  doctorId: idSchema.nullish(),
  version: versionSchema,
});
export type QueueUpdate = z.output<typeof queueUpdateSchema>;

/** `POST /api/mo/queue/rewaiting/{id}`. */
export const queueRewaitSchema = z.object({ date: dateTimeSchema, note: noteSchema });
export type QueueRewait = z.output<typeof queueRewaitSchema>;

const statusList = z
  .string()
  .regex(/^[0-5](,[0-5])*$/, 'status.invalid')
  .transform((v) => [...new Set(v.split(',').map(Number))] as (0 | 1 | 2 | 3 | 4 | 5)[]);

/** `GET /api/mo/queue/filter` and `/filterLast`: status (one or "1,2"), local date range, patient text, doctor. */
export const queueFilterQuerySchema = pageQuerySchema
  .extend({
    status: statusList.optional(),
    /** The organization's calendar days, inclusive. */
    from: isoDateSchema('from').optional(),
    to: isoDateSchema('to').optional(),
    doctorId: idTextSchema.optional(),
    examType: z.enum(VISIT_REASONS).optional(),
    isRewaiting: z
      .enum(['0', '1'])
      .transform((v) => v === '1')
      .optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'to.before_from' });
export type QueueFilterQuery = z.output<typeof queueFilterQuerySchema>;

export const queueEntryResponseSchema = dataOf(queueEntrySchema);
export const queueEntryDetailResponseSchema = dataOf(queueEntryDetailSchema);
export const queuePageSchema = pageOf(queueEntrySchema);
export const queueListSchema = dataOf(z.array(queueEntrySchema));
export const queueIdParamsSchema = z.object({ id: idTextSchema });
export const patientQueueParamsSchema = z.object({ patientId: idTextSchema });

/** Doctors for the queue form: active users holding `open board`. */
export const doctorListSchema = dataOf(z.array(userRefSchema));

/** `GET /api/mo/doctor/worklist`: today's Waiting and WithDoctor entries for me or for no one, by ticket. */
export const worklistSchema = dataOf(
  z.object({ now: z.string(), day: z.string(), entries: z.array(queueEntrySchema) }),
);

/** `GET /api/mo/queue/ticket/{id}` (`print squint`): what the printed queue ticket shows. */
export const queueTicketSchema = dataOf(
  z.object({
    id: z.number().int(),
    ticketNumber: z.number().int(),
    ticketDay: z.string(),
    date: z.string(),
    examTypes: z.array(z.enum(VISIT_REASONS)),
    patient: z.object({ id: z.number().int(), name: z.string(), fileNumber: z.number().int() }),
    doctor: userRefSchema.nullable(),
    organization: z.object({ name: z.string(), timeZone: z.string() }),
  }),
);
export type QueueTicket = z.infer<typeof queueTicketSchema>['data'];
