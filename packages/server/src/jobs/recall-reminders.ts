import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { sameOrg } from '../lib/tenant.ts';
import type { NotificationInput } from '@basira/shared/notifications/notifications.schemas';
import type { PermissionName } from '@basira/shared/permissions/permissions';
import { localDay } from '@basira/shared/dates/calendar';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import type { Db } from '../db/client.ts';
import {
  notifications,
  organizations,
  patients,
  queueEntries,
  telegramMessages,
  telegramUsers,
} from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { langOf, recallReminder } from '../modules/messaging/message-texts.ts';

/**
 * Recall reminders: for each re-waiting entry of a patient with a linked Telegram user, one message the day
 * before its date at the organization's reminder time (`organizations.reminder_time`, its time zone). "Exactly
 * once" is the unique index on (organization, entry, recall day) of recall messages: a second scheduler, or a
 * second pass, inserts nothing. A reminder whose entry changed or was cancelled before it went is cancelled by
 * the worker when it comes to send it. A recall made after its reminder time (tomorrow, at 20:00 today) is
 * reminded at once.
 */
export interface RecallNotifier {
  notifyUser(orgId: number, userId: number, n: NotificationInput): Promise<void>;
  notifyHolders(orgId: number, permissions: readonly PermissionName[], n: NotificationInput): Promise<void>;
}

/** Who hears that a recall without a doctor is due: whoever runs the queue. */
const QUEUE_KEEPERS: readonly PermissionName[] = ['show queues'];

export class RecallReminders {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly notifier: RecallNotifier,
    /** Whether Telegram is configured: without it no reminder is queued (nothing would send it). */
    private readonly messaging: boolean,
  ) {}

  /** One scan: the reminders now due, and the notifications of recalls whose date has come. */
  async runOnce(): Promise<number> {
    await this.notifyDueRecalls();
    return this.messaging ? this.queueReminders() : 0;
  }

  /**
   * A recall whose date has come (within a day) notifies its doctor, or the queue's keepers when it has none,
   * once: the notification itself (type `recall due`, target the entry) marks it done.
   */
  private async notifyDueRecalls(): Promise<void> {
    const now = this.clock.now();
    const dayAgo = new Date(now.getTime() - 86_400_000);
    // eslint-disable-next-line basira/org-scoped-query -- the scheduler serves every organization
    const due = await this.db
      .select({
        orgId: queueEntries.orgId,
        queueId: queueEntries.id,
        doctorId: queueEntries.doctorId,
        patientName: patients.name,
      })
      .from(queueEntries)
      .innerJoin(patients, and(eq(patients.id, queueEntries.patientId), isNull(patients.deletedAt)))
      .where(
        and(
          eq(queueEntries.isRewaiting, true),
          // Not yet seen: recalled to a day (Booked) or re-waited in the building (Waiting).
          inArray(queueEntries.status, [QUEUE_STATUS.Booked, QUEUE_STATUS.Waiting]),
          lte(queueEntries.date, now),
          gt(queueEntries.date, dayAgo),
          sql`NOT EXISTS (SELECT 1 FROM ${notifications} n WHERE ${sameOrg('n', queueEntries.orgId)}
                AND n.type = 'recall due' AND n.target_id = ${queueEntries.id})`,
        ),
      )
      .limit(500);
    for (const r of due) {
      const n: NotificationInput = { type: 'recall due', details: r.patientName, targetId: r.queueId };
      if (r.doctorId !== null) await this.notifier.notifyUser(r.orgId, r.doctorId, n);
      else await this.notifier.notifyHolders(r.orgId, QUEUE_KEEPERS, n);
    }
  }

  /** Queues the reminders that are due; returns how many it queued. */
  private async queueReminders(): Promise<number> {
    const now = this.clock.now();
    // The reminder moment: the local day before the recall's local day, at the reminder time, in the org's zone.
    const remindAt = sql`((((${queueEntries.date} AT TIME ZONE ${organizations.timeZone})::date - 1) + ${organizations.reminderTime}::time) AT TIME ZONE ${organizations.timeZone})`;
    // eslint-disable-next-line basira/org-scoped-query -- the scheduler serves every organization (joined by org)
    const due = await this.db
      .select({
        orgId: queueEntries.orgId,
        queueId: queueEntries.id,
        date: queueEntries.date,
        patientId: patients.id,
        patientName: patients.name,
        telegramUserId: telegramUsers.id,
        chatId: telegramUsers.telegramId,
        languageCode: telegramUsers.languageCode,
        clinicName: organizations.name,
        phone: organizations.phone,
        timeZone: organizations.timeZone,
      })
      .from(queueEntries)
      .innerJoin(organizations, eq(organizations.id, queueEntries.orgId))
      .innerJoin(patients, and(eq(patients.id, queueEntries.patientId), isNull(patients.deletedAt)))
      .innerJoin(
        telegramUsers,
        and(
          eq(telegramUsers.orgId, queueEntries.orgId),
          eq(telegramUsers.patientId, queueEntries.patientId),
          isNull(telegramUsers.deletedAt),
        ),
      )
      .where(
        and(
          eq(queueEntries.isRewaiting, true),
          // Not yet seen: recalled to a day (Booked) or re-waited in the building (Waiting).
          inArray(queueEntries.status, [QUEUE_STATUS.Booked, QUEUE_STATUS.Waiting]),
          gt(queueEntries.date, now),
          sql`${remindAt} <= ${now.toISOString()}::timestamptz`,
          sql`NOT EXISTS (SELECT 1 FROM ${telegramMessages} m WHERE ${sameOrg('m', queueEntries.orgId)}
                AND m.queue_id = ${queueEntries.id} AND m.kind = 'recall'
                AND m.recall_day = (${queueEntries.date} AT TIME ZONE ${organizations.timeZone})::date)`,
        ),
      )
      .limit(500);
    let queued = 0;
    for (const r of due) {
      const clinic = { name: r.clinicName, phone: r.phone, timeZone: r.timeZone };
      const text = recallReminder(r.patientName, clinic, r.date, langOf(r.languageCode));
      const inserted = await this.db
        .insert(telegramMessages)
        .values({
          orgId: r.orgId,
          patientId: r.patientId,
          telegramUserId: r.telegramUserId,
          chatId: r.chatId,
          kind: 'recall',
          queueId: r.queueId,
          recallDay: localDay(r.date, r.timeZone),
          header: text.header,
          message: text.message,
          footer: '',
          nextAttemptAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: telegramMessages.id });
      queued += inserted.length;
    }
    return queued;
  }
}
