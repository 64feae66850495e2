import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import type { Patient } from '@basira/shared/patients/patients.schemas';
import { billingServices, bookingMoves, charges, queueEntries, queueStatusEvents } from '../../db/schema.ts';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

/*
 * A booking or a recall is not a presence (issue 53, docs/appointments.md): a visit for a later day is Booked, with
 * no ticket, until it arrives; the queue's days, the worklist and a patient's visits are of patients present.
 */

// 10:00 in Baghdad on 2 March 2026.
const START = new Date('2026-03-02T07:00:00Z');
const clock = new FakeClock(START);
let t: TestApp;
let org: TestOrg;
let c: ReturnType<typeof clinic>;

beforeAll(async () => {
  // The clock moves over days: sessions must outlive it.
  t = await startTestApp({
    clock,
    env: { SESSION_IDLE_MINUTES: '100000', SESSION_ABSOLUTE_MINUTES: '100000' },
  });
  org = await t.newOrg();
  c = clinic(t, org);
  // A consultation's price, charged for the visit reason "Examinations".
  await t.database.db.insert(billingServices).values({
    orgId: org.id,
    code: 'CONS',
    nameAr: 'كشفية',
    nameEn: 'Consultation',
    kind: 'consultation',
    visitReason: 'Examinations',
    priceIqd: 25_000,
  });
});
afterAll(() => t.close());

/** Runs `body` with the clock moved `days` days on, then moves it back. */
async function daysOn<T>(days: number, body: () => Promise<T>): Promise<T> {
  clock.advance(days * 86_400_000);
  try {
    return await body();
  } finally {
    clock.advance(-days * 86_400_000);
  }
}

const chargesOf = (queueId: number) =>
  t.database.db
    .select()
    .from(charges)
    .where(and(eq(charges.orgId, org.id), eq(charges.queueId, queueId)));

const ids = (entries: QueueEntry[]) => entries.map((e) => e.id);

