// bench/list-pages: each list page the product serves, over HTTP, against the SQL statements that page issues
// replayed with the `pg` driver directly, at the same concurrency (10), in the same run, on the demo clinic.
// Targets per page: HTTP req/s ≥ 50 % of its SQL rounds/s, and HTTP p95 ≤ 25 ms at 10 connections. Also printed:
// the server's CPU time a request (its process's user and system time over the measured seconds), the figure to
// compare a change by on a shared machine, where rates swing by ±40 % between runs of the same code; two floors
// without a target (/api/me: no statement; /api/health: select 1); and where each page's CPU went (bench/shared/cpu.ts).
// Run: flock /tmp/coord/e2e.lock npx tsx bench/list-pages/run.ts
//   BENCH_SECONDS (default 10) per measurement; BENCH_PAGES=queue,worklist measures some pages only;
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/basira_bench_lists, dropped and made afresh);
//   BENCH_CLINIC=large: the demo clinic grown to 1,000,000 patients and 3,000,000 visits (large-clinic.ts), in
//   basira_bench_lists_large, made once and kept;
//   BENCH_PROFILE=1 writes a CPU profile of the server (and of the bare server) to /tmp/prof; BENCH_SQL=1 prints
//   each page's statements (BENCH_SQL=full: whole, with their values, to run under EXPLAIN). BENCH_HEAP=1 writes
//   a sampling heap profile of each server, the garbage included (bench/shared/heap-sampling.ts), to
//   /tmp/prof/heap-*.heapprofile: read it with bench/shared/heap-top.ts.
//   BENCH_BARE=1 also answers each page from a bare server (bare-server.ts: node:http, pg, JSON.stringify), to
//   read the product's server against the least an HTTP server costs on this machine.
import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { SESSION_OPTIONS } from '@basira/server/src/db/client.ts';
import { measureCpu, type CpuSpent } from '../shared/cpu.ts';
import type { CapturedStatement } from './sql-capture.ts';
import { roundOf, roundTrips } from './rounds.ts';
import type { CapturedPage, Prepared } from './prepare.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
if (process.env.BENCH_HEAP) mkdirSync('/tmp/prof', { recursive: true });
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 10;
const TARGET_RATIO = 0.5;
const TARGET_P95_MS = 25;
const LARGE = process.env.BENCH_CLINIC === 'large';
/** Also each page from the bare server (bare-server.ts): what the least HTTP server reaches on this machine. */
const BARE = Boolean(process.env.BENCH_BARE);
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  `postgres://postgres@127.0.0.1:5432/basira_bench_lists${LARGE ? '_large' : ''}`;
const SOURCE = ['--conditions=source', '--import', 'tsx'];

/** A child process of this bench, started from source; resolves with its first message. */
function child<T>(file: string, profile = false) {
  const process_ = fork(new URL(file, import.meta.url), [DATABASE_URL], {
    execArgv: [...SOURCE, ...(profile ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [])],
    serialization: 'advanced',
  });
  const message = new Promise<T>((resolve, reject) => {
    process_.once('message', (m) => resolve(m as T));
    process_.once('exit', (code) => reject(new Error(`${file} exited (${code}) before answering`)));
  });
  const close = () =>
    new Promise<void>((resolve) => {
      if (process_.exitCode !== null) return resolve();
      process_.once('exit', () => resolve());
      process_.disconnect();
    });
  /** The child's CPU time so far, in µs (server.ts answers it). */
  const cpuMicros = () =>
    new Promise<number>((resolve) => {
      const onMessage = (m: unknown) => {
        if (typeof m !== 'object' || m === null || !('cpuMicros' in m)) return;
        process_.off('message', onMessage);
        resolve((m as { cpuMicros: number }).cpuMicros);
      };
      process_.on('message', onMessage);
      process_.send('cpu');
    });
  return { message, close, cpuMicros, send: (m: unknown) => process_.send(m as never) };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Figures {
  perSecond: number;
  p50: number;
  p95: number;
}

function figures(times: number[], seconds: number): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  return { perSecond: times.length / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

/** The page over HTTP: autocannon, 10 connections; every answer's time is kept for exact percentiles. */
async function http(base: string, slug: string, page: CapturedPage, seconds: number): Promise<Figures> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${page.url}`,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${page.token}`, 'x-organization': slug },
      },
      (error: unknown, r) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(r),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${page.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return figures(times, seconds);
}

