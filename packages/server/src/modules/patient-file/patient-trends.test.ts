import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PatientTrends, TrendSeries } from '@basira/shared/trends/trends.schemas';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { auditLog } from '../../db/schema.ts';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp } from '../../test/harness.ts';

const clock = new FakeClock(new Date('2026-06-01T07:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const values = (trends: PatientTrends, key: string, eye: 'right' | 'left') =>
  trends.series.find((s) => s.key === key && s.eye === eye)?.points.map((p) => p.value);

describe("the patient's trends", () => {
  it('reads each measure from the records that store it, per eye, oldest first, without deleted records', async () => {
    const org = await t.newOrg();
    const c = clinic(t, org);
    const p = await c.patient();
    const visits: QueueEntry[] = [];
    for (const day of ['2025-09-01', '2026-01-10', '2026-05-20'])
      visits.push(await c.queue(p.id, { date: `${day}T09:00:00+03:00` }));
    const [first, second, third] = visits as [QueueEntry, QueueEntry, QueueEntry];

    // Follow-ups: the visit's last IOP reading counts; saved in a different order from the visits'.
    const iop = (right: number, left: number) => ({ right: { value: right }, left: { value: left } });
    await c.ok('POST', '/api/mo/exam/followUp', {
      patientId: p.id,
      queueId: third.id,
      iop: [iop(30, 18), iop(24, 17)],
      vision: { right: { bcva: '6/12' } },
    });
    await c.ok('POST', '/api/mo/exam/followUp', {
      patientId: p.id,
      queueId: first.id,
      iop: [iop(16, 15)],
      vision: { right: { bcva: '6/6' } },
    });
    await c.ok('POST', '/api/mo/exam/followUp', { patientId: p.id, queueId: second.id, iop: [iop(18, 16)] });
    // A deleted record's values are gone from the trends.
    const deleted = await c.ok<{ id: number }>('POST', '/api/mo/exam/followUp', {
      patientId: p.id,
      queueId: second.id,
      iop: [iop(45, 45)],
    });
    expect((await c.call('DELETE', `/api/mo/exam/followUp/${deleted.id}`)).statusCode).toBe(200);

    await c.ok('POST', '/api/mo/exam/spectacles', {
      patientId: p.id,
      queueId: second.id,
      readings: [
        { kind: 'auto', right: { sphere: -4 } },
        { kind: 'subjective', isFinal: true, right: { sphere: -2, cylinder: -0.75, axis: 180, va: '6/9' } },
      ],
    });
    for (const [visit, kmax] of [
      [first, 48.2],
      [third, 49.5],
    ] as const)
      await c.ok('POST', '/api/mo/exam/keratoconus', {
        patientId: p.id,
        queueId: visit.id,
        tomography: { left: { k1: 45, k2: 46, kmax, thinnestPachymetry: 470 } },
      });
    await c.ok('POST', '/api/mo/exam/retina', {
      patientId: p.id,
      queueId: third.id,
      fundus: { right: { cmt: 312, cupDisc: 0.6 } },
    });

    const trends = await c.ok<PatientTrends>('GET', `/api/mo/patient/${p.id}/trends`);
    expect(values(trends, 'iop', 'right')).toEqual([16, 18, 24]);
    expect(values(trends, 'iop', 'left')).toEqual([15, 16, 17]);
    const iopRight = trends.series.find((s) => s.key === 'iop' && s.eye === 'right') as TrendSeries;
    expect(iopRight.unit).toBe('mmHg');
    expect(iopRight.points.map((point) => [point.at, point.examType])).toEqual([
      ['2025-09-01T06:00:00.000Z', 'followUp'],
      ['2026-01-10T06:00:00.000Z', 'followUp'],
      ['2026-05-20T06:00:00.000Z', 'followUp'],
    ]);
    // Best-corrected acuity from the follow-ups and the prescribed spectacle reading, in logMAR.
    expect(values(trends, 'vaLogMar', 'right')).toEqual([
      0,
      expect.closeTo(0.176, 3),
      expect.closeTo(0.301, 3),
    ]);
    expect(values(trends, 'sphericalEquivalent', 'right')).toEqual([-2.375]);
    expect(values(trends, 'kmax', 'left')).toEqual([48.2, 49.5]);
    expect(values(trends, 'thinnestPachymetry', 'left')).toEqual([470, 470]);
    expect(values(trends, 'cmt', 'right')).toEqual([312]);
    expect(values(trends, 'cupDisc', 'right')).toEqual([0.6]);
    expect(trends.series.map((s) => `${s.key}:${s.eye}`)).toEqual([
      'iop:right',
      'iop:left',
      'vaLogMar:right',
      'sphericalEquivalent:right',
      'kmax:left',
      'thinnestPachymetry:left',
      'cmt:right',
      'cupDisc:right',
    ]);

    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.orgId, org.id),
          eq(auditLog.patientId, p.id),
          eq(auditLog.action, 'patient.trends_viewed'),
        ),
      );
    expect(audit).toHaveLength(1);

    // The file carries the same series, audited as the file's read only (opening a file is one read).
    const file = await c.ok<{ trends: PatientTrends }>('GET', `/api/mo/patient/${p.id}/file`);
    expect(file.trends).toEqual(trends);
    const after = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.id), eq(auditLog.patientId, p.id)));
    expect(after.filter((row) => row.action === 'patient.trends_viewed')).toHaveLength(1);
    expect(after.filter((row) => row.action === 'patient.file.viewed')).toHaveLength(1);
  });

  it('shows only the record types the caller may read; another organization’s patient is a 404', async () => {
    const org = await t.newOrg();
    const c = clinic(t, org);
    const p = await c.patient();
    const visit = await c.queue(p.id);
    await c.ok('POST', '/api/mo/exam/followUp', {
      patientId: p.id,
      queueId: visit.id,
      iop: [{ right: { value: 19 } }],
    });
    await c.ok('POST', '/api/mo/exam/retina', {
      patientId: p.id,
      queueId: visit.id,
      fundus: { left: { cmt: 280 } },
    });

    const retinaReader = await userWith(t, org, ['show retinas']);
    const asRetina = await c.ok<PatientTrends>(
      'GET',
      `/api/mo/patient/${p.id}/trends`,
      undefined,
      retinaReader.token,
    );
    expect(asRetina.series.map((s) => s.key)).toEqual(['cmt']);
    const reception = await userWith(t, org, ['add queue']);
    const asReception = await c.ok<PatientTrends>(
      'GET',
      `/api/mo/patient/${p.id}/trends`,
      undefined,
      reception.token,
    );
    expect(asReception.series).toEqual([]);

    const other = clinic(t, await t.newOrg());
    expect((await other.call('GET', `/api/mo/patient/${p.id}/trends`)).statusCode).toBe(404);
    expect((await c.call('GET', '/api/mo/patient/999999/trends')).statusCode).toBe(404);
  });

  it('reads the target pressure per eye from the latest consultation that sets it', async () => {
    const org = await t.newOrg();
    const c = clinic(t, org);
    const p = await c.patient();
    const [first, second, third] = [
      await c.queue(p.id, { date: '2025-10-01T09:00:00+03:00' }),
      await c.queue(p.id, { date: '2026-02-01T09:00:00+03:00' }),
      await c.queue(p.id, { date: '2026-05-01T09:00:00+03:00' }),
    ];
    const none = await c.ok<PatientTrends>('GET', `/api/mo/patient/${p.id}/trends`);
    expect(none.targetIop).toEqual({ right: null, left: null });

    await c.ok('POST', '/api/mo/exam/consultation', {
      patientId: p.id,
      queueId: first.id,
      targetIop: { right: { value: 18 }, left: { value: 18 } },
    });
    // The later consultation lowers the right eye's target only; the one after sets none and changes nothing.
    await c.ok('POST', '/api/mo/exam/consultation', {
      patientId: p.id,
      queueId: second.id,
      targetIop: { right: { value: 15 } },
    });
    await c.ok('POST', '/api/mo/exam/consultation', { patientId: p.id, queueId: third.id, plan: 'Review' });
    await c.ok('POST', '/api/mo/exam/followUp', {
      patientId: p.id,
      queueId: third.id,
      iop: [{ right: { value: 17 }, left: { value: 16 } }],
    });
    const trends = await c.ok<PatientTrends>('GET', `/api/mo/patient/${p.id}/trends`);
    expect(trends.targetIop).toEqual({ right: 15, left: 18 });
    // The consultations add no series of their own.
    expect(trends.series.map((s) => `${s.key}:${s.eye}`)).toEqual(['iop:right', 'iop:left']);
    // Out of its range, the target is refused like any field.
    const refused = await c.call('POST', '/api/mo/exam/consultation', {
      patientId: p.id,
      queueId: third.id,
      targetIop: { left: { value: 40 } },
    });
    expect(refused.statusCode).toBe(422);

    // A reader of follow-ups only sees the pressures, not the consultations' targets.
    const followUps = await userWith(t, org, ['show follow ups']);
    const asFollowUps = await c.ok<PatientTrends>(
      'GET',
      `/api/mo/patient/${p.id}/trends`,
      undefined,
      followUps.token,
    );
    expect(asFollowUps.targetIop).toEqual({ right: null, left: null });
    expect(asFollowUps.series).toHaveLength(2);
  });
});
