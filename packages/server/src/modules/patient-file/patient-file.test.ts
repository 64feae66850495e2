import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_PERMISSIONS, EXAM_TYPES } from '@basira/shared/exams/exam-types';
import { and, eq } from 'drizzle-orm';
import type { PatientFile } from '@basira/shared/patients/patient-file.schemas';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { auditLog } from '../../db/schema.ts';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp } from '../../test/harness.ts';

const READ_EVERY_TYPE = EXAM_TYPES.flatMap((type) => EXAM_PERMISSIONS[type].show);

// 10:00 in Baghdad.
const clock = new FakeClock(new Date('2026-03-01T07:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const finalRx = {
  readings: [
    { kind: 'auto', right: { sphere: -2.5 }, left: { sphere: -2 } },
    {
      kind: 'subjective',
      isFinal: true,
      right: { sphere: -2.25, cylinder: -0.5, axis: 90, add: 1.5 },
      left: { sphere: -1.75 },
    },
  ],
  pd: { binocularDistance: 63 },
};

describe("the patient's file", () => {
  it('shows the open and booked visits, the history, the records by type and the last final Rx, without moving a status', async () => {
    const org = await t.newOrg();
    // The file shows the records a caller may read by their own routes: a doctor reads every type.
    const doctor = await userWith(t, org, ['show board', ...READ_EVERY_TYPE]);
    const doctorWhoSaw = await userWith(t, org, ['open board', ...READ_EVERY_TYPE]);
    const c = clinic(t, org);
    const p = await c.patient({ name: 'File Patient' });
    const past: QueueEntry[] = [];
    for (let day = 1; day <= 11; day++) {
      const e = await c.queue(p.id, { date: `2026-01-${String(day).padStart(2, '0')}T09:00:00+03:00` });
      await c.open(e, doctorWhoSaw.token);
      await c.ok('POST', `/api/mo/queue/finished/${e.id}`);
      past.push(e);
    }
    const today = await c.queue(p.id);
    const booked = await c.queue(p.id, { date: '2026-03-08T09:00:00+03:00', isVisitDate: 1 });
    const withFinal = await c.ok<{ id: number }>('POST', '/api/mo/exam/spectacles', {
      patientId: p.id,
      queueId: past[0]!.id,
      ...finalRx,
    });
    // A later refraction without a final reading is not what the patient wears.
    await c.ok('POST', '/api/mo/exam/spectacles', {
      patientId: p.id,
      queueId: today.id,
      readings: [{ kind: 'auto', right: { sphere: -3 } }],
    });
    await c.ok('POST', '/api/mo/exam/biometry', { patientId: p.id, queueId: today.id });

    const res = await c.call('GET', `/api/mo/patient/${p.id}/file`, undefined, doctor.token);
    expect(res.statusCode).toBe(200);
    const file = res.json().data as PatientFile;
    // "Last visit" is the last past one: the visit booked for next week is not it.
    expect(file.patient).toMatchObject({ id: p.id, name: 'File Patient', lastQueueAt: today.date });
    expect(file.openVisits.map((v) => v.id)).toEqual([today.id, booked.id]);
    expect(file.openVisits[0]!.status.name).toBe('Waiting');
    // The visits are those that happened or are happening: the booking is among the open visits, not here.
    expect(file.visits.meta).toEqual({ page: 1, perPage: 10, total: 12, lastPage: 2 });
    expect(file.visits.data[0]!.id).toBe(today.id);
    expect(file.visits.data[2]).toMatchObject({
      status: { name: 'Finished' },
      doctor: { id: doctorWhoSaw.id },
    });
    expect(file.exams.map((g) => [g.type, g.total])).toEqual([
      ['spectacles', 2],
      ['biometry', 1],
    ]);
    expect(file.exams[0]!.records[1]!.summary).toBe('R -2.25 -0.50 × 090 · L -1.75 · Add +1.50');
    expect(file.lastRx).toMatchObject({
      id: withFinal.id,
      queueId: past[0]!.id,
      pd: { binocularDistance: 63 },
      readings: [{ kind: 'auto' }, { isFinal: true, right: { sphere: -2.25, cylinder: -0.5, axis: 90 } }],
    });

    const page2 = await c.call('GET', `/api/mo/patient/${p.id}/visits?page=2`, undefined, doctor.token);
    expect(page2.json().data.map((v: QueueEntry) => v.id)).toEqual([past[1]!.id, past[0]!.id]);

    // Read, not moved: the visit still waits, and the read is in the audit trail.
    const entry = await c.ok<QueueEntry>('GET', `/api/mo/queue/${today.id}`);
    expect(entry.status.name).toBe('Waiting');
    const audit = await t.database.db
      .select({ action: auditLog.action, userId: auditLog.userId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.orgId, org.id),
          eq(auditLog.patientId, p.id),
          eq(auditLog.action, 'patient.file.viewed'),
        ),
      );
    expect(audit).toEqual([{ action: 'patient.file.viewed', userId: doctor.id }]);
  });

  it('shows reception the visits and documents but not the exam records they may not read', async () => {
    const org = await t.newOrg();
    const reception = await userWith(t, org, ['add queue']);
    const spectaclesOnly = await userWith(t, org, ['show spectacles']);
    const c = clinic(t, org);
    const p = await c.patient();
    const visit = await c.queue(p.id);
    await c.ok('POST', '/api/mo/exam/spectacles', { patientId: p.id, queueId: visit.id, ...finalRx });
    await c.ok('POST', '/api/mo/exam/biometry', { patientId: p.id, queueId: visit.id });

    const asReception = await c.ok<PatientFile>(
      'GET',
      `/api/mo/patient/${p.id}/file`,
      undefined,
      reception.token,
    );
    expect(asReception).toMatchObject({ exams: [], lastRx: null, openVisits: [{ id: visit.id }] });
    const asOptician = await c.ok<PatientFile>(
      'GET',
      `/api/mo/patient/${p.id}/file`,
      undefined,
      spectaclesOnly.token,
    );
    expect(asOptician.exams.map((g) => g.type)).toEqual(['spectacles']);
    expect(asOptician.lastRx).not.toBeNull();
  });

  it('refuses what is not there or not theirs', async () => {
    const org = await t.newOrg();
    const other = await t.newOrg();
    const nobody = await userWith(t, org, ['dashboard']);
    const c = clinic(t, org);
    const theirs = await clinic(t, other).patient();
    const mine = await c.patient();
    expect((await c.call('GET', `/api/mo/patient/${theirs.id}/file`)).statusCode).toBe(404);
    expect((await c.call('GET', '/api/mo/patient/999999999/file')).statusCode).toBe(404);
    expect((await c.call('GET', `/api/mo/patient/${mine.id}/file`, undefined, nobody.token)).statusCode).toBe(
      403,
    );
    await c.ok('DELETE', `/api/mo/patient/delete/${mine.id}`);
    expect((await c.call('GET', `/api/mo/patient/${mine.id}/file`)).json()).toMatchObject({
      code: 'patient.deleted',
    });
  });
});
