import { isNull, like, sql } from 'drizzle-orm';
import {
  slotLengthFor,
  type AppointmentSettings,
  type WeekHours,
} from '@basira/shared/appointments/appointments.schemas';
import { addToDay, localDay, zonedDateTimeToIso } from '@basira/shared/dates/calendar';
import { QUEUE_STATUS, type QueueStatusId } from '@basira/shared/queue/queue-states';
import type { VisitReason } from '@basira/shared/queue/queue.schemas';
import type { Db } from '../db/client.ts';
import {
  appointmentSettings,
  bookingMoves,
  clinicClosures,
  doctorHours,
  orgCounters,
  patients,
  queueEntries,
  queueStatusEvents,
} from '../db/schema.ts';
import { inOrg } from '../lib/tenant.ts';
import { DEFAULT_APPOINTMENT_SETTINGS } from '../modules/appointments/appointment-settings.ts';
import { Random } from './demo-random.ts';

/**
 * The demo clinic's appointment book (docs/appointments.md): its settings, its two doctors' working hours, a public
 * holiday and a day of its own ahead, and a week of bookings (the last three days, today and the next five) planned
 * in memory and written in bulk after the walk-in visits, before the money (which charges the visits that arrived).
 *
 * A booking is a queue entry in status Booked with a slot; on past days most arrived (Finished, with that day's
 * ticket and `arrived_at`), some never came (NoShow, no ticket), a few were canceled; today the morning's have come
 * (Finished or Waiting with today's ticket) and the rest are still Booked; the coming days are Booked. A few recalls
 * (Booked without a slot, re-waiting) are due today or overdue. Every row's status history is written beside it,
 * as the queue's moves write it.
 */

const MINUTE = 60_000;
const session = (start: string, end: string) => ({ start, end });

/** Dr Ali: Saturday to Thursday, a morning and an evening session (the break between them). */
const ALI: WeekHours = {
  0: [session('09:00', '13:00'), session('16:00', '20:00')],
  1: [session('09:00', '13:00'), session('16:00', '20:00')],
  2: [session('09:00', '13:00'), session('16:00', '20:00')],
  3: [session('09:00', '13:00'), session('16:00', '20:00')],
  4: [session('09:00', '13:00'), session('16:00', '20:00')],
  5: [],
  6: [session('09:00', '13:00'), session('16:00', '20:00')],
};
/** Dr Sara: mornings with a half-hour break, Thursday mornings only; no evenings, Friday closed. */
const SARA: WeekHours = {
  0: [session('10:00', '12:30'), session('13:00', '15:30')],
  1: [session('10:00', '12:30'), session('13:00', '15:30')],
  2: [session('10:00', '12:30'), session('13:00', '15:30')],
  3: [session('10:00', '12:30'), session('13:00', '15:30')],
  4: [session('10:00', '13:00')],
  5: [],
  6: [session('10:00', '12:30'), session('13:00', '15:30')],
};
export const DEMO_HOURS: readonly WeekHours[] = [ALI, SARA];

/** Iraq's public holidays on fixed Gregorian dates (the Islamic ones move; the book's holiday list offers them). */
const FIXED_HOLIDAYS: readonly { monthDay: string; name: string }[] = [
  { monthDay: '01-01', name: 'رأس السنة الميلادية' },
  { monthDay: '01-06', name: 'عيد الجيش العراقي' },
  { monthDay: '03-21', name: 'عيد نوروز' },
  { monthDay: '05-01', name: 'عيد العمال' },
  { monthDay: '07-14', name: 'ذكرى ثورة 14 تموز' },
  { monthDay: '10-03', name: 'العيد الوطني' },
  { monthDay: '12-10', name: 'يوم النصر' },
  { monthDay: '12-25', name: 'عيد الميلاد المجيد' },
];

const REASONS: Readonly<Record<string, VisitReason[]>> = {
  exam: ['Examinations'],
  spectacles: ['Spectacles'],
  followUp: ['FollowUp'],
  biometry: ['Biometry'],
  lasik: ['Lasik'],
  glassesAndExam: ['Spectacles', 'Examinations'],
};
const REASON_WEIGHTS = {
  exam: 28,
  spectacles: 22,
  followUp: 30,
  biometry: 8,
  lasik: 7,
  glassesAndExam: 5,
} as const;
const NOTES = [
  'حجز عبر الهاتف',
  'مراجعة بعد عملية الماء الأبيض',
  'قياس ضغط العين',
  'يرغب بعدسات لاصقة',
  'طفل — فحص حول',
  'يطلب موعداً مسائياً',
  'مريض سكري — فحص قاع العين',
];
const RECALL_NOTES = ['مراجعة لقياس الضغط', 'مراجعة بعد أسبوعين', 'فحص قاع العين بعد التوسيع'];

