import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_PERMISSIONS, EXAM_TYPES } from '@basira/shared/exams/exam-types';
import { and, eq } from 'drizzle-orm';
import type { Board } from '@basira/shared/queue/board.schemas';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { auditLog, examRecords } from '../../db/schema.ts';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp } from '../../test/harness.ts';

/** The board shows the records a caller may read by their own routes: a doctor reads every type. */
const READ_EVERY_TYPE = EXAM_TYPES.flatMap((type) => EXAM_PERMISSIONS[type].show);

// 10:00 in Baghdad.
const clock = new FakeClock(new Date('2026-03-01T07:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

describe('the board', () => {
  it('opens a visit: WithDoctor, records the doctor, answers patient, visit, earlier visits, exams, documents', async () => {
    const org = await t.newOrg();
    const doctor = await userWith(t, org, ['open board', 'show board', ...READ_EVERY_TYPE]);
    const c = clinic(t, org);
    const p = await c.patient({ name: 'Board Patient', alerts: { allergies: [{ substance: 'atropine' }] } });
    const earlier: QueueEntry[] = [];
    for (let day = 1; day <= 12; day++) {
      const e = await c.queue(p.id, { date: `2026-01-${String(day).padStart(2, '0')}T09:00:00+03:00` });
      await c.ok('POST', `/api/mo/queue/canceled/${e.id}`);
      earlier.push(e);
    }
    const today = await c.queue(p.id);
    await t.database.db.insert(examRecords).values([
      {
        orgId: org.id,
        patientId: p.id,
        queueId: earlier[0]!.id,
        type: 'spectacles',
        data: {},
        createdBy: org.adminId,
      },
      { orgId: org.id, patientId: p.id, queueId: today.id, type: 'spectacles', data: {} },
      { orgId: org.id, patientId: p.id, queueId: today.id, type: 'biometry', data: {} },
    ]);

    const res = await c.open(today, doctor.token);
    expect(res.statusCode).toBe(200);
    const board = res.json().data as Board;
    expect(board.patient).toMatchObject({
      id: p.id,
      name: 'Board Patient',
      hasAlerts: true,
      fileNumber: p.fileNumber,
    });
    expect(board.visit).toMatchObject({
      id: today.id,
      status: { name: 'WithDoctor' },
      doctor: { id: doctor.id },
    });
    expect(board.earlierVisits.meta).toEqual({ page: 1, perPage: 10, total: 12, lastPage: 2 });
    expect(board.earlierVisits.data[0]!.id).toBe(earlier[11]!.id);
    expect(board.earlierVisits.data.map((v) => v.id)).not.toContain(today.id);
    // In the registry's order, each record with its type's one-line summary.
    expect(board.exams).toEqual([
      {
        type: 'spectacles',
        total: 2,
        records: [
          expect.objectContaining({ queueId: today.id, summary: '' }),
          expect.objectContaining({
            queueId: earlier[0]!.id,
            createdBy: { id: org.adminId, name: 'Admin User' },
          }),
        ],
      },
      {
        type: 'biometry',
        total: 1,
        records: [expect.objectContaining({ queueId: today.id, createdBy: null, summary: 'R — · L —' })],
      },
    ]);
    expect(board).toMatchObject({ documents: [], documentsTotal: 0 });

    const next = await c.call(
      'GET',
      `/api/mo/board/${p.id}/visits?page=2&exceptQueueId=${today.id}`,
      undefined,
      doctor.token,
    );
    expect(next.json().data.map((v: QueueEntry) => v.id)).toEqual([earlier[1]!.id, earlier[0]!.id]);

    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.id), eq(auditLog.patientId, p.id), eq(auditLog.entityId, today.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['queue.opened', 'board.opened']));
  });

  it("lists each type's latest ten records, newest first, with the type's total; deleted and others' are not counted", async () => {
    const org = await t.newOrg();
    const doctor = await userWith(t, org, ['open board', 'show board', ...READ_EVERY_TYPE]);
    const c = clinic(t, org);
    const p = await c.patient({ name: 'Many Records' });
    const other = await c.patient({ name: 'Other Patient' });
    const today = await c.queue(p.id);
    const record = (patientId: number, day: number, deletedAt: Date | null = null) => ({
      orgId: org.id,
      patientId,
      queueId: today.id,
      type: 'followUp',
      data: {},
      createdAt: new Date(Date.UTC(2026, 0, day)),
      deletedAt,
    });
    await t.database.db
      .insert(examRecords)
      .values([
        ...Array.from({ length: 12 }, (_, i) => record(p.id, i + 1)),
        record(p.id, 20, new Date()),
        record(other.id, 21),
      ]);

    const res = await c.open(today, doctor.token);
    expect(res.statusCode).toBe(200);
    const [group, ...rest] = (res.json().data as Board).exams;
    expect(rest).toEqual([]);
    expect(group!.type).toBe('followUp');
    expect(group!.total).toBe(12);
    expect(group!.records.map((r) => r.createdAt.slice(0, 10))).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-01-${String(12 - i).padStart(2, '0')}`),
    );
  });

  it('shows read-only; the doctor re-enters an open visit through show; refusals are clear', async () => {
    const org = await t.newOrg();
    const viewer = await userWith(t, org, ['show board']);
    const c = clinic(t, org);
    const p = await c.patient();
    const entry = await c.queue(p.id);
    const shown = await c.call(
      'POST',
      `/api/mo/patient/open/board/show/${p.id}/${entry.id}`,
      undefined,
      viewer.token,
    );
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.visit.status.name).toBe('Waiting');
    expect((await c.open(entry, viewer.token)).statusCode).toBe(403);

    expect((await c.open(entry)).statusCode).toBe(200);
    const again = await c.open(entry);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'queue.illegal_transition',
      message: expect.stringContaining('WithDoctor'),
    });
    const reenter = await c.call('POST', `/api/mo/patient/open/board/show/${p.id}/${entry.id}`);
    expect(reenter.json().data.visit.status.name).toBe('WithDoctor');

    const someoneElse = await c.patient();
    expect(
      (await c.call('POST', `/api/mo/patient/open/board/show/${someoneElse.id}/${entry.id}`)).statusCode,
    ).toBe(404);
    const waiting = await c.queue(p.id);
    expect(
      (await c.call('POST', `/api/mo/patient/open/board/${someoneElse.id}/${waiting.id}`)).statusCode,
    ).toBe(404);
    expect((await c.ok<QueueEntry>('GET', `/api/mo/queue/${waiting.id}`)).status.name).toBe('Waiting');
  });
});

describe('the doctor page', () => {
  it('lists the patients present for me or for no one: with a doctor, then longest waiting; a recall once it arrives', async () => {
    const org = await t.newOrg();
    const me = await userWith(t, org, ['open board']);
    const colleague = await userWith(t, org, ['open board']);
    const c = clinic(t, org);
    const p = await c.patient();
    const mine = await c.queue(p.id, { doctorId: me.id });
    const anyone = await c.queue(p.id);
    const theirs = await c.queue(p.id, { doctorId: colleague.id });
    const finished = await c.queue(p.id);
    await c.open(finished);
    await c.ok('POST', `/api/mo/queue/finished/${finished.id}`);
    await c.queue(p.id, { date: '2026-02-28T10:00:00+03:00' });
    await c.queue(p.id, { date: '2026-03-02T10:00:00+03:00' });
    const opened = await c.queue(p.id);
    await c.open(opened, me.token);
    // Re-waited yesterday morning to yesterday evening and not seen since: yesterday's ticket, not present today.
    clock.advance(-24 * 60 * 60_000);
    const recalled = await c.queue(p.id);
    await c.ok('POST', `/api/mo/queue/rewaiting/${recalled.id}`, { date: '2026-02-28T20:00:00+03:00' });
    clock.advance(24 * 60 * 60_000);
    // Recalls set 40 days ago, due since: Booked, never arrived. Not on the worklist ("Next" would name a patient
    // who is not there), nor on today's queue: on the bell.
    clock.advance(-40 * 24 * 60 * 60_000);
    const kept = await c.queue(p.id);
    await c.ok('POST', `/api/mo/queue/rewaiting/${kept.id}`, { date: '2026-01-30T09:00:00+03:00' });
    const missed = await c.queue(p.id);
    await c.ok('POST', `/api/mo/queue/rewaiting/${missed.id}`, { date: '2026-01-29T20:00:00+03:00' });
    clock.advance(40 * 24 * 60 * 60_000);
    // Recalled to tomorrow: not due, not in the list.
    const later = await c.queue(p.id);
    await c.ok('POST', `/api/mo/queue/rewaiting/${later.id}`, { date: '2026-03-02T09:00:00+03:00' });

    clock.advance(5 * 60_000);
    try {
      const res = await c.call('GET', '/api/mo/doctor/worklist', undefined, me.token);
      expect(res.statusCode).toBe(200);
      const { entries, day, now } = res.json().data as { entries: QueueEntry[]; day: string; now: string };
      expect(day).toBe('2026-03-01');
      expect(now).toBe('2026-03-01T07:05:00.000Z');
      expect(entries.map((e) => e.id)).toEqual([opened.id, mine.id, anyone.id]);
      expect(entries[0]).toMatchObject({ status: { name: 'WithDoctor' }, waitingSince: null });
      expect(entries[1]!.waitingSince).toBe('2026-03-01T07:00:00.000Z');
      // The queue list of today shows the patients present, in the same order.
      const list = await c.ok<QueueEntry[]>(
        'GET',
        '/api/mo/queue/filter?from=2026-03-01&to=2026-03-01&status=1,2',
      );
      expect(list.map((e) => e.id)).toEqual([opened.id, mine.id, anyone.id, theirs.id]);
      const bell = await c.ok<QueueEntry[]>('GET', '/api/mo/queue/rewaiting', undefined, me.token);
      expect(bell.map((e) => e.id)).toEqual([missed.id, kept.id, recalled.id, later.id]);
      // The recall arrives: present, with today's ticket, the latest of those waiting.
      await c.ok('POST', `/api/mo/queue/arrived/${kept.id}`);
      const after = await c.ok<{ entries: QueueEntry[] }>(
        'GET',
        '/api/mo/doctor/worklist',
        undefined,
        me.token,
      );
      expect(after.entries.map((e) => e.id)).toEqual([opened.id, mine.id, anyone.id, kept.id]);
      expect(after.entries[3]).toMatchObject({ ticketDay: '2026-03-01', isRewaiting: 1 });
    } finally {
      clock.advance(-5 * 60_000);
    }
    const reception = await userWith(t, org, ['show queues']);
    expect((await c.call('GET', '/api/mo/doctor/worklist', undefined, reception.token)).statusCode).toBe(403);
  });
});