describe('a visit for a later day is a booking', () => {
  it('is Booked, without a ticket, with its reasons’ slot, not charged; today’s is Waiting, ticketed, charged', async () => {
    const p = await c.patient();
    const booking = await c.queue(p.id, {
      date: '2026-03-05T09:00:00+03:00',
      examTypes: ['Lasik', 'Examinations'],
    });
    expect(booking).toMatchObject({
      status: { id: 0, name: 'Booked' },
      ticketDay: null,
      ticketNumber: null,
      slotMinutes: 45,
      overbooked: 0,
      arrivedAt: null,
      waitingSince: null,
    });
    expect(await chargesOf(booking.id)).toHaveLength(0);
    const plain = await c.queue(p.id, { date: '2026-03-06T09:00:00+03:00' });
    expect(plain.slotMinutes).toBe(15);
    const today = await c.queue(p.id, { examTypes: ['Examinations'] });
    expect(today).toMatchObject({ status: { name: 'Waiting' }, ticketDay: '2026-03-02', slotMinutes: null });
    expect(today.ticketNumber).toBeGreaterThan(0);
    expect(await chargesOf(today.id)).toHaveLength(1);
    // A booking has no ticket to print.
    const printer = await userWith(t, org, ['print squint', 'show queues']);
    const print = await c.call('GET', `/api/mo/queue/ticket/${booking.id}`, undefined, printer.token);
    expect(print.statusCode).toBe(409);
    expect(print.json().code).toBe('queue.no_ticket');
  });

  it('arrives: Waiting with today’s next ticket, its booked time kept, charged once; 20 arrivals at once, one moves it', async () => {
    const p = await c.patient();
    const booking = await c.queue(p.id, { date: '2026-03-03T11:00:00+03:00', examTypes: ['Examinations'] });
    // The next day, 10:30 in Baghdad: the patient comes half an hour early.
    await daysOn(1, async () => {
      clock.advance(30 * 60_000);
      try {
        const before = await c.queue((await c.patient()).id);
        const results = await Promise.all(
          Array.from({ length: 20 }, () => c.call('POST', `/api/mo/queue/arrived/${booking.id}`)),
        );
        const codes = results.map((r) => r.statusCode);
        expect(codes.filter((s) => s === 200)).toHaveLength(1);
        expect(codes.filter((s) => s === 409)).toHaveLength(19);
        const arrived = results.find((r) => r.statusCode === 200)!.json().data as QueueEntry;
        expect(arrived).toMatchObject({
          status: { name: 'Waiting' },
          ticketDay: '2026-03-03',
          ticketNumber: before.ticketNumber! + 1,
          date: '2026-03-03T08:00:00.000Z',
          arrivedAt: clock.now().toISOString(),
          // The wait counts from the booked time, the later of it and the arrival.
          waitingSince: '2026-03-03T08:00:00.000Z',
        });
        const refused = results.find((r) => r.statusCode === 409)!.json();
        expect(refused).toMatchObject({
          code: 'queue.illegal_transition',
          data: { status: { name: 'Waiting' } },
        });
        expect(await chargesOf(booking.id)).toMatchObject([{ amount: 25_000, day: '2026-03-03' }]);
        const events = await t.database.db
          .select()
          .from(queueStatusEvents)
          .where(eq(queueStatusEvents.queueId, booking.id))
          .orderBy(queueStatusEvents.id);
        expect(events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
          ['create', null, 0],
          ['arrive', 0, 1],
        ]);
        // Present now: on the worklist.
        const worklist = await c.ok<{ entries: QueueEntry[] }>('GET', '/api/mo/doctor/worklist');
        expect(ids(worklist.entries)).toContain(booking.id);
      } finally {
        clock.advance(-30 * 60_000);
      }
    });
  });

  it('no-show, then arriving late; cancelled before it arrived and queued again: a ticket of the day', async () => {
    const p = await c.patient();
    const booking = await c.queue(p.id, { date: '2026-03-03T09:00:00+03:00' });
    const missed = await daysOn(1, () => c.ok<QueueEntry>('POST', `/api/mo/queue/noshow/${booking.id}`));
    expect(missed).toMatchObject({ status: { name: 'NoShow' }, ticketNumber: null });
    expect((await c.call('POST', `/api/mo/queue/noshow/${booking.id}`)).statusCode).toBe(409);
    // A missed booking is no last visit.
    expect((await c.ok<Patient>('GET', `/api/mo/patient/${p.id}`)).lastQueueAt).toBeNull();
    // Two days on, the patient comes after all: the visit is of today, dated now.
    const late = await daysOn(2, () => c.ok<QueueEntry>('POST', `/api/mo/queue/arrived/${booking.id}`));
    expect(late).toMatchObject({ status: { name: 'Waiting' }, ticketDay: '2026-03-04' });
    expect(late.date).toBe(new Date(START.getTime() + 2 * 86_400_000).toISOString());

    const other = await c.queue(p.id, { date: '2026-03-07T09:00:00+03:00' });
    const canceled = await c.ok<QueueEntry>('POST', `/api/mo/queue/canceled/${other.id}`);
    expect(canceled).toMatchObject({ status: { name: 'Canceled' }, ticketNumber: null });
    const requeued = await c.ok<QueueEntry>('POST', `/api/mo/queue/waiting/${other.id}`);
    expect(requeued).toMatchObject({
      status: { name: 'Waiting' },
      ticketDay: '2026-03-02',
      date: START.toISOString(),
      arrivedAt: START.toISOString(),
    });
    // Arriving and missing need `book appointments`.
    const board = await userWith(t, org, ['waiting board', 'cancel board', 'show queues']);
    const third = await c.queue(p.id, { date: '2026-03-08T09:00:00+03:00' });
    expect(
      (await c.call('POST', `/api/mo/queue/arrived/${third.id}`, undefined, board.token)).statusCode,
    ).toBe(403);
    expect(
      (await c.call('POST', `/api/mo/queue/noshow/${third.id}`, undefined, board.token)).statusCode,
    ).toBe(403);
    const desk = await userWith(t, org, ['book appointments']);
    expect(
      (await c.call('POST', `/api/mo/queue/arrived/${third.id}`, undefined, desk.token)).statusCode,
    ).toBe(200);
  });

  it('a patient booked for today is arrived, not queued twice: 409 `queue.booked_today`, unless confirmed', async () => {
    const p = await c.patient();
    const booking = await c.queue(p.id, { date: '2026-03-03T12:00:00+03:00' });
    await daysOn(1, async () => {
      const again = await c.call('POST', '/api/mo/queue', { patientId: p.id });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'queue.booked_today',
        data: { id: booking.id, status: { name: 'Booked' } },
      });
      const confirmed = await c.call('POST', '/api/mo/queue', { patientId: p.id, confirmDuplicate: true });
      expect(confirmed.statusCode).toBe(201);
    });
    // A booking of another day is no reason to refuse today's visit.
    const q = await c.patient();
    await c.queue(q.id, { date: '2026-03-09T12:00:00+03:00' });
    expect((await c.call('POST', '/api/mo/queue', { patientId: q.id })).statusCode).toBe(201);
  });
});

