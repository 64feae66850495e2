import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_TYPES, isExamType, type ExamType } from '@basira/shared/exams/exam-types';
import {
  holds,
  isAllOf,
  type PermissionName,
  type Requirement,
} from '@basira/shared/permissions/permissions';
import { clinic } from '../test/clinic-fixtures.ts';
import { concreteUrl, startTestApp, userWith, type TestApp, type TestOrg } from '../test/harness.ts';
import type { RouteEntry } from './auth.ts';

/**
 * Issue 50, generated from the route table: a print reads what its record route would refuse unless it needs
 * both rights, and a deleted patient's records answer as the patient does (404 `patient.deleted`) on every
 * record route until the patient is restored. A new record or print route is covered the moment it exists.
 */
let t: TestApp;
let org: TestOrg;
let c: ReturnType<typeof clinic>;

type RecordKind = ExamType | 'letter';
/** One record of each kind, of one patient, and the visit they were made in. */
let records: Record<RecordKind, number>;
let patientId: number;
let queueId: number;

/** The record a route's `:id` names, by its registered path; null for a route of no patient record. */
function recordKindOf(url: string): RecordKind | null {
  const match =
    url.match(/^\/api\/mo\/(?:exam|print)\/(\w+)\/:id/) ?? url.match(/^\/api\/mo\/(letter)\/:id$/);
  if (!match) return null;
  const kind = match[1]!;
  return kind === 'letter' || isExamType(kind) ? kind : null;
}

const recordRoutes = () => t.routes.filter((r) => recordKindOf(r.url) !== null);

/** Requirements made of several lists (printing: print and read). */
const allOfRoutes = () => t.routes.filter((r) => typeof r.permission === 'object' && isAllOf(r.permission));

/** One user whose role is changed to what each check needs (a role change takes effect at the next call). */
let probe: { token: string; roleId: number };
async function holding(permissions: readonly PermissionName[]): Promise<string> {
  await c.ok('POST', `/api/role/${probe.roleId}`, { name: 'probe', permissions });
  return probe.token;
}

const bodyOf = (route: RouteEntry): object | undefined => {
  if (route.method !== 'POST') return undefined;
  if (route.url === '/api/mo/letter/:id') return { version: 1, title: 'Changed', body: '<p>Changed</p>' };
  return { version: 1 };
};

