import { and, asc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  AppointmentSettings,
  Book,
  Booking,
  BookingCreate,
  BookingFull,
  BookingMove,
  DaySlots,
  Slot,
} from '@basira/shared/appointments/appointments.schemas';
import { slotLengthFor, type bookSummarySchema } from '@basira/shared/appointments/appointments.schemas';
import type { z } from 'zod';
import { daySlots, openMinutes, sessionsOn, weekdayOf } from '@basira/shared/appointments/slots';
import { addToDay, localDay, startOfDay } from '@basira/shared/dates/calendar';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import type { QueueEntry, VisitReason } from '@basira/shared/queue/queue.schemas';
import type { Db } from '../../db/client.ts';
import { bookingMoves, queueEntries, queueStatusEvents, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { literal, runPrepared, statementName } from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit, writeAudited } from '../audit/audit.service.ts';
import type { EventHub } from '../events/event-hub.ts';
import { findLivePatient } from '../patients/patients.service.ts';
import { publishQueueChange, selectEntries, toEntry } from '../queue/queue-view.ts';
import { loadAppointmentSettings } from './appointment-settings.ts';
import {
  allDoctorsOf,
  assertDoctor,
  closuresBetween,
  daysBetween,
  heldBookingsOf,
  heldSlotsOf,
  hoursRows,
  lockDoctorDay,
  misfit,
  misfitError,
  rangeOf,
  bookEntryOf,
  selectBookEntries,
  selectBookings,
  toBooking,
  toClosure,
  toDoctorHours,
  weekOf,
  type BookingRow,
} from './appointments-common.ts';

type Summary = z.infer<typeof bookSummarySchema>;
const MINUTE = 60_000;
/** The due list's length at most. */
export const DUE_LIMIT = 500;

// The statuses are written into the text (`literal`): a prepared statement's generic plan then matches the partial
// index of Booked visits (`queue_entries_booked_idx`).
const isBooked = sql`${queueEntries.status} = ${literal(QUEUE_STATUS.Booked)}`;
const hasSlot = sql`${queueEntries.slotMinutes} IS NOT NULL`;

/** The visits the book shows, with canceled and no-shows when `all`. */
function inBook(all: boolean): SQL {
  return all
    ? (or(hasSlot, isBooked, sql`${queueEntries.status} = ${literal(QUEUE_STATUS.NoShow)}`) as SQL)
    : (or(
        and(hasSlot, sql`${queueEntries.status} BETWEEN 0 AND 3`),
        and(sql`${queueEntries.slotMinutes} IS NULL`, isBooked),
      ) as SQL);
}