describe('a visit present dated to a later day by the queue form is a booking', () => {
  const eventsOf = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(queueStatusEvents)
        .where(eq(queueStatusEvents.queueId, id))
        .orderBy(queueStatusEvents.id)
    ).map((e) => [e.action, e.fromStatus, e.toStatus]);

  it('is Booked, without its ticket, with its reasons’ slot, in the book, its place kept; its charge stays, once', async () => {
    const p = await c.patient();
    const visit = await c.queue(p.id, { examTypes: ['Examinations', 'Lasik'] });
    expect(visit).toMatchObject({ status: { name: 'Waiting' }, ticketDay: '2026-03-02' });
    expect(await chargesOf(visit.id)).toHaveLength(1);
    const moved = await c.ok<QueueEntry>('POST', `/api/mo/queue/${visit.id}`, {
      date: '2026-03-04T09:00:00+03:00',
      version: visit.version,
    });
    expect(moved).toMatchObject({
      status: { id: 0, name: 'Booked' },
      ticketDay: null,
      ticketNumber: null,
      // The longest of its reasons', as queueing it for that day gives (Lasik 45).
      slotMinutes: 45,
      arrivedAt: null,
      date: '2026-03-04T06:00:00.000Z',
    });
    expect(await eventsOf(visit.id)).toEqual([
      ['create', null, 1],
      ['book', 1, 0],
    ]);
    const detail = await c.ok<{ events: { action: string; from: { name: string } | null }[] }>(
      'GET',
      `/api/mo/queue/${visit.id}`,
    );
    expect(detail.events.at(-1)).toMatchObject({ action: 'book', from: { name: 'Waiting' } });
    const moves = await t.database.db.select().from(bookingMoves).where(eq(bookingMoves.queueId, visit.id));
    expect(moves).toMatchObject([
      {
        fromStart: new Date(visit.date),
        fromMinutes: null,
        toStart: new Date('2026-03-04T06:00:00Z'),
        toMinutes: 45,
      },
    ]);
    // The book shows it on its day; today's queue no longer lists it.
    const book = await c.ok<{ bookings: { id: number; statusId: number; minutes: number | null }[] }>(
      'GET',
      '/api/appointments?from=2026-03-04&to=2026-03-04',
    );
    expect(book.bookings.find((b) => b.id === visit.id)).toMatchObject({ statusId: 0, minutes: 45 });
    const today = await c.ok<QueueEntry[]>('GET', '/api/mo/queue/filter?from=2026-03-02&to=2026-03-02');
    expect(ids(today)).not.toContain(visit.id);
    // The charge made when it was queued stays; arriving on its day charges nothing more.
    expect(await chargesOf(visit.id)).toMatchObject([{ amount: 25_000, day: '2026-03-02' }]);
    const arrived = await daysOn(2, () => c.ok<QueueEntry>('POST', `/api/mo/queue/arrived/${visit.id}`));
    expect(arrived).toMatchObject({ status: { name: 'Waiting' }, ticketDay: '2026-03-04' });
    expect(await chargesOf(visit.id)).toHaveLength(1);
  });

  it('moved within today it keeps its ticket; a recall moved ahead has no slot; a booking moved here keeps its history', async () => {
    const p = await c.patient();
    const visit = await c.queue(p.id);
    const later = await c.ok<QueueEntry>('POST', `/api/mo/queue/${visit.id}`, {
      date: '2026-03-02T13:00:00+03:00',
      version: visit.version,
    });
    expect(later).toMatchObject({
      status: { name: 'Waiting' },
      ticketDay: visit.ticketDay,
      ticketNumber: visit.ticketNumber,
    });

    // A recall due today, waiting, moved to a later day: due on that day, without a time.
    const seen = await c.queue(p.id);
    await c.open(seen);
    const recall = await c.ok<QueueEntry>('POST', `/api/mo/queue/rewaiting/${seen.id}`, {
      date: clock.now().toISOString(),
    });
    expect(recall.status.name).toBe('Waiting');
    const ahead = await c.ok<QueueEntry>('POST', `/api/mo/queue/${seen.id}`, {
      date: '2026-03-05T00:00:00+03:00',
      version: recall.version,
    });
    expect(ahead).toMatchObject({
      status: { name: 'Booked' },
      ticketNumber: null,
      slotMinutes: null,
      isRewaiting: 1,
    });

    // A booking re-dated through the queue form is moved as the book moves it: its earlier place is kept.
    const booking = await c.queue(p.id, { date: '2026-03-06T10:00:00+03:00' });
    const redated = await c.ok<QueueEntry>('POST', `/api/mo/queue/${booking.id}`, {
      date: '2026-03-07T11:00:00+03:00',
      version: booking.version,
    });
    expect(redated).toMatchObject({ status: { name: 'Booked' }, ticketNumber: null, slotMinutes: 15 });
    const moves = await t.database.db.select().from(bookingMoves).where(eq(bookingMoves.queueId, booking.id));
    expect(moves).toMatchObject([
      {
        fromStart: new Date('2026-03-06T07:00:00Z'),
        toStart: new Date('2026-03-07T08:00:00Z'),
        toMinutes: 15,
      },
    ]);
    // A note alone is no move.
    await c.ok<QueueEntry>('POST', `/api/mo/queue/${booking.id}`, {
      note: 'call first',
      version: redated.version,
    });
    expect(
      await t.database.db.select().from(bookingMoves).where(eq(bookingMoves.queueId, booking.id)),
    ).toHaveLength(1);
  });
});