export interface PlannedBooking {
  doctor: number;
  patient: number;
  day: string;
  /** Local wall-clock start; a recall is due on its day at the clinic's opening. */
  start: Date;
  minutes: number | null;
  reasons: VisitReason[];
  note: string | null;
  status: QueueStatusId;
  overbooked: boolean;
  recall: boolean;
  bookedAt: Date;
  arrivedAt: Date | null;
  openedAt: Date | null;
  endedAt: Date | null;
  /** When it was canceled, marked no-show or (a recall) re-waited. */
  closedAt: Date | null;
  /** An earlier place, for the one booking moved to its day (its history). */
  movedFrom: Date | null;
}

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The next fixed public holiday after today, and a day of the clinic's own two weeks ahead (not a Friday). */
export function demoClosures(today: string): { day: string; name: string; kind: 'holiday' | 'closure' }[] {
  const year = Number(today.slice(0, 4));
  const holiday = [year, year + 1]
    .flatMap((y) => FIXED_HOLIDAYS.map((h) => ({ day: `${y}-${h.monthDay}`, name: h.name })))
    .find((h) => h.day > today)!;
  let own = addToDay(today, 12);
  if (weekday(own) === 5 || own === holiday.day) own = addToDay(own, 1);
  return [
    { ...holiday, kind: 'holiday' },
    { day: own, name: 'صيانة أجهزة العيادة', kind: 'closure' },
  ];
}

/**
 * The week's bookings and recalls, decided before anything is written: pure and seeded (its days are relative to
 * `now`). `patients` are the ids to book, `busy` the patients already seen or expected on each day (the walk-ins).
 */
