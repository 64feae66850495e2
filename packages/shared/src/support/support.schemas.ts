import { z } from 'zod';
import { dataOf, pageNumberSchema, pageOf, versionSchema } from '../common/api.schemas.ts';
import type { NotificationType } from '../notifications/notifications.schemas.ts';

/**
 * The support desk the notifications point to (not in the spec; named in its style): `POST /api/hd/support`
 * (any signed-in user reports), `GET /api/hd/support?type=&status=&page=` and `GET /api/hd/support/{id}`
 * (holders of `show support` read all, others their own), `POST /api/hd/support/{id}` (`show support` answers).
 */
export const SUPPORT_TYPES = ['bug', 'feedback', 'feature'] as const;
export type SupportType = (typeof SUPPORT_TYPES)[number];

export const SUPPORT_STATUSES = ['open', 'in_progress', 'done'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Who reads every request and answers them; others read only what they reported. */
export const SUPPORT_DESK = 'show support' as const;

/** A list filter beyond the statuses: `active` is every request not done yet (open or in progress). */
export const SUPPORT_STATUS_FILTERS = [...SUPPORT_STATUSES, 'active'] as const;
export type SupportStatusFilter = (typeof SUPPORT_STATUS_FILTERS)[number];

/** The notification a new request sends to the desk, by its type (spec section 4's types). */
export const SUPPORT_NOTIFICATION_TYPE: Record<SupportType, NotificationType> = {
  bug: 'bug',
  feedback: 'Feedback',
  feature: 'feature request',
};

export const SUPPORT_DETAILS_MAX = 5000;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const supportRequestSchema = z.object({
  id: z.number().int(),
  type: z.enum(SUPPORT_TYPES),
  details: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  /** Absent once the reporter's account is deleted. */
  reporter: personSchema.nullable(),
  answer: z.string().nullable(),
  answeredBy: personSchema.nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

const detailsSchema = z
  .string({ error: 'details.required' })
  .trim()
  .min(1, 'details.required')
  .max(SUPPORT_DETAILS_MAX, 'details.max');

export const supportCreateSchema = z.object({
  type: z.enum(SUPPORT_TYPES, 'type.invalid'),
  details: detailsSchema,
});
export type SupportCreate = z.infer<typeof supportCreateSchema>;

/** An answer, a status, or both; an empty answer takes the answer back. */
export const supportUpdateSchema = z.object({
  version: versionSchema,
  status: z.enum(SUPPORT_STATUSES, 'status.invalid').optional(),
  answer: z.string().trim().max(SUPPORT_DETAILS_MAX, 'answer.max').optional(),
});
export type SupportUpdate = z.infer<typeof supportUpdateSchema>;

export const supportListQuerySchema = z.object({
  page: pageNumberSchema,
  type: z.enum(SUPPORT_TYPES, 'type.invalid').optional(),
  status: z.enum(SUPPORT_STATUS_FILTERS, 'status.invalid').optional(),
});
export type SupportListQuery = z.infer<typeof supportListQuerySchema>;

export const supportPageSchema = pageOf(supportRequestSchema);
export const supportResponseSchema = dataOf(supportRequestSchema);