function callRecord(route: RouteEntry, token = org.adminToken) {
  const kind = recordKindOf(route.url)!;
  const url = route.url.replace(':id', String(records[kind]));
  const payload = bodyOf(route);
  return t.request({
    method: route.method as 'GET',
    url,
    org: org.slug,
    token,
    ...(payload ? { payload } : {}),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  c = clinic(t, org);
  const patient = await c.patient({ name: 'Noor Salman Abbas' });
  patientId = patient.id;
  queueId = (await c.queue(patientId)).id;
  const made = {} as Record<RecordKind, number>;
  for (const type of EXAM_TYPES)
    made[type] = (await c.ok<{ id: number }>('POST', `/api/mo/exam/${type}`, { patientId, queueId })).id;
  const [template] = await c.ok<{ id: number }[]>('GET', '/api/mo/letter-template');
  made.letter = (
    await c.ok<{ id: number }>('POST', '/api/mo/letter', { patientId, queueId, templateId: template!.id })
  ).id;
  records = made;
  probe = await userWith(t, org, ['show patients']);
  // Printed once each, and the visit's ticket: the print log's entries of every kind.
  for (const [type, id] of Object.entries(records))
    await c.ok('POST', '/api/mo/print/log', { type, id, paperSize: 'A5' });
  await c.ok('POST', '/api/mo/print/log', { type: 'queue', id: queueId, paperSize: '80mm' });
}, 120_000);
afterAll(() => t.close());

describe('a print needs the right to read what it shows', () => {
  it('every print route requires the print permission and the record’s read permission', () => {
    const prints = t.routes.filter(
      (r) => r.method === 'GET' && /^\/api\/mo\/(print\/\w+|queue\/ticket)\/:id$/.test(r.url),
    );
    expect(prints.length).toBe(EXAM_TYPES.length + 3);
    for (const route of prints) expect(allOfRoutes(), route.url).toContain(route);
  });

  it(
    'a caller missing any one list of an all-of route gets 403; one of each passes the check',
    { timeout: 120_000 },
    async () => {
      const routes = allOfRoutes();
      expect(routes.length).toBeGreaterThanOrEqual(EXAM_TYPES.length + 3);
      for (const route of routes) {
        const { allOf } = route.permission as Requirement & { allOf: readonly (readonly PermissionName[])[] };
        for (const [i] of allOf.entries()) {
          // Everything but list i: every other list whole.
          const others = allOf.filter((_, j) => j !== i).flat();
          const lacking = others.filter((name) => !allOf[i]!.includes(name));
          expect(holds(lacking, route.permission as Requirement)).toBe(false);
          const res = await t.request({
            method: route.method as 'GET',
            url: concreteUrl(route.url).replace(/\/1$/, '/999999'),
            org: org.slug,
            token: await holding(lacking),
          });
          expect(res.statusCode, `${route.url} without [${allOf[i]!.join(', ')}]`).toBe(403);
        }
        const enough = allOf.map((list) => list[0]!);
        const res = await t.request({
          method: route.method as 'GET',
          url: concreteUrl(route.url).replace(/\/1$/, '/999999'),
          org: org.slug,
          token: await holding(enough),
        });
        expect(res.statusCode, `${route.url} with [${enough.join(', ')}]`).toBe(404);
      }
    },
  );

  it('the reported role: print squint and print prism without show prisms reads no prism record', async () => {
    const token = await holding(['print squint', 'print prism']);
    const record = await t.request({
      method: 'GET',
      url: `/api/mo/exam/prism/${records.prism}`,
      org: org.slug,
      token,
    });
    const print = await t.request({
      method: 'GET',
      url: `/api/mo/print/prism/${records.prism}`,
      org: org.slug,
      token,
    });
    expect(record.statusCode).toBe(403);
    expect(print.statusCode).toBe(403);
    expect(print.body).not.toContain('"record"');
  });

  it('the print log lists only the kinds the caller may print and read, and logs only those', async () => {
    const kindsSeen = async (token: string) => {
      const res = await c.call('GET', `/api/mo/print/log?patientId=${patientId}`, undefined, token);
      expect(res.statusCode, res.body).toBe(200);
      return new Set((res.json().data as { type: string }[]).map((entry) => entry.type));
    };
    // A reception desk: the ticket (print squint) and the queue; before, it read "H10.0 · ℞ 1" and letter titles.
    const reception = await holding(['show patients', 'show queues', 'add queue', 'print squint']);
    expect([...(await kindsSeen(reception))]).toEqual(['queue']);
    // The administrator sees every kind.
    expect((await kindsSeen(org.adminToken)).size).toBe(EXAM_TYPES.length + 2);
    // Printing a consultation without reading consultations is refused, as its print view is.
    const printOnly = await holding(['print consultation', 'show patients']);
    const logged = await c.call(
      'POST',
      '/api/mo/print/log',
      { type: 'consultation', id: records.consultation, paperSize: 'A5' },
      printOnly,
    );
    expect(logged.statusCode).toBe(403);
    expect(logged.json().code).toBe('permission.not_held');
  });

  it('the board, the file and the trends show only the record types the caller may read', async () => {
    // The demo's optometrist: the board, refraction records, no consultation.
    const optometrist = await holding([
      'show patients',
      'show queues',
      'show board',
      'show spectacles',
      'add spectacles',
      'print spectacles',
    ]);
    const board = await c.call(
      'POST',
      `/api/mo/patient/open/board/show/${patientId}/${queueId}`,
      undefined,
      optometrist,
    );
    expect(board.statusCode, board.body).toBe(200);
    const boardTypes = (board.json().data.exams as { type: string }[]).map((g) => g.type);
    expect(boardTypes).toEqual(['spectacles']);
    const file = await c.call('GET', `/api/mo/patient/${patientId}/file`, undefined, optometrist);
    expect(file.statusCode, file.body).toBe(200);
    expect((file.json().data.exams as { type: string }[]).map((g) => g.type)).toEqual(['spectacles']);
    expect(file.body).not.toContain('"consultation"');
    // A doctor's board still shows every type.
    const doctorBoard = await c.call('POST', `/api/mo/patient/open/board/show/${patientId}/${queueId}`);
    expect((doctorBoard.json().data.exams as unknown[]).length).toBe(EXAM_TYPES.length);
  });
});

describe('a deleted patient’s records', () => {
  /** The calls that list or make a patient's records, with that patient named in the query or body. */
  const patientCalls = () => [
    ...EXAM_TYPES.map((type) => ['GET', `/api/mo/exam/${type}?patientId=${patientId}`] as const),
    ['GET', `/api/mo/letter?patientId=${patientId}`] as const,
    ['GET', `/api/mo/print/log?patientId=${patientId}`] as const,
    ['GET', `/api/mo/exam/consultation/context?patientId=${patientId}&queueId=${queueId}`] as const,
  ];

  it(
    'answer 404 patient.deleted on every record route, make nothing, and answer again once restored',
    { timeout: 60_000 },
    async () => {
      const routes = recordRoutes();
      // Each exam type's read, save, deletion and print, the letter's read, save and print, the FHIR export.
      expect(routes.length).toBeGreaterThanOrEqual(EXAM_TYPES.length * 4 + 3);
      // A patient is deleted with no visit open: the visit is cancelled first, as reception would.
      await c.ok('POST', `/api/mo/queue/canceled/${queueId}`);
      await c.ok('DELETE', `/api/mo/patient/delete/${patientId}`);
      const answered: string[] = [];
      const expectDeleted = (label: string, res: { statusCode: number; body: string }) => {
        const code = res.statusCode === 404 ? (JSON.parse(res.body) as { code: string }).code : '';
        if (code !== 'patient.deleted')
          answered.push(`${label} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      };
      for (const route of routes) expectDeleted(`${route.method} ${route.url}`, await callRecord(route));
      for (const [method, url] of patientCalls())
        expectDeleted(`${method} ${url}`, await c.call(method, url));
      for (const type of EXAM_TYPES)
        expectDeleted(
          `POST exam ${type}`,
          await c.call('POST', `/api/mo/exam/${type}`, { patientId, queueId }),
        );
      const [template] = await c.ok<{ id: number }[]>('GET', '/api/mo/letter-template');
      expectDeleted(
        'POST letter',
        await c.call('POST', '/api/mo/letter', { patientId, queueId, templateId: template!.id }),
      );
      for (const [type, id] of [...Object.entries(records), ['queue', queueId] as const])
        expectDeleted(
          `POST print log ${type}`,
          await c.call('POST', '/api/mo/print/log', { type, id, paperSize: 'A5' }),
        );
      expect(answered).toEqual([]);

      // Restored, the same records read again, and none was deleted by the calls above.
      await c.ok('POST', `/api/mo/patient/restore/${patientId}`);
      for (const route of routes.filter((r) => r.method === 'GET')) {
        const res = await callRecord(route);
        expect(res.statusCode, `${route.url}: ${res.body.slice(0, 120)}`).toBe(200);
      }
      for (const [method, url] of patientCalls())
        expect((await c.call(method, url)).statusCode, url).toBe(200);
    },
  );
});