export function planBookings({
  now,
  timeZone,
  settings,
  patients: pool,
  busy,
  closedDays,
  seed = 5303,
}: {
  now: Date;
  timeZone: string;
  settings: Pick<
    AppointmentSettings,
    'slotMinutes' | 'defaultSlotMinutes' | 'noShowAfterMinutes' | 'closedWeekdays'
  >;
  patients: readonly number[];
  busy: ReadonlyMap<string, ReadonlySet<number>>;
  closedDays: ReadonlySet<string>;
  seed?: number;
}): PlannedBooking[] {
  const rng = new Random(seed);
  const today = localDay(now, timeZone);
  const at = (day: string, minutes: number) => new Date(zonedDateTimeToIso(day, hhmm(minutes), timeZone)!);
  const before = (instant: Date, minutes: number) => new Date(instant.getTime() - minutes * MINUTE);
  const after = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);
  const earliest = (...instants: Date[]) => new Date(Math.min(...instants.map((d) => d.getTime())));

  const used = new Set<number>();
  const byDay = new Map<string, Set<number>>();
  /** A patient not yet booked this week and not at the clinic that day (any one not booked that day, if none). */
  const patientFor = (day: string) => {
    const taken = byDay.get(day) ?? new Set<number>();
    byDay.set(day, taken);
    const free = (id: number) => !taken.has(id) && !busy.get(day)?.has(id);
    const fresh = pool.filter((id) => free(id) && !used.has(id));
    const id = rng.pick(fresh.length ? fresh : pool.filter(free));
    used.add(id);
    taken.add(id);
    return id;
  };

  const planned: PlannedBooking[] = [];
  const days = Array.from({ length: 9 }, (_, i) => addToDay(today, i - 3)).filter(
    (day) => !settings.closedWeekdays.includes(weekday(day)) && !closedDays.has(day),
  );
  for (const day of days)
    DEMO_HOURS.forEach((hours, doctor) => {
      for (const { start, end } of hours[weekday(day) as keyof WeekHours]) {
        let cursor = minutesOf(start);
        while (cursor < minutesOf(end)) {
          // Most of the past days' and today's slots were booked; the coming days fill as they near.
          if (!rng.chance(day <= today ? 0.7 : day <= addToDay(today, 2) ? 0.55 : 0.4)) {
            cursor += 15;
            continue;
          }
          const reasons = REASONS[rng.weighted(REASON_WEIGHTS)]!;
          const minutes = slotLengthFor(settings, reasons);
          if (cursor + minutes > minutesOf(end)) break;
          const startAt = at(day, cursor);
          const booking: PlannedBooking = {
            doctor,
            patient: patientFor(day),
            day,
            start: startAt,
            minutes,
            reasons,
            note: rng.chance(0.2) ? rng.pick(NOTES) : null,
            status: QUEUE_STATUS.Booked,
            overbooked: false,
            recall: false,
            bookedAt: earliest(before(startAt, rng.int(1, 12) * 24 * 60 + rng.int(0, 300)), before(now, 60)),
            arrivedAt: null,
            openedAt: null,
            endedAt: null,
            closedAt: null,
            movedFrom: null,
          };
          cursor += minutes;
          planned.push(booking);
          const draw = rng.next();
          if (draw < 0.05) {
            // Canceled by phone, a day or two before (or this morning, for today's).
            booking.status = QUEUE_STATUS.Canceled;
            booking.closedAt = earliest(before(startAt, rng.int(2, 40) * 60), before(now, 10));
            if (booking.closedAt < booking.bookedAt) booking.bookedAt = before(booking.closedAt, 24 * 60);
            continue;
          }
          const noShowAt = after(startAt, settings.noShowAfterMinutes);
          if (day < today || startAt.getTime() <= now.getTime() - 40 * MINUTE) {
            if (draw < 0.15 && noShowAt <= now) {
              booking.status = QUEUE_STATUS.NoShow;
              booking.closedAt = noShowAt;
              continue;
            }
            // Came, waited, was seen: the visit is over.
            const arrived = before(startAt, rng.int(-5, 20));
            const opened = new Date(Math.max(startAt.getTime(), after(arrived, rng.int(3, 20)).getTime()));
            const ended = earliest(after(opened, rng.int(8, Math.max(10, minutes + 5))), before(now, 1));
            booking.status = QUEUE_STATUS.Finished;
            booking.endedAt = ended;
            booking.openedAt = earliest(opened, before(ended, 3));
            booking.arrivedAt = earliest(arrived, before(booking.openedAt, 2));
          } else if (day === today && startAt.getTime() <= now.getTime() + 20 * MINUTE) {
            // In the building, waiting for the doctor (the doctor's one patient at a time is a walk-in's).
            booking.status = QUEUE_STATUS.Waiting;
            booking.arrivedAt = earliest(before(startAt, rng.int(0, 15)), before(now, 2));
          }
        }
      }
    });

  // One booking made over a slot already taken, by choice: on the first coming day with bookings.
  const first = planned.find((b) => b.day > today && b.status === QUEUE_STATUS.Booked);
  if (first)
    planned.push({
      ...first,
      patient: patientFor(first.day),
      reasons: ['FollowUp'],
      minutes: slotLengthFor(settings, ['FollowUp']),
      note: 'حالة طارئة — حجز فوق الموعد بموافقة الطبيب',
      overbooked: true,
      bookedAt: before(now, 90),
    });
  // One moved here from the day before it was due (dragged in the book): its history keeps the earlier place.
  const moved = planned.find((b) => b.day > addToDay(today, 1) && b.status === QUEUE_STATUS.Booked);
  if (moved) {
    moved.movedFrom = before(moved.start, 24 * 60);
    moved.bookedAt = earliest(moved.bookedAt, before(now, 3 * 24 * 60));
  }

  // Recalls: two due today, one two days overdue, one four days overdue (never arrived).
  [0, 0, -2, -4].forEach((offset, i) => {
    const day = addToDay(today, offset);
    const seenOn = addToDay(day, -14);
    const seen = at(seenOn, 600 + i * 20);
    planned.push({
      doctor: i % 2,
      patient: patientFor(day),
      day,
      start: at(day, 9 * 60),
      minutes: null,
      reasons: ['FollowUp'],
      note: RECALL_NOTES[i % RECALL_NOTES.length]!,
      status: QUEUE_STATUS.Booked,
      overbooked: false,
      recall: true,
      bookedAt: before(seen, 15),
      arrivedAt: before(seen, 15),
      openedAt: seen,
      endedAt: null,
      closedAt: after(seen, 12),
      movedFrom: null,
    });
  });
  return planned;
}

