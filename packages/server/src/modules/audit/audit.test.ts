import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { AuditPage, AuditRow } from '@basira/shared/audit/audit.schemas';
import { localDay } from '@basira/shared/dates/calendar';
import { DEFAULT_TIME_ZONE } from '@basira/shared/organizations/organization.schemas';
import { deleteOrganization } from '../../demo/demo.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';
import type { RouteEntry } from '../../plugins/auth.ts';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
});
afterAll(() => t.close());

const audit = async (query: string, token = org.adminToken, slug = org.slug): Promise<AuditPage> => {
  const res = await t.request({ method: 'GET', url: `/api/audit?${query}`, org: slug, token });
  if (res.statusCode !== 200) throw new Error(`audit: ${res.statusCode} ${res.body}`);
  return res.json() as AuditPage;
};

const rowsOf = async <T>(query: SQL): Promise<T[]> =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
function upload(patientId: number) {
  const boundary = 'audit-boundary';
  return t.request({
    method: 'POST',
    url: `/api/mo/patient/${patientId}/document`,
    org: org.slug,
    token: org.adminToken,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

describe('the audit trail records every read of a patient’s data', () => {
  it('records each kind of read with who, role, address, request id and outcome', async () => {
    const c = clinic(t, org);
    const p = await c.patient({ name: 'Audited Patient' });
    const entry = await c.queue(p.id);
    expect((await c.open(entry)).statusCode).toBe(200);
    const rx = await c.ok<{ id: number }>('POST', '/api/mo/exam/spectacles', {
      patientId: p.id,
      queueId: entry.id,
      readings: [{ kind: 'subjective', isFinal: true, right: { sphere: -1 } }],
    });
    const doc = await upload(p.id);
    expect(doc.statusCode).toBe(201);
    const docId = (doc.json() as { data: { id: number } }).data.id;

    const reads: [string, string][] = [
      [`/api/mo/patient/${p.id}`, 'patient.viewed'],
      [`/api/mo/patient/${p.id}/file`, 'patient.file.viewed'],
      [`/api/mo/patient/${p.id}/visits?page=1`, 'patient.visits_viewed'],
      [`/api/mo/patient/${p.id}/document`, 'patient.documents_viewed'],
      [`/api/mo/patient/document/${docId}`, 'patient.document_downloaded'],
      [`/api/mo/board/${p.id}/visits`, 'board.visits_viewed'],
      [`/api/mo/exam/spectacles/${rx.id}`, 'exam.viewed'],
      [`/api/mo/exam/spectacles?patientId=${p.id}`, 'exam.listed'],
      [`/api/mo/print/spectacles/${rx.id}`, 'print.viewed'],
      [`/api/mo/exam/spectacles/${rx.id}/fhir`, 'exam.exported'],
      [`/api/mo/print/log?patientId=${p.id}`, 'print.log_viewed'],
      [`/api/mo/queue/${entry.id}`, 'queue.viewed'],
      [`/api/mo/queue/all/${p.id}`, 'queue.history_viewed'],
    ];
    const requestIds = new Map<string, string>();
    for (const [url, action] of reads) {
      const res = await c.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      requestIds.set(action, String(res.headers['x-request-id']));
    }

    const page = await audit(`patientId=${p.id}&reads=1`);
    const byAction = new Map(page.data.map((r) => [r.action, r]));
    expect([...byAction.keys()].sort()).toEqual([...reads.map(([, a]) => a), 'board.opened'].sort());
    for (const [, action] of reads)
      expect(byAction.get(action), action).toEqual({
        id: expect.any(Number),
        at: expect.stringMatching(/Z$/),
        user: { id: org.adminId, name: 'Admin User' },
        action,
        entity: expect.any(String),
        // A list names no one record.
        entityId: action === 'exam.listed' ? null : expect.any(Number),
        patientId: p.id,
        patientName: 'Audited Patient',
        patientCount: null,
        route: null,
        ip: '127.0.0.1',
        requestId: requestIds.get(action),
        outcome: 'ok',
      } satisfies Record<keyof AuditRow, unknown>);
    // Newest first.
    const times = page.data.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    // The role is kept by name, as it was at the time.
    const roles = await rowsOf<{ role: string }>(
      sql`SELECT DISTINCT role FROM audit_log WHERE org_id = ${org.id} AND patient_id = ${p.id}`,
    );
    const [adminRole] = await rowsOf<{ name: string }>(
      sql`SELECT name FROM roles WHERE id = ${org.adminRoleId}`,
    );
    expect(roles).toEqual([{ role: adminRole!.name }]);
  });

  it('records refusals with their outcome: 403, 404 on another organization’s id, 409', async () => {
    const c = clinic(t, org);
    const p = await c.patient({ name: 'Refused Patient' });
    const entry = await c.queue(p.id);
    const rx = await c.ok<{ id: number }>('POST', '/api/mo/exam/spectacles', {
      patientId: p.id,
      queueId: entry.id,
    });
    const receptionist = await userWith(t, org, ['show patients']);
    const denied = await c.call('GET', `/api/mo/exam/spectacles/${rx.id}`, undefined, receptionist.token);
    expect(denied.statusCode).toBe(403);
    const deniedFile = await c.call('GET', `/api/mo/board/${p.id}/visits`, undefined, receptionist.token);
    expect(deniedFile.statusCode).toBe(403);

    const other = await t.newOrg();
    const theirs = await clinic(t, other).patient({ name: 'Not Yours' });
    const notFound = await c.call('GET', `/api/mo/patient/${theirs.id}/file`);
    expect(notFound.statusCode).toBe(404);

    const stale = await c.call('POST', `/api/mo/patient/${p.id}`, { occupation: 'teacher', version: 99 });
    expect(stale.statusCode).toBe(409);

    const byUser = await audit(`userId=${receptionist.id}`);
    expect(byUser.data.slice(0, 2).map((r) => [r.action, r.entityId, r.patientId, r.outcome])).toEqual([
      ['board.visits_viewed', p.id, p.id, 'denied'],
      ['exam.viewed', rx.id, null, 'denied'],
    ]);
    expect((await audit('outcome=not_found&action=patient.file.viewed')).data[0]).toMatchObject({
      user: { id: org.adminId },
      entityId: theirs.id,
      // Asked of another organization: the name is never shown.
      patientName: null,
      outcome: 'not_found',
    });
    expect((await audit(`patientId=${p.id}&outcome=conflict`)).data).toEqual([
      expect.objectContaining({ action: 'patient.updated', entityId: p.id, outcome: 'conflict' }),
    ]);
    // Nothing of it lands in the other organization's trail.
    expect(
      (await audit(`patientId=${theirs.id}`, other.adminToken, other.slug)).data.map((r) => r.action),
    ).toEqual(['patient.created']);
  });

  it('records every 403, a service’s too, and on routes that declare no audit, naming the route', async () => {
    const c = clinic(t, org);
    // A 403 from the auth hook on a route with no audit declaration of its own.
    const doctor = await userWith(t, org, ['open board', 'add permission']);
    expect((await c.call('GET', '/api/audit?page=1', undefined, doctor.token)).statusCode).toBe(403);
    expect((await c.call('GET', '/api/user/1', undefined, doctor.token)).statusCode).toBe(403);
    // A 403 thrown by a service: a role granting a permission its maker does not hold.
    const grant = await c.call(
      'POST',
      '/api/role',
      { name: 'Auditors', permissions: ['show audit'] },
      doctor.token,
    );
    expect(grant.statusCode).toBe(403);
    expect(grant.json().code).toBe('permission.not_held');
    const rows = (await audit(`userId=${doctor.id}&outcome=denied`)).data;
    expect(rows.map((r) => [r.action, r.route, r.outcome, r.requestId])).toEqual([
      ['role.created', 'POST /api/role', 'denied', grant.headers['x-request-id']],
      ['request.denied', 'GET /api/user/:id', 'denied', expect.any(String)],
      ['request.denied', 'GET /api/audit', 'denied', expect.any(String)],
    ]);
  });
});

describe('GET /api/audit', () => {
  it('filters by user, patient, action, entity and dates, 50 a page', async () => {
    const c = clinic(t, org);
    const p = await c.patient({ name: 'Paged Patient' });
    const reader = await userWith(t, org, ['show patients']);
    // The reads' days: the loop may cross the clinic's midnight.
    const firstDay = localDay(new Date(), DEFAULT_TIME_ZONE);
    for (let i = 0; i < 52; i++) await c.ok('GET', `/api/mo/patient/${p.id}`, undefined, reader.token);
    const lastDay = localDay(new Date(), DEFAULT_TIME_ZONE);

    const first = await audit(`userId=${reader.id}&patientId=${p.id}&action=patient.viewed&entity=patient`);
    expect(first.meta).toEqual({ page: 1, perPage: 50, total: 52, lastPage: 2 });
    expect(first.data).toHaveLength(50);
    const second = await audit(`userId=${reader.id}&action=patient.viewed&page=2`);
    expect(second.data).toHaveLength(2);
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(52);
    expect(first.data[0]!.id).toBeGreaterThan(second.data[1]!.id);

    expect(
      (await audit(`userId=${reader.id}&action=patient.viewed&from=${firstDay}&to=${lastDay}`)).meta.total,
    ).toBe(52);
    expect((await audit(`userId=${reader.id}&from=2020-01-01&to=2020-01-31`)).meta.total).toBe(0);
    expect((await audit(`userId=${reader.id}&entity=queue`)).meta.total).toBe(0);

    const bad = await t.request({
      method: 'GET',
      url: '/api/audit?from=2026-02-02&to=2026-02-01',
      org: org.slug,
      token: org.adminToken,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('counts up to 1,000 matches: past them the total is a lower bound, and every page still reads', async () => {
    const reader = await userWith(t, org, ['show patients']);
    await t.database.db.execute(sql`
      INSERT INTO audit_log (org_id, user_id, action, entity, outcome)
      SELECT ${org.id}::int, ${reader.id}::int, 'patient.viewed', 'patient', 'ok' FROM generate_series(1, 1010)`);
    const capped = { page: 1, perPage: 50, total: 1000, lastPage: 20, totalIsLowerBound: true };
    const query = `userId=${reader.id}&action=patient.viewed`;
    expect((await audit(query)).meta).toEqual(capped);
    const past = await audit(`${query}&page=21`);
    expect(past.data).toHaveLength(10);
    expect(past.meta).toEqual({ ...capped, page: 21 });
  });

  it('needs `show audit`, and shows only the caller’s organization', async () => {
    const without = await userWith(t, org, ['show patients']);
    const res = await t.request({ method: 'GET', url: '/api/audit', org: org.slug, token: without.token });
    expect(res.statusCode).toBe(403);

    const auditor = await userWith(t, org, ['show audit']);
    expect((await audit(`userId=${without.id}`, auditor.token)).meta.total).toBeGreaterThan(0);

    const other = await t.newOrg();
    const theirs = await audit('', other.adminToken, other.slug);
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.every((r) => r.user === null || r.user.id === other.adminId)).toBe(true);
    expect((await audit(`userId=${org.adminId}`, other.adminToken, other.slug)).meta.total).toBe(0);
  });
});

describe('the audit table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const db = t.database.db;
    await expect(
      db.execute(sql`UPDATE audit_log SET action = 'forged' WHERE org_id = ${org.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_log WHERE org_id = ${org.id}`)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const [left] = await rowsOf<{ n: number; forged: number }>(
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE action = 'forged')::int AS forged
          FROM audit_log WHERE org_id = ${org.id}`,
    );
    expect(left!.n).toBeGreaterThan(0);
    expect(left!.forged).toBe(0);
  });

  it('lets the maintenance command delete a whole organization, in its own transaction only', async () => {
    const doomed = await t.newOrg();
    await clinic(t, doomed).patient();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basira-audit-'));
    await deleteOrganization(t.database.db, doomed.id, dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    const [left] = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE org_id = ${doomed.id}`,
    );
    expect(left!.n).toBe(0);
    // The setting ended with that transaction: the log is append-only again.
    await expect(
      t.database.db.execute(sql`DELETE FROM audit_log WHERE org_id = ${org.id}`),
    ).rejects.toThrow();
  });
});

/**
 * A route touches a patient's data when it lives under /api/mo/ or /api/telegram/ (not the code lists, print
 * settings, countries, dashboard) and either writes, names an id on its path, or reads one patient's records by
 * `?patientId=` (the exam lists, the print log, Telegram's per-patient calls). Every other write of the API is
 * audited too. Such a route must declare `config.audit`, so that its refusals are recorded.
 */
const NOT_PATIENT_DATA = /^\/api\/mo\/(option|printSetting|letter-template|country|dashboard)(\/|$)/;
const PATIENT_QUERY_READS = /^\/api\/mo\/(exam\/[A-Za-z]+|print\/log)$|^\/api\/telegram\/(user|message)$/;
/**
 * Writes that change no record: signing out (audited by its service), a notification marked read. Public calls
 * have no caller to record (sign-in failures are audited by the sign-in itself).
 */
const UNAUDITED_WRITES = new Set(['POST /api/logout', 'POST /api/hd/notification/:id']);
function mustDeclareAudit(r: RouteEntry): boolean {
  if (r.method !== 'GET') return r.permission !== 'public' && !UNAUDITED_WRITES.has(`${r.method} ${r.url}`);
  if (!/^\/api\/(mo|telegram)\//.test(r.url) || NOT_PATIENT_DATA.test(r.url)) return false;
  return r.url.includes('/:') || PATIENT_QUERY_READS.test(r.url);
}

describe('route audit declarations', () => {
  it('every route that reads or writes a patient’s data declares its audit', () => {
    const missing = t.routes
      .filter((r) => mustDeclareAudit(r) && !r.audit)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(t.routes.filter(mustDeclareAudit).length).toBeGreaterThan(60);
  });
});

describe('a change lands with its audit row or not at all', () => {
  /**
   * Makes the database refuse this organization's audit rows of `action` (a write that fails midway, as a lost
   * connection or a full disk would make it), runs `call`, and lifts the refusal. A constraint, not a mock: the
   * refusal comes from PostgreSQL (or PGlite) inside the same statement or transaction the service sends.
   */
  async function withAuditRefused<T>(orgId: number, action: string, call: () => Promise<T>): Promise<T> {
    const name = `refuse_${orgId}_${action.replace(/\W/g, '_')}`;
    await t.database.db.execute(
      sql.raw(
        `ALTER TABLE audit_log ADD CONSTRAINT ${name} CHECK (org_id <> ${orgId} OR action <> '${action}') NOT VALID`,
      ),
    );
    try {
      return await call();
    } finally {
      await t.database.db.execute(sql.raw(`ALTER TABLE audit_log DROP CONSTRAINT ${name}`));
    }
  }
  const count = async (query: SQL) => (await rowsOf<{ n: number }>(query))[0]!.n;

  it('a print log row, a Telegram unlink, a sign-in and a sign-out', async () => {
    const own = await t.newOrg();
    const c = clinic(t, own);
    const p = await c.patient({ name: 'Atomic Patient' });
    const entry = await c.queue(p.id);

    const printed = await withAuditRefused(own.id, 'print.logged', () =>
      c.call('POST', '/api/mo/print/log', { type: 'queue', id: entry.id, paperSize: '80mm' }),
    );
    expect(printed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await count(sql`SELECT count(*)::int AS n FROM print_log WHERE org_id = ${own.id}`)).toBe(0);

    const linked = await c.ok<{ id: number }>('POST', '/api/telegram/user', {
      patientId: p.id,
      telegram_id: 5550001,
    });
    const unlinked = await withAuditRefused(own.id, 'telegram.unlinked', () =>
      c.call('DELETE', `/api/telegram/user/${linked.id}`),
    );
    expect(unlinked.statusCode).toBeGreaterThanOrEqual(500);
    expect(await c.ok('GET', `/api/telegram/user?patientId=${p.id}`)).toMatchObject({ id: linked.id });

    const sessions = sql`SELECT count(*)::int AS n FROM sessions WHERE org_id = ${own.id}`;
    const before = await count(sessions);
    const login = await withAuditRefused(own.id, 'auth.login', () =>
      t.request({
        method: 'POST',
        url: '/api/login',
        org: own.slug,
        payload: { email: own.adminEmail, password: own.adminPassword },
      }),
    );
    expect(login.statusCode).toBeGreaterThanOrEqual(500);
    expect(await count(sessions)).toBe(before);

    const logout = await withAuditRefused(own.id, 'auth.logout', () =>
      t.request({ method: 'POST', url: '/api/logout', org: own.slug, token: own.adminToken }),
    );
    expect(logout.statusCode).toBeGreaterThanOrEqual(500);
    const me = await t.request({ method: 'GET', url: '/api/me', org: own.slug, token: own.adminToken });
    expect(me.statusCode).toBe(200);
  });
});