/** The page's own SQL: its statements replayed back to back by 10 clients through a pool of 10, as the server's. */
async function replay(pool: pg.Pool, page: CapturedPage, seconds: number): Promise<Figures> {
  const round = roundOf(pool, page.statements);
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await round();
        times.push(performance.now() - t0);
      }
    }),
  );
  return figures(times, seconds);
}

/**
 * How PostgreSQL planned the page's named statements on the replay's connections (they are the server's statements,
 * so it plans them alike): generic plans (planned once per connection) and custom ones (planned on every call).
 * Unnamed statements (`plan: 'per-call'`) are planned on every call and are not counted here.
 */
async function plansOf(
  pool: pg.Pool,
  page: CapturedPage,
): Promise<{ generic: number; custom: number } | undefined> {
  const names = [...new Set(page.statements.flatMap((s) => (s.name ? [s.name] : [])))];
  if (names.length === 0) return undefined;
  const clients = await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.connect()));
  try {
    let [generic, custom] = [0, 0];
    for (const client of clients) {
      const { rows } = await client.query<{ generic: string; custom: string }>(
        `SELECT coalesce(sum(generic_plans), 0) AS generic, coalesce(sum(custom_plans), 0) AS custom
         FROM pg_prepared_statements WHERE name = ANY($1)`,
        [names],
      );
      generic += Number(rows[0]!.generic);
      custom += Number(rows[0]!.custom);
    }
    return { generic, custom };
  } finally {
    for (const client of clients) client.release();
  }
}

function describe(page: CapturedPage): string[] {
  const short = (s: CapturedStatement) => s.text.replace(/\s+/g, ' ').slice(0, 150);
  const lookups = page.statements.filter((s) => /\bfrom "(sessions|organizations)"/i.test(s.text)).length;
  const lines = [
    `  ${page.statements.length} statements a request in ${roundTrips(page.statements)} round trips ` +
      `(session and organization cached: ${lookups} lookups; a cold app's first request: ${page.cold.length}), ` +
      `answer ${(page.bytes / 1024).toFixed(1)} KB`,
  ];
  if (process.env.BENCH_SQL) {
    const full = process.env.BENCH_SQL === 'full';
    for (const s of page.statements)
      lines.push(full ? `    ${s.text}\n    values: ${JSON.stringify(s.values)}` : `    ${short(s)}`);
    const warm = new Set(page.statements.map((s) => s.text));
    for (const s of page.cold.filter((c) => !warm.has(c.text))) lines.push(`    cold only: ${short(s)}`);
  }
  return lines;
}

const wanted = process.env.BENCH_PAGES?.split(',').map((k) => k.trim());
console.log(
  `list-pages: preparing ${new URL(DATABASE_URL).pathname.slice(1)} ` +
    `(${LARGE ? 'the large clinic: 1,000,000 patients, 3,000,000 visits' : 'demo clinic'}, PostgreSQL)…`,
);
const preparing = child<Prepared>('./prepare.ts');
const prepared = await preparing.message;
await preparing.close();
for (const line of prepared.summary) console.log(`  ${line}`);
const pages = prepared.pages.filter((p) => !wanted || wanted.includes(p.key));

const server = child<{ base: string }>('./server.ts', Boolean(process.env.BENCH_PROFILE));
const { base } = await server.message;
// The replay's connections have the app's settings, so that PostgreSQL plans its statements as it plans the app's.
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONNECTIONS, options: SESSION_OPTIONS });
const bare = BARE
  ? child<{ base: string }>('./bare-server.ts', Boolean(process.env.BENCH_PROFILE))
  : undefined;
bare?.send({ pages });
const bareBase = bare && (await bare.message).base;

/** A page over HTTP, measured with the CPU its server process spent a request. */
async function measured(
  process_: { cpuMicros(): Promise<number> },
  base_: string,
  page: CapturedPage,
): Promise<{ web: Figures; cpuMs: number; webCpu: CpuSpent }> {
  await http(base_, prepared.slug, page, WARM_UP_SECONDS);
  const cpuBefore = await process_.cpuMicros();
  const webCpuUntil = measureCpu();
  const web = await http(base_, prepared.slug, page, SECONDS);
  const webCpu = webCpuUntil(web.perSecond * SECONDS);
  const cpuMs = ((await process_.cpuMicros()) - cpuBefore) / 1000 / (web.perSecond * SECONDS);
  return { web, cpuMs, webCpu };
}

