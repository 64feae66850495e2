// `npx tsx --conditions=source bench/appointments/run.ts [--explain]` (BENCH_REQUESTS, default 200, per
// measurement): the appointment book's reads on the large clinic of bench/appointments/prepare.ts (40 doctors,
// 2,740 bookings a day), over HTTP one request at a time on a kept-alive connection, beside the same requests' SQL
// alone (the statements each request sent, recorded once and replayed on a connection of their own, no HTTP, no
// app). `--explain` prints EXPLAIN (ANALYZE, BUFFERS) of each recorded statement once.
// Targets: the week of 40 doctors (summary), a day of all 40 and one doctor's week (the book) p95 ≤ 50 ms; the free
// slots of one doctor over the next 30 days p95 ≤ 25 ms. See bench/README.md#appointments.
import pg from 'pg';
import { addToDay } from '@basira/shared/dates/calendar';
import { SESSION_OPTIONS } from '@basira/server/src/db/client.ts';
import {
  captureSql,
  configOf,
  installSqlCapture,
  type CapturedStatement,
} from '../list-pages/sql-capture.ts';
import { summary as stats } from '../shared/bench-app.ts';
import { DATABASE_URL, prepareBook, SPAN_DAYS } from './prepare.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
const EXPLAIN = process.argv.includes('--explain');

installSqlCapture();
const clinic = await prepareBook((line) => console.log(line));
const { app, doctors, today } = clinic;
const headers = { authorization: `Bearer ${app.token}`, 'x-organization': app.org.slug };

// Weeks (Saturday-first, as the screens) and days that hold bookings, past and coming.
const saturday = (day: string) => addToDay(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 1) % 7));
const weeks = [-2, -1, 0, 1, 2].map((w) => addToDay(saturday(today), 7 * w));
const days = Array.from({ length: 2 * SPAN_DAYS - 1 }, (_, i) => addToDay(today, i - SPAN_DAYS + 1)).filter(
  (day) => new Date(`${day}T12:00:00Z`).getUTCDay() !== 5,
);

interface Call {
  name: string;
  /** The issue's targets (the week of 40 doctors, the free-slot search); the other reads are measured, not judged. */
  target?: number;
  url: (i: number) => string;
}
const calls: Call[] = [
  {
    name: 'week of 40 doctors (summary)',
    target: 50,
    url: (i) =>
      `/api/appointments/summary?from=${weeks[i % weeks.length]}&to=${addToDay(weeks[i % weeks.length]!, 6)}`,
  },
  {
    name: 'a day of 40 doctors (book)',
    url: (i) => `/api/appointments?from=${days[i % days.length]}&to=${days[i % days.length]}`,
  },
  {
    name: 'one doctor’s week (book)',
    url: (i) =>
      `/api/appointments?from=${weeks[i % weeks.length]}&to=${addToDay(weeks[i % weeks.length]!, 6)}&doctorIds=${doctors[i % doctors.length]}`,
  },
  {
    name: 'free slots, 30 days',
    target: 25,
    url: (i) => `/api/appointments/free-slots?doctorId=${doctors[i % doctors.length]}&days=30`,
  },
];

async function get(url: string) {
  const res = await fetch(`${app.base}${url}`, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

async function measure(run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  return stats(times);
}

/** A request's reads: what it sent the database, less writes (an audit row) and transaction control. */
async function recorded(url: string): Promise<CapturedStatement[]> {
  const { statements } = await captureSql(() =>
    app.built.app.inject({ method: 'GET', url, headers }).then((res) => {
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }),
  );
  return statements.filter(
    (s) => /^\s*(SELECT|WITH)\b/i.test(s.text) && !/\b(INSERT|UPDATE|DELETE)\b/i.test(s.text),
  );
}

const replay = new pg.Client({ connectionString: DATABASE_URL, options: SESSION_OPTIONS });
await replay.connect();

const fmt = (n: number) => n.toFixed(1).padStart(6);
const rows: string[] = [];
const sizes: string[] = [];
let failed = false;
for (const call of calls) {
  const sample = await get(call.url(0));
  const h = await measure((i) => get(call.url(i)));
  // The statements of each distinct URL the measurement cycles through (up to 40), recorded once each.
  const distinct = new Map<string, CapturedStatement[]>();
  for (let i = 0; i < Math.min(REQUESTS, 40); i++) {
    const url = call.url(i);
    if (!distinct.has(url)) distinct.set(url, await recorded(url));
  }
  const urls = [...distinct.keys()];
  const s = await measure(async (i) => {
    for (const statement of distinct.get(urls[i % urls.length]!)!) await replay.query(configOf(statement));
  });
  const pass = call.target === undefined || h.p95 <= call.target;
  failed ||= !pass;
  const verdict =
    call.target === undefined ? 'no target' : `${pass ? 'PASS' : 'FAIL'} (p95 ≤ ${call.target} ms)`;
  const statements = distinct.get(urls[0]!)!.length;
  rows.push(
    `${call.name.padEnd(29)} HTTP p50 ${fmt(h.p50)} p95 ${fmt(h.p95)} p99 ${fmt(h.p99)} ms | SQL alone (${statements} statements) p50 ${fmt(s.p50)} p95 ${fmt(s.p95)} ms | ${verdict}`,
  );
  sizes.push(`${call.name}: ${call.url(0)} answers ${(sample.length / 1024).toFixed(0)} kB`);
  if (EXPLAIN)
    for (const statement of distinct.get(urls[0]!)!) {
      const params = statement.values.map((v) =>
        v === null || v === undefined
          ? 'NULL'
          : typeof v === 'number' || typeof v === 'boolean'
            ? String(v)
            : replay.escapeLiteral(
                v instanceof Date
                  ? v.toISOString()
                  : Array.isArray(v)
                    ? `{${v.map((x) => `"${String(x)}"`).join(',')}}`
                    : String(v),
              ),
      );
      // On a connection of its own: the replay's named statements stay as the replay parsed them.
      const client = new pg.Client({ connectionString: DATABASE_URL, options: SESSION_OPTIONS });
      await client.connect();
      await client.query(`PREPARE explained AS ${statement.text}`);
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) EXECUTE explained${params.length ? `(${params.join(', ')})` : ''}`,
      );
      await client.end();
      console.log(
        `\n=== ${call.name}: ${call.url(0)}\n${statement.text}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
      );
    }
}

// The floor of this machine in this hour: a trivial authenticated read (one small statement) the same way.
const floor = await measure(() => get('/api/me'));
rows.push(
  `${'floor: GET /api/me'.padEnd(29)} HTTP p50 ${fmt(floor.p50)} p95 ${fmt(floor.p95)} p99 ${fmt(floor.p99)} ms`,
);

console.log(
  `\nappointment book, large clinic on PostgreSQL, ${REQUESTS} requests each after ${WARM_UP} to warm up, one at a time`,
);
for (const line of clinic.summary) console.log(`  ${line}`);
for (const line of sizes) console.log(`  ${line}`);
for (const line of rows) console.log(`  ${line}`);

await replay.end();
await app.close();
process.exit(failed ? 1 : 0);
