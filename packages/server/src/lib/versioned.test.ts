import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, startTestApp, userWith, type TestApp, type TestOrg } from '../test/harness.ts';

/**
 * Every versioned entity, attacked as two colleagues (and twenty) saving the same version at once: exactly one
 * save wins, the others get 409 with the current record. On PostgreSQL the requests really run side by side.
 */
let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.request({ method: 'POST', url, org: org.slug, token: org.adminToken, payload });

async function created(url: string, payload: object): Promise<number> {
  const res = await post(url, payload);
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: number } }).data.id;
}

const patient = () =>
  created('/api/mo/patient', { name: `Zainab ${Math.random()}`, phone: '07701234567', isMale: 0, age: 30 });

/** Each entity: how to make one, and the i-th colleague's edit of version 1. */
const entities: {
  name: string;
  make: () => Promise<number>;
  edit: (id: number, i: number) => [string, object];
}[] = [
  {
    name: 'patients',
    make: patient,
    edit: (id, i) => [`/api/mo/patient/${id}`, { occupation: `job ${i}`, version: 1 }],
  },
  {
    name: 'queue entries',
    make: async () => created('/api/mo/queue', { patientId: await patient() }),
    edit: (id, i) => [`/api/mo/queue/${id}`, { note: `note ${i}`, version: 1 }],
  },
  {
    name: 'roles',
    make: () => created('/api/role', { name: `Role ${Math.random()}`, permissions: [] }),
    edit: (id, i) => [`/api/role/${id}`, { name: `Role edit ${i} ${id}`, permissions: [], version: 1 }],
  },
  {
    name: 'exam records',
    make: async () => {
      const patientId = await patient();
      const queueId = await created('/api/mo/queue', { patientId });
      return created('/api/mo/exam/spectacles', { patientId, queueId });
    },
    edit: (id, i) => [`/api/mo/exam/spectacles/${id}`, { note: `note ${i}`, version: 1 }],
  },
  {
    name: 'exam options',
    make: () => created('/api/mo/option', { category: 'OuterTitle', labelAr: 'تجربة', labelEn: 'Trial' }),
    edit: (id, i) => [
      `/api/mo/option/${id}`,
      { labelAr: `تجربة ${i}`, labelEn: `Trial ${i}`, position: i, isActive: true, version: 1 },
    ],
  },
  {
    name: 'users',
    make: async () => (await userWith(t, org, ['dashboard'])).id,
    edit: (id, i) => [
      `/api/user/${id}`,
      { name: `Colleague ${i}`, email: `colleague-${id}@example.com`, roles: [], version: 1 },
    ],
  },
];

describe(`versioned writes on ${dbKind}`, () => {
  it.each(entities)(
    '$name: 20 saves of one version, exactly one 200 and 19 × 409',
    async ({ make, edit }) => {
      const id = await make();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(...edit(id, i))));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const winner = answers.find((a) => a.statusCode === 200)!.json().data;
      expect(winner.version).toBe(2);
      for (const loser of answers.filter((a) => a.statusCode === 409))
        expect(loser.json()).toMatchObject({ code: 'stale_version', data: { id, version: 2 } });
    },
  );
});