describe('a recall is a visit expected, not a presence', () => {
  it('re-waited to a later day it is Booked; overdue 4 days it is on the bell, not on today’s queue nor the worklist', async () => {
    const o = clinic(t, await t.newOrg());
    const p = await o.patient({ name: 'Recalled Patient' });
    const visit = await o.queue(p.id);
    await o.open(visit);
    const recall = await o.ok<QueueEntry>('POST', `/api/mo/queue/rewaiting/${visit.id}`, {
      date: '2026-03-03T09:00:00+03:00',
      note: 'pressure check',
    });
    expect(recall).toMatchObject({
      status: { name: 'Booked' },
      ticketNumber: null,
      ticketDay: null,
      slotMinutes: null,
      isRewaiting: 1,
    });
    const present = await o.queue((await o.patient()).id);
    // Four days after its day (7 March), the recall never came.
    await daysOn(5, async () => {
      const today = await o.ok<QueueEntry[]>('GET', '/api/mo/queue/filter?from=2026-03-07&to=2026-03-07');
      expect(ids(today)).not.toContain(visit.id);
      const worklist = await o.ok<{ entries: QueueEntry[] }>('GET', '/api/mo/doctor/worklist');
      expect(ids(worklist.entries)).not.toContain(visit.id);
      // Yesterday's and earlier Waiting left open are not present today either: "Next" is never someone absent.
      expect(ids(worklist.entries)).not.toContain(present.id);
      const bell = await o.ok<QueueEntry[]>('GET', '/api/mo/queue/rewaiting');
      expect(ids(bell)).toEqual([visit.id]);
      // Rebooking the overdue recall: to a later day, Booked again; to today, Waiting with today's ticket.
      const rebooked = await o.ok<QueueEntry>('POST', `/api/mo/queue/rewaiting/${visit.id}`, {
        date: '2026-03-10T09:00:00+03:00',
      });
      expect(rebooked).toMatchObject({ status: { name: 'Booked' }, ticketNumber: null });
      const now = await o.ok<QueueEntry>('POST', `/api/mo/queue/rewaiting/${visit.id}`, {
        date: clock.now().toISOString(),
      });
      expect(now).toMatchObject({ status: { name: 'Waiting' }, ticketDay: '2026-03-07' });
      const after = await o.ok<{ entries: QueueEntry[] }>('GET', '/api/mo/doctor/worklist');
      expect(ids(after.entries)).toEqual([visit.id]);
    });
  });

  it('a patient’s visits leave out bookings to come; the file’s open visits show them', async () => {
    const p = await c.patient();
    const past = await c.queue(p.id, { date: '2026-02-20T09:00:00+03:00' });
    const booking = await c.queue(p.id, { date: '2026-03-20T09:00:00+03:00' });
    const history = await c.ok<QueueEntry[]>('GET', `/api/mo/queue/all/${p.id}`);
    expect(ids(history)).toEqual([past.id]);
    const board = await c.ok<{ earlierVisits: { data: QueueEntry[] } }>(
      'POST',
      `/api/mo/patient/open/board/show/${p.id}/${past.id}`,
    );
    expect(ids(board.earlierVisits.data)).toEqual([]);
    const file = await c.ok<{ openVisits: QueueEntry[]; visits: { data: QueueEntry[] } }>(
      'GET',
      `/api/mo/patient/${p.id}/file`,
    );
    expect(ids(file.visits.data)).toEqual([past.id]);
    expect(ids(file.openVisits)).toContain(booking.id);
  });
});

