// `npx tsx --conditions=source bench/billing/run.ts` (BENCH_CLINIC=large for the large clinic; BENCH_REQUESTS,
// default 200, per measurement): the financial reports of a day and of a month over HTTP, one request at a time,
// against the same reports run by their service alone (their statements on the same pool, no HTTP), side by side.
// Target: p95 ≤ 100 ms over HTTP for each. See bench/README.md#billing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addToDay, localDay } from '@basira/shared/dates/calendar';
import { buildApp } from '@basira/server/src/app.ts';
import { BillingReportsService } from '@basira/server/src/modules/billing/billing-reports.service.ts';
import { systemClock } from '@basira/server/src/lib/clock.ts';
import { benchConfig, LARGE, prepareClinic } from './prepare.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
const TARGET_MS = 100;
const TZ = 'Asia/Baghdad';

const clinic = await prepareClinic((line) => console.log(line));
const built = await buildApp(benchConfig(), { database: clinic.database, print: () => {} });
await built.app.listen({ host: '127.0.0.1', port: 0 });
const { port } = built.app.server.address() as AddressInfo;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, token: string | null, body?: object): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: body ? 'POST' : 'GET',
        agent,
        headers: {
          'x-organization': clinic.slug,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const admin = clinic.accounts.find((a) => a.role === 'Administrator')!;
const login = await get('/api/login', null, { email: admin.email, password: admin.password });
const token = (JSON.parse(login.text) as { data: { token: string } }).data.token;

const today = localDay(new Date(), TZ);
// The large clinic's history ends 15 days ago; the demo's money covers the last 14 days.
const lastDay = LARGE ? addToDay(today, -15) : addToDay(today, -1);
const days = Array.from({ length: 30 }, (_, i) => addToDay(lastDay, -i)).filter(
  (day) => LARGE || day >= addToDay(today, -14),
);
const months = [
  ...new Set(
    Array.from({ length: LARGE ? 24 : 2 }, (_, i) =>
      addToDay(`${lastDay.slice(0, 7)}-01`, -i, 'month').slice(0, 7),
    ),
  ),
];

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
async function measure(run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), p99: quantile(times, 0.99) };
}

const reports = new BillingReportsService(clinic.database.db, systemClock);
const scope = { orgId: clinic.orgId, timeZone: TZ, userId: null, ip: 'bench', requestId: 'bench' };
const over = (url: string) => async () => {
  const res = await get(url, token);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.text.length;
};

const sample = await get(`/api/mo/billing/reports/day?day=${days[0]}`, token);
const sampleDay = JSON.parse(sample.text) as { data: { receiptCount: number; totals: unknown } };
const sampleMonth = JSON.parse(
  (await get(`/api/mo/billing/reports/month?month=${months[0]}`, token)).text,
) as {
  data: { totals: unknown };
};

const rows: string[] = [];
let failed = false;
const fmt = (n: number) => n.toFixed(1).padStart(6);
for (const [name, http, alone] of [
  [
    'day report',
    (i: number) => over(`/api/mo/billing/reports/day?day=${days[i % days.length]}`)(),
    (i: number) => reports.day(scope, days[i % days.length]),
  ],
  [
    'month report',
    (i: number) => over(`/api/mo/billing/reports/month?month=${months[i % months.length]}`)(),
    (i: number) => reports.month(scope, months[i % months.length]),
  ],
] as const) {
  const h = await measure(http);
  const s = await measure(alone);
  const pass = h.p95 <= TARGET_MS;
  failed ||= !pass;
  rows.push(
    `${name.padEnd(13)} HTTP p50 ${fmt(h.p50)} p95 ${fmt(h.p95)} p99 ${fmt(h.p99)} ms | service alone p50 ${fmt(s.p50)} p95 ${fmt(s.p95)} p99 ${fmt(s.p99)} ms | ${pass ? 'PASS' : 'FAIL'} (p95 ≤ ${TARGET_MS} ms)`,
  );
}

// The other reports, measured fewer times and printed without a target: what a large clinic costs them.
const EXTRA = Math.max(10, Math.floor(REQUESTS / 10));
const extras: string[] = [];
const year = Number(lastDay.slice(0, 4));
const monthRange = (i: number) => {
  const month = months[i % months.length]!;
  return `from=${month}-01&to=${addToDay(addToDay(`${month}-01`, 1, 'month'), -1)}`;
};
for (const [name, url] of [
  ['shares, a month', (i: number) => `/api/mo/billing/reports/shares?${monthRange(i)}`],
  ['adjustments, a month', (i: number) => `/api/mo/billing/reports/adjustments?${monthRange(i)}`],
  ['balances', () => '/api/mo/billing/reports/balances'],
  ['receipt gaps, a year', () => `/api/mo/billing/reports/receipt-gaps?year=${year}`],
] as const) {
  const times: number[] = [];
  for (let i = 0; i < EXTRA + 2; i++) {
    const t0 = performance.now();
    await over(url(i))();
    if (i >= 2) times.push(performance.now() - t0);
  }
  times.sort((x, y) => x - y);
  extras.push(
    `${name.padEnd(21)} HTTP p50 ${fmt(quantile(times, 0.5))} p95 ${fmt(quantile(times, 0.95))} ms (${EXTRA} requests, no target)`,
  );
}

console.log(
  `\nbilling reports, ${LARGE ? 'large clinic' : 'demo clinic'} on PostgreSQL, ${REQUESTS} requests each, one at a time`,
);
for (const line of clinic.summary) console.log(`  ${line}`);
console.log(
  `  days ${days.at(-1)} … ${days[0]}; months ${months.at(-1)} … ${months[0]}; a day: ${sampleDay.data.receiptCount} receipts, totals ${JSON.stringify(sampleDay.data.totals)}; month ${months[0]} totals ${JSON.stringify(sampleMonth.data.totals)}`,
);
for (const line of [...rows, ...extras]) console.log(`  ${line}`);

agent.destroy();
await built.close();
await clinic.database.close();
process.exit(failed ? 1 : 0);