/** The appointment book: slots, the book, bookings and their moves, the due list and the reports. */
export class AppointmentsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventHub,
  ) {}

  private today(scope: { timeZone: string }): string {
    return localDay(this.clock.now(), scope.timeZone);
  }

  private slotMinutesOf(settings: AppointmentSettings, reason: VisitReason | undefined, minutes?: number) {
    return minutes ?? slotLengthFor(settings, reason ? [reason] : []);
  }

  /** One doctor's day cut into slots (free or held). */
  async slots(
    scope: RequestContext,
    q: { doctorId: number; day: string; reason?: VisitReason | undefined; minutes?: number | undefined },
  ): Promise<DaySlots> {
    const { start, end } = {
      start: startOfDay(q.day, scope.timeZone),
      end: startOfDay(addToDay(q.day, 1), scope.timeZone),
    };
    const [settings, hours, closures, bookings] = await Promise.all([
      loadAppointmentSettings(this.db, scope.orgId),
      hoursRows(this.db, scope.orgId, [q.doctorId]),
      closuresBetween(this.db, scope.orgId, q.day, q.day),
      heldSlotsOf(this.db, scope.orgId, q.doctorId, start, end),
    ]);
    const minutes = this.slotMinutesOf(settings, q.reason, q.minutes);
    const row = hours.get(q.doctorId);
    const base = { doctorId: q.doctorId, day: q.day, closureName: null as string | null };
    if (settings.closedWeekdays.includes(weekdayOf(q.day)))
      return { ...base, closed: 'weekday', sessions: [], slots: [] };
    if (closures[0])
      return { ...base, closed: 'closure', closureName: closures[0].name, sessions: [], slots: [] };
    const sessions = sessionsOn(weekOf(row), q.day);
    if (sessions.length === 0) return { ...base, closed: 'no_hours', sessions: [], slots: [] };
    const slots = daySlots({
      day: q.day,
      sessions,
      minutes,
      bookings: bookings.map((b) => ({ id: b.id, start: b.date, minutes: b.slotMinutes!, status: b.status })),
      timeZone: scope.timeZone,
    });
    return { ...base, closed: null, sessions, slots };
  }

  /**
   * The first free slots of one doctor over `days` days from `from` (today by default): three reads (settings,
   * hours and closures side by side, then the range's bookings from `queue_entries_book_idx`), the rest in memory.
   */
  async freeSlots(
    scope: RequestContext,
    q: {
      doctorId: number;
      from?: string | undefined;
      days: number;
      reason?: VisitReason | undefined;
      minutes?: number | undefined;
      limit: number;
    },
  ): Promise<{ doctorId: number; minutes: number; slots: (Slot & { day: string })[] }> {
    const now = this.clock.now();
    const today = this.today(scope);
    const from = q.from && q.from > today ? q.from : today;
    const last = addToDay(from, q.days - 1);
    const [settings, hours, closures, bookings] = await Promise.all([
      loadAppointmentSettings(this.db, scope.orgId),
      hoursRows(this.db, scope.orgId, [q.doctorId]),
      closuresBetween(this.db, scope.orgId, from, last),
      heldSlotsOf(
        this.db,
        scope.orgId,
        q.doctorId,
        startOfDay(from, scope.timeZone),
        startOfDay(addToDay(last, 1), scope.timeZone),
      ),
    ]);
    const minutes = this.slotMinutesOf(settings, q.reason, q.minutes);
    const week = weekOf(hours.get(q.doctorId));
    const closed = new Set(closures.map((c) => c.day));
    // Each booking to its local day by the days' starts (bookings come in order): no zone lookup per booking.
    const range = rangeOf(from, q.days);
    const starts = [...range, addToDay(last, 1)].map((d) => startOfDay(d, scope.timeZone).getTime());
    const byDay = new Map<string, { id: number; start: Date; minutes: number; status: number }[]>();
    let i = -1;
    for (const b of bookings) {
      const ms = b.date.getTime();
      while (i + 1 < starts.length && starts[i + 1]! <= ms) i++;
      const day = i < 0 ? addToDay(from, -1) : range[i];
      if (day === undefined) continue;
      const list = byDay.get(day) ?? [];
      list.push({ id: b.id, start: b.date, minutes: b.slotMinutes!, status: b.status });
      byDay.set(day, list);
    }
    const found: (Slot & { day: string })[] = [];
    for (const day of range) {
      if (found.length >= q.limit) break;
      if (closed.has(day) || settings.closedWeekdays.includes(weekdayOf(day))) continue;
      const sessions = sessionsOn(week, day);
      if (sessions.length === 0) continue;
      // A booking of the day before may run into it only past midnight: sessions end by 23:59, so the day's own.
      const held = [...(byDay.get(day) ?? []), ...(byDay.get(addToDay(day, -1)) ?? [])];
      for (const slot of daySlots({ day, sessions, minutes, bookings: held, timeZone: scope.timeZone })) {
        if (!slot.free || Date.parse(slot.start) <= now.getTime()) continue;
        found.push({ ...slot, day });
        if (found.length >= q.limit) break;
      }
    }
    return { doctorId: q.doctorId, minutes, slots: found };
  }

  /** The book of a range of days: bookings and recalls, closures, closed weekdays and the doctors' hours. */
  async book(
    scope: RequestContext,
    q: { from: string; to: string; doctorIds?: number[] | undefined; all?: boolean | undefined },
  ): Promise<Book> {
    this.assertRange(q.from, q.to);
    const start = startOfDay(q.from, scope.timeZone);
    const end = startOfDay(addToDay(q.to, 1), scope.timeZone);
    const all = q.all ?? false;
    const [settings, doctors, hours, closures, rows] = await Promise.all([
      loadAppointmentSettings(this.db, scope.orgId),
      allDoctorsOf(this.db, scope.orgId),
      hoursRows(this.db, scope.orgId, q.doctorIds),
      closuresBetween(this.db, scope.orgId, q.from, q.to),
      // Prepared, one statement per shape (some doctors or all; with canceled and no-shows or not).
      runPrepared(this.db, statementName('appointment_book', { all, some: Boolean(q.doctorIds) }), (bind) => {
        const org = bind('orgId', scope.orgId);
        const [lo, hi] = [bind('start', start.toISOString()), bind('end', end.toISOString())];
        const ids = q.doctorIds ? bind('doctorIds', q.doctorIds) : undefined;
        return () =>
          selectBookEntries(
            this.db,
            org,
            sql`${queueEntries.date} >= ${lo}::timestamptz`,
            sql`${queueEntries.date} < ${hi}::timestamptz`,
            ids === undefined ? undefined : sql`${queueEntries.doctorId} = ANY(${ids}::int[])`,
            inBook(all),
          ).orderBy(asc(queueEntries.date), asc(queueEntries.id));
      }),
    ]);
    const shown = q.doctorIds ? doctors.filter((d) => q.doctorIds!.includes(d.id)) : doctors;
    const bookings = rows.map(bookEntryOf);
    await this.auditList(scope, bookings);
    return {
      from: q.from,
      to: q.to,
      closures: closures.map(toClosure),
      closedWeekdays: settings.closedWeekdays,
      hours: shown.map((d) => toDoctorHours(d, hours.get(d.id))),
      bookings,
    };
  }

  private assertRange(from: string, to: string) {
    if (daysBetween(from, to) >= 42)
      throw new AppError('validation', 'The range is too long.', { to: ['to.range_too_long'] });
  }

  /** A list of bookings read: one audit row naming its patients. */
  private async auditList(scope: RequestContext, bookings: Booking[]) {
    if (bookings.length === 0) return;
    await recordAudit(this.db, scope, {
      action: 'appointment.listed',
      entity: 'appointment',
      patientIds: [...new Set(bookings.map((b) => b.patient.id))],
    });
  }

  /** Counts per doctor and day with open and booked minutes: one GROUP BY, the hours in memory. */
  async summary(scope: RequestContext, q: { from: string; to: string }): Promise<Summary> {
    this.assertRange(q.from, q.to);
    const start = startOfDay(q.from, scope.timeZone);
    const end = startOfDay(addToDay(q.to, 1), scope.timeZone);
    const range = rangeOf(q.from, daysBetween(q.from, q.to) + 1);
    // Each booking to its day by the bucket of the days' starts (computed here): no time-zone lookup per booking.
    const starts = range.map((d) => startOfDay(d, scope.timeZone).toISOString());
    const held = sql`${queueEntries.status} BETWEEN 0 AND 3`;
    const [settings, doctors, hours, closures, counts] = await Promise.all([
      loadAppointmentSettings(this.db, scope.orgId),
      allDoctorsOf(this.db, scope.orgId),
      hoursRows(this.db, scope.orgId),
      closuresBetween(this.db, scope.orgId, q.from, q.to),
      runPrepared(this.db, statementName('appointment_summary'), (bind) => {
        const org = bind('orgId', scope.orgId);
        const [lo, hi] = [bind('start', start.toISOString()), bind('end', end.toISOString())];
        const dayStarts = bind('starts', starts);
        return () =>
          this.db
            .select({
              bucket: sql<number>`width_bucket(${queueEntries.date}, ${dayStarts}::timestamptz[])`,
              doctorId: queueEntries.doctorId,
              booked: sql<number>`count(*) FILTER (WHERE ${held})::int`,
              arrived: sql<number>`count(${queueEntries.arrivedAt})::int`,
              noShow: sql<number>`count(*) FILTER (WHERE ${queueEntries.status} = 5)::int`,
              canceled: sql<number>`count(*) FILTER (WHERE ${queueEntries.status} = 4)::int`,
              bookedMinutes: sql<number>`coalesce(sum(${queueEntries.slotMinutes}) FILTER (WHERE ${held}), 0)::int`,
            })
            .from(queueEntries)
            .where(
              inOrg(
                queueEntries,
                org,
                sql`${queueEntries.date} >= ${lo}::timestamptz`,
                sql`${queueEntries.date} < ${hi}::timestamptz`,
                or(hasSlot, isBooked, sql`${queueEntries.status} = 5`),
              ),
            )
            .groupBy(sql`1`, queueEntries.doctorId);
      }),
    ]);
    const closed = new Set(closures.map((c) => c.day));
    const key = (d: string, doctor: number | null) => `${d}|${doctor ?? ''}`;
    const rows = new Map<string, Summary['days'][number]>();
    for (const d of range) {
      if (closed.has(d) || settings.closedWeekdays.includes(weekdayOf(d))) continue;
      for (const doctor of doctors) {
        const open = openMinutes(sessionsOn(weekOf(hours.get(doctor.id)), d));
        if (open > 0)
          rows.set(key(d, doctor.id), {
            day: d,
            doctorId: doctor.id,
            booked: 0,
            arrived: 0,
            noShow: 0,
            canceled: 0,
            openMinutes: open,
            bookedMinutes: 0,
          });
      }
    }
    for (const c of counts) {
      const day = range[Number(c.bucket) - 1];
      if (day === undefined) continue;
      const k = key(day, c.doctorId);
      const open = rows.get(k)?.openMinutes ?? 0;
      rows.set(k, {
        day,
        doctorId: c.doctorId,
        booked: c.booked,
        arrived: c.arrived,
        noShow: c.noShow,
        canceled: c.canceled,
        openMinutes: open,
        bookedMinutes: c.bookedMinutes,
      });
    }
    const days = [...rows.values()].sort((a, b) =>
      a.day < b.day ? -1 : a.day > b.day ? 1 : (a.doctorId ?? 0) - (b.doctorId ?? 0),
    );
    return { from: q.from, to: q.to, days };
  }

  /** Checks a place for a booking: in the future, not on a closed day, inside the doctor's sessions. */
  private async assertPlace(
    tx: Db,
    scope: RequestContext,
    settings: AppointmentSettings,
    place: { start: Date; minutes: number; doctorId: number | null },
  ) {
    const day = localDay(place.start, scope.timeZone);
    const [closures, hours] = await Promise.all([
      closuresBetween(tx, scope.orgId, day, day),
      place.doctorId === null ? Promise.resolve(new Map()) : hoursRows(tx, scope.orgId, [place.doctorId]),
    ]);
    const week = place.doctorId === null ? null : weekOf(hours.get(place.doctorId));
    const why = misfit(
      place,
      week,
      settings.closedWeekdays,
      new Set(closures.map((c) => c.day)),
      scope.timeZone,
    );
    if (why) throw misfitError(why);
  }

  private async slotTaken(start: Date, minutes: number, held: BookingRow[]): Promise<AppError> {
    return new AppError(
      'appointments.slot_taken',
      'Someone booked this slot meanwhile; its bookings are attached. Choose another slot or overbook.',
      undefined,
      { data: { start: start.toISOString(), minutes, bookings: held.map(toBooking) } },
    );
  }

  /** Books a slot: a queue entry in status Booked, with its slot, no ticket; 409 when the slot is taken. */
  async create(scope: RequestContext, input: BookingCreate): Promise<BookingFull> {
    const now = this.clock.now();
    const start = new Date(input.start);
    if (start.getTime() <= now.getTime())
      throw new AppError('appointments.in_past', 'A booking starts in the future.', {
        start: ['start.in_past'],
      });
    const settings = await loadAppointmentSettings(this.db, scope.orgId);
    const minutes = input.minutes ?? slotLengthFor(settings, input.examTypes);
    const day = localDay(start, scope.timeZone);
    const row = await this.db.transaction(async (tx) => {
      await findLivePatient(tx, scope.orgId, input.patientId);
      await assertDoctor(tx, scope.orgId, input.doctorId);
      await this.assertPlace(tx, scope, settings, { start, minutes, doctorId: input.doctorId });
      await lockDoctorDay(tx, scope.orgId, input.doctorId, day);
      const held = await heldBookingsOf(
        tx,
        scope.orgId,
        input.doctorId,
        start,
        new Date(start.getTime() + minutes * MINUTE),
      );
      if (held.length > 0 && !input.overbook) throw await this.slotTaken(start, minutes, held);
      const [inserted] = await writeAudited(
        tx,
        queueEntries,
        {
          name: statementName('appointment_insert'),
          write: (value) => sql`
            INSERT INTO ${queueEntries} (org_id, patient_id, is_visit_date, date, note, status, exam_types, doctor_id,
                                         status_since, slot_minutes, overbooked, created_by, updated_by, created_at,
                                         updated_at)
            VALUES (${value('orgId')}::int, ${value('patientId')}::int, false, ${value('date')}::timestamptz,
                    ${value('note')}::text, ${QUEUE_STATUS.Booked}, ${value('examTypes')}::text[], ${value('doctorId')}::int,
                    ${value('now')}::timestamptz, ${value('minutes')}::smallint, ${value('overbooked')}::boolean,
                    ${value('userId')}::int, ${value('userId')}::int, ${value('now')}::timestamptz,
                    ${value('now')}::timestamptz)
            RETURNING *`,
          alsoWrite: () => [
            sql`
            INSERT INTO ${queueStatusEvents} (org_id, queue_id, from_status, to_status, action, at, due_at, actor_id,
                                              note)
            SELECT w.org_id, w.id, NULL, w.status, 'create', w.status_since, w.date, w.created_by, w.note FROM w`,
          ],
          values: {
            orgId: scope.orgId,
            patientId: input.patientId,
            date: start.toISOString(),
            note: input.note,
            examTypes: input.examTypes,
            doctorId: input.doctorId,
            now: now.toISOString(),
            minutes,
            overbooked: held.length > 0,
            userId: scope.userId,
          },
        },
        scope,
        {
          action: 'appointment.booked',
          entity: 'appointment',
          details: {
            start: start.toISOString(),
            minutes,
            doctorId: input.doctorId,
            overbooked: held.length > 0,
          },
          at: now,
        },
      );
      return inserted!;
    });
    await publishQueueChange(this.events, scope.orgId, row, 'created', now);
    return this.booking(scope.orgId, row.id);
  }

  async booking(orgId: number, id: number, db: Db = this.db): Promise<BookingFull> {
    const [row] = await selectBookings(db, orgId, eq(queueEntries.id, id));
    if (!row) throw notFound('Booking');
    return toBooking(row);
  }

  /** Another start, length or doctor for a Booked booking; the earlier place joins its history. */
  async move(scope: RequestContext, id: number, input: BookingMove): Promise<BookingFull> {
    const now = this.clock.now();
    const settings = await loadAppointmentSettings(this.db, scope.orgId);
    const row = await this.db.transaction(async (tx) => {
      const [current] = await selectBookings(tx, scope.orgId, eq(queueEntries.id, id));
      if (!current) throw notFound('Booking');
      if (current.status !== QUEUE_STATUS.Booked || current.slotMinutes === null)
        throw new AppError('appointments.not_booked', 'Only a booking not yet arrived can be moved.');
      if (current.version !== input.version)
        throw new AppError(
          'stale_version',
          'Someone else changed this booking; the current one is attached.',
          undefined,
          {
            data: toBooking(current),
          },
        );
      const start = input.start ? new Date(input.start) : current.date;
      const minutes = input.minutes ?? current.slotMinutes;
      const doctorId = input.doctorId ?? current.doctorId;
      if (start.getTime() !== current.date.getTime() && start.getTime() <= now.getTime())
        throw new AppError('appointments.in_past', 'A booking starts in the future.', {
          start: ['start.in_past'],
        });
      if (input.doctorId !== undefined && input.doctorId !== current.doctorId)
        await assertDoctor(tx, scope.orgId, input.doctorId);
      await this.assertPlace(tx, scope, settings, { start, minutes, doctorId });
      // Both days locked, in one order whoever moves: two moves between the same days cannot wait on each other.
      const keys = [
        { doctorId: current.doctorId, day: localDay(current.date, scope.timeZone) },
        { doctorId, day: localDay(start, scope.timeZone) },
      ]
        .map((k) => ({ ...k, key: `${k.doctorId ?? 0}:${k.day}` }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .filter((k, i, all) => i === 0 || all[i - 1]!.key !== k.key);
      for (const k of keys) await lockDoctorDay(tx, scope.orgId, k.doctorId, k.day);
      const held =
        doctorId === null
          ? []
          : await heldBookingsOf(
              tx,
              scope.orgId,
              doctorId,
              start,
              new Date(start.getTime() + minutes * MINUTE),
              id,
            );
      if (held.length > 0 && !input.overbook) throw await this.slotTaken(start, minutes, held);
      const updated = await updateVersioned(
        tx,
        queueEntries,
        { orgId: scope.orgId, id, expected: input.version, where: isBooked },
        {
          date: start,
          slotMinutes: minutes,
          doctorId,
          overbooked: held.length > 0,
          updatedAt: now,
          updatedBy: scope.userId,
        },
        async () =>
          new AppError(
            'stale_version',
            'Someone else changed this booking; the current one is attached.',
            undefined,
            {
              data: await this.booking(scope.orgId, id, tx),
            },
          ),
      );
      await tx.insert(bookingMoves).values({
        orgId: scope.orgId,
        queueId: id,
        fromStart: current.date,
        fromMinutes: current.slotMinutes,
        fromDoctorId: current.doctorId,
        toStart: start,
        toMinutes: minutes,
        toDoctorId: doctorId,
        movedBy: scope.userId,
        movedAt: now,
      });
      await recordAudit(tx, scope, {
        action: 'appointment.moved',
        entity: 'appointment',
        entityId: id,
        patientId: current.patientId,
        details: {
          from: {
            start: current.date.toISOString(),
            minutes: current.slotMinutes,
            doctorId: current.doctorId,
          },
          to: { start: start.toISOString(), minutes, doctorId },
          overbooked: held.length > 0,
        },
      });
      return updated;
    });
    await publishQueueChange(this.events, scope.orgId, row, 'updated', now);
    return this.booking(scope.orgId, id);
  }

  /** A booking with its queue entry and its moves; audited as a read of the patient's data. */
  async detail(scope: RequestContext, id: number) {
    const [entryRow] = await selectEntries(this.db, scope.orgId, eq(queueEntries.id, id));
    if (!entryRow) throw notFound('Booking');
    const e = entryRow.entry;
    const entry: QueueEntry = {
      ...toEntry(entryRow, this.today(scope)),
      slotMinutes: e.slotMinutes,
      overbooked: e.overbooked ? 1 : 0,
      arrivedAt: e.arrivedAt?.toISOString() ?? null,
    };
    const [booking, moves] = await Promise.all([
      this.booking(scope.orgId, id),
      this.db
        .select()
        .from(bookingMoves)
        .where(inOrg(bookingMoves, scope.orgId, eq(bookingMoves.queueId, id)))
        .orderBy(asc(bookingMoves.movedAt), asc(bookingMoves.id)),
    ]);
    const ids = [
      ...new Set(
        moves
          .flatMap((m) => [m.fromDoctorId, m.toDoctorId, m.movedBy])
          .filter((v): v is number => v !== null),
      ),
    ];
    const names = new Map(
      ids.length === 0
        ? []
        : (
            await this.db
              .select({ id: users.id, name: users.name })
              .from(users)
              .where(inOrg(users, scope.orgId, inArray(users.id, ids)))
          ).map((u) => [u.id, u.name]),
    );
    const ref = (userId: number | null) =>
      userId === null ? null : { id: userId, name: names.get(userId) ?? '' };
    await recordAudit(this.db, scope, {
      action: 'appointment.viewed',
      entity: 'appointment',
      entityId: id,
      patientId: e.patientId,
    });
    return {
      booking,
      entry,
      moves: moves.map((m) => ({
        id: m.id,
        fromStart: m.fromStart.toISOString(),
        fromMinutes: m.fromMinutes,
        fromDoctor: ref(m.fromDoctorId),
        toStart: m.toStart.toISOString(),
        toMinutes: m.toMinutes,
        toDoctor: ref(m.toDoctorId),
        at: m.movedAt.toISOString(),
        by: ref(m.movedBy),
      })),
    };
  }

  /** Bookings and recalls due today or earlier and not arrived, oldest first. */
  async due(scope: RequestContext) {
    const today = this.today(scope);
    const rows = await selectBookings(
      this.db,
      scope.orgId,
      isBooked,
      lt(queueEntries.date, startOfDay(addToDay(today, 1), scope.timeZone)),
    )
      .orderBy(asc(queueEntries.date), asc(queueEntries.id))
      .limit(DUE_LIMIT);
    const entries = rows.map((r) => ({
      ...toBooking(r),
      overdueDays: Math.max(0, daysBetween(localDay(r.date, scope.timeZone), today)),
    }));
    await this.auditList(scope, entries);
    return { day: today, entries };
  }

  /** Per doctor and first reason: booked, arrived, no-shows and cancellations of bookings and recalls. */
  async attendance(scope: RequestContext, q: { from: string; to: string }) {
    const start = startOfDay(q.from, scope.timeZone);
    const end = startOfDay(addToDay(q.to, 1), scope.timeZone);
    const reason = sql<string | null>`${queueEntries.examTypes}[1]`;
    const rows = await this.db
      .select({
        doctorId: queueEntries.doctorId,
        doctorName: users.name,
        reason,
        booked: sql<number>`count(*)::int`,
        arrived: sql<number>`count(${queueEntries.arrivedAt})::int`,
        noShow: sql<number>`count(*) FILTER (WHERE ${queueEntries.status} = 5)::int`,
        canceled: sql<number>`count(*) FILTER (WHERE ${queueEntries.status} = 4)::int`,
      })
      .from(queueEntries)
      .leftJoin(users, eq(users.id, queueEntries.doctorId))
      .where(
        inOrg(
          queueEntries,
          scope.orgId,
          gte(queueEntries.date, start),
          lt(queueEntries.date, end),
          or(hasSlot, isBooked, sql`${queueEntries.status} = 5`, sql`${queueEntries.isRewaiting}`),
        ),
      )
      .groupBy(queueEntries.doctorId, users.name, sql`3`)
      .orderBy(asc(users.name), asc(queueEntries.doctorId), sql`3`);
    return {
      from: q.from,
      to: q.to,
      rows: rows.map((r) => ({
        doctor: r.doctorId === null ? null : { id: r.doctorId, name: r.doctorName ?? '' },
        reason: (r.reason ?? null) as VisitReason | null,
        booked: r.booked,
        arrived: r.arrived,
        noShow: r.noShow,
        canceled: r.canceled,
      })),
    };
  }

  /** A patient's bookings ahead and the counts of their missed ones. */
  async patient(scope: RequestContext, patientId: number) {
    await findLivePatient(this.db, scope.orgId, patientId);
    const startToday = startOfDay(this.today(scope), scope.timeZone);
    const [upcoming, [counts]] = await Promise.all([
      selectBookings(
        this.db,
        scope.orgId,
        eq(queueEntries.patientId, patientId),
        isBooked,
        gte(queueEntries.date, startToday),
      ).orderBy(asc(queueEntries.date), asc(queueEntries.id)),
      this.db
        .select({
          noShows: sql<number>`count(*) FILTER (WHERE ${queueEntries.status} = 5)::int`,
          cancellations: sql<number>`count(*) FILTER (WHERE ${queueEntries.status} = 4
            AND (${queueEntries.slotMinutes} IS NOT NULL OR ${queueEntries.isRewaiting}))::int`,
          lastNoShow: sql<
            string | null
          >`to_char(max(${queueEntries.date}) FILTER (WHERE ${queueEntries.status} = 5)
            AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        })
        .from(queueEntries)
        .where(
          inOrg(
            queueEntries,
            scope.orgId,
            eq(queueEntries.patientId, patientId),
            sql`${queueEntries.status} IN (4, 5)`,
          ),
        ),
    ]);
    await recordAudit(this.db, scope, {
      action: 'appointment.listed',
      entity: 'patient',
      entityId: patientId,
      patientId,
    });
    return {
      upcoming: upcoming.map(toBooking),
      noShows: counts?.noShows ?? 0,
      cancellations: counts?.cancellations ?? 0,
      lastNoShow: counts?.lastNoShow ?? null,
    };
  }
}
