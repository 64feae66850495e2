import { desc, eq, inArray, ne, not, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_CREATED_EVENT } from '@basira/shared/events/events.schemas';
import {
  NOTIFICATION_DETAILS_MAX,
  notificationColor,
  type Notification,
  type NotificationInput,
} from '@basira/shared/notifications/notifications.schemas';
import type { PageMeta } from '@basira/shared/common/api.schemas';
import { ADMINISTRATOR, type PermissionName } from '@basira/shared/permissions/permissions';
import type { Db } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { isoTime } from '../../lib/iso-time.ts';
import { pageWithTotal, totalColumn } from '../../lib/pages.ts';
import { runPrepared, statementName } from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';
import type { EventHub } from '../events/event-hub.ts';
import { activeHolders } from '../roles/role-guards.ts';

const PER_PAGE = 25;

type Row = typeof notifications.$inferSelect;

/** What a notification shows, its time read in the API's form. */
const shown = {
  id: notifications.id,
  details: notifications.details,
  type: notifications.type,
  isRead: notifications.isRead,
  color: notifications.color,
  targetId: notifications.targetId,
  createdAt: isoTime(notifications.createdAt),
};

const view = (
  row: Pick<Row, 'id' | 'details' | 'type' | 'isRead' | 'color' | 'targetId'> & { createdAt: string },
): Notification => ({
  id: row.id,
  details: row.details,
  type: row.type,
  is_read: row.isRead ? 1 : 0,
  color: row.color,
  targetId: row.targetId,
  createdAt: row.createdAt,
});

/** The caller's own notifications: the organization's, and the user's within it. */
const own = (orgId: number, userId: number, ...conditions: SQL[]) =>
  inOrg(notifications, orgId, eq(notifications.userId, userId), ...conditions);

/** One line: the details are shown in a table cell. */
const oneLine = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > NOTIFICATION_DETAILS_MAX ? `${line.slice(0, NOTIFICATION_DETAILS_MAX - 1)}…` : line;
};

/**
 * Each user's notifications (spec sections 2-4): written for users by the services (the support desk, the
 * Telegram worker), read and marked read by their own user alone. Every new one is announced live to its user.
 */
export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly events: EventHub,
    private readonly clock: Clock,
  ) {}

  async list(orgId: number, userId: number, page: number): Promise<{ data: Notification[]; meta: PageMeta }> {
    const count = (org: number, user: number) =>
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(own(org, user));
    const rows = await runPrepared(this.db, statementName('notifications_page'), (bind) => {
      const [org, user] = [bind('orgId', orgId), bind('userId', userId)];
      const offset = bind('offset', (page - 1) * PER_PAGE);
      return () =>
        this.db
          .select({ ...shown, total: totalColumn(count(org, user)) })
          .from(notifications)
          .where(own(org, user))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(PER_PAGE)
          .offset(offset);
    });
    return pageWithTotal(rows, page, PER_PAGE, () => count(orgId, userId), view);
  }

  /** One of the caller's own; another user's or another organization's is not found. */
  async get(orgId: number, userId: number, id: number): Promise<Notification> {
    const [row] = await this.db
      .select(shown)
      .from(notifications)
      .where(own(orgId, userId, eq(notifications.id, id)));
    if (!row) throw notFound('Notification');
    return view(row);
  }

  async unreadCount(orgId: number, userId: number): Promise<number> {
    // Prepared: every signed-in screen reads it, again on each notification of its user.
    const [count] = await runPrepared(this.db, statementName('notifications_unread'), (bind) => {
      const [org, user] = [bind('orgId', orgId), bind('userId', userId)];
      return () =>
        this.db
          .select({ n: sql<number>`count(*)::int` })
          .from(notifications)
          .where(own(org, user, not(notifications.isRead)));
    });
    return count?.n ?? 0;
  }

  /** Marks one of the caller's own read; reading it again keeps the first reading's time. */
  async markRead(orgId: number, userId: number, id: number): Promise<Notification> {
    const [row] = await this.db
      .update(notifications)
      .set({
        isRead: true,
        readAt: sql`coalesce(${notifications.readAt}, ${this.clock.now().toISOString()}::timestamptz)`,
      })
      .where(own(orgId, userId, eq(notifications.id, id)))
      .returning(shown);
    if (!row) throw notFound('Notification');
    return view(row);
  }

  /** Tells one user of the organization (an inactive or unknown user is skipped). Outside any transaction. */
  async notifyUser(orgId: number, userId: number, n: NotificationInput): Promise<void> {
    await this.announce(orgId, await this.write(this.db, orgId, [userId], n));
  }

  /**
   * Tells every active user of the organization who holds any of these permissions (Administrator holds them
   * all), but `exceptUserId` (whoever caused it). Outside any transaction.
   */
  async notifyHolders(
    orgId: number,
    permissions: readonly PermissionName[],
    n: NotificationInput,
    { exceptUserId }: { exceptUserId?: number | null } = {},
  ): Promise<void> {
    const recipients = await this.holders(this.db, orgId, permissions, exceptUserId);
    await this.announce(orgId, await this.write(this.db, orgId, recipients, n));
  }

  /** The active users holding any of `permissions` (or Administrator), by id. */
  async holders(
    db: Db,
    orgId: number,
    permissions: readonly PermissionName[],
    exceptUserId?: number | null,
  ): Promise<number[]> {
    const rows = await activeHolders(
      db,
      orgId,
      [...new Set([...permissions, ADMINISTRATOR])],
      ...(exceptUserId ? [ne(users.id, exceptUserId)] : []),
    );
    return rows.map((r) => r.id);
  }

  /**
   * Writes one notification per user, in `db` (a caller's transaction: the notifications stand or fall with
   * its change); pass the rows to `announce` once it has committed.
   */
  async write(db: Db, orgId: number, userIds: readonly number[], n: NotificationInput): Promise<Row[]> {
    if (userIds.length === 0) return [];
    const members = await db
      .select({ id: users.id })
      .from(users)
      .where(inOrg(users, orgId, inArray(users.id, [...new Set(userIds)]), eq(users.isActive, true)));
    if (members.length === 0) return [];
    const now = this.clock.now();
    return db
      .insert(notifications)
      .values(
        members.map(({ id }) => ({
          orgId,
          userId: id,
          type: n.type,
          details: oneLine(n.details),
          color: notificationColor(n.type),
          targetId: n.targetId ?? null,
          createdAt: now,
        })),
      )
      .returning();
  }

  /** The live event of each new notification, to its own user's streams (events.routes.ts filters). */
  async announce(orgId: number, rows: readonly Row[]): Promise<void> {
    await Promise.all(
      rows.map((row) =>
        this.events.publish(orgId, {
          type: NOTIFICATION_CREATED_EVENT,
          data: { id: row.id, userId: row.userId, type: row.type, at: row.createdAt.toISOString() },
        }),
      ),
    );
  }
}