describe('the upgrade of migration 0037', () => {
  it('turns visits queued for later days and recalls overdue into bookings without tickets; today’s stay', async () => {
    const o = await t.newOrg();
    const p = await clinic(t, o).patient({ name: 'Upgraded Patient' });
    // The database's own now, which the migration reads (not the test's clock).
    await t.database.db.execute(sql`
      INSERT INTO queue_entries (org_id, patient_id, ticket_day, ticket_number, date, status, status_since,
                                 is_rewaiting, exam_types)
      SELECT ${o.id}::int, ${p.id}::int, (v.at AT TIME ZONE 'Asia/Baghdad')::date, v.n, v.at, 1, now(), v.recall,
             v.reasons::text[]
      FROM (VALUES (now() + interval '3 days', 1, false, '{Spectacles,Lasik}'),
                   (now() - interval '4 days', 2, true, '{}'),
                   (now(), 3, false, '{FollowUp}')) v(at, n, recall, reasons)`);
    const inserted = await t.database.db
      .select({ id: queueEntries.id })
      .from(queueEntries)
      .where(eq(queueEntries.orgId, o.id))
      .orderBy(queueEntries.ticketNumber);
    const [later, overdue, today] = inserted.map((r) => r.id);
    const migration = readFileSync(
      new URL('../../db/migrations/0037_appointment_book.sql', import.meta.url),
      'utf8',
    );
    const chunk = migration
      .split('--> statement-breakpoint')
      .find((s) => s.includes('UPDATE "queue_entries"'))!;
    const update = chunk.slice(chunk.indexOf('UPDATE "queue_entries"'));
    // This organization's rows only: the test database is shared.
    const ofOrg = update.replace(
      'WHERE o."id" = q."org_id"',
      `WHERE o."id" = q."org_id" AND q."org_id" = ${o.id}`,
    );
    expect(ofOrg).not.toBe(update);
    await t.database.db.execute(sql.raw(ofOrg));
    const after = await t.database.db.select().from(queueEntries).where(eq(queueEntries.orgId, o.id));
    const row = (id: number | undefined) => after.find((e) => e.id === id)!;
    expect(row(later)).toMatchObject({ status: 0, ticketDay: null, ticketNumber: null, slotMinutes: 45 });
    expect(row(overdue)).toMatchObject({ status: 0, ticketDay: null, ticketNumber: null, slotMinutes: null });
    expect(row(today)).toMatchObject({ status: 1, ticketNumber: 3, slotMinutes: null });
  });
});
