// bench/list-pages/plans.ts: is a prepared page's generic plan good for every value it is called with?
// A named statement (`runPrepared`, plan 'once') is planned once per connection when PostgreSQL finds its generic
// plan no costlier than the plans made with the values; that plan then serves every later value. For each shape
// of the queue's, the audit's and the patient list's pages, this asks the page with several values (days near and
// far, busy and idle doctors, patients and users), records its statement, and times it on one connection planned
// each way: with the call's values (plan_cache_mode=force_custom_plan) and generic (force_generic_plan). A shape the
// app plans once whose generic plan is much slower than its custom one for some value must be planned per call
// (`Plan`, lib/prepared.ts).
// Run on the large clinic, made by run.ts with BENCH_CLINIC=large:
//   flock /tmp/coord/e2e.lock npx tsx --conditions=source bench/list-pages/plans.ts
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addToDay, localDay } from '@basira/shared/dates/calendar';
import { SESSION_OPTIONS } from '@basira/server/src/db/client.ts';
import { rowsOf } from '../shared/bench-app.ts';
import { LARGE_CLINIC_URL, largeClinicApp } from './large-clinic-app.ts';
import { captureSql, configOf, type CapturedStatement } from './sql-capture.ts';

/** A generic plan this much slower than the custom one, and by more than 1 ms, is wrong for that value. */
const SLOWER = 2;
const RUNS = 12;

