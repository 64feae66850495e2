import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DashboardSummary } from '@basira/shared/dashboard/dashboard.schemas';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const clock = new FakeClock(new Date('2026-02-20T07:00:00Z'));
const at = (iso: string) => {
  clock.advance(new Date(iso).getTime() - clock.now().getTime());
};

beforeAll(async () => {
  // The clock moves over two weeks: sessions must outlive it.
  t = await startTestApp({
    clock,
    env: { SESSION_IDLE_MINUTES: '100000', SESSION_ABSOLUTE_MINUTES: '100000' },
  });
});
afterAll(() => t.close());

describe('dashboard', () => {
  it('counts today by status, new patients this week and month, recalls, and today’s average wait', async () => {
    const org = await t.newOrg();
    const c = clinic(t, org);
    at('2026-02-20T07:00:00Z');
    const old = await c.patient({ name: 'Registered Last Month' });
    at('2026-02-28T07:00:00Z'); // Saturday: the week starts
    const weekOnly = await c.patient({ name: 'Registered Saturday' });
    at('2026-03-01T07:00:00Z');
    await c.patient({ name: 'Registered In March' });

    // Wednesday 4 March 2026, 10:00 in Baghdad.
    at('2026-03-04T07:00:00Z');
    const a = await c.queue(old.id);
    const b = await c.queue(weekOnly.id);
    const waiting = await c.queue(old.id);
    const canceled = await c.queue(old.id);
    await c.ok('POST', `/api/mo/queue/canceled/${canceled.id}`);
    const recallDue = await c.queue(old.id, { date: '2026-03-02T09:00:00+03:00' });
    await c.ok('POST', `/api/mo/queue/rewaiting/${recallDue.id}`, { date: '2026-03-04T09:00:00+03:00' });
    const recallLater = await c.queue(old.id, { date: '2026-03-02T09:00:00+03:00' });
    await c.ok('POST', `/api/mo/queue/rewaiting/${recallLater.id}`, { date: '2026-03-20T09:00:00+03:00' });
    at('2026-03-04T07:10:00Z');
    await c.open(a);
    at('2026-03-04T07:20:00Z');
    await c.open(b);
    await c.ok('POST', `/api/mo/queue/finished/${b.id}`);
    void waiting;

    const res = await c.call('GET', '/api/mo/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json().data as DashboardSummary;
    expect(d).toMatchObject({
      day: '2026-03-04',
      timeZone: 'Asia/Baghdad',
      newPatients: { week: 2, month: 1 },
      recallsDue: 1,
      recallsUpcoming: 1,
      averageWaitMinutesToday: 15,
    });
    expect(Object.fromEntries(d.today.byStatus.map((s) => [s.status.name, s.count]))).toEqual({
      Booked: 0,
      Waiting: 2, // `waiting` and the recall due today at 09:00
      WithDoctor: 1,
      Finished: 1,
      Canceled: 1,
      NoShow: 0,
    });
    // Visits are Waiting, WithDoctor and Finished ones: the canceled one is shown by status, not counted.
    expect(d.today.total).toBe(4);

    // Either side of the clinic's midnight (21:00 UTC): each visit counts on its day in Baghdad.
    await c.queue(old.id, { date: '2026-03-03T23:50:00+03:00' });
    await c.queue(old.id, { date: '2026-03-04T00:10:00+03:00' });
    const chart = await c.call('GET', '/api/mo/dashboard/visits?days=30');
    const days = chart.json().data as { day: string; visits: number; finished: number }[];
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe('2026-02-03');
    expect(days.at(-1)).toEqual({ day: '2026-03-04', visits: 5, finished: 1 });
    expect(days.at(-2)).toEqual({ day: '2026-03-03', visits: 1, finished: 0 });
    expect(days.find((x) => x.day === '2026-03-02')).toEqual({ day: '2026-03-02', visits: 0, finished: 0 });
    expect((await c.call('GET', '/api/mo/dashboard/visits?days=0')).statusCode).toBe(422);

    // The next day is a statement of its own (today's bounds are in its text): its own day, none of yesterday's.
    at('2026-03-05T07:00:00Z');
    expect(await c.ok<DashboardSummary>('GET', '/api/mo/dashboard')).toMatchObject({
      day: '2026-03-05',
      today: { total: 0 },
      newPatients: { week: 2, month: 1 },
      averageWaitMinutesToday: null,
    });

    const other = clinic(t, await t.newOrg());
    const theirs = (await other.ok<DashboardSummary>('GET', '/api/mo/dashboard')).today.total;
    expect(theirs).toBe(0);
    const nurse = await userWith(t, org, ['show queues']);
    expect((await c.call('GET', '/api/mo/dashboard', undefined, nurse.token)).statusCode).toBe(403);
  });

  it('counts a recall’s wait from the moment it fell due, not from when it was booked', async () => {
    const c = clinic(t, await t.newOrg());
    at('2026-03-04T07:00:00Z');
    const p = await c.patient({ name: 'Waiting Patient' });
    const walkIn = await c.queue(p.id);
    const recall = await c.queue(p.id);
    at('2026-03-04T07:05:00Z');
    await c.ok('POST', `/api/mo/queue/rewaiting/${recall.id}`, { date: '2026-03-04T10:30:00+03:00' });
    at('2026-03-04T07:50:00Z');
    await c.open(walkIn); // 50 minutes since it was queued
    await c.ok('POST', `/api/mo/queue/finished/${walkIn.id}`);
    await c.open(recall); // 20 minutes since 07:30, when it fell due
    expect((await c.ok<DashboardSummary>('GET', '/api/mo/dashboard')).averageWaitMinutesToday).toBe(35);
  });

  it("keeps each day's counts as visits are finished, canceled, re-dated and deleted, and recounts a new zone", async () => {
    const org = await t.newOrg();
    const c = clinic(t, org);
    at('2026-03-04T07:00:00Z'); // 10:00 in Baghdad
    const p = await c.patient({ name: 'Counted Patient' });
    const finished = await c.queue(p.id);
    const redated = await c.queue(p.id, { date: '2026-03-02T10:00:00+03:00' });
    const canceled = await c.queue(p.id);
    await c.queue(p.id, { date: '2026-03-04T00:10:00+03:00' }); // 21:10 UTC the day before
    await c.open(finished);
    await c.ok('POST', `/api/mo/queue/finished/${finished.id}`);
    const chart = async () =>
      Object.fromEntries(
        (
          await c.ok<{ day: string; visits: number; finished: number }[]>(
            'GET',
            '/api/mo/dashboard/visits?days=3',
          )
        )
          .filter((d) => d.visits > 0 || d.finished > 0)
          .map((d) => [d.day, [d.visits, d.finished]]),
      );
    expect(await chart()).toEqual({ '2026-03-02': [1, 0], '2026-03-04': [3, 1] });

    await c.ok('POST', `/api/mo/queue/${redated.id}`, {
      date: '2026-03-03T10:00:00+03:00',
      version: redated.version,
    });
    await c.ok('POST', `/api/mo/queue/canceled/${canceled.id}`);
    expect(await chart()).toEqual({ '2026-03-03': [1, 0], '2026-03-04': [2, 1] });
    await c.ok('DELETE', `/api/mo/queue/${redated.id}`);
    expect(await chart()).toEqual({ '2026-03-04': [2, 1] });

    // The kept counts are the visits' own, with no row left for a day that has none.
    const recount = (zone: string) => sql`
      SELECT (date AT TIME ZONE ${zone})::date::text AS day, count(*)::int AS visits,
             (count(*) FILTER (WHERE status = 3))::int AS finished
      FROM queue_entries WHERE org_id = ${org.id} AND status <> 4 GROUP BY 1 ORDER BY 1`;
    const kept = sql`SELECT day::text AS day, visits, finished FROM queue_day_counts WHERE org_id = ${org.id} ORDER BY day`;
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    expect(await rows(kept)).toEqual(await rows(recount('Asia/Baghdad')));
    // An operator's new zone moves the visit made at 21:10 UTC back to its UTC day.
    await t.database.db.execute(sql`UPDATE organizations SET time_zone = 'UTC' WHERE id = ${org.id}`);
    expect(await rows(kept)).toEqual(await rows(recount('UTC')));
    expect(await rows(kept)).toEqual([
      { day: '2026-03-03', visits: 1, finished: 0 },
      { day: '2026-03-04', visits: 1, finished: 1 },
    ]);
  });

  it("keeps each day's new patients as they are registered, deleted, restored and merged, and recounts a new zone", async () => {
    const org = await t.newOrg();
    const c = clinic(t, org);
    at('2026-03-03T20:50:00Z'); // 23:50 in Baghdad, Tuesday 3 March
    const late = await c.patient({ name: 'Registered Before Midnight' });
    at('2026-03-04T07:00:00Z'); // Wednesday, 10:00 in Baghdad
    const kept = await c.patient({ name: 'Kept Patient' });
    const deleted = await c.patient({ name: 'Deleted Patient' });
    const merged = await c.patient({ name: 'Merged Patient' });
    const newPatients = async () => (await c.ok<DashboardSummary>('GET', '/api/mo/dashboard')).newPatients;
    expect(await newPatients()).toEqual({ week: 4, month: 4 });

    await c.ok('DELETE', `/api/mo/patient/delete/${deleted.id}`);
    await c.ok('POST', '/api/mo/patient/merge', { survivorId: kept.id, mergedId: merged.id });
    expect(await newPatients()).toEqual({ week: 2, month: 2 });
    await c.ok('POST', `/api/mo/patient/restore/${deleted.id}`);
    expect(await newPatients()).toEqual({ week: 3, month: 3 });

    // The kept counts are the live patients' own, with no row for a day that has none.
    const recount = (zone: string) => sql`
      SELECT (created_at AT TIME ZONE ${zone})::date::text AS day, count(*)::int AS registered
      FROM patients WHERE org_id = ${org.id} AND deleted_at IS NULL GROUP BY 1 ORDER BY 1`;
    const days = sql`SELECT day::text AS day, registered FROM patient_day_counts WHERE org_id = ${org.id} ORDER BY day`;
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    expect(await rows(days)).toEqual([
      { day: '2026-03-03', registered: 1 },
      { day: '2026-03-04', registered: 2 },
    ]);
    expect(await rows(days)).toEqual(await rows(recount('Asia/Baghdad')));
    // A registration moved past the clinic's midnight (21:00 UTC) changes its day, and the emptied day goes.
    await t.database.db.execute(
      sql`UPDATE patients SET created_at = '2026-03-03T21:10:00Z' WHERE id = ${late.id}`,
    );
    expect(await rows(days)).toEqual([{ day: '2026-03-04', registered: 3 }]);
    // An operator's new zone recounts: 21:10 UTC is still the 3rd in UTC.
    await t.database.db.execute(sql`UPDATE organizations SET time_zone = 'UTC' WHERE id = ${org.id}`);
    expect(await rows(days)).toEqual(await rows(recount('UTC')));
    expect(await rows(days)).toEqual([
      { day: '2026-03-03', registered: 1 },
      { day: '2026-03-04', registered: 2 },
    ]);
    // A patient removed outright leaves its day's count.
    await t.database.db.execute(sql`DELETE FROM patients WHERE id = ${late.id}`);
    expect(await rows(days)).toEqual([{ day: '2026-03-04', registered: 2 }]);
  });
});
