import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditPage } from '@basira/shared/audit/audit.schemas';
import type { Patient } from '@basira/shared/patients/patients.schemas';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

/**
 * Issue 50: a list page's audit row names the patients it showed, in the page's order, and each of their trails
 * (the audit screen by patient, the file's "who opened this file") shows it.
 */
let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
});
afterAll(() => t.close());

interface Row {
  action: string;
  user_id: number;
  patient_id: number | null;
  patient_ids: number[] | null;
  outcome: string;
}

/** The audit rows one request left, by its id (`patient_ids` as numbers, whichever driver). */
async function rowsOf(res: { headers: Record<string, unknown> }): Promise<Row[]> {
  const result = (await t.database.db.execute(
    sql`SELECT action, user_id, patient_id, patient_ids, outcome FROM audit_log
        WHERE org_id = ${org.id} AND request_id = ${String(res.headers['x-request-id'])}`,
  )) as unknown as { rows: Row[] };
  return result.rows.map((r) => ({
    ...r,
    user_id: Number(r.user_id),
    patient_id: r.patient_id === null ? null : Number(r.patient_id),
    patient_ids: r.patient_ids === null ? null : r.patient_ids.map(Number),
  }));
}

const trail = async (query: string): Promise<AuditPage> => {
  const res = await t.request({
    method: 'GET',
    url: `/api/audit?${query}`,
    org: org.slug,
    token: org.adminToken,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
};

describe('a list page names the patients it shows', () => {
  it('the patient list, page by page, as reception reads it; a search; deleted patients', async () => {
    const c = clinic(t, org);
    const made: Patient[] = [];
    for (let i = 0; i < 30; i++) made.push(await c.patient({ name: `Listed Patient ${i}` }));
    const reception = await userWith(t, org, ['show patients', 'add patient', 'add queue', 'show queues']);

    const pages: number[][] = [];
    for (const page of [1, 2]) {
      const res = await c.call('GET', `/api/mo/patient/filter?page=${page}`, undefined, reception.token);
      expect(res.statusCode).toBe(200);
      const ids = (res.json() as { data: Patient[] }).data.map((p) => p.id);
      pages.push(ids);
      // One row a page, naming exactly the patients it returned, in its order.
      expect(await rowsOf(res)).toEqual([
        {
          action: 'patient.listed',
          user_id: reception.id,
          patient_id: null,
          patient_ids: ids,
          outcome: 'ok',
        },
      ]);
    }
    expect(pages.map((ids) => ids.length)).toEqual([25, 5]);
    expect(new Set(pages.flat())).toEqual(new Set(made.map((p) => p.id)));

    // A search gathers its page by several statements: its row names its patients all the same.
    const searched = await c.call(
      'GET',
      '/api/mo/patient/filter?page=1&search=Listed',
      undefined,
      reception.token,
    );
    const found = (searched.json() as { data: Patient[] }).data.map((p) => p.id);
    expect(found.length).toBe(25);
    expect((await rowsOf(searched)).map((r) => [r.action, r.patient_ids])).toEqual([
      ['patient.listed', found],
    ]);

    // One patient of the second page: their trail and their file's card show the page that listed them.
    const [shown] = pages[1]!;
    for (const query of [`patientId=${shown}`, `patientId=${shown}&reads=1`]) {
      const listed = (await trail(query)).data.filter(
        (r) => r.action === 'patient.listed' && r.user?.id === reception.id,
      );
      expect(listed, query).toHaveLength(2);
      expect(listed[1]).toMatchObject({ patientId: null, patientName: null, patientCount: 5, outcome: 'ok' });
      expect(listed[0]).toMatchObject({ patientCount: 25 });
    }
    // A patient on neither page of the search is not in its row.
    const unsearched = made.find((p) => !found.includes(p.id))!;
    expect((await trail(`patientId=${unsearched.id}&reads=1`)).data.map((r) => r.patientCount)).toEqual([
      pages[0]!.includes(unsearched.id) ? 25 : 5,
    ]);

    // Deleted patients: the administrator's page names them.
    for (const p of made.slice(0, 2))
      expect((await c.call('DELETE', `/api/mo/patient/delete/${p.id}`)).statusCode).toBeLessThan(300);
    const deleted = await c.call('GET', '/api/mo/patient/deleted?page=1');
    const deletedIds = (deleted.json() as { data: Patient[] }).data.map((p) => p.id);
    expect(deletedIds).toEqual([made[1]!.id, made[0]!.id]);
    expect(await rowsOf(deleted)).toEqual([
      {
        action: 'patient.deleted_listed',
        user_id: org.adminId,
        patient_id: null,
        patient_ids: deletedIds,
        outcome: 'ok',
      },
    ]);
  });

  it('an exam list of several patients names each once, in the order of the page', async () => {
    const c = clinic(t, org);
    const doctor = await userWith(t, org, ['open board', 'show consultation', 'add consultation']);
    const [a, b, d] = [await c.patient(), await c.patient(), await c.patient()];
    // Saved oldest first: a, b, a, d. The list is newest first: d, a, b, a.
    for (const p of [a, b, a, d]) {
      const entry = await c.queue(p.id);
      await c.ok('POST', '/api/mo/exam/consultation', {
        patientId: p.id,
        queueId: entry.id,
        diagnoses: [{ code: 'H40.1', eye: 'right', status: 'new' }],
      });
    }
    const res = await c.call('GET', '/api/mo/exam/consultation?page=1', undefined, doctor.token);
    expect(res.statusCode).toBe(200);
    const shown = (res.json() as { data: { patientId: number }[] }).data.map((r) => r.patientId);
    expect(shown.slice(0, 4)).toEqual([d.id, a.id, b.id, a.id]);
    const [row] = await rowsOf(res);
    expect(row).toMatchObject({ action: 'exam.listed', user_id: doctor.id, patient_id: null });
    expect(row!.patient_ids).toEqual([...new Set(shown)]);

    // One patient's records still name that patient alone.
    const own = await c.call(
      'GET',
      `/api/mo/exam/consultation?patientId=${b.id}&page=1`,
      undefined,
      doctor.token,
    );
    expect(await rowsOf(own)).toEqual([
      { action: 'exam.listed', user_id: doctor.id, patient_id: b.id, patient_ids: null, outcome: 'ok' },
    ]);

    for (const p of [a, b, d]) {
      const reads = (await trail(`patientId=${p.id}&reads=1`)).data.filter((r) => r.user?.id === doctor.id);
      expect(
        reads.map((r) => [r.action, r.patientId, r.patientCount]),
        `patient ${p.id}`,
      ).toEqual([
        ...(p === b ? [['exam.listed', b.id, null]] : []),
        ['exam.listed', null, new Set(shown).size],
      ]);
    }
  });
});
