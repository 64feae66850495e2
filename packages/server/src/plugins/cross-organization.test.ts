import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_TYPES, type ExamType } from '@basira/shared/exams/exam-types';
import { localDay, zonedDateTimeToIso } from '@basira/shared/dates/calendar';
import type { Account } from '@basira/shared/money/billing.schemas';
import { patients } from '../db/schema.ts';
import { clinic } from '../test/clinic-fixtures.ts';
import { startFakeTelegram, type FakeTelegram } from '../test/fake-telegram.ts';
import { startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';
import { expectSecurityHeaders } from '../test/security-headers-check.ts';
import type { RouteEntry } from './auth.ts';

/**
 * The tenancy half of the security suite, generated from the route table: every route with a path parameter,
 * called by organization A's administrator (who holds every permission) with the id of organization B's object
 * of that kind, answers 404 and leaves every row of B as it was. A new id route fails here until `kindOf`
 * names what its parameter points at.
 */
let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let objectsOfA: Objects;
let objectsOfB: Objects;
let telegram: FakeTelegram;

type Kind =
  | 'patient'
  | 'deletedPatient'
  | 'queue'
  | 'document'
  | 'role'
  | 'user'
  | 'printSetting'
  | 'notification'
  | 'support'
  | 'telegramUser'
  | 'option'
  | 'drug'
  /** A clinic's own diagnosis entry, whose code is this number written out. */
  | 'diagnosis'
  | 'letter'
  | 'letterTemplate'
  | 'billingService'
  | 'charge'
  | 'billingEntry'
  | 'receipt'
  | 'shift'
  | 'appointment'
  | 'closure'
  | 'doctor'
  | 'iolLens'
  | `exam:${ExamType}`;
type Objects = Record<Kind, number>;

const examKind = (type: string): Kind => {
  if (!(EXAM_TYPES as readonly string[]).includes(type)) throw new Error(`unknown exam type ${type}`);
  return `exam:${type as ExamType}`;
};

/** What a path parameter names, by the route's registered path (first match wins). */
const KINDS: [RegExp, (m: RegExpMatchArray) => Kind][] = [
  [/^\/api\/appointments\/closures\/:id/, () => 'closure'],
  [/^\/api\/appointments\/:id/, () => 'appointment'],
  [/^\/api\/mo\/billing\/services\/:id/, () => 'billingService'],
  [/^\/api\/mo\/billing\/charges\/:id/, () => 'charge'],
  [/^\/api\/mo\/billing\/entries\/:id/, () => 'billingEntry'],
  [/^\/api\/mo\/billing\/receipts\/:id/, () => 'receipt'],
  [/^\/api\/mo\/billing\/shifts\/:id/, () => 'shift'],
  [/^\/api\/mo\/exam\/(\w+)\/:id/, (m) => examKind(m[1]!)],
  [/^\/api\/outcomes\/operations\/:id/, () => 'exam:operation'],
  [/^\/api\/iol-lenses\/:id/, () => 'iolLens'],
  [/^\/api\/mo\/print\/queue\/:id$/, () => 'queue'],
  [/^\/api\/mo\/print\/letter\/:id$/, () => 'letter'],
  [/^\/api\/mo\/letter\//, () => 'letter'],
  [/^\/api\/mo\/letter-template\//, () => 'letterTemplate'],
  [/^\/api\/mo\/print\/(\w+)\/:id$/, (m) => examKind(m[1]!)],
  [/^\/api\/mo\/patient\/restore\/:id$/, () => 'deletedPatient'],
  [/^\/api\/mo\/patient\/document\//, () => 'document'],
  [/^\/api\/mo\/patient\//, () => 'patient'],
  [/^\/api\/mo\/queue\//, () => 'queue'],
  [/^\/api\/mo\/printSetting\//, () => 'printSetting'],
  [/^\/api\/mo\/option\//, () => 'option'],
  [/^\/api\/mo\/code\/drug\//, () => 'drug'],
  [/^\/api\/iol-lenses\//, () => 'iolLens'],
  [/^\/api\/role\//, () => 'role'],
  [/^\/api\/user\//, () => 'user'],
  [/^\/api\/hd\/notification\//, () => 'notification'],
  [/^\/api\/hd\/support\//, () => 'support'],
  [/^\/api\/telegram\/user\//, () => 'telegramUser'],
];

function kindOf(url: string, param: string): Kind {
  if (param === 'patientId') return 'patient';
  if (param === 'queueId') return 'queue';
  if (param === 'code') return 'diagnosis';
  if (param === 'doctorId') return 'doctor';
  if (param === 'id')
    for (const [pattern, kind] of KINDS) {
      const match = url.match(pattern);
      if (match) return kind(match);
    }
  throw new Error(`${url}: no object of another organization for :${param}; add it to KINDS`);
}

/** The routes with an id in their path (the API description's static files have a wildcard, not an id). */
const idRoutes = () => t.routes.filter((r) => /:\w+/.test(r.url));
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const fill = (route: RouteEntry, objects: Objects) =>
  route.url.replace(/:(\w+)/g, (_all, param: string) => String(objects[kindOf(route.url, param)]));

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
function multipart(content: Buffer) {
  const boundary = '----basira-cross-org';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A body that passes each route's validation, so the answer comes from the lookup, not from the schema. POST
 * routes not named here take `{ version: 1 }` (every update of a versioned record) or ignore it.
 */
const BODIES: Record<string, unknown> = {
  '/api/mo/option/:id': { labelAr: 'س', labelEn: 'x', position: 0, isActive: true, version: 1 },
  '/api/mo/code/drug/:id': { name: 'Changed drug', form: 'drops', class: 'other' },
  '/api/iol-lenses/:id': { model: 'Changed lens', version: 1 },
  '/api/mo/patient/:id': { name: 'Changed Name', version: 1 },
  '/api/mo/queue/rewaiting/:id': { date: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  '/api/role/:id': { name: 'changed role', permissions: [] },
  '/api/user/:id': { name: 'Changed User', email: 'changed@example.com', version: 1 },
  '/api/hd/support/:id': { version: 1, status: 'done' },
  '/api/telegram/send/:patientId': { message: 'hello' },
  '/api/mo/letter/:id': { version: 1, title: 'Changed', body: '<p>Changed</p>' },
  '/api/mo/billing/visits/:queueId/charges': { serviceId: 1 },
  '/api/mo/billing/charges/:id/discount': { version: 1, by: 'amount', value: 1, reason: 'changed' },
  '/api/mo/billing/charges/:id/exemption': { version: 1, category: 'other', reason: 'changed' },
  '/api/mo/billing/charges/:id/void': { version: 1, reason: 'changed' },
  '/api/mo/billing/entries/:id/reverse': { reason: 'changed' },
  '/api/mo/billing/shifts/:id/close': { version: 1, counted: [], note: 'changed' },
  '/api/appointments/hours/:doctorId': { week: {}, version: 1 },
  '/api/appointments/:id/move': { minutes: 20, version: 1 },
  '/api/outcomes/operations/:id': { spectaclesId: null },
  '/api/iol-lenses/:id/optimise': { formula: 'srkt', version: 1 },
};
const NO_BODY =
  /\/(waiting|canceled|finished)\/:id$|\/open\/board\/|\/restore\/:id$|\/telegram\/link\/|\/hd\/notification\/:id$|\/favourite$|\/receipts\/:id\/print$/;

function call(route: RouteEntry, objects: Objects, token: string, org: TestOrg) {
  const url = fill(route, objects);
  const base = { method: route.method as 'GET', url, org: org.slug, token };
  if (route.url === '/api/mo/patient/:id/document') return t.request({ ...base, ...multipart(PDF) });
  if ((route.method !== 'POST' && route.method !== 'PUT') || NO_BODY.test(route.url)) return t.request(base);
  return t.request({ ...base, payload: (BODIES[route.url] ?? { version: 1 }) as object });
}

/** One object of every kind in an organization, made through the API as a clinic would. */
async function seed(org: TestOrg): Promise<Objects> {
  const c = clinic(t, org);
  const patient = await c.patient({ name: 'Zainab Kadhim' });
  const deleted = await c.patient({ name: 'Deleted Patient' });
  await c.ok('DELETE', `/api/mo/patient/delete/${deleted.id}`);
  const entry = await c.queue(patient.id);
  const exams = {} as Record<`exam:${ExamType}`, number>;
  for (const type of EXAM_TYPES)
    exams[`exam:${type}`] = (
      await c.ok<{ id: number }>('POST', `/api/mo/exam/${type}`, { patientId: patient.id, queueId: entry.id })
    ).id;
  const upload = await t.request({
    method: 'POST',
    url: `/api/mo/patient/${patient.id}/document`,
    org: org.slug,
    token: org.adminToken,
    ...multipart(PDF),
  });
  if (upload.statusCode !== 201) throw new Error(`document: ${upload.body}`);
  const role = await c.ok<{ id: number }>('POST', '/api/role', {
    name: 'Reception',
    permissions: ['add patient'],
  });
  const user = await c.ok<{ id: number }>('POST', '/api/user', {
    name: 'Second User',
    email: `second@${org.slug}.test`,
    password: 'second-password',
    password_confirmation: 'second-password',
    roles: [role.id],
  });
  const setting = await c.ok<{ id: number }>('POST', '/api/mo/printSetting', { name: 'Main' });
  await t.notifications.notifyUser(org.id, org.adminId, { type: 'reminder failed', details: 'seeded' });
  const [notification] = await c.ok<{ id: number }[]>('GET', '/api/hd/notification');
  const ticket = await c.ok<{ id: number }>('POST', '/api/hd/support', { type: 'bug', details: 'A bug.' });
  const link = await c.ok<{ id: number }>('POST', '/api/telegram/user', {
    patientId: patient.id,
    telegram_id: '5550001',
  });
  const [option] = await c.ok<{ id: number }[]>('GET', '/api/mo/option');
  const [drug] = await c.ok<{ id: number }[]>('GET', '/api/mo/code/drug');
  const lens = await c.ok<{ id: number }>('POST', '/api/iol-lenses', { model: 'SN60WF' });
  const diagnosis = 770_000 + org.id;
  await c.ok('POST', '/api/mo/code/diagnosis', { code: String(diagnosis), titleEn: 'Clinic entry' });
  const [template] = await c.ok<{ id: number }[]>('GET', '/api/mo/letter-template');
  const letter = await c.ok<{ id: number }>('POST', '/api/mo/letter', {
    patientId: patient.id,
    queueId: entry.id,
    templateId: template!.id,
  });
  const billing = await seedBilling(org, patient.id);
  const appointments = await seedAppointments(org, patient.id);
  return {
    ...billing,
    ...appointments,
    patient: patient.id,
    deletedPatient: deleted.id,
    queue: entry.id,
    document: (upload.json() as { data: { id: number } }).data.id,
    role: role.id,
    user: user.id,
    printSetting: setting.id,
    notification: notification!.id,
    support: ticket.id,
    telegramUser: link.id,
    option: option!.id,
    drug: drug!.id,
    iolLens: lens.id,
    diagnosis,
    letter: letter.id,
    letterTemplate: template!.id,
    ...exams,
  };
}

/** A price, a charge on a visit, an open shift and a receipt of a payment (whose entry is the payment). */
async function seedBilling(org: TestOrg, patientId: number) {
  const c = clinic(t, org);
  const service = await c.ok<{ id: number }>('POST', '/api/mo/billing/services', {
    code: 'CONS',
    nameAr: 'كشفية',
    nameEn: 'Consultation',
    kind: 'consultation',
    visitReason: 'Examinations',
    priceIqd: 25_000,
  });
  await c.queue(patientId, { examTypes: ['Examinations'] });
  const account = await c.ok<Account>('GET', `/api/mo/billing/patients/${patientId}/account`);
  const charge = account.charges[0]!;
  const shift = await c.ok<{ id: number }>('POST', '/api/mo/billing/shifts', { floats: [] });
  const paid = await t.request({
    method: 'POST',
    url: '/api/mo/billing/payments',
    org: org.slug,
    token: org.adminToken,
    headers: { 'idempotency-key': `cross-organization-${org.id}` },
    payload: {
      patientId,
      method: 'cash',
      currency: 'IQD',
      lines: [{ chargeId: charge.id, version: charge.version, amount: 1_000 }],
    },
  });
  if (paid.statusCode !== 200) throw new Error(`payment: ${paid.body}`);
  const after = await c.ok<Account>('GET', `/api/mo/billing/patients/${patientId}/account`);
  return {
    billingService: service.id,
    charge: charge.id,
    billingEntry: after.charges[0]!.entries[0]!.id,
    receipt: (paid.json() as { data: { id: number } }).data.id,
    shift: shift.id,
  };
}

/** A doctor working every day, a booking of tomorrow with them, and a closure. */
async function seedAppointments(org: TestOrg, patientId: number) {
  const c = clinic(t, org);
  const role = await c.ok<{ id: number }>('POST', '/api/role', {
    name: 'Doctor',
    permissions: ['open board'],
  });
  const doctor = await c.ok<{ id: number }>('POST', '/api/user', {
    name: 'Booked Doctor',
    email: `doctor@${org.slug}.test`,
    password: 'doctor-password',
    password_confirmation: 'doctor-password',
    roles: [role.id],
    isDoctor: true,
  });
  const day = [{ start: '00:00', end: '23:55' }];
  await c.ok('PUT', `/api/appointments/hours/${doctor.id}`, {
    week: { 0: day, 1: day, 2: day, 3: day, 4: day, 5: day, 6: day },
    version: 1,
  });
  const settings = await c.ok<Record<string, unknown>>('GET', '/api/appointments/settings');
  await c.ok('PUT', '/api/appointments/settings', { ...settings, closedWeekdays: [] });
  const tomorrow = localDay(new Date(Date.now() + 86_400_000), 'Asia/Baghdad');
  const booking = await c.ok<{ id: number }>('POST', '/api/appointments', {
    patientId,
    doctorId: doctor.id,
    start: zonedDateTimeToIso(tomorrow, '10:00', 'Asia/Baghdad'),
  });
  const closure = await c.ok<{ id: number }>('POST', '/api/appointments/closures', {
    day: '2031-01-01',
    name: 'Closed',
  });
  return { appointment: booking.id, closure: closure.id, doctor: doctor.id };
}

/** Rows of a raw query (the two drivers type `execute` differently; both answer `{ rows }`). */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A digest of every row of the organization, table by table (the organization's own row included). */
async function digestOf(orgId: number): Promise<Record<string, string>> {
  const tables = await rowsOf<{ table_name: string }>(sql`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'org_id' ORDER BY table_name`);
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const [row] = await rowsOf<{ digest: string | null; n: number }>(sql`
      SELECT md5(string_agg(r::text, '|' ORDER BY r::text)) AS digest, count(*)::int AS n
      FROM ${sql.identifier(table)} r WHERE r.org_id = ${orgId}`);
    digest[table] = `${row!.n}:${row!.digest ?? ''}`;
  }
  const [org] = await rowsOf<{ digest: string }>(
    sql`SELECT md5(o::text) AS digest FROM organizations o WHERE o.id = ${orgId}`,
  );
  digest.organizations = org!.digest;
  return digest;
}

beforeAll(async () => {
  telegram = await startFakeTelegram();
  t = await startTestApp({
    env: { TELEGRAM_BOT_TOKEN: '123456:TEST-token', TELEGRAM_API_BASE: telegram.url },
  });
  a = await t.newOrg();
  b = await t.newOrg();
  objectsOfA = await seed(a);
  objectsOfB = await seed(b);
}, 180_000);
afterAll(async () => {
  await t.close();
  await telegram.close();
});

describe('another organization’s ids', () => {
  it('every id route names a kind of object, and each kind was seeded', () => {
    const routes = idRoutes();
    for (const route of routes)
      for (const param of paramsOf(route.url))
        expect(objectsOfB[kindOf(route.url, param)]).toBeGreaterThan(0);
    expect(new Set(Object.values(objectsOfB)).size).toBeGreaterThan(5);
  });

  it(
    'reading with one’s own ids works (the map points each parameter at the right kind), with the security headers',
    { timeout: 60_000 },
    async () => {
      const reads = idRoutes().filter((r) => r.method === 'GET' && !r.url.endsWith('/restore/:id'));
      let checked = 0;
      for (const route of reads) {
        const res = await call(route, objectsOfA, a.adminToken, a);
        expect(res.statusCode, `${route.method} ${route.url}: ${res.body.slice(0, 200)}`).toBe(200);
        // The successes of the id routes (a document's file, print views, exports) carry the API's headers too.
        expectSecurityHeaders(res, `${route.method} ${route.url}`);
        checked++;
      }
      expect(checked).toBe(reads.length);
    },
  );

  it(
    'answers 404 on every id route, changes nothing of the other organization, and says why in a code',
    { timeout: 120_000 },
    async () => {
      const before = await digestOf(b.id);
      const routes = idRoutes();
      let swept = 0;
      const answered: string[] = [];
      for (const route of routes) {
        const res = await call(route, objectsOfB, a.adminToken, a);
        const label = `${route.method} ${route.url}`;
        if (res.statusCode !== 404) answered.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        else expect(res.json().code, label).toMatch(/not_found$/);
        expectSecurityHeaders(res, label);
        swept++;
      }
      expect(answered).toEqual([]);
      // Every route with an id in its path was called: 30 exam routes, print views, patients, queue, and the rest.
      expect(swept).toBe(routes.length);
      expect(swept).toBeGreaterThanOrEqual(70);
      expect(await digestOf(b.id)).toEqual(before);

      // B's objects are still there for B: the document's file too.
      const stillThere = await t.request({
        method: 'GET',
        url: `/api/mo/patient/document/${objectsOfB.document}`,
        org: b.slug,
        token: b.adminToken,
      });
      expect(stillThere.statusCode).toBe(200);
      const [patient] = await t.database.db
        .select()
        .from(patients)
        .where(eq(patients.id, objectsOfB.patient));
      expect(patient!.deletedAt).toBeNull();
    },
  );
});