interface Row {
  page: CapturedPage;
  web: Figures;
  /** Absent for a floor without a statement. */
  sql: Figures | undefined;
  ratio: number;
  pass: boolean;
  /** The server's CPU time per answered request: less noisy than a rate on a shared machine. */
  cpuMs: number;
  /** The load generator's and PostgreSQL's CPU per request over HTTP, and per round of the replay. */
  webCpu: CpuSpent;
  sqlCpu: CpuSpent | undefined;
  /** BENCH_BARE: the same statements answered by the bare server. */
  bare: { web: Figures; cpuMs: number; webCpu: CpuSpent } | undefined;
  /** How the replay's named statements were planned (`plansOf`); absent when none is named. */
  plans: { generic: number; custom: number } | undefined;
}
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const rows: Row[] = [];
try {
  console.log(
    `\n${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up then ${SECONDS} s over HTTP, then the same for its SQL`,
  );
  for (const page of pages) {
    console.log(`\n${page.label}: GET ${page.url.replace(/patientId=\d+/, 'patientId=…')}`);
    for (const line of describe(page)) console.log(line);
    if (page.key === 'audit') {
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
      console.log(`  the audit log holds ${rows[0]!.n} rows`);
    }
    const { web, cpuMs, webCpu } = await measured(server, base, page);
    let sql: Figures | undefined;
    let sqlCpu: CpuSpent | undefined;
    if (page.statements.length > 0) {
      await replay(pool, page, WARM_UP_SECONDS);
      const sqlCpuUntil = measureCpu();
      sql = await replay(pool, page, SECONDS);
      sqlCpu = sqlCpuUntil(sql.perSecond * SECONDS);
    }
    const plans = sql && (await plansOf(pool, page));
    const ratio = sql ? web.perSecond / sql.perSecond : NaN;
    const pass = ratio >= TARGET_RATIO && web.p95 <= TARGET_P95_MS;
    const bareFigures =
      bare && bareBase && sql ? await measured(bare, bareBase, { ...page, url: `/${page.key}` }) : undefined;
    rows.push({ page, web, sql, ratio, pass, cpuMs, webCpu, sqlCpu, bare: bareFigures, plans });
    console.log(
      `  HTTP ${web.perSecond.toFixed(0)} req/s, p50 ${web.p50.toFixed(1)} ms, p95 ${web.p95.toFixed(1)} ms, ` +
        `the server's CPU ${cpuMs.toFixed(3)} ms a request` +
        (sql
          ? `; SQL ${sql.perSecond.toFixed(0)} rounds/s (p50 ${sql.p50.toFixed(1)} ms, p95 ${sql.p95.toFixed(1)} ms); ` +
            `ratio ${(ratio * 100).toFixed(1)} %`
          : '') +
        (page.floor ? ' (a floor: no target)' : ` → ${pass ? 'PASS' : 'FAIL'}`),
    );
    console.log(
      `  CPU a request: the load generator ${webCpu.selfMs.toFixed(3)} ms, PostgreSQL ${webCpu.postgresMs.toFixed(3)} ms ` +
        `(steal ${percent(webCpu.steal)})` +
        (sqlCpu
          ? `; a SQL round: the replay ${sqlCpu.selfMs.toFixed(3)} ms, PostgreSQL ${sqlCpu.postgresMs.toFixed(3)} ms ` +
            `(steal ${percent(sqlCpu.steal)})`
          : '') +
        (plans
          ? `; its named statements planned ${plans.generic} times generic, ${plans.custom} custom`
          : ''),
    );
    if (bareFigures && sql)
      console.log(
        `  the bare server: ${bareFigures.web.perSecond.toFixed(0)} req/s, p95 ${bareFigures.web.p95.toFixed(1)} ms, ` +
          `its CPU ${bareFigures.cpuMs.toFixed(3)} ms a request (the load generator ${bareFigures.webCpu.selfMs.toFixed(3)}, ` +
          `PostgreSQL ${bareFigures.webCpu.postgresMs.toFixed(3)}); ratio ${percent(bareFigures.web.perSecond / sql.perSecond)}`,
      );
  }
} finally {
  await pool.end();
  await server.close();
  await bare?.close();
}