export interface DemoBookingCounts {
  bookings: number;
  arrived: number;
  noShows: number;
  canceled: number;
  recalls: number;
  closures: number;
}

/**
 * Writes the book's settings, hours and closures, and the planned week as queue entries with their status history.
 * `doctorIds` in the demo's order (Dr Ali, Dr Sara); `bookerId` is reception's account.
 */
export async function seedAppointments(
  db: Db,
  orgId: number,
  {
    now,
    timeZone,
    doctorIds,
    bookerId,
  }: { now: Date; timeZone: string; doctorIds: number[]; bookerId: number },
): Promise<DemoBookingCounts> {
  const today = localDay(now, timeZone);
  const settings = { ...DEFAULT_APPOINTMENT_SETTINGS, version: 1 };
  await db.insert(appointmentSettings).values({
    orgId,
    closedWeekdays: settings.closedWeekdays,
    slotMinutes: settings.slotMinutes,
    defaultSlotMinutes: settings.defaultSlotMinutes,
    noShowAfterMinutes: settings.noShowAfterMinutes,
    remindersEnabled: settings.remindersEnabled,
    reminderTextAr: settings.reminderTextAr,
    reminderTextEn: settings.reminderTextEn,
    updatedBy: bookerId,
  });
  await db
    .insert(doctorHours)
    .values(doctorIds.map((doctorId, i) => ({ orgId, doctorId, week: DEMO_HOURS[i]!, updatedBy: bookerId })));
  const closures = demoClosures(today);
  await db.insert(clinicClosures).values(closures.map((c) => ({ orgId, ...c, createdBy: bookerId })));

  const pool = (
    await db
      .select({ id: patients.id })
      .from(patients)
      .where(inOrg(patients, orgId, isNull(patients.deletedAt)))
  ).map((p) => p.id);
  // The walk-ins' patients of each day, and anyone with a visit open or expected, are not booked that week.
  const busy = new Map<string, Set<number>>();
  const expected = new Set<number>();
  /** The last ticket given each day (the day's counter, or its highest ticket). */
  const issued = new Map<string, number>();
  for (const c of await db
    .select({ name: orgCounters.name, value: orgCounters.value })
    .from(orgCounters)
    .where(inOrg(orgCounters, orgId, like(orgCounters.name, 'ticket:%'))))
    issued.set(c.name.slice('ticket:'.length), c.value);
  for (const e of await db
    .select({
      patientId: queueEntries.patientId,
      date: queueEntries.date,
      status: queueEntries.status,
      ticketDay: queueEntries.ticketDay,
      ticketNumber: queueEntries.ticketNumber,
    })
    .from(queueEntries)
    .where(inOrg(queueEntries, orgId))) {
    if (e.ticketDay) issued.set(e.ticketDay, Math.max(issued.get(e.ticketDay) ?? 0, e.ticketNumber ?? 0));
    const day = localDay(e.date, timeZone);
    busy.set(day, (busy.get(day) ?? new Set()).add(e.patientId));
    if (e.status <= QUEUE_STATUS.WithDoctor) expected.add(e.patientId);
  }
  const plan = planBookings({
    now,
    timeZone,
    settings,
    patients: pool.filter((id) => !expected.has(id)),
    busy,
    closedDays: new Set(closures.map((c) => c.day)),
  });

  // Tickets of the day, in arrival order, after the day's walk-ins (the day's counter moves past them).
  const ticketOf = new Map<PlannedBooking, { day: string; number: number }>();
  const arrivals = plan
    .filter((b) => b.arrivedAt && !b.recall)
    .sort((a, b) => a.arrivedAt!.getTime() - b.arrivedAt!.getTime());
  const lastTicket = new Map<string, number>();
  for (const b of arrivals) {
    const day = b.day;
    if (!lastTicket.has(day)) lastTicket.set(day, issued.get(day) ?? 0);
    const number = lastTicket.get(day)! + 1;
    lastTicket.set(day, number);
    ticketOf.set(b, { day, number });
  }
  for (const [day, value] of lastTicket)
    await db
      .insert(orgCounters)
      .values({ orgId, name: `ticket:${day}`, value })
      .onConflictDoUpdate({
        target: [orgCounters.orgId, orgCounters.name],
        set: { value: sql`greatest(${orgCounters.value}, excluded.value)` },
      });

  const doctorOf = (b: PlannedBooking) => doctorIds[b.doctor]!;
  const statusSince = (b: PlannedBooking) =>
    b.endedAt ?? (b.status === QUEUE_STATUS.Waiting ? b.arrivedAt : b.closedAt) ?? b.bookedAt;
  const rows = await db
    .insert(queueEntries)
    .values(
      plan.map((b) => ({
        orgId,
        patientId: b.patient,
        ticketDay: ticketOf.get(b)?.day ?? null,
        ticketNumber: ticketOf.get(b)?.number ?? null,
        date: b.start,
        note: b.note,
        isRewaiting: b.recall,
        status: b.status,
        examTypes: b.reasons,
        doctorId: doctorOf(b),
        statusSince: statusSince(b),
        slotMinutes: b.minutes,
        overbooked: b.overbooked,
        arrivedAt: b.recall ? null : b.arrivedAt,
        createdBy: bookerId,
        updatedBy: b.endedAt || b.recall ? doctorOf(b) : bookerId,
        createdAt: b.bookedAt,
        updatedAt: statusSince(b),
      })),
    )
    .returning({ id: queueEntries.id });

  // The status history, as the queue's moves write it: booked, arrived, opened, finished; or canceled or no-show;
  // a recall was a visit (queued, opened) that the doctor re-waited to its due day.
  type Event = typeof queueStatusEvents.$inferInsert;
  const events: Event[] = [];
  plan.forEach((b, i) => {
    const queueId = rows[i]!.id;
    const doctor = doctorOf(b);
    const event = (e: Omit<Event, 'orgId' | 'queueId'>) => events.push({ orgId, queueId, ...e });
    if (b.recall) {
      event({
        fromStatus: null,
        toStatus: 1,
        action: 'create',
        at: b.bookedAt,
        dueAt: b.bookedAt,
        actorId: bookerId,
      });
      event({
        fromStatus: 1,
        toStatus: 2,
        action: 'open',
        at: b.openedAt!,
        actorId: doctor,
        waitedFrom: b.bookedAt,
      });
      event({ fromStatus: 2, toStatus: 0, action: 'rewait', at: b.closedAt!, actorId: doctor, note: b.note });
      return;
    }
    event({
      fromStatus: null,
      toStatus: 0,
      action: 'create',
      at: b.bookedAt,
      actorId: bookerId,
      note: b.note,
    });
    if (b.status === QUEUE_STATUS.Canceled)
      event({ fromStatus: 0, toStatus: 4, action: 'cancel', at: b.closedAt!, actorId: bookerId });
    if (b.status === QUEUE_STATUS.NoShow)
      event({ fromStatus: 0, toStatus: 5, action: 'noshow', at: b.closedAt!, actorId: null });
    if (b.arrivedAt)
      event({
        fromStatus: 0,
        toStatus: 1,
        action: 'arrive',
        at: b.arrivedAt,
        dueAt: b.start,
        actorId: bookerId,
      });
    if (b.openedAt)
      event({
        fromStatus: 1,
        toStatus: 2,
        action: 'open',
        at: b.openedAt,
        actorId: doctor,
        waitedFrom: b.arrivedAt,
      });
    if (b.endedAt) event({ fromStatus: 2, toStatus: 3, action: 'finish', at: b.endedAt, actorId: doctor });
  });
  await db.insert(queueStatusEvents).values(events);
  const moves = plan.flatMap((b, i) =>
    b.movedFrom
      ? [
          {
            orgId,
            queueId: rows[i]!.id,
            fromStart: b.movedFrom,
            fromMinutes: b.minutes,
            fromDoctorId: doctorOf(b),
            toStart: b.start,
            toMinutes: b.minutes,
            toDoctorId: doctorOf(b),
            movedBy: bookerId,
            movedAt: new Date(b.bookedAt.getTime() + 24 * 60 * MINUTE),
          },
        ]
      : [],
  );
  if (moves.length) await db.insert(bookingMoves).values(moves);

  const bookings = plan.filter((b) => !b.recall);
  return {
    bookings: bookings.length,
    arrived: bookings.filter((b) => b.arrivedAt).length,
    noShows: bookings.filter((b) => b.status === QUEUE_STATUS.NoShow).length,
    canceled: bookings.filter((b) => b.status === QUEUE_STATUS.Canceled).length,
    recalls: plan.length - bookings.length,
    closures: closures.length,
  };
}
