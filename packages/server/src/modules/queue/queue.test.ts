import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  QUEUE_PER_PAGE,
  VISIT_REASONS,
  type QueueEntry,
  type QueueEntryDetail,
} from '@basira/shared/queue/queue.schemas';
import {
  ACTION_SEGMENT,
  QUEUE_ACTIONS,
  QUEUE_STATUS,
  TRANSITIONS,
  queueStatus,
  type QueueAction,
  type QueueStatusId,
} from '@basira/shared/queue/queue-states';
import type { Patient } from '@basira/shared/patients/patients.schemas';
import { MAX_PAGE } from '@basira/shared/common/api.schemas';
import {
  auditLog,
  examRecords,
  queueEntries,
  queueStatusEvents,
  VISIT_REASON_INDEXES,
} from '../../db/schema.ts';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { dbKind, startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

// 23:30 in Baghdad on 1 March 2026.
const clock = new FakeClock(new Date('2026-03-01T20:30:00Z'));
let t: TestApp;
let org: TestOrg;
let c: ReturnType<typeof clinic>;
let patient: Patient;

beforeAll(async () => {
  t = await startTestApp({ clock });
  org = await t.newOrg();
  c = clinic(t, org);
  patient = await c.patient({ name: 'Queue Patient' });
});
afterAll(() => t.close());

/** Applies a move through its API call. */
function move(action: QueueAction, entry: { id: number; patientId: number }, token = org.adminToken) {
  if (action === 'open') return c.open(entry, token);
  const body = action === 'rewait' ? { date: '2026-03-05T09:00:00+03:00', note: 'after drops' } : undefined;
  return c.call('POST', `/api/mo/queue/${ACTION_SEGMENT[action]}/${entry.id}`, body, token);
}

/** A new entry brought to a status by legal moves: a visit of today, or (Booked, NoShow) a booking. */
async function entryIn(status: QueueStatusId): Promise<QueueEntry> {
  const booked = status === QUEUE_STATUS.Booked || status === QUEUE_STATUS.NoShow;
  const entry = await c.queue(patient.id, booked ? { date: '2026-03-04T09:00:00+03:00' } : {});
  const path: Record<QueueStatusId, QueueAction[]> = {
    0: [],
    5: ['noshow'],
    1: [],
    2: ['open'],
    3: ['open', 'finish'],
    4: ['cancel'],
  };
  for (const action of path[status]) expect((await move(action, entry)).statusCode).toBe(200);
  return entry;
}

describe('queue entries', () => {
  it('creates with only patientId: Waiting now, a ticket of the organization’s day, answers status as an object', async () => {
    const other = await t.newOrg();
    const p = await c.patient();
    const res = await c.call('POST', '/api/mo/queue', { patientId: p.id });
    expect(res.statusCode).toBe(201);
    const entry = res.json().data as QueueEntry;
    expect(entry).toMatchObject({
      patientId: p.id,
      patient: { id: p.id, name: p.name, fileNumber: p.fileNumber },
      status: { id: 1, name: 'Waiting', color: expect.stringMatching(/^#/) },
      isRewaiting: 0,
      isVisitDate: 0,
      examTypes: [],
      doctor: null,
      date: '2026-03-01T20:30:00.000Z',
      ticketDay: '2026-03-01',
      version: 1,
    });
    const second = await c.queue(p.id, { examTypes: ['Spectacles', 'Biometry'], note: 'second eye' });
    expect(second.ticketNumber).toBe(entry.ticketNumber! + 1);
    expect(second.examTypes).toEqual(['Spectacles', 'Biometry']);
    // Another organization counts its own tickets.
    const theirs = clinic(t, other);
    expect((await theirs.queue((await theirs.patient()).id)).ticketNumber).toBe(1);
    // A visit booked for a later day is not a last visit.
    await c.queue(p.id, { date: '2026-03-09T09:00:00+03:00' });
    expect((await c.ok<Patient>('GET', `/api/mo/patient/${p.id}`)).lastQueueAt).toBe(
      clock.now().toISOString(),
    );
    // Past midnight in Baghdad (21:30 UTC) tickets start again at 1.
    clock.advance(60 * 60_000);
    try {
      const tomorrow = await c.queue(p.id);
      expect(tomorrow).toMatchObject({ ticketDay: '2026-03-02', ticketNumber: 1 });
    } finally {
      clock.advance(-60 * 60_000);
    }
    const patientNow = await c.ok<Patient>('GET', `/api/mo/patient/${p.id}`);
    expect(patientNow.lastQueueAt).toBe('2026-03-01T21:30:00.000Z');
  });

  it('validates: unknown exam type, a date without offset, a doctor who cannot open boards (422)', async () => {
    const clerk = await userWith(t, org, ['add queue']);
    const res = await c.call('POST', '/api/mo/queue', {
      patientId: patient.id,
      examTypes: ['Spectacles', 'Astrology'],
      date: '2026-03-01 10:00',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['date', 'examTypes.1']);
    const notDoctor = await c.call('POST', '/api/mo/queue', { patientId: patient.id, doctorId: clerk.id });
    expect(notDoctor.statusCode).toBe(422);
    expect(notDoctor.json().errors).toEqual({ doctorId: ['doctorId.not_doctor'] });
    // Opening boards is not enough: a nurse who opens boards is not marked as a doctor.
    const nurse = await userWith(t, org, ['open board'], { isDoctor: false });
    const unmarked = await c.call('POST', '/api/mo/queue', { patientId: patient.id, doctorId: nurse.id });
    expect(unmarked.json().errors).toEqual({ doctorId: ['doctorId.not_doctor'] });
    const doctor = await userWith(t, org, ['open board']);
    const assigned = await c.queue(patient.id, {
      doctorId: doctor.id,
      date: '2026-03-01T10:00:00+03:00',
      isVisitDate: 1,
    });
    expect(assigned).toMatchObject({
      doctor: { id: doctor.id },
      isVisitDate: 1,
      date: '2026-03-01T07:00:00.000Z',
    });
    const doctors = await c.ok<{ id: number }[]>('GET', '/api/mo/queue/doctors');
    // Marked doctors only: not the clerk, not the nurse, not the administrator who was never marked.
    expect(doctors.map((d) => d.id)).toContain(doctor.id);
    for (const other of [clerk.id, nurse.id, org.adminId])
      expect(doctors.map((d) => d.id)).not.toContain(other);
  });

  it('updates with version (stale → 409 with the current entry); an earlier day takes its ticket, a later day is a booking', async () => {
    const entry = await c.queue(patient.id);
    const res = await c.call('POST', `/api/mo/queue/${entry.id}`, {
      note: 'moved',
      examTypes: ['Lasik'],
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      note: 'moved',
      examTypes: ['Lasik'],
      version: 2,
      status: { id: 1 },
    });
    const stale = await c.call('POST', `/api/mo/queue/${entry.id}`, { note: 'lost', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'stale_version',
      data: { id: entry.id, version: 2, note: 'moved' },
    });
    // Entered for the wrong day: dated to an earlier day, it takes that day's ticket.
    const earlier = await c.ok<QueueEntry>('POST', `/api/mo/queue/${entry.id}`, {
      date: '2026-02-10T09:00:00+03:00',
      version: 2,
    });
    expect(earlier).toMatchObject({ status: { id: 1 }, ticketDay: '2026-02-10', ticketNumber: 1 });
    // To a later day it is a booking (queue-bookings.test.ts): no ticket until it arrives.
    const moved = await c.ok<QueueEntry>('POST', `/api/mo/queue/${entry.id}`, {
      date: '2026-03-10T09:00:00+03:00',
      version: 3,
    });
    expect(moved).toMatchObject({ status: { id: 0 }, ticketDay: null, ticketNumber: null });
  });

  it('shows one entry with its status history and waiting time', async () => {
    const entry = await c.queue(patient.id);
    clock.advance(12 * 60_000);
    try {
      await c.open(entry);
      const detail = await c.ok<QueueEntryDetail>('GET', `/api/mo/queue/${entry.id}`);
      expect(detail.events.map((e) => [e.action, e.from?.name ?? null, e.to.name])).toEqual([
        ['create', null, 'Waiting'],
        ['open', 'Waiting', 'WithDoctor'],
      ]);
      expect(detail.events[1]!.by).toEqual({ id: org.adminId, name: 'Admin User' });
      expect(detail.waitedMinutes).toBe(12);
      expect(detail.status.name).toBe('WithDoctor');
      expect(detail.doctor?.id).toBe(org.adminId);
    } finally {
      clock.advance(-12 * 60_000);
    }
  });

  it('deletes an entry without exam records; one with records answers 409 (cancel it instead)', async () => {
    const deleter = await userWith(t, org, ['delete queue']);
    const plain = await c.queue(patient.id);
    expect((await c.call('DELETE', `/api/mo/queue/${plain.id}`, undefined, deleter.token)).statusCode).toBe(
      200,
    );
    expect((await c.call('GET', `/api/mo/queue/${plain.id}`)).statusCode).toBe(404);
    const withRecords = await c.queue(patient.id);
    await t.database.db
      .insert(examRecords)
      .values({ orgId: org.id, patientId: patient.id, queueId: withRecords.id, type: 'lasik', data: {} });
    const refused = await c.call('DELETE', `/api/mo/queue/${withRecords.id}`, undefined, deleter.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('queue.has_records');
    expect((await c.call('GET', `/api/mo/queue/${withRecords.id}`)).json().data.examCount).toBe(1);
  });

  it('answers 404 for another organization’s entry, on every call', async () => {
    const other = clinic(t, await t.newOrg());
    const theirs = await other.queue((await other.patient()).id);
    for (const [method, url, body] of [
      ['GET', `/api/mo/queue/${theirs.id}`],
      ['POST', `/api/mo/queue/${theirs.id}`, { note: 'x', version: 1 }],
      ['DELETE', `/api/mo/queue/${theirs.id}`],
      ['POST', `/api/mo/queue/canceled/${theirs.id}`],
      ['POST', `/api/mo/queue/finished/${theirs.id}`],
      ['POST', `/api/mo/queue/waiting/${theirs.id}`],
      ['POST', `/api/mo/queue/rewaiting/${theirs.id}`, { date: '2026-03-05T09:00:00+03:00' }],
      ['POST', `/api/mo/patient/open/board/${theirs.patientId}/${theirs.id}`],
      ['POST', `/api/mo/patient/open/board/show/${theirs.patientId}/${theirs.id}`],
    ] as const) {
      const res = await c.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('prints a ticket with the day’s number (`print squint`), audited', async () => {
    // The ticket shows the entry: printing it needs the entry's read permission too.
    const printer = await userWith(t, org, ['print squint', 'show queues']);
    const entry = await c.queue(patient.id, { examTypes: ['Biometry'] });
    const res = await c.call('GET', `/api/mo/queue/ticket/${entry.id}`, undefined, printer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: entry.id,
      ticketNumber: entry.ticketNumber,
      ticketDay: entry.ticketDay,
      date: entry.date,
      examTypes: ['Biometry'],
      patient: { id: patient.id, name: patient.name, fileNumber: patient.fileNumber },
      doctor: null,
      organization: { name: `Clinic ${org.slug}`, timeZone: 'Asia/Baghdad' },
    });
    const reader = await userWith(t, org, ['show queues']);
    expect(
      (await c.call('GET', `/api/mo/queue/ticket/${entry.id}`, undefined, reader.token)).statusCode,
    ).toBe(403);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'queue.ticket_printed'),
          eq(auditLog.entityId, entry.id),
          eq(auditLog.outcome, 'ok'),
        ),
      );
    expect(audit).toMatchObject({ userId: printer.id, patientId: patient.id });
  });

  it('audits every write', async () => {
    const entry = await c.queue(patient.id);
    await move('cancel', entry);
    await move('wait', entry);
    const actions = (
      await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.orgId, org.id), eq(auditLog.entityId, entry.id), eq(auditLog.entity, 'queue')))
        .orderBy(auditLog.id)
    ).map((r) => r.action);
    expect(actions).toEqual(['queue.created', 'queue.canceled', 'queue.requeued']);
    const details = async (action: string) =>
      (
        await t.database.db
          .select({ patientId: auditLog.patientId, details: auditLog.details })
          .from(auditLog)
          .where(and(eq(auditLog.entityId, entry.id), eq(auditLog.action, action)))
      )[0];
    expect(await details('queue.canceled')).toEqual({ patientId: patient.id, details: { from: 1, to: 4 } });
    expect(await details('queue.created')).toEqual({
      patientId: patient.id,
      details: {
        ticketDay: entry.ticketDay,
        ticketNumber: entry.ticketNumber,
        date: entry.date,
        examTypes: entry.examTypes,
      },
    });
  });
});

describe('state machine', () => {
  const states = [0, 1, 2, 3, 4, 5] as const;
  for (const from of states)
    for (const action of QUEUE_ACTIONS) {
      const legal = TRANSITIONS[action].from.includes(from);
      // `move` re-waits to a later day: a recall, Booked (`rewaitTarget`).
      const to = action === 'rewait' ? QUEUE_STATUS.Booked : TRANSITIONS[action].to;
      it(`${action} from ${queueStatus(from).name}: ${legal ? `→ ${queueStatus(to).name}` : '409'}`, async () => {
        const entry = await entryIn(from);
        const res = await move(action, entry);
        if (legal) {
          expect(res.statusCode).toBe(200);
          const status = action === 'open' ? res.json().data.visit.status : res.json().data.status;
          expect(status).toEqual(queueStatus(to));
          const [event] = await t.database.db
            .select()
            .from(queueStatusEvents)
            .where(and(eq(queueStatusEvents.queueId, entry.id), eq(queueStatusEvents.action, action)));
          expect(event).toMatchObject({ fromStatus: from, toStatus: to, actorId: org.adminId });
        } else {
          expect(res.statusCode).toBe(409);
          const body = res.json();
          expect(body.code).toBe('queue.illegal_transition');
          expect(body.message).toContain(queueStatus(from).name);
          expect(body.message).toContain(queueStatus(TRANSITIONS[action].to).name);
          expect(body.data.status.id).toBe(from);
        }
      });
    }

  it('re-waiting to a later day is a recall (Booked, no ticket); it arrives with today’s ticket; open clears the flag', async () => {
    const entry = await entryIn(QUEUE_STATUS.WithDoctor);
    const res = await c.call('POST', `/api/mo/queue/rewaiting/${entry.id}`, {
      date: '2026-03-05T09:00:00+03:00',
      note: 'dilated fundus exam',
    });
    expect(res.json().data).toMatchObject({
      status: { name: 'Booked' },
      isRewaiting: 1,
      date: '2026-03-05T06:00:00.000Z',
      note: 'dilated fundus exam',
      ticketDay: null,
      ticketNumber: null,
      slotMinutes: null,
    });
    const bell = await c.ok<QueueEntry[]>('GET', '/api/mo/queue/rewaiting');
    expect(bell.map((e) => e.id)).toContain(entry.id);
    // Not there: the doctor cannot open it; it arrives first (on another day than due: dated now).
    expect((await c.open(entry)).statusCode).toBe(409);
    const arrived = await c.ok<QueueEntry>('POST', `/api/mo/queue/arrived/${entry.id}`);
    expect(arrived).toMatchObject({
      status: { name: 'Waiting' },
      ticketDay: '2026-03-01',
      date: clock.now().toISOString(),
      arrivedAt: clock.now().toISOString(),
    });
    expect((await c.open(entry)).json().data.visit.isRewaiting).toBe(0);
    expect((await c.ok<QueueEntry[]>('GET', '/api/mo/queue/rewaiting')).map((e) => e.id)).not.toContain(
      entry.id,
    );
    const noDate = await c.call('POST', `/api/mo/queue/rewaiting/${entry.id}`, { note: 'x' });
    expect(noDate.statusCode).toBe(422);
  });

  it('re-waiting to today waits in the building: today’s ticket kept, or given to a visit of an earlier day', async () => {
    const today = await entryIn(QUEUE_STATUS.WithDoctor);
    const drops = await c.ok<QueueEntry>('POST', `/api/mo/queue/rewaiting/${today.id}`, {
      date: '2026-03-01T23:50:00+03:00',
    });
    expect(drops).toMatchObject({
      status: { name: 'Waiting' },
      ticketDay: '2026-03-01',
      ticketNumber: today.ticketNumber,
    });
    const earlier = await c.queue(patient.id, { date: '2026-02-25T09:00:00+03:00' });
    expect(earlier.ticketDay).toBe('2026-02-25');
    const back = await c.ok<QueueEntry>('POST', `/api/mo/queue/rewaiting/${earlier.id}`, {
      date: '2026-03-01T23:45:00+03:00',
    });
    expect(back).toMatchObject({ status: { name: 'Waiting' }, ticketDay: '2026-03-01' });
    expect(back.ticketNumber).not.toBeNull();
    // A recall (Booked) brought back to today: Waiting with today's ticket.
    const recall = await entryIn(QUEUE_STATUS.Booked);
    const due = await c.ok<QueueEntry>('POST', `/api/mo/queue/rewaiting/${recall.id}`, {
      date: '2026-03-01T23:40:00+03:00',
    });
    expect(due).toMatchObject({ status: { name: 'Waiting' }, ticketDay: '2026-03-01', isRewaiting: 1 });
  });

  it('a patient’s last visit follows the moves: a canceled visit is none, brought back it is one again', async () => {
    const p = await c.patient();
    const entry = await c.queue(p.id);
    const last = async () => (await c.ok<Patient>('GET', `/api/mo/patient/${p.id}`)).lastQueueAt;
    expect(await last()).toBe(entry.date);
    expect((await move('cancel', entry)).statusCode).toBe(200);
    expect(await last()).toBeNull();
    expect((await move('wait', entry)).statusCode).toBe(200);
    expect(await last()).toBe(entry.date);
  });

  it('each status call needs its board permission', async () => {
    const canceler = await userWith(t, org, ['cancel board']);
    const entry = await c.queue(patient.id);
    expect((await move('finish', entry, canceler.token)).statusCode).toBe(403);
    expect((await move('open', entry, canceler.token)).statusCode).toBe(403);
    expect((await move('rewait', entry, canceler.token)).statusCode).toBe(403);
    expect((await move('cancel', entry, canceler.token)).statusCode).toBe(200);
    expect((await move('wait', entry, canceler.token)).statusCode).toBe(403);
  });
});

describe('concurrency', () => {
  it('20 doctors opening one entry at once: exactly one succeeds, the others get 409', async () => {
    const entry = await c.queue(patient.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => c.open(entry)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    const events = await t.database.db
      .select()
      .from(queueStatusEvents)
      .where(and(eq(queueStatusEvents.queueId, entry.id), eq(queueStatusEvents.action, 'open')));
    expect(events).toHaveLength(1);
    // The same doctor again is refused too: they re-enter through the show call.
    expect((await c.open(entry)).statusCode).toBe(409);
  });

  it('two receptionists cancelling at once: one moves it, the other is told it is already Canceled', async () => {
    const entry = await c.queue(patient.id);
    const [a, b] = await Promise.all([move('cancel', entry), move('cancel', entry)]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const loser = a!.statusCode === 409 ? a! : b!;
    expect(loser.json().message).toMatch(/Canceled/);
  });

  it('a patient queued twice the same day: 409 with the open visit, unless confirmed; one wins a race', async () => {
    const p = await c.patient({ name: 'Twice Queued' });
    const first = await c.queue(p.id);
    const again = await c.call('POST', '/api/mo/queue', { patientId: p.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'queue.duplicate_open',
      data: { id: first.id, patientId: p.id },
    });
    // Another day is a booking, not a duplicate; a confirmed second visit the same day is taken.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await c.call('POST', '/api/mo/queue', { patientId: p.id, date: tomorrow })).statusCode).toBe(201);
    expect(
      (await c.call('POST', '/api/mo/queue', { patientId: p.id, confirmDuplicate: true })).statusCode,
    ).toBe(201);
    // Finished visits do not count; two workstations at once: one entry, one refusal.
    const other = await c.patient({ name: 'Raced Patient' });
    const raced = await Promise.all([
      c.call('POST', '/api/mo/queue', { patientId: other.id }),
      c.call('POST', '/api/mo/queue', { patientId: other.id }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('parallel creates never share a ticket number', async () => {
    const made = await Promise.all(Array.from({ length: 10 }, () => c.queue(patient.id)));
    expect(new Set(made.map((e) => e.ticketNumber)).size).toBe(10);
  });
});

describe('lists', () => {
  it('has an index of the screen’s order for each visit reason the queue filters by', () => {
    expect(VISIT_REASON_INDEXES).toEqual(VISIT_REASONS);
  });

  it('pages, per patient, filters (status, dates, text, doctor), each patient’s latest, and the bell', async () => {
    const o = clinic(t, await t.newOrg());
    const sara = await o.patient({ name: 'سارة كريم', phone: '0770 555 1234' });
    // A phone of its own: a random one starting 0770 555 (one in a thousand) matched Sara's phone search below.
    const omar = await o.patient({ name: 'Omar Najim', phone: '0781 222 3344' });
    const s1 = await o.queue(sara.id, {
      date: '2026-02-20T09:00:00+03:00',
      examTypes: ['Spectacles', 'Lasik'],
    });
    const s2 = await o.queue(sara.id, { date: '2026-03-01T09:00:00+03:00' });
    const o1 = await o.queue(omar.id, { date: '2026-03-01T10:00:00+03:00', examTypes: ['Lasik'] });
    await o.ok('POST', `/api/mo/queue/canceled/${o1.id}`);

    const page = await o.call('GET', '/api/mo/queue?page=1');
    expect(page.json().meta).toEqual({ page: 1, perPage: 25, total: 3, lastPage: 1 });
    expect(page.json().data.map((e: QueueEntry) => e.id)).toEqual([o1.id, s2.id, s1.id]);
    // The total comes with the rows (one statement); a page past the last, with no row to carry it, still has it.
    expect((await o.call('GET', '/api/mo/queue?page=2')).json()).toEqual({
      data: [],
      meta: { page: 2, perPage: 25, total: 3, lastPage: 1 },
    });

    const ofSara = await o.call('GET', `/api/mo/queue/all/${sara.id}`);
    expect(ofSara.json().data.map((e: QueueEntry) => e.id)).toEqual([s2.id, s1.id]);

    const ids = async (q: string, path = 'filter') =>
      (await o.call('GET', `/api/mo/queue/${path}?${q}`)).json().data.map((e: QueueEntry) => e.id);
    expect(await ids('status=4')).toEqual([o1.id]);
    // The same filters with other values: each shape is one prepared statement, its values bound per request.
    expect(await ids('status=1')).toEqual([s1.id, s2.id]);
    // Open visits first, the longest waiting first; then the closed ones, newest first.
    expect(await ids('status=1,4')).toEqual([s1.id, s2.id, o1.id]);
    expect(await ids('from=2026-03-01&to=2026-03-01')).toEqual([s2.id, o1.id]);
    expect(await ids('from=2026-02-20&to=2026-02-20')).toEqual([s1.id]);
    expect(await ids('to=2026-02-28')).toEqual([s1.id]);
    expect(await ids(`search=${encodeURIComponent('ساره')}`)).toEqual([s1.id, s2.id]);
    expect(await ids('search=0770%20555')).toEqual([s1.id, s2.id]);
    // A search's statement is prepared per shape (how many words; file number, phone): other words, their rows.
    expect(await ids('search=omar')).toEqual([o1.id]);
    expect(await ids(`search=${encodeURIComponent('كريم ساره')}`)).toEqual([s1.id, s2.id]);
    expect(await ids(`search=${encodeURIComponent('كريم omar')}`)).toEqual([]);
    expect(await ids('search=0770%20999')).toEqual([]);
    expect(await ids(`search=${encodeURIComponent('ساره')}&status=1`, 'filterLast')).toEqual([s2.id]);
    // Each reason its own statement, read from its own index (a visit of two reasons is in both).
    expect(await ids('examType=Lasik')).toEqual([s1.id, o1.id]);
    expect(await ids('examType=Spectacles')).toEqual([s1.id]);
    expect(await ids('examType=Biometry')).toEqual([]);
    expect(await ids('examType=Lasik&status=4')).toEqual([o1.id]);
    expect(await ids('examType=Lasik&from=2026-03-01&to=2026-03-01')).toEqual([o1.id]);
    expect(await ids('')).toHaveLength(3);
    expect(await ids('', 'filterLast')).toEqual([s2.id, o1.id]);
    expect(await ids('status=1', 'filterLast')).toEqual([s2.id]);
    expect((await o.call('GET', '/api/mo/queue/filter?status=7&from=nope')).statusCode).toBe(422);

    await o.ok('POST', `/api/mo/queue/rewaiting/${s2.id}`, { date: '2026-03-08T09:00:00+03:00' });
    const bell = await o.ok<QueueEntry[]>('GET', '/api/mo/queue/rewaiting');
    expect(bell).toEqual([
      expect.objectContaining({
        id: s2.id,
        isRewaiting: 1,
        patient: expect.objectContaining({ phone: '+9647705551234' }),
      }),
    ]);
  });

  it('a search counts its matches when they fill a page, and takes a shorter page’s rows as its total', async () => {
    const o = clinic(t, await t.newOrg());
    const many = await o.patient({ name: 'Haidar Many Visits' });
    const few = await o.patient({ name: 'Zahraa Few Visits' });
    for (let i = 0; i < QUEUE_PER_PAGE + 2; i++) await o.queue(many.id);
    await o.queue(few.id);
    await o.queue(few.id);
    const meta = async (query: string) => {
      const res = (await o.call('GET', `/api/mo/queue/filter?${query}`)).json();
      return { rows: res.data.length, ...res.meta };
    };
    const counted = { perPage: QUEUE_PER_PAGE, total: QUEUE_PER_PAGE + 2, lastPage: 2 };
    expect(await meta('page=1&search=haidar')).toEqual({ rows: QUEUE_PER_PAGE, page: 1, ...counted });
    expect(await meta('page=2&search=haidar')).toEqual({ rows: 2, page: 2, ...counted });
    expect(await meta('page=3&search=haidar')).toEqual({ rows: 0, page: 3, ...counted });
    expect(await meta('page=1&search=visits')).toEqual({
      rows: QUEUE_PER_PAGE,
      page: 1,
      perPage: QUEUE_PER_PAGE,
      total: QUEUE_PER_PAGE + 4,
      lastPage: 2,
    });
    const short = { perPage: QUEUE_PER_PAGE, total: 2, lastPage: 1 };
    expect(await meta('page=1&search=zahraa')).toEqual({ rows: 2, page: 1, ...short });
    expect(await meta('page=2&search=zahraa')).toEqual({ rows: 0, page: 2, ...short });
    expect(await meta('page=1&search=nobody')).toEqual({ rows: 0, page: 1, ...short, total: 0 });
  });

  it('each patient’s latest: of two visits at the same time, the one made later', async () => {
    const other = await t.newOrg();
    const o = clinic(t, other);
    const p = await o.patient({ name: 'Twice Booked' });
    const at = new Date('2026-03-02T09:00:00+03:00');
    const visit = (ticketNumber: number) => ({
      orgId: other.id,
      patientId: p.id,
      ticketDay: '2026-03-02',
      ticketNumber,
      date: at,
      status: QUEUE_STATUS.Waiting,
      statusSince: at,
    });
    const made = await t.database.db
      .insert(queueEntries)
      .values([visit(1), visit(2)])
      .returning();
    const later = Math.max(...made.map((e) => e.id));
    const last = (await o.call('GET', '/api/mo/queue/filterLast?page=1')).json();
    expect(last.data.map((e: QueueEntry) => e.id)).toEqual([later]);
    expect(last.meta.total).toBe(1);
  });

  it('leaves a deleted patient’s visits out of the lists and their totals, and a restore brings them back', async () => {
    const o = clinic(t, await t.newOrg());
    const kept = await o.patient({ name: 'Kept Patient' });
    const gone = await o.patient({ name: 'Gone Patient' });
    const keptVisit = await o.queue(kept.id, { date: '2026-03-01T09:00:00+03:00', examTypes: ['Lasik'] });
    const goneVisits = [
      await o.queue(gone.id, { date: '2026-03-01T10:00:00+03:00', examTypes: ['Lasik'] }),
      await o.queue(gone.id, { date: '2026-02-20T10:00:00+03:00' }),
    ];
    // A patient with an open visit cannot be deleted.
    for (const visit of goneVisits) await o.ok('POST', `/api/mo/queue/canceled/${visit.id}`);
    const lists = ['/api/mo/queue?', '/api/mo/queue/filter?', '/api/mo/queue/filter?examType=Lasik&'];
    const shown = async (list: string, page: number) => {
      const body = (await o.call('GET', `${list}page=${page}`)).json();
      return { ids: body.data.map((e: QueueEntry) => e.id), total: body.meta.total };
    };
    expect(await shown(lists[2]!, 1)).toEqual({ ids: [keptVisit.id, expect.any(Number)], total: 2 });

    await o.ok('DELETE', `/api/mo/patient/delete/${gone.id}`);
    for (const list of lists) {
      expect(await shown(list, 1)).toEqual({ ids: [keptVisit.id], total: 1 });
      // Past the last page the total is counted on its own.
      expect(await shown(list, 2)).toEqual({ ids: [], total: 1 });
    }
    await o.ok('POST', `/api/mo/patient/restore/${gone.id}`);
    expect((await shown(lists[0]!, 2)).total).toBe(3);
  });

  it('each patient’s latest follows the visits as they are re-dated, deleted and merged', async () => {
    const o = clinic(t, await t.newOrg());
    const a = await o.patient({ name: 'Latest One' });
    const b = await o.patient({ name: 'Latest Two' });
    const first = await o.queue(a.id, { date: '2026-02-10T09:00:00+03:00' });
    const second = await o.queue(a.id, { date: '2026-02-20T09:00:00+03:00' });
    const ofB = await o.queue(b.id, { date: '2026-02-15T09:00:00+03:00' });
    const latest = async () =>
      (await o.ok<QueueEntry[]>('GET', '/api/mo/queue/filterLast?page=1')).map((e) => e.id).sort();
    expect(await latest()).toEqual([second.id, ofB.id].sort());

    // The earlier visit moved past the other one becomes the latest.
    await o.ok('POST', `/api/mo/queue/${first.id}`, {
      date: '2026-02-25T09:00:00+03:00',
      version: first.version,
    });
    expect(await latest()).toEqual([first.id, ofB.id].sort());
    // Deleted, it leaves the one before it.
    await o.ok('DELETE', `/api/mo/queue/${first.id}`);
    expect(await latest()).toEqual([second.id, ofB.id].sort());
    // A merge moves B's visit to A, where it is not the latest; B is gone.
    await o.ok('POST', '/api/mo/patient/merge', { survivorId: a.id, mergedId: b.id });
    expect(await latest()).toEqual([second.id]);
  });

  it.runIf(dbKind === 'postgres')(
    'each patient’s latest: two visits made at once, the later committed first, keep the later',
    async () => {
      const other = await t.newOrg();
      const p = await clinic(t, other).patient({ name: 'Made At Once' });
      const [one, two] = [new pg.Client(inject('databaseUrl')), new pg.Client(inject('databaseUrl'))];
      await Promise.all([one.connect(), two.connect()]);
      const insert = (client: pg.Client, day: string, ticket: number) =>
        client.query<{ id: number }>(
          `INSERT INTO queue_entries (org_id, patient_id, ticket_day, ticket_number, date, status, status_since)
           VALUES ($1, $2, $3, $4, $3::date + time '09:00', 1, now()) RETURNING id`,
          [other.id, p.id, day, ticket],
        );
      try {
        await one.query('BEGIN');
        const later = await insert(one, '2026-03-05', 1);
        await two.query('BEGIN');
        const waiter = (await two.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
        // Waits for the first transaction's lock on the patient, then must see its visit.
        const earlier = insert(two, '2026-03-04', 2);
        const waiting = () =>
          one.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`, [waiter]);
        while ((await waiting()).rowCount === 0) await new Promise((resolve) => setTimeout(resolve, 10));
        await one.query('COMMIT');
        await earlier;
        await two.query('COMMIT');
        const kept = await one.query<{ latest: number }>(
          'SELECT latest_entry_id AS latest FROM patients WHERE id = $1',
          [p.id],
        );
        expect(kept.rows[0]!.latest).toBe(later.rows[0]!.id);
      } finally {
        await Promise.all([one.end(), two.end()]);
      }
    },
  );

  it('counts up to 1,000 entries: past them the total is a lower bound (three years of a large clinic)', async () => {
    const other = await t.newOrg();
    const o = clinic(t, other);
    const p = await o.patient({ name: 'Many Visits' });
    await t.database.db.execute(sql`
      INSERT INTO queue_entries (org_id, patient_id, ticket_day, ticket_number, date, status, status_since)
      SELECT ${other.id}::int, ${p.id}::int, date '2025-01-01', g, timestamptz '2025-01-01 09:00+03', 3,
             timestamptz '2025-01-01 09:00+03'
      FROM generate_series(1, 1003) g`);
    const capped = { page: 1, perPage: 25, total: 1000, lastPage: 40, totalIsLowerBound: true };
    expect((await o.call('GET', '/api/mo/queue?page=1')).json().meta).toEqual(capped);
    const past = (await o.call('GET', '/api/mo/queue?page=41')).json();
    expect(past.data).toHaveLength(3);
    expect(past.meta).toEqual({ ...capped, page: 41 });
    // Deeper pages skip every row before them: past MAX_PAGE a filter narrows the list instead.
    expect((await o.call('GET', `/api/mo/queue?page=${MAX_PAGE}`)).json().data).toEqual([]);
    const tooDeep = await o.call('GET', `/api/mo/queue/filter?page=${MAX_PAGE + 1}`);
    expect(tooDeep.statusCode).toBe(422);
    expect(Object.keys(tooDeep.json().errors)).toEqual(['page']);
  });

  /** Visits of `patientId` written as they are (no transition): `rows` gives day, ticket, date, status, since, recall. */
  const insertVisits = (orgId: number, patientId: number, rows: SQL) =>
    t.database.db.execute(sql`
      INSERT INTO queue_entries (org_id, patient_id, ticket_day, ticket_number, date, status, status_since,
                                 is_rewaiting)
      SELECT ${orgId}::int, ${patientId}::int, v.day::date, v.n, v.at::timestamptz, v.status::smallint,
             v.since::timestamptz, v.recall
      FROM (${rows}) v(day, n, at, status, since, recall)`);
  /** 28 closed visits of `day` in Baghdad from 08:00, two at each minute (ticket 1–28). */
  const closedVisits = (day: string) => sql`
    SELECT ${day}, g, ${day}::date + time '08:00' + (g / 2) * interval '1 minute' - interval '3 hours', 3 + g % 2,
           ${day}::date + time '12:00' - interval '3 hours', false
    FROM generate_series(1, 28) g`;
  /** The screen's order of `day`'s closed visits: newest first, a time's ties by the later id first. */
  const newestFirst = (entries: (typeof queueEntries.$inferSelect)[]) =>
    entries
      .filter((e) => e.status > 2)
      .sort((a, b) => b.date.getTime() - a.date.getTime() || b.id - a.id)
      .map((e) => e.id);
  const visitsOf = (orgId: number) =>
    t.database.db.select().from(queueEntries).where(eq(queueEntries.orgId, orgId));

  it('a past day in the screen’s order: who is with a doctor, the longest waiting, then the closed newest first', async () => {
    // Read from the open and the closed visits apart (screenPage): the page and the next one must be the
    // visits of the day in the one order, the ties of a time broken by the later id first.
    const other = await t.newOrg();
    const o = clinic(t, other);
    const p = await o.patient({ name: 'Past Day' });
    await insertVisits(other.id, p.id, closedVisits('2025-06-03'));
    // Three open visits of the day; one either side of it.
    await insertVisits(
      other.id,
      p.id,
      sql`VALUES
      ('2025-06-03', 101, '2025-06-03 09:00+03', 2, '2025-06-03 09:40+03', false),
      ('2025-06-03', 102, '2025-06-03 09:00+03', 1, '2025-06-03 09:30+03', false),
      ('2025-06-03', 103, '2025-06-03 09:10+03', 1, '2025-06-03 08:00+03', false),
      ('2025-06-02', 104, '2025-06-02 23:59+03', 3, '2025-06-02 23:59+03', false),
      ('2025-06-04', 105, '2025-06-04 00:00+03', 1, '2025-06-04 00:00+03', false)`,
    );
    const day = (await visitsOf(other.id)).filter((e) => e.ticketDay === '2025-06-03');
    const open = (n: number) => day.find((e) => e.ticketNumber === n)!.id;
    const expected = [open(101), open(103), open(102), ...newestFirst(day)];
    const page = (n: number) => o.call('GET', `/api/mo/queue/filter?page=${n}&from=2025-06-03&to=2025-06-03`);
    const [first, second] = [(await page(1)).json(), (await page(2)).json()];
    expect([...first.data, ...second.data].map((e: QueueEntry) => e.id)).toEqual(expected);
    expect(first.meta).toEqual({ page: 1, perPage: 25, total: 31, lastPage: 2 });
    expect(second.data).toHaveLength(6);
  });

  it('today in the screen’s order: those present, then today’s closed; a recall due since an earlier day is not', async () => {
    // Today is read from the open and the closed visits apart too. A recall due since an earlier day is Booked until
    // it arrives: the bell and the book's due list show it, not the patients present.
    const other = await t.newOrg();
    const o = clinic(t, other);
    const p = await o.patient({ name: 'Full Day' });
    await insertVisits(other.id, p.id, closedVisits('2026-03-01'));
    await insertVisits(
      other.id,
      p.id,
      sql`VALUES
      ('2026-03-01', 101, '2026-03-01 09:00+03', 2, '2026-03-01 09:40+03', false),
      ('2026-03-01', 102, '2026-03-01 09:00+03', 1, '2026-03-01 09:30+03', false),
      (NULL, NULL, '2026-02-27 10:00+03', 0, '2026-02-26 10:00+03', true),
      ('2026-02-20', 104, '2026-02-27 11:00+03', 3, '2026-02-27 11:30+03', true),
      ('2026-02-28', 105, '2026-02-28 23:59+03', 3, '2026-02-28 23:59+03', false),
      (NULL, NULL, '2026-03-05 09:00+03', 0, '2026-02-20 09:00+03', true)`,
    );
    const visits = await visitsOf(other.id);
    const ticket = (n: number) => visits.find((e) => e.ticketNumber === n)!.id;
    const booked = visits.filter((e) => e.status === QUEUE_STATUS.Booked);
    const [recall, laterRecall] = [
      booked.find((e) => e.date < clock.now())!.id,
      booked.find((e) => e.date > clock.now())!.id,
    ];
    const expected = [
      ticket(101),
      ticket(102),
      ...newestFirst(visits.filter((e) => e.ticketDay === '2026-03-01')),
    ];
    const page = (n: number) => o.call('GET', `/api/mo/queue/filter?page=${n}&from=2026-03-01&to=2026-03-01`);
    const [first, second] = [(await page(1)).json(), (await page(2)).json()];
    expect([...first.data, ...second.data].map((e: QueueEntry) => e.id)).toEqual(expected);
    expect(first.meta).toEqual({ page: 1, perPage: 25, total: 30, lastPage: 2 });
    const waiting = (
      await o.call('GET', '/api/mo/queue/filter?page=1&from=2026-03-01&to=2026-03-01&status=1')
    ).json();
    expect(waiting.data.map((e: QueueEntry) => e.id)).toEqual([ticket(102)]);
    expect((await o.ok<QueueEntry[]>('GET', '/api/mo/queue/rewaiting')).map((e) => e.id)).toEqual([
      recall,
      laterRecall,
    ]);
    expect(
      (await o.ok<{ entries: QueueEntry[] }>('GET', '/api/mo/doctor/worklist')).entries.map((e) => e.id),
    ).toEqual([ticket(101), ticket(102)]);
    // Closed statuses only: no open candidate is looked for; open and closed ones: both, in the one order.
    const withStatus = async (statuses: string) =>
      (await o.call('GET', `/api/mo/queue/filter?page=1&from=2026-03-01&to=2026-03-01&status=${statuses}`))
        .json()
        .data.map((e: QueueEntry) => e.id);
    const today = visits.filter((e) => e.ticketDay === '2026-03-01');
    const finished = newestFirst(today.filter((e) => e.status === 3));
    expect(finished.length).toBeGreaterThan(10);
    expect(await withStatus('3')).toEqual(finished);
    expect(await withStatus('2,3')).toEqual([ticket(101), ...finished]);
    // Past midnight: today's bounds, written into its statement's text, are the new day's, and the day before, now
    // bound as any other day is, shows its own visits.
    clock.advance(60 * 60_000);
    try {
      const next = (await o.call('GET', '/api/mo/queue/filter?page=1&from=2026-03-02&to=2026-03-02')).json();
      expect(next.data.map((e: QueueEntry) => e.id)).toEqual([]);
      const dayBefore = [...(await page(1)).json().data, ...(await page(2)).json().data];
      expect(dayBefore.map((e: QueueEntry) => e.id)).toEqual(expected);
    } finally {
      clock.advance(-60 * 60_000);
    }
    // Closed is read as `status > 2`: the database keeps a status to the six.
    await expect(
      insertVisits(
        other.id,
        p.id,
        sql`VALUES ('2026-03-01', 199, '2026-03-01 09:00+03', 6, '2026-03-01 09:00+03', false)`,
      ),
    ).rejects.toSatisfy((error) => /queue_entries_status_ck/.test(String((error as Error).cause)));
  });

  it('the booked view: visits booked and recalls set for the coming days, soonest first, none of today', async () => {
    const o = clinic(t, await t.newOrg());
    const [a, b, d] = await Promise.all([
      o.patient({ name: 'Booked Later' }),
      o.patient({ name: 'Booked Sooner' }),
      o.patient({ name: 'Recalled' }),
    ]);
    // The clock reads 23:30 on 1 March in Baghdad: "the coming days" start on 2 March.
    const later = await o.queue(a.id, { date: '2026-03-20T09:00:00+03:00', isVisitDate: 1 });
    const sooner = await o.queue(b.id, { date: '2026-03-02T08:00:00+03:00', isVisitDate: 1 });
    await o.queue(b.id, { date: '2026-03-01T22:00:00+03:00' }); // today
    const recalled = await o.queue(d.id, { date: '2026-03-01T10:00:00+03:00' });
    await o.ok('POST', `/api/mo/queue/rewaiting/${recalled.id}`, { date: '2026-03-10T09:00:00+03:00' });
    const canceled = await o.queue(a.id, { date: '2026-03-05T09:00:00+03:00', isVisitDate: 1 });
    await o.ok('POST', `/api/mo/queue/canceled/${canceled.id}`);

    const booked = await o.ok<QueueEntry[]>('GET', '/api/mo/queue/filter?from=2026-03-02&status=0');
    expect(booked.map((e) => e.id)).toEqual([sooner.id, recalled.id, later.id]);
    expect(booked.map((e) => [e.ticketNumber, e.slotMinutes])).toEqual([
      [null, 15],
      [null, null],
      [null, 15],
    ]);
    // The days alone show those present and the visits closed: of the coming days, the canceled booking only.
    const days = await o.ok<QueueEntry[]>('GET', '/api/mo/queue/filter?from=2026-03-02');
    expect(days.map((e) => e.id)).toEqual([canceled.id]);
  });

  it('needs `show queues` to read and `add queue`/`edit queue`/`delete queue` to write', async () => {
    const reader = await userWith(t, org, ['show queues']);
    const entry = await c.queue(patient.id);
    expect((await c.call('GET', '/api/mo/queue', undefined, reader.token)).statusCode).toBe(200);
    expect((await c.call('POST', '/api/mo/queue', { patientId: patient.id }, reader.token)).statusCode).toBe(
      403,
    );
    expect((await c.call('POST', `/api/mo/queue/${entry.id}`, { version: 1 }, reader.token)).statusCode).toBe(
      403,
    );
    expect((await c.call('DELETE', `/api/mo/queue/${entry.id}`, undefined, reader.token)).statusCode).toBe(
      403,
    );
  });

  it('the bell list is open to doctors; the update screen loads its entry with `edit queue` alone', async () => {
    const doctor = await userWith(t, org, ['open board']);
    expect((await c.call('GET', '/api/mo/queue/rewaiting', undefined, doctor.token)).statusCode).toBe(200);
    expect((await c.call('GET', '/api/mo/queue', undefined, doctor.token)).statusCode).toBe(403);
    const editor = await userWith(t, org, ['edit queue']);
    const entry = await c.queue(patient.id);
    expect((await c.call('GET', `/api/mo/queue/${entry.id}`, undefined, editor.token)).statusCode).toBe(200);
  });
});