const cell = (text: string, width: number) => text.padEnd(width);
console.log(
  `\ntargets: HTTP ≥ ${TARGET_RATIO * 100} % of its SQL rounds/s, p95 ≤ ${TARGET_P95_MS} ms, at ${CONNECTIONS} connections`,
);
console.log(
  `${cell('page', 36)} ${cell('HTTP req/s', 10)} ${cell('p50 ms', 7)} ${cell('p95 ms', 7)} ${cell('CPU ms', 7)} ${cell('SQL rounds/s', 12)} ${cell('ratio', 7)} ${cell('plan', 8)} result`,
);
/** generic: planned once per connection (a few custom plans first); custom: on every call; per call: unnamed. */
const planOf = (r: Row) =>
  !r.sql ? '—' : !r.plans ? 'per call' : r.plans.generic > r.plans.custom ? 'generic' : 'custom';
const result = (r: Row) =>
  r.page.floor
    ? 'floor'
    : r.pass
      ? 'PASS'
      : `FAIL (${[r.ratio < TARGET_RATIO ? 'ratio' : '', r.web.p95 > TARGET_P95_MS ? 'p95' : ''].filter(Boolean).join(', ')})`;
for (const r of rows)
  console.log(
    `${cell(r.page.label, 36)} ${cell(r.web.perSecond.toFixed(0), 10)} ${cell(r.web.p50.toFixed(1), 7)} ${cell(r.web.p95.toFixed(1), 7)} ` +
      `${cell(r.cpuMs.toFixed(3), 7)} ` +
      `${cell(r.sql ? r.sql.perSecond.toFixed(0) : '—', 12)} ${cell(r.sql ? `${(r.ratio * 100).toFixed(1)} %` : '—', 7)} ` +
      `${cell(planOf(r), 8)} ${result(r)}`,
  );
console.log(
  `\nwhere the CPU goes, ms a request over HTTP (the server, the load generator, PostgreSQL) and a round of its SQL ` +
    `(the replay, PostgreSQL); the machine has 2 cores, and the server process can use one`,
);
console.log(
  `${cell('page', 36)} ${cell('server', 7)} ${cell('load', 7)} ${cell('pg', 7)} ${cell('total', 7)} ${cell('replay', 7)} ${cell('pg', 7)} ${cell('total', 7)} steal`,
);
for (const { page, cpuMs, webCpu, sqlCpu } of rows)
  console.log(
    `${cell(page.label, 36)} ${[
      cpuMs,
      webCpu.selfMs,
      webCpu.postgresMs,
      cpuMs + webCpu.selfMs + webCpu.postgresMs,
    ]
      .map((ms) => cell(ms.toFixed(3), 7))
      .join(' ')} ${(sqlCpu ? [sqlCpu.selfMs, sqlCpu.postgresMs, sqlCpu.selfMs + sqlCpu.postgresMs] : [])
      .map((ms) => cell(ms.toFixed(3), 7))
      .join(' ')
      .padEnd(23)} ${percent(webCpu.steal)}${sqlCpu ? ` / ${percent(sqlCpu.steal)}` : ''}`,
  );
if (BARE) {
  console.log(
    `\nthe bare server (node:http, pg, JSON.stringify) against the product's, on the same statements: req/s, ` +
      `its share of the SQL rounds/s, and the server process's CPU ms a request`,
  );
  console.log(
    `${cell('page', 36)} ${cell('bare req/s', 10)} ${cell('ratio', 7)} ${cell('CPU ms', 7)} ${cell('ours req/s', 10)} ${cell('ratio', 7)} ${cell('CPU ms', 7)}`,
  );
  for (const r of rows)
    if (r.bare && r.sql)
      console.log(
        `${cell(r.page.label, 36)} ${cell(r.bare.web.perSecond.toFixed(0), 10)} ` +
          `${cell(percent(r.bare.web.perSecond / r.sql.perSecond), 7)} ${cell(r.bare.cpuMs.toFixed(3), 7)} ` +
          `${cell(r.web.perSecond.toFixed(0), 10)} ${cell(percent(r.ratio), 7)} ${cell(r.cpuMs.toFixed(3), 7)}`,
      );
}
const listPages = rows.filter((r) => !r.page.floor);
const passed = listPages.filter((r) => r.pass).length;
console.log(
  `${passed}/${listPages.length} pages meet both targets → ${passed === listPages.length ? 'PASS' : 'FAIL'}`,
);
process.exitCode = passed === listPages.length ? 0 : 1;
