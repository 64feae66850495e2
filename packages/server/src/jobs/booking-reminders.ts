import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppointmentSettings } from '@basira/shared/appointments/appointments.schemas';
import { localDay } from '@basira/shared/dates/calendar';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import type { Db } from '../db/client.ts';
import {
  appointmentSettings,
  organizations,
  patients,
  queueEntries,
  telegramMessages,
  telegramUsers,
  users,
} from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { sameOrg } from '../lib/tenant.ts';
import { loadAppointmentSettings } from '../modules/appointments/appointment-settings.ts';
import { anyDoctor, bookingWhen, fillReminder, langOf } from '../modules/messaging/message-texts.ts';

/**
 * Booking reminders (docs/messaging.md): for each booking of the appointment book (a Booked entry with a slot) dated
 * tomorrow in the clinic's zone, of a patient with a linked Telegram user, one message at the organization's reminder
 * time (`organizations.reminder_time`) the day before, unless the clinic turned reminders off
 * (`appointment_settings.reminders_enabled`). The text is the clinic's (`reminderTextAr` / `reminderTextEn`, by the
 * Telegram user's language) with its placeholders filled; the worker sends it with the confirm and cancel buttons.
 *
 * "Exactly once" is the unique index `telegram_messages_booking_uq` on (organization, entry, booked day): a second
 * scheduler or a second pass inserts nothing. A booking moved to another day is reminded for its new day; a reminder
 * whose booking was moved, canceled or arrived before it went is cancelled by the worker (jobs/telegram-outbox.ts).
 * A booking made after the reminder time for tomorrow is reminded at once. Recalls (no slot) are the recall job's.
 */
export class BookingReminders {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Whether Telegram is configured: without it no reminder is queued (nothing would send it). */
    private readonly messaging: boolean,
  ) {}

  /** One scan: queues the reminders now due; returns how many it queued. */
  async runOnce(): Promise<number> {
    if (!this.messaging) return 0;
    const now = this.clock.now();
    const at = sql`${now.toISOString()}::timestamptz`;
    const zone = organizations.timeZone;
    const bookedDay = sql`(${queueEntries.date} AT TIME ZONE ${zone})::date`;
    // eslint-disable-next-line basira/org-scoped-query -- the scheduler serves every organization (joined by org)
    const due = await this.db
      .select({
        orgId: queueEntries.orgId,
        queueId: queueEntries.id,
        date: queueEntries.date,
        patientId: patients.id,
        patientName: patients.name,
        doctorName: users.name,
        telegramUserId: telegramUsers.id,
        chatId: telegramUsers.telegramId,
        languageCode: telegramUsers.languageCode,
        clinicName: organizations.name,
        timeZone: zone,
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
      .leftJoin(users, and(eq(users.id, queueEntries.doctorId), eq(users.orgId, queueEntries.orgId)))
      .leftJoin(appointmentSettings, eq(appointmentSettings.orgId, queueEntries.orgId))
      .where(
        and(
          eq(queueEntries.status, QUEUE_STATUS.Booked),
          isNotNull(queueEntries.slotMinutes),
          sql`${queueEntries.date} > ${at}`,
          // Tomorrow on the clinic's calendar, and its reminder time today has come.
          sql`${bookedDay} = (${at} AT TIME ZONE ${zone})::date + 1`,
          sql`(((${at} AT TIME ZONE ${zone})::date + ${organizations.reminderTime}::time) AT TIME ZONE ${zone}) <= ${at}`,
          sql`COALESCE(${appointmentSettings.remindersEnabled}, true)`,
          sql`NOT EXISTS (SELECT 1 FROM ${telegramMessages} m WHERE ${sameOrg('m', queueEntries.orgId)}
                AND m.queue_id = ${queueEntries.id} AND m.kind = 'booking' AND m.recall_day = ${bookedDay})`,
        ),
      )
      .orderBy(queueEntries.orgId, queueEntries.date)
      .limit(500);
    const settings = new Map<number, AppointmentSettings>();
    let queued = 0;
    for (const r of due) {
      let own = settings.get(r.orgId);
      if (!own) {
        own = await loadAppointmentSettings(this.db, r.orgId);
        settings.set(r.orgId, own);
      }
      if (!own.remindersEnabled) continue;
      const lang = langOf(r.languageCode);
      const when = bookingWhen(r.date, r.timeZone, lang);
      const message = fillReminder(lang === 'ar' ? own.reminderTextAr : own.reminderTextEn, {
        patient: r.patientName,
        doctor: r.doctorName ?? anyDoctor(lang),
        date: when.date,
        time: when.time,
        clinic: r.clinicName,
      });
      const inserted = await this.db
        .insert(telegramMessages)
        .values({
          orgId: r.orgId,
          patientId: r.patientId,
          telegramUserId: r.telegramUserId,
          chatId: r.chatId,
          kind: 'booking',
          queueId: r.queueId,
          recallDay: localDay(r.date, r.timeZone),
          message,
          footer: '',
          nextAttemptAt: now,
        })
        // telegram_messages_booking_uq: another scheduler queued it first.
        .onConflictDoNothing()
        .returning({ id: telegramMessages.id });
      queued += inserted.length;
    }
    return queued;
  }
}
