import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  appointmentSettings,
  auditLog,
  organizations,
  queueEntries,
  queueStatusEvents,
} from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { DEFAULT_APPOINTMENT_SETTINGS } from '../modules/appointments/appointment-settings.ts';
import type { EventHub } from '../modules/events/event-hub.ts';
import { publishQueueChange } from '../modules/queue/queue-view.ts';

/** At most this many bookings a pass marks (the next pass, a minute later, takes the rest). */
const BATCH = 5000;

/** The `request_id` of the job's audit rows: they have no user and no request (docs/audit.md). */
export const NO_SHOW_JOB_REQUEST_ID = 'job:no-show';

/**
 * No-shows (docs/appointments.md): every minute, a booking (Booked, with a slot) not arrived `noShowAfterMinutes`
 * after its start (the clinic's setting), or whose clinic day has ended, becomes NoShow, with its status event
 * (action `noshow`, by no one) and its audit row (`appointment.no_show`, as a no-show marked by hand, with no user:
 * the system, named by `request_id` `job:no-show`). A recall (Booked without a slot) is due on its day, not at a time: it is never
 * marked; it stays on the due list as overdue until someone calls, rebooks or marks it. One statement for every
 * organization; any number of processes may run it (a booking already marked, or locked by another pass, is
 * skipped).
 */
export class NoShowJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events?: EventHub,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** One pass; returns how many bookings it marked. */
  async runOnce(): Promise<number> {
    const now = this.clock.now().toISOString();
    const fallback = DEFAULT_APPOINTMENT_SETTINGS.noShowAfterMinutes;
    /* eslint-disable basira/org-scoped-query -- the job serves every organization (each row joined to its own) */
    const result = await this.db.execute(
      sql`
      WITH due AS (
        SELECT e.id FROM ${queueEntries} e
        JOIN ${organizations} o ON o.id = e.org_id
        LEFT JOIN ${appointmentSettings} s ON s.org_id = e.org_id
        WHERE e.status = 0 AND e.slot_minutes IS NOT NULL AND e.date <= ${now}::timestamptz
          AND (e.date + make_interval(mins => coalesce(s.no_show_after_minutes, ${fallback})::int) <= ${now}::timestamptz
               OR (e.date AT TIME ZONE o.time_zone)::date < (${now}::timestamptz AT TIME ZONE o.time_zone)::date)
        ORDER BY e.date
        LIMIT ${BATCH}
        FOR UPDATE OF e SKIP LOCKED
      ), marked AS (
        UPDATE ${queueEntries} q
        SET status = 5, status_since = ${now}::timestamptz, updated_at = ${now}::timestamptz, version = q.version + 1
        FROM due WHERE q.id = due.id AND q.status = 0
        RETURNING q.org_id, q.id, q.patient_id, q.date
      ), logged AS (
        INSERT INTO ${queueStatusEvents} (org_id, queue_id, from_status, to_status, action, at, actor_id)
        SELECT org_id, id, 0, 5, 'noshow', ${now}::timestamptz, NULL FROM marked
      ), audited AS (
        INSERT INTO ${auditLog} (org_id, user_id, role, action, entity, entity_id, patient_id, details, ip, request_id,
                                 created_at)
        SELECT org_id, NULL, NULL, 'appointment.no_show', 'queue', id, patient_id,
               jsonb_build_object('from', 0, 'to', 5, 'start', date, 'by', 'system'), NULL, ${NO_SHOW_JOB_REQUEST_ID},
               ${now}::timestamptz
        FROM marked
      )
      SELECT org_id, id, patient_id FROM marked`,
    );
    /* eslint-enable basira/org-scoped-query */
    const rows = (result as unknown as { rows: { org_id: number; id: number; patient_id: number }[] }).rows;
    if (this.events)
      for (const r of rows)
        await publishQueueChange(
          this.events,
          r.org_id,
          { id: r.id, patientId: r.patient_id },
          'updated',
          new Date(now),
        );
    return rows.length;
  }

  /** A pass now, then every `everyMs`; a pass still running skips the next tick. */
  start(everyMs = 60_000): void {
    const tick = () => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch(this.onError)
        .finally(() => {
          this.running = null;
        });
    };
    tick();
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
