import { z } from 'zod';
import { dataOf, pageNumberSchema, pageOf } from '../common/api.schemas.ts';

/**
 * A user's notifications (spec sections 2, 3, 4): `GET /api/hd/notification?page=` (the caller's own, newest
 * first), `GET /api/hd/notification/{id}`, `POST /api/hd/notification/{id}` (marks it read) and
 * `GET /api/hd/notification/unread` (the top bar's count).
 */

/** The spec's types (section 4) first, then the system's own. */
export const NOTIFICATION_TYPES = [
  'bug',
  'Feedback',
  'feature request',
  'active request',
  'reminder failed',
  'recall due',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The colour of each type, chosen here once (the server stores it with each notification, as spec section 3). */
export const NOTIFICATION_COLORS: Record<NotificationType, string> = {
  bug: '#e03131',
  Feedback: '#1c7ed6',
  'feature request': '#7048e8',
  'active request': '#2f9e44',
  'reminder failed': '#f08c00',
  'recall due': '#0c8599',
};

/** A type written before this version knew it keeps a neutral colour. */
export const notificationColor = (type: string): string =>
  (NOTIFICATION_COLORS as Record<string, string | undefined>)[type] ?? '#868e96';

export const notificationSchema = z.object({
  id: z.number().int(),
  details: z.string(),
  /** One of NOTIFICATION_TYPES, read as text: a type added later still lists (spec: "any other type"). */
  type: z.string(),
  is_read: z.union([z.literal(0), z.literal(1)]),
  color: z.string(),
  /** What it is about (a support request, a message, a queue entry), by its type. */
  targetId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageQuerySchema = z.object({
  page: pageNumberSchema,
});

export const notificationPageSchema = pageOf(notificationSchema);
export const notificationResponseSchema = dataOf(notificationSchema);
export const unreadCountSchema = dataOf(z.object({ count: z.number().int() }));
export type UnreadCount = z.infer<typeof unreadCountSchema>['data'];

/** What a service or worker asks to tell a user. */
export interface NotificationInput {
  type: NotificationType;
  details: string;
  targetId?: number | null;
}

/** A notification's details are one line of at most this many characters. */
export const NOTIFICATION_DETAILS_MAX = 500;