const { kept, db, call, signIn, close } = await largeClinicApp(4);
const [admin, doctor] = [await signIn('Administrator'), await signIn('Doctor')];

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
const { orgId, timeZone } = await one<{ orgId: number; timeZone: string }>(
  sql`SELECT id AS "orgId", time_zone AS "timeZone" FROM organizations WHERE slug = ${kept.slug}`,
);
const today = localDay(new Date(), timeZone);
const doctors = rowsOf<{ id: number; n: number }>(
  await db.execute(sql`SELECT doctor_id AS id, count(*)::int AS n FROM queue_entries
    WHERE org_id = ${orgId} AND doctor_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC`),
);
const idle = await one<{ id: number }>(
  sql`SELECT u.id FROM users u WHERE u.org_id = ${orgId}
      AND NOT EXISTS (SELECT 1 FROM queue_entries q WHERE q.doctor_id = u.id) ORDER BY u.id LIMIT 1`,
);
const byVisits = rowsOf<{ id: number; n: number }>(
  await db.execute(sql`(SELECT patient_id AS id, count(*)::int AS n FROM queue_entries WHERE org_id = ${orgId}
      GROUP BY 1 ORDER BY 2 DESC LIMIT 1)
    UNION ALL (SELECT patient_id, 1 FROM queue_entries WHERE org_id = ${orgId} GROUP BY 1 HAVING count(*) = 1 LIMIT 1)`),
);
const byAudit = await one<{ id: number }>(
  sql`SELECT patient_id AS id FROM audit_log WHERE org_id = ${orgId} AND patient_id IS NOT NULL
      GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
);
const adminId = await one<{ id: number }>(
  sql`SELECT id FROM users WHERE org_id = ${orgId} AND username = 'admin'`,
);
// A user the trail has no row of: a generic plan that walks the trail newest first would read all of it.
const silent = await one<{ id: number }>(
  sql`SELECT u.id FROM users u WHERE u.org_id = ${orgId}
      AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.user_id = u.id) ORDER BY u.id LIMIT 1`,
);

const day = (offset: number) => addToDay(today, offset);
const days = (from: number, to: number) => `from=${day(from)}&to=${day(to)}`;
const groups: { shape: string; token: string; urls: string[] }[] = [
  { shape: "queue screen, today's view", token: admin, urls: [`/api/mo/queue/filter?page=1&${days(0, 0)}`] },
  {
    shape: 'queue screen, one day',
    token: admin,
    urls: [-1, -400, -1100, 7].map((d) => `/api/mo/queue/filter?page=1&${days(d, d)}`),
  },
  {
    shape: 'queue screen, Waiting, one day',
    token: admin,
    urls: [0, -1, -400].map((d) => `/api/mo/queue/filter?page=1&${days(d, d)}&status=1`),
  },
  {
    shape: 'queue screen, Finished or Canceled, one day',
    token: admin,
    urls: [0, -400].map((d) => `/api/mo/queue/filter?page=1&${days(d, d)}&status=3,4`),
  },
  {
    shape: 'queue screen, a doctor, any day',
    token: admin,
    urls: [doctors[0]!.id, doctors.at(-1)!.id, idle.id].map(
      (id) => `/api/mo/queue/filter?page=1&doctorId=${id}`,
    ),
  },
  {
    shape: 'queue screen, a doctor, one day',
    token: admin,
    urls: [doctors[0]!.id, idle.id].flatMap((id) =>
      [0, -400].map((d) => `/api/mo/queue/filter?page=1&${days(d, d)}&doctorId=${id}`),
    ),
  },
  {
    shape: 'queue screen, booked (from tomorrow, Waiting)',
    token: admin,
    urls: [`/api/mo/queue/filter?page=1&from=${day(1)}&status=1`],
  },
  {
    shape: 'queue screen, days',
    token: admin,
    urls: [days(-7, 0), days(-400, 0), days(-430, -400), days(-1200, 30)].map(
      (d) => `/api/mo/queue/filter?page=1&${d}`,
    ),
  },
  {
    shape: 'queue screen, recalls, any day',
    token: admin,
    urls: ['1', '0'].map((w) => `/api/mo/queue/filter?page=1&isRewaiting=${w}`),
  },
  // Each reason is a statement of its own (written into its text), read from its own index of the screen's order.
  {
    shape: 'queue screen, a visit reason, any day',
    token: admin,
    urls: ['Lasik', 'Biometry', 'Spectacles'].map(
      (reason) => `/api/mo/queue/filter?page=1&examType=${reason}`,
    ),
  },
  {
    shape: 'queue screen, a visit reason, one day',
    token: admin,
    urls: ['Lasik', 'Spectacles'].flatMap((reason) =>
      [0, -400].map((d) => `/api/mo/queue/filter?page=1&${days(d, d)}&examType=${reason}`),
    ),
  },
  {
    shape: 'queue screen, a visit reason, Waiting, any day',
    token: admin,
    urls: ['Lasik', 'Spectacles'].map((reason) => `/api/mo/queue/filter?page=1&status=1&examType=${reason}`),
  },
  {
    shape: "queue screen, each patient's latest, one day",
    token: admin,
    urls: [0, -400].map((d) => `/api/mo/queue/filterLast?page=1&${days(d, d)}`),
  },
  {
    shape: "a patient's visits (the queue's history)",
    token: admin,
    urls: byVisits.map((p) => `/api/mo/queue/all/${p.id}?page=1`),
  },
  {
    shape: 'audit trail, a patient',
    token: admin,
    urls: [byAudit.id, byVisits.at(-1)!.id].map((id) => `/api/audit?page=1&patientId=${id}`),
  },
  {
    shape: 'audit trail, a user',
    token: admin,
    urls: [adminId.id, silent.id].map((id) => `/api/audit?page=1&userId=${id}`),
  },
  {
    shape: 'audit trail, days',
    token: admin,
    urls: [days(0, 0), days(-400, -400), days(-400, 0), days(-1200, 0)].map((d) => `/api/audit?page=1&${d}`),
  },
  { shape: 'audit trail, reads', token: admin, urls: ['/api/audit?page=1&reads=1'] },
  { shape: "doctor's worklist", token: doctor, urls: ['/api/mo/doctor/worklist'] },
  {
    shape: 'patient list, a sort',
    token: admin,
    urls: ['newest', 'name', 'fileNumber', 'lastVisit'].map(
      (sort) => `/api/mo/patient/filter?page=1&sort=${sort}`,
    ),
  },
  {
    shape: 'patient list, one sex by name',
    token: admin,
    urls: ['0', '1'].map((sex) => `/api/mo/patient/filter?page=1&isMale=${sex}&sort=name`),
  },
  {
    shape: 'patient list, ages',
    token: admin,
    urls: ['ageFrom=18&ageTo=45', 'ageFrom=100&ageTo=120', 'ageFrom=0&ageTo=1'].map(
      (ages) => `/api/mo/patient/filter?page=1&isMale=0&${ages}&sort=name`,
    ),
  },
  {
    shape: 'patient list, last visit',
    token: admin,
    urls: [days(0, 0), days(-1200, 0)].map(
      (d) =>
        `/api/mo/patient/filter?page=1&${d.replace('from', 'lastVisitFrom').replace('to', 'lastVisitTo')}`,
    ),
  },
];

/** The page's statement: its last (a patient's visits first check that the patient is there). */
async function statementOf(url: string, token: string): Promise<CapturedStatement> {
  await call(url, token);
  const { statements } = await captureSql(() => call(url, token));
  return statements.at(-1)!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
async function timed(mode: 'force_custom_plan' | 'force_generic_plan', statement: CapturedStatement) {
  const client = new pg.Client({
    connectionString: LARGE_CLINIC_URL,
    options: `${SESSION_OPTIONS} -c plan_cache_mode=${mode}`,
  });
  await client.connect();
  try {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await client.query({ ...configOf(statement), name: 'plan_check' });
      if (i >= 2) times.push(performance.now() - t0);
    }
    return median(times);
  } finally {
    await client.end();
  }
}

const cell = (text: string, width: number) => text.padEnd(width);
console.log(
  `${cell('shape, value', 72)} ${cell('app plans', 10)} ${cell('custom ms', 10)} ${cell('generic ms', 10)} verdict`,
);
let wrong = 0;
try {
  for (const group of groups) {
    for (const url of group.urls) {
      const statement = await statementOf(url, group.token);
      const [custom, generic] = [
        await timed('force_custom_plan', statement),
        await timed('force_generic_plan', statement),
      ];
      const named = statement.name !== undefined;
      const bad = generic > SLOWER * custom && generic - custom > 1;
      if (named && bad) wrong++;
      const verdict = !bad
        ? 'generic fine'
        : named
          ? 'WRONG: planned once, generic slow'
          : 'generic slow (planned per call)';
      console.log(
        `${cell(`${group.shape}: ${url.replace(/^\/api/, '')}`, 72)} ${cell(named ? 'once' : 'per call', 10)} ` +
          `${cell(custom.toFixed(2), 10)} ${cell(generic.toFixed(2), 10)} ${verdict}`,
      );
    }
  }
} finally {
  await close();
}
console.log(
  wrong === 0 ? 'every shape planned once has a generic plan as good → PASS' : `${wrong} WRONG → FAIL`,
);
process.exitCode = wrong === 0 ? 0 : 1;
