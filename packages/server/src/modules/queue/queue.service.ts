import { asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type {
  QueueCreate,
  QueueEntry,
  QueueEntryDetail,
  QueueEvent,
  QueueTicket,
  QueueUpdate,
} from '@basira/shared/queue/queue.schemas';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import type { Db } from '../../db/client.ts';
import {
  bookingMoves,
  charges,
  examRecords,
  queueEntries,
  queueStatusEvents,
  users,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { nextCounter } from '../../lib/counters.ts';
import { AppError, fieldError, notFound, pgCode } from '../../lib/errors.ts';
import type { RequestContext } from '../../types.ts';
import { dayRange, localDay } from '@basira/shared/dates/calendar';
import { slotLengthFor } from '@basira/shared/appointments/appointments.schemas';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { literal, runPrepared, statementName } from '../../lib/prepared.ts';
import { loadAppointmentSettings } from '../appointments/appointment-settings.ts';
import { activeHolders } from '../roles/role-guards.ts';
import { recordAudit, writeAudited } from '../audit/audit.service.ts';
import type { EventHub } from '../events/event-hub.ts';
import { findLivePatient } from '../patients/patients.service.ts';
import { visitChargeWrites } from '../billing/billing-visit-charge.ts';
import {
  publishQueueChange,
  refreshLastQueueAt,
  selectEntries,
  statusOf,
  toEntry,
  type EntryRow,
  type QueueRow,
} from './queue-view.ts';

/**
 * Who may be a visit's doctor: an active user marked as a doctor who can open boards (`open board`, or
 * Administrator, which holds everything). The mark keeps administrators and nurses who open boards out of
 * the doctor list.
 */
export const DOCTOR_PERMISSIONS = ['open board', 'Administrator'];

/** A day's ticket: tickets restart at 1 each day of the organization. */
export function nextTicket(db: Db, orgId: number, day: string): Promise<number> {
  return nextCounter(db, orgId, ticketCounter(day));
}

/** The counter of `day`'s tickets (lib/counters.ts). */
export function ticketCounter(day: string): string {
  return `ticket:${day}`;
}

/** Minutes spent in Waiting: from being due (the later of entering Waiting and the recall date) to leaving. */
export function waitedMinutes(
  events: { toStatus: number; at: Date; dueAt: Date | null }[],
  now: Date,
): number {
  let ms = 0;
  events.forEach((event, i) => {
    if (event.toStatus !== QUEUE_STATUS.Waiting) return;
    const start = Math.max(event.at.getTime(), event.dueAt?.getTime() ?? 0);
    const end = events[i + 1]?.at.getTime() ?? now.getTime();
    ms += Math.max(0, end - start);
  });
  return Math.floor(ms / 60_000);
}

/** Creating, reading, editing and deleting queue entries; status moves are in queue-transitions.service.ts. */
export class QueueService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventHub,
  ) {}

  today(scope: { timeZone: string }): string {
    return localDay(this.clock.now(), scope.timeZone);
  }

  async doctors(orgId: number): Promise<{ id: number; name: string }[]> {
    // Prepared: the queue form reads it on every screen that adds to the queue; building it was most of the
    // server's CPU a request (bench/list-pages).
    return runPrepared(this.db, statementName('queue_doctors'), (bind) => {
      const org = bind('orgId', orgId);
      return () =>
        activeHolders(this.db, org, DOCTOR_PERMISSIONS, eq(users.isDoctor, literal(true))).orderBy(
          asc(users.name),
          asc(users.id),
        );
    });
  }

  private async assertDoctor(db: Db, orgId: number, userId: number): Promise<void> {
    const [found] = await activeHolders(
      db,
      orgId,
      DOCTOR_PERMISSIONS,
      eq(users.id, userId),
      eq(users.isDoctor, true),
    ).limit(1);
    if (!found) throw fieldError('doctorId', 'doctorId.not_doctor');
  }

  async entryRow(orgId: number, id: number, db: Db = this.db): Promise<EntryRow> {
    const [row] = await selectEntries(db, orgId, eq(queueEntries.id, id));
    if (!row) throw notFound('Queue entry');
    return row;
  }

  async create(scope: RequestContext, input: QueueCreate): Promise<QueueEntry> {
    const now = this.clock.now();
    const date = input.date ? new Date(input.date) : now;
    const day = localDay(date, scope.timeZone);
    const today = localDay(now, scope.timeZone);
    // A visit for a later day is a booking (Booked): no ticket until the patient arrives, a slot of its reasons'
    // length so that it shows in the appointment book at its time (docs/appointments.md).
    const booked = day > today;
    // A visit of today is charged as it is queued; a booking when it arrives, an earlier day's when its board is
    // opened (docs/money.md).
    const charge = day === today;
    const row = await this.db.transaction(async (tx) => {
      // Locked: two workstations queueing the same patient at once are served one after the other.
      await findLivePatient(tx, scope.orgId, input.patientId, true);
      if (!input.confirmDuplicate && !booked) {
        await this.assertNoOpenVisit(tx, scope, input.patientId, day);
        if (day === today) await this.assertNotBookedToday(tx, scope, input.patientId, today);
      }
      if (input.doctorId) await this.assertDoctor(tx, scope.orgId, input.doctorId);
      const status = booked ? QUEUE_STATUS.Booked : QUEUE_STATUS.Waiting;
      const slotMinutes = booked
        ? slotLengthFor(await loadAppointmentSettings(tx, scope.orgId), input.examTypes)
        : null;
      await refreshLastQueueAt(tx, scope.orgId, input.patientId, now, { date, status });
      // The ticket last, in the statement that writes the visit, its first status event and its audit row: the
      // day's counter row, which every other queueing waits on, is then held for one statement and the commit
      // (taken first, it was held for four more round trips, and queueings waited on one another under load).
      // A booking takes none.
      const [inserted] = await writeAudited(
        tx,
        queueEntries,
        {
          name: statementName('queue_insert', { charge, booked }),
          write: (value) => sql`
            INSERT INTO ${queueEntries} (org_id, patient_id, ticket_day, ticket_number, is_visit_date, date, note,
                                         status, exam_types, doctor_id, status_since, slot_minutes, created_by,
                                         updated_by, created_at, updated_at)
            VALUES (${value('orgId')}::int, ${value('patientId')}::int,
                    ${booked ? sql`NULL` : sql`${value('ticketDay')}::date`},
                    ${booked ? sql`NULL` : sql`(SELECT value FROM counter)`}, ${value('isVisitDate')}::boolean,
                    ${value('date')}::timestamptz, ${value('note')}::text, ${literal(status)},
                    ${value('examTypes')}::text[], ${value('doctorId')}::int, ${value('now')}::timestamptz,
                    ${value('slotMinutes')}::smallint, ${value('userId')}::int, ${value('userId')}::int,
                    ${value('now')}::timestamptz, ${value('now')}::timestamptz)
            RETURNING *`,
          alsoWrite: (value) => [
            sql`
            INSERT INTO ${queueStatusEvents} (org_id, queue_id, from_status, to_status, action, at, due_at, actor_id,
                                              note)
            SELECT w.org_id, w.id, NULL, w.status, 'create', w.status_since, w.date, w.created_by, w.note FROM w`,
            ...(charge
              ? visitChargeWrites(value, {
                  day: sql`${value('ticketDay')}::date`,
                  index: 1,
                  uncharged: false,
                })
              : []),
          ],
          values: {
            orgId: scope.orgId,
            patientId: input.patientId,
            ticketDay: day,
            isVisitDate: input.isVisitDate === 1,
            date: date.toISOString(),
            note: input.note ?? null,
            examTypes: input.examTypes,
            doctorId: input.doctorId ?? null,
            now: now.toISOString(),
            userId: scope.userId,
            slotMinutes,
          },
          ...(booked ? {} : { counter: ticketCounter(day) }),
          writtenDetails: sql`jsonb_build_object('ticketNumber', w.ticket_number)`,
        },
        scope,
        {
          action: 'queue.created',
          entity: 'queue',
          details: { ticketDay: booked ? null : day, date: date.toISOString(), examTypes: input.examTypes },
          at: now,
        },
      );
      return inserted!;
    });
    await publishQueueChange(this.events, scope.orgId, row, 'created', now);
    return toEntry(await this.entryRow(scope.orgId, row.id), today);
  }

  /**
   * Queued twice by mistake: a patient who already has an open visit (Waiting or WithDoctor) that day is refused
   * with that visit attached, unless the caller confirms (a second visit the same day does happen).
   */
  private async assertNoOpenVisit(
    tx: Db,
    scope: RequestContext,
    patientId: number,
    day: string,
  ): Promise<void> {
    const [open] = await selectEntries(
      tx,
      scope.orgId,
      eq(queueEntries.patientId, patientId),
      eq(queueEntries.ticketDay, day),
      inArray(queueEntries.status, [QUEUE_STATUS.Waiting, QUEUE_STATUS.WithDoctor]),
    );
    if (open)
      throw new AppError(
        'queue.duplicate_open',
        `This patient already has an open visit that day (ticket ${open.entry.ticketNumber}).`,
        undefined,
        { data: toEntry(open, this.today(scope)) },
      );
  }

  /**
   * A patient booked (or recalled) for today who comes in is that booking arriving, not a second visit: queueing
   * them is refused with the booking attached (reception arrives it instead), unless the caller confirms.
   */
  private async assertNotBookedToday(
    tx: Db,
    scope: RequestContext,
    patientId: number,
    today: string,
  ): Promise<void> {
    const { start, end } = dayRange(today, scope.timeZone);
    const [booking] = await selectEntries(
      tx,
      scope.orgId,
      eq(queueEntries.patientId, patientId),
      eq(queueEntries.status, QUEUE_STATUS.Booked),
      gte(queueEntries.date, start),
      lt(queueEntries.date, end),
    )
      .orderBy(asc(queueEntries.date), asc(queueEntries.id))
      .limit(1);
    if (booking)
      throw new AppError(
        'queue.booked_today',
        'This patient is booked for today: mark the booking as arrived instead of queueing a second visit.',
        undefined,
        { data: toEntry(booking, today) },
      );
  }

  /** `GET /api/mo/queue/{id}`: a visit with its history, audited as a read of the patient's data. */
  async view(scope: RequestContext, id: number): Promise<QueueEntryDetail> {
    const detail = await this.detail(scope, id);
    await recordAudit(this.db, scope, {
      action: 'queue.viewed',
      entity: 'queue',
      entityId: id,
      patientId: detail.patientId,
    });
    return detail;
  }

  async detail(scope: RequestContext, id: number): Promise<QueueEntryDetail> {
    const actor = users;
    // Independent reads, side by side on the pool; the events and the count of another organization's entry are
    // empty, and the entry's own read answers 404.
    const [row, events, [exams]] = await Promise.all([
      this.entryRow(scope.orgId, id),
      this.db
        .select({ event: queueStatusEvents, actorName: actor.name })
        .from(queueStatusEvents)
        .leftJoin(actor, eq(actor.id, queueStatusEvents.actorId))
        .where(inOrg(queueStatusEvents, scope.orgId, eq(queueStatusEvents.queueId, id)))
        .orderBy(asc(queueStatusEvents.at), asc(queueStatusEvents.id)),
      this.db
        .select({ n: count() })
        .from(examRecords)
        .where(inOrg(examRecords, scope.orgId, eq(examRecords.queueId, id))),
    ]);
    return {
      ...toEntry(row, this.today(scope)),
      events: events.map(({ event: e, actorName }): QueueEvent => ({
        id: e.id,
        from: e.fromStatus === null ? null : statusOf(e.fromStatus),
        to: statusOf(e.toStatus),
        action: e.action as QueueEvent['action'],
        at: e.at.toISOString(),
        dueAt: e.dueAt?.toISOString() ?? null,
        by: e.actorId !== null && actorName !== null ? { id: e.actorId, name: actorName } : null,
        note: e.note,
      })),
      waitedMinutes: waitedMinutes(
        events.map((e) => e.event),
        this.clock.now(),
      ),
      examCount: exams?.n ?? 0,
    };
  }

  /** The printed ticket; each print is audited. */
  async ticket(scope: RequestContext, organizationName: string, id: number): Promise<QueueTicket> {
    const row = await this.entryRow(scope.orgId, id);
    const entry = toEntry(row, this.today(scope));
    const { ticketNumber, ticketDay } = entry;
    if (ticketNumber === null || ticketDay === null)
      throw new AppError(
        'queue.no_ticket',
        'This visit has no ticket: a booking or a recall takes one when the patient arrives.',
      );
    await recordAudit(this.db, scope, {
      action: 'queue.ticket_printed',
      entity: 'queue',
      entityId: id,
      patientId: entry.patientId,
    });
    return {
      id,
      ticketNumber,
      ticketDay,
      date: entry.date,
      examTypes: entry.examTypes,
      patient: { id: entry.patient.id, name: entry.patient.name, fileNumber: entry.patient.fileNumber },
      doctor: entry.doctor,
      organization: { name: organizationName, timeZone: scope.timeZone },
    };
  }

  private async staleError(scope: RequestContext, id: number, db: Db): Promise<AppError> {
    return new AppError(
      'stale_version',
      'Someone else changed this queue entry; the current entry is attached. Review it and save again.',
      undefined,
      { data: toEntry(await this.entryRow(scope.orgId, id, db), this.today(scope)) },
    );
  }

  /**
   * The queue form's edit. A visit present (Waiting) dated to a later day is a booking from then on, as queueing it
   * for that day makes one (docs/appointments.md): Booked, its ticket dropped, the slot of its reasons (a recall
   * none), not arrived; its status event (`book`) and its place before (`booking_moves`) are recorded, and any
   * charge stays on it (its arrival charges nothing more). A booking's day or doctor changed here is a move too.
   */
  async update(scope: RequestContext, id: number, input: QueueUpdate): Promise<QueueEntry> {
    const now = this.clock.now();
    const today = localDay(now, scope.timeZone);
    const row = await this.db.transaction(async (tx) => {
      const { entry: current } = await this.entryRow(scope.orgId, id, tx);
      const changes: Partial<typeof queueEntries.$inferInsert> = {};
      let becomesBooking = false;
      if (input.date !== undefined) {
        const date = new Date(input.date);
        changes.date = date;
        const day = localDay(date, scope.timeZone);
        if (current.status === QUEUE_STATUS.Waiting && day > today) {
          becomesBooking = true;
          changes.status = QUEUE_STATUS.Booked;
          changes.statusSince = now;
          changes.ticketDay = null;
          changes.ticketNumber = null;
          changes.arrivedAt = null;
          // A recall waiting today and moved ahead is due on its day, without a time (as re-waiting makes it).
          changes.slotMinutes = current.isRewaiting
            ? null
            : slotLengthFor(
                await loadAppointmentSettings(tx, scope.orgId),
                input.examTypes ?? (current.examTypes as QueueCreate['examTypes']),
              );
        } else if (current.ticketDay !== null && day !== current.ticketDay) {
          // A visit with a ticket takes its new day's; a booking or a recall has none until it arrives.
          changes.ticketDay = day;
          changes.ticketNumber = await nextTicket(tx, scope.orgId, day);
        }
      }
      if (input.isVisitDate !== undefined) changes.isVisitDate = input.isVisitDate === 1;
      if (input.note !== undefined) changes.note = input.note;
      if (input.examTypes !== undefined) changes.examTypes = input.examTypes;
      if (input.doctorId !== undefined) {
        if (input.doctorId !== null) await this.assertDoctor(tx, scope.orgId, input.doctorId);
        changes.doctorId = input.doctorId;
      }
      const updated = await updateVersioned(
        tx,
        queueEntries,
        {
          orgId: scope.orgId,
          id,
          expected: input.version,
          // The status read is the one changed: a visit opened meanwhile is not made a booking.
          where: becomesBooking ? eq(queueEntries.status, current.status) : undefined,
        },
        { ...changes, updatedAt: now, updatedBy: scope.userId },
        () => this.staleError(scope, id, tx),
      );
      if (becomesBooking)
        await tx.insert(queueStatusEvents).values({
          orgId: scope.orgId,
          queueId: id,
          fromStatus: current.status,
          toStatus: QUEUE_STATUS.Booked,
          action: 'book',
          at: now,
          actorId: scope.userId,
        });
      const booking = updated.status === QUEUE_STATUS.Booked;
      const moved =
        updated.date.getTime() !== current.date.getTime() || updated.doctorId !== current.doctorId;
      if (booking && moved)
        await tx.insert(bookingMoves).values({
          orgId: scope.orgId,
          queueId: id,
          fromStart: current.date,
          fromMinutes: current.slotMinutes,
          fromDoctorId: current.doctorId,
          toStart: updated.date,
          toMinutes: updated.slotMinutes,
          toDoctorId: updated.doctorId,
          movedBy: scope.userId,
          movedAt: now,
        });
      if (changes.date) await refreshLastQueueAt(tx, scope.orgId, current.patientId, now);
      await recordAudit(tx, scope, {
        action: 'queue.updated',
        entity: 'queue',
        entityId: id,
        patientId: current.patientId,
        details: {
          fields: Object.keys(changes),
          ...(becomesBooking
            ? {
                booked: true,
                from: {
                  status: current.status,
                  ticketDay: current.ticketDay,
                  ticketNumber: current.ticketNumber,
                },
              }
            : {}),
        },
      });
      return updated;
    });
    await publishQueueChange(this.events, scope.orgId, row, 'updated', now);
    return toEntry(await this.entryRow(scope.orgId, id), today);
  }

  /** Deleting is for mistakes; an entry with exam records is kept (cancel it instead). */
  async remove(scope: RequestContext, id: number): Promise<void> {
    const hasRecords = () =>
      new AppError(
        'queue.has_records',
        'This visit has exam records and cannot be deleted; cancel it instead.',
      );
    let deleted: QueueRow | undefined;
    try {
      deleted = await this.db.transaction(async (tx) => {
        const { entry } = await this.entryRow(scope.orgId, id, tx);
        const [exams] = await tx
          .select({ n: count() })
          .from(examRecords)
          .where(inOrg(examRecords, scope.orgId, eq(examRecords.queueId, id)));
        if ((exams?.n ?? 0) > 0) throw hasRecords();
        // Money is never deleted (docs/money.md): a charged visit is canceled and its charges voided instead.
        const [charged] = await tx
          .select({ n: count() })
          .from(charges)
          .where(inOrg(charges, scope.orgId, eq(charges.queueId, id)));
        if ((charged?.n ?? 0) > 0)
          throw new AppError(
            'queue.has_records',
            'This visit has charges and cannot be deleted; cancel it instead and void its charges.',
          );
        await tx.delete(queueEntries).where(inOrg(queueEntries, scope.orgId, eq(queueEntries.id, id)));
        await refreshLastQueueAt(tx, scope.orgId, entry.patientId, this.clock.now());
        await recordAudit(tx, scope, {
          action: 'queue.deleted',
          entity: 'queue',
          entityId: id,
          patientId: entry.patientId,
          details: {
            ticketDay: entry.ticketDay,
            ticketNumber: entry.ticketNumber,
            status: entry.status,
            date: entry.date.toISOString(),
          },
        });
        return entry;
      });
    } catch (error) {
      // An exam record saved in the meantime: the foreign key refuses the delete.
      if (pgCode(error) === '23503') throw hasRecords();
      throw error;
    }
    await publishQueueChange(
      this.events,
      scope.orgId,
      { id, patientId: deleted.patientId },
      'deleted',
      this.clock.now(),
    );
  }
}
