import { asc, between, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type {
  Booking,
  BookingFull,
  Closure,
  DoctorHours,
  WeekHours,
} from '@basira/shared/appointments/appointments.schemas';
import { weekHoursSchema } from '@basira/shared/appointments/appointments.schemas';
import { sessionsOn, isWithinSessions, weekdayOf } from '@basira/shared/appointments/slots';
import { zonedParts } from '@basira/shared/dates/calendar';
import type { VisitReason } from '@basira/shared/queue/queue.schemas';
import type { Db } from '../../db/client.ts';
import { clinicClosures, doctorHours, patients, queueEntries, users } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { runPrepared, statementName } from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';
import { activeHolders } from '../roles/role-guards.ts';
import { DOCTOR_PERMISSIONS } from '../queue/queue.service.ts';

/** The longest booking there can be: a booking starting this long before a slot may still overlap it. */
export const LONGEST_BOOKING_MS = 240 * 60_000;

/** The columns a booking shows (`toBooking`): the entry and its patient's name, file number and phone. */
export const bookingColumns = {
  id: queueEntries.id,
  patientId: queueEntries.patientId,
  patientName: patients.name,
  fileNumber: patients.fileNumber,
  phone: patients.phone,
  doctorId: queueEntries.doctorId,
  date: queueEntries.date,
  slotMinutes: queueEntries.slotMinutes,
  examTypes: queueEntries.examTypes,
  note: queueEntries.note,
  status: queueEntries.status,
  overbooked: queueEntries.overbooked,
  isRewaiting: queueEntries.isRewaiting,
  arrivedAt: queueEntries.arrivedAt,
  bookingReply: queueEntries.bookingReply,
  version: queueEntries.version,
};

export type BookingRow = {
  id: number;
  patientId: number;
  patientName: string;
  fileNumber: number;
  phone: string | null;
  doctorId: number | null;
  date: Date;
  slotMinutes: number | null;
  examTypes: string[];
  note: string | null;
  status: number;
  overbooked: boolean;
  isRewaiting: boolean;
  arrivedAt: Date | null;
  bookingReply: string | null;
  version: number;
};

/** Bookings with their live patient; callers add conditions and order. */
export function selectBookings(db: Db, orgId: number, ...conditions: (SQL | undefined)[]) {
  return db
    .select(bookingColumns)
    .from(queueEntries)
    .innerJoin(patients, eq(patients.id, queueEntries.patientId))
    .where(inOrg(queueEntries, orgId, isNull(patients.deletedAt), ...conditions));
}

export function toBooking(r: BookingRow): BookingFull {
  return {
    id: r.id,
    patient: { id: r.patientId, name: r.patientName, fileNumber: r.fileNumber, phone: r.phone },
    doctorId: r.doctorId,
    start: r.date.toISOString(),
    minutes: r.slotMinutes,
    examTypes: r.examTypes as VisitReason[],
    note: r.note,
    statusId: r.status,
    overbooked: r.overbooked,
    isRewaiting: r.isRewaiting,
    arrivedAt: r.arrivedAt?.toISOString() ?? null,
    reply: r.bookingReply === 'confirmed' || r.bookingReply === 'cancelled' ? r.bookingReply : null,
    version: r.version,
  };
}

/**
 * The columns of the book's list (`bookEntryOf`): what the book's screen draws and moves, without what its drawer
 * reads from the booking's detail (file number, phone, note, `isRewaiting`, `arrivedAt`).
 */
export const bookEntryColumns = {
  id: queueEntries.id,
  patientId: queueEntries.patientId,
  patientName: patients.name,
  doctorId: queueEntries.doctorId,
  date: queueEntries.date,
  slotMinutes: queueEntries.slotMinutes,
  examTypes: queueEntries.examTypes,
  status: queueEntries.status,
  overbooked: queueEntries.overbooked,
  bookingReply: queueEntries.bookingReply,
  version: queueEntries.version,
};

export type BookEntryRow = Pick<
  BookingRow,
  | 'id'
  | 'patientId'
  | 'patientName'
  | 'doctorId'
  | 'date'
  | 'slotMinutes'
  | 'examTypes'
  | 'status'
  | 'overbooked'
  | 'bookingReply'
  | 'version'
>;

/** Bookings of the book's list with their live patient (`selectBookings`' conditions). */
export function selectBookEntries(db: Db, orgId: number, ...conditions: (SQL | undefined)[]) {
  return db
    .select(bookEntryColumns)
    .from(queueEntries)
    .innerJoin(patients, eq(patients.id, queueEntries.patientId))
    .where(inOrg(queueEntries, orgId, isNull(patients.deletedAt), ...conditions));
}

/** A booking as the book's list carries it (`bookingSchema`'s fields without those "not in the book's list"). */
export function bookEntryOf(r: BookEntryRow): Booking {
  return {
    id: r.id,
    patient: { id: r.patientId, name: r.patientName },
    doctorId: r.doctorId,
    start: r.date.toISOString(),
    minutes: r.slotMinutes,
    examTypes: r.examTypes as VisitReason[],
    statusId: r.status,
    overbooked: r.overbooked,
    reply: r.bookingReply === 'confirmed' || r.bookingReply === 'cancelled' ? r.bookingReply : null,
    version: r.version,
  };
}

/** A doctor's bookings with a slot that hold their time (statuses 0–3), overlapping `[from, to)`. */
export function heldBookingsOf(
  db: Db,
  orgId: number,
  doctorId: number,
  from: Date,
  to: Date,
  except?: number,
) {
  return selectBookings(
    db,
    orgId,
    eq(queueEntries.doctorId, doctorId),
    sql`${queueEntries.slotMinutes} IS NOT NULL`,
    gte(queueEntries.date, new Date(from.getTime() - LONGEST_BOOKING_MS)),
    lt(queueEntries.date, to),
    sql`${queueEntries.status} BETWEEN 0 AND 3`,
    sql`${queueEntries.date} + make_interval(mins => ${queueEntries.slotMinutes}::int) > ${from.toISOString()}::timestamptz`,
    except === undefined ? undefined : sql`${queueEntries.id} <> ${except}`,
  ).orderBy(asc(queueEntries.date), asc(queueEntries.id));
}

/**
 * A doctor's bookings with a slot that hold their time (statuses 0–3) overlapping `[from, to)`, as the slot search
 * needs them: start, length and status, not who holds them (`heldBookingsOf` joins each to its patient). A prepared
 * statement; the book index holds every column it reads (an index-only scan), the organization's few deleted
 * patients, whose bookings the book hides, are left out by a hashed subquery.
 */
export function heldSlotsOf(db: Db, orgId: number, doctorId: number, from: Date, to: Date) {
  return runPrepared(db, statementName('appointment_held_slots'), (bind) => {
    const org = bind('orgId', orgId);
    const doctor = bind('doctorId', doctorId);
    const earliest = bind('earliest', new Date(from.getTime() - LONGEST_BOOKING_MS).toISOString());
    const start = bind('from', from.toISOString());
    const end = bind('to', to.toISOString());
    return () =>
      db
        .select({
          id: queueEntries.id,
          date: queueEntries.date,
          slotMinutes: queueEntries.slotMinutes,
          status: queueEntries.status,
        })
        .from(queueEntries)
        .where(
          inOrg(
            queueEntries,
            org,
            eq(queueEntries.doctorId, doctor),
            sql`${queueEntries.slotMinutes} IS NOT NULL`,
            sql`${queueEntries.date} >= ${earliest}::timestamptz`,
            sql`${queueEntries.date} < ${end}::timestamptz`,
            sql`${queueEntries.status} BETWEEN 0 AND 3`,
            sql`${queueEntries.date} + make_interval(mins => ${queueEntries.slotMinutes}::int) > ${start}::timestamptz`,
            sql`${queueEntries.patientId} NOT IN (SELECT ${patients.id} FROM ${patients} WHERE ${inOrg(patients, org, isNotNull(patients.deletedAt))})`,
          ),
        )
        .orderBy(asc(queueEntries.date), asc(queueEntries.id));
  });
}

/** The organization's doctors (as the queue lists them): active, marked doctor, able to open boards. */
export function doctorsOf(db: Db, orgId: number, ...conditions: SQL[]) {
  return activeHolders(db, orgId, DOCTOR_PERMISSIONS, eq(users.isDoctor, true), ...conditions).orderBy(
    asc(users.name),
    asc(users.id),
  );
}

/** All the organization's doctors (`doctorsOf`), prepared: the book and its summary read them on every request. */
export function allDoctorsOf(db: Db, orgId: number) {
  return runPrepared(db, statementName('appointment_doctors'), (bind) => {
    const org = bind('orgId', orgId);
    return () => doctorsOf(db, org);
  });
}

export async function isDoctor(
  db: Db,
  orgId: number,
  doctorId: number,
): Promise<{ id: number; name: string } | null> {
  const [found] = await activeHolders(
    db,
    orgId,
    DOCTOR_PERMISSIONS,
    eq(users.id, doctorId),
    eq(users.isDoctor, true),
  ).limit(1);
  return found ?? null;
}

export async function assertDoctor(db: Db, orgId: number, doctorId: number): Promise<void> {
  if (!(await isDoctor(db, orgId, doctorId))) throw fieldError('doctorId', 'doctorId.not_doctor');
}

export type HoursRow = typeof doctorHours.$inferSelect;

export const EMPTY_WEEK: WeekHours = weekHoursSchema.parse({});

export function weekOf(row: HoursRow | undefined): WeekHours {
  if (!row) return EMPTY_WEEK;
  const parsed = weekHoursSchema.safeParse(row.week);
  return parsed.success ? parsed.data : EMPTY_WEEK;
}

export function toDoctorHours(doctor: { id: number; name: string }, row: HoursRow | undefined): DoctorHours {
  return {
    doctor,
    week: weekOf(row),
    version: row?.version ?? 1,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Hours rows of some doctors (or all), by doctor id. */
export async function hoursRows(db: Db, orgId: number, doctorIds?: number[]): Promise<Map<number, HoursRow>> {
  // Prepared (the book reads them on every request); the doctors, when given, are one array.
  const rows = await runPrepared(
    db,
    statementName('appointment_hours', { some: Boolean(doctorIds) }),
    (bind) => {
      const org = bind('orgId', orgId);
      const ids = doctorIds ? bind('doctorIds', doctorIds) : undefined;
      return () =>
        db
          .select()
          .from(doctorHours)
          .where(
            inOrg(
              doctorHours,
              org,
              ids === undefined ? undefined : sql`${doctorHours.doctorId} = ANY(${ids}::int[])`,
            ),
          );
    },
  );
  return new Map(rows.map((r) => [r.doctorId, r]));
}

export type ClosureRow = typeof clinicClosures.$inferSelect;
export const toClosure = (r: ClosureRow): Closure => ({
  id: r.id,
  day: r.day,
  name: r.name,
  kind: r.kind === 'holiday' ? 'holiday' : 'closure',
});

export async function closuresBetween(
  db: Db,
  orgId: number,
  from: string,
  to: string,
): Promise<ClosureRow[]> {
  return runPrepared(db, statementName('appointment_closures'), (bind) => {
    const org = bind('orgId', orgId);
    const [first, last] = [bind('from', from), bind('to', to)];
    return () =>
      db
        .select()
        .from(clinicClosures)
        .where(inOrg(clinicClosures, org, between(clinicClosures.day, first, last)))
        .orderBy(asc(clinicClosures.day));
  });
}

/**
 * Serializes the writes of one doctor's day (a booking, a move): taken in the transaction, released at its end.
 * Works on PostgreSQL and PGlite alike.
 */
export async function lockDoctorDay(
  tx: Db,
  orgId: number,
  doctorId: number | null,
  day: string,
): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`appointments:${orgId}:${doctorId ?? 0}:${day}`}, 0))`,
  );
}

/** Why a place does not fit: a closed day, outside the doctor's hours, or null when it fits. */
export function misfit(
  place: { start: Date; minutes: number },
  week: WeekHours | null,
  closedWeekdays: readonly number[],
  closedDays: ReadonlySet<string>,
  timeZone: string,
): 'closed_day' | 'outside_hours' | null {
  const { day, time } = zonedParts(place.start, timeZone);
  if (closedWeekdays.includes(weekdayOf(day)) || closedDays.has(day)) return 'closed_day';
  if (week && !isWithinSessions(sessionsOn(week, day), time, place.minutes)) return 'outside_hours';
  return null;
}

export function misfitError(kind: 'closed_day' | 'outside_hours'): AppError {
  return kind === 'closed_day'
    ? new AppError('appointments.closed_day', 'The clinic is closed that day.', {
        start: ['start.closed_day'],
      })
    : new AppError('appointments.outside_hours', 'The time is outside the doctor’s working hours.', {
        start: ['start.outside_hours'],
      });
}

/** Whole days from one calendar day to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const rangeOf = (from: string, days: number) =>
  Array.from({ length: days }, (_v, i) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );
