// bench/exam-save: clinicians saving spectacles and biometry records: each save is validated, its derived values
// computed (SE, transposition; SRK/T with its lens table), stored with its audit row and announced live.
//  1. Closed loop: 20 writers, no pause between saves, BENCH_SECONDS; then (PostgreSQL) the same insert statements,
//     captured as the server sends them, run directly by 20 workers through a `pg` pool of 10.
//     Target on PostgreSQL: HTTP saves/s ≥ 50 % of the direct statement rounds/s.
//  2. Open loop: BENCH_RATE saves/s (default 100) sent on schedule for BENCH_SECONDS, latency from the scheduled
//     send time (no coordinated omission). Target on PostgreSQL: p95 ≤ 15 ms and 0 errors.
// The server's socket writes are counted in each phase (count-writes.ts, a preload of the server child).
// PGlite is reported (closed and open loop; no direct replay: the `pg` pool needs PostgreSQL).
// Run: npx tsx --conditions=source bench/exam-save/run.ts [--db=postgres|pglite]
//   BENCH_SECONDS (default 30), BENCH_RATE (default 100), BENCH_PROFILE=1 (CPU profile of the server in /tmp/prof),
//   BENCH_STRACE=1 (after the measured phases, a closed-loop phase under `strace -c -f -e trace=write,writev`),
//   BENCH_PHASES=closed|open (default both), BENCH_CLIENT=http|fetch (default http: see `client`).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { chosenDatabases, ms, summary, type BenchDb } from '../shared/bench-app.ts';
import { EXAM_SAMPLES } from '../shared/exam-samples.ts';
import { configOf } from '../list-pages/sql-capture.ts';
import { measureCpu } from '../shared/cpu.ts';
import type { Captured, SaveType, Visit } from './capture.ts';
import type { WriteCounts } from './count-writes.ts';

const WRITERS = 20;
const POOL = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const STRACE_SECONDS = 5;
const TARGET_RATIO = 0.5;
const TARGET_OPEN_P95_MS = 15;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/basira_bench';
const SOURCE = ['--conditions=source', '--import', 'tsx'];
/** BENCH_PHASES=open runs the open loop alone (on a database not just loaded by the closed loop and its replay). */
const PHASES = new Set((process.env.BENCH_PHASES ?? 'closed,open').split(','));
const CLIENT = process.env.BENCH_CLIENT === 'fetch' ? 'fetch' : 'http';

interface Served {
  base: string;
  token: string;
  slug: string;
}

/** A child process of this bench, started from source; resolves with its first message. */
function child<T>(file: string, args: string[], execArgv: string[] = SOURCE) {
  const process_ = fork(new URL(file, import.meta.url), args, { execArgv, serialization: 'advanced' });
  const message = new Promise<T>((resolve, reject) => {
    process_.once('message', (m) => resolve(m as T));
    process_.once('exit', (code) => reject(new Error(`${file} exited (${code}) before answering`)));
  });
  const close = () =>
    new Promise<void>((resolve) => {
      if (process_.exitCode !== null || process_.signalCode !== null) return resolve();
      process_.once('exit', () => resolve());
      if (process_.connected) process_.disconnect();
    });
  return { process: process_, message, close };
}

/** The app in a child process of its own, its socket writes counted; BENCH_PROFILE=1: a CPU profile in /tmp/prof. */
function serve(kind: BenchDb) {
  const server = child<Served>(
    './server.ts',
    [kind],
    [
      ...SOURCE,
      '--import',
      new URL('./count-writes.ts', import.meta.url).href,
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
    ],
  );
  const writes = () =>
    new Promise<WriteCounts>((resolve) => {
      const onMessage = (m: unknown) => {
        if (typeof m === 'object' && m !== null && 'writes' in m) {
          server.process.off('message', onMessage);
          resolve((m as { writes: WriteCounts }).writes);
        }
      };
      server.process.on('message', onMessage);
      server.process.send('writes');
    });
  return { ...server, writes };
}

type Post = (
  path: string,
  body: unknown,
) => Promise<{ status: number; json: { data: { id: number } } | null; text: string }>;

/**
 * The writers' HTTP client. The writers share the machine's two cores with the server and PostgreSQL, so their
 * own cost is taken from what is measured: `node:http` over keep-alive connections (one per writer) costs them
 * a third of the CPU a save that `fetch` does (0.27 against 0.83 ms; the bench prints it, BENCH_CLIENT=fetch
 * for the comparison).
 */
function client(app: Served): Post {
  const headers = {
    authorization: `Bearer ${app.token}`,
    'x-organization': app.slug,
    'content-type': 'application/json',
  };
  if (CLIENT === 'http') {
    const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });
    return (path, body) =>
      new Promise((resolve, reject) => {
        const payload = JSON.stringify(body);
        const req = http.request(
          `${app.base}/api/${path}`,
          {
            method: 'POST',
            agent,
            headers: { ...headers, 'content-length': Buffer.byteLength(payload) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({
                status: res.statusCode ?? 0,
                json: text ? (JSON.parse(text) as { data: { id: number } }) : null,
                text,
              });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
  }
  return async (path, body) => {
    const res = await fetch(`${app.base}/api/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as { data: { id: number } }) : null, text };
  };
}

const typeOf = (n: number, w: number): SaveType => ((n + w) % 2 === 0 ? 'spectacles' : 'biometry');

interface Phase {
  saves: number;
  perSecond: number;
  errors: string[];
  times: number[];
}

/** WRITERS writers saving back to back for `seconds`. */
async function closedLoop(post: Post, visits: Visit[], seconds: number): Promise<Phase> {
  const times: number[] = [];
  const errors: string[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    visits.map(async (visit, w) => {
      for (let n = 0; performance.now() < until; n++) {
        const type = typeOf(n, w);
        const t0 = performance.now();
        const res = await post(`mo/exam/${type}`, { ...visit, ...EXAM_SAMPLES[type] });
        times.push(performance.now() - t0);
        if (res.status !== 201) errors.push(`${res.status} ${res.text.slice(0, 200)}`);
      }
    }),
  );
  return { saves: times.length, perSecond: times.length / seconds, errors, times };
}

/**
 * `rate` saves a second for `seconds`, each sent at its scheduled time whatever the earlier ones are doing; its
 * latency runs from that scheduled time, so a stalled server is charged for the saves that waited behind it.
 */
async function openLoop(
  post: Post,
  visits: Visit[],
  rate: number,
  seconds: number,
): Promise<Phase & { timeline: [second: number, ms: number][] }> {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const times: number[] = [];
  const timeline: [second: number, ms: number][] = [];
  const errors: string[] = [];
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 20;
  const send = async (i: number, scheduled: number) => {
    const visit = visits[i % visits.length]!;
    const type = typeOf(Math.floor(i / visits.length), i % visits.length);
    try {
      const res = await post(`mo/exam/${type}`, { ...visit, ...EXAM_SAMPLES[type] });
      if (res.status !== 201) errors.push(`${res.status} ${res.text.slice(0, 200)}`);
    } catch (error) {
      errors.push(String(error));
    }
    times.push(performance.now() - scheduled);
    timeline.push([Math.floor((scheduled - start) / 1000), performance.now() - scheduled]);
  };
  let i = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (; i < total && start + i * interval <= now; i++) inFlight.push(send(i, start + i * interval));
      if (i >= total) return resolve();
      setTimeout(tick, Math.max(0, start + i * interval - performance.now()));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  await Promise.all(inFlight);
  return { saves: total, perSecond: total / seconds, errors, times, timeline };
}

/** The seconds of the open loop whose saves missed the p95 target: a stall shows as a run of them. */
function slowSeconds(timeline: [number, number][]) {
  const bySecond = new Map<number, number[]>();
  for (const [second, ms] of timeline) bySecond.set(second, [...(bySecond.get(second) ?? []), ms]);
  const slow = [...bySecond]
    .map(([second, times]) => ({ second, ...summary(times) }))
    .filter((s) => s.p95 > TARGET_OPEN_P95_MS);
  console.log(
    `  seconds with p95 over ${TARGET_OPEN_P95_MS} ms: ${slow.length} of ${bySecond.size}` +
      slow.map((s) => `; s${s.second} p95 ${ms(s.p95)} max ${ms(s.max)}`).join(''),
  );
}

/** The saves' own statements, run by WRITERS workers through a pool of POOL, each on its writer's visit. */
async function direct(pool: pg.Pool, captured: Captured, seconds: number): Promise<Phase> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    captured.saves.map(async (own, w) => {
      for (let n = 0; performance.now() < until; n++) {
        const t0 = performance.now();
        for (const s of own[typeOf(n, w)]) await pool.query(configOf(s));
        times.push(performance.now() - t0);
      }
    }),
  );
  return { saves: times.length, perSecond: times.length / seconds, errors: [], times };
}

const diff = (after: WriteCounts, before: WriteCounts, saves: number) => {
  const per = (peer: 'http' | 'postgres') => {
    const write = after[peer].write - before[peer].write;
    const writev = after[peer].writev - before[peer].writev;
    return `${((write + writev) / saves).toFixed(2)} (${(write / saves).toFixed(2)} write + ${(writev / saves).toFixed(2)} writev)`;
  };
  const cpu = (after.cpuMicros - before.cpuMicros) / 1000 / saves;
  return (
    `socket writes a save: HTTP answer ${per('http')}, PostgreSQL ${per('postgres')}; ` +
    `the server's CPU: ${cpu.toFixed(3)} ms a save`
  );
};

function report(label: string, phase: Phase, seconds: number): void {
  const s = summary(phase.times);
  console.log(
    `${label}: ${phase.saves} saves in ${seconds} s (${phase.perSecond.toFixed(0)}/s), ${phase.errors.length} errors; ` +
      `p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`,
  );
  for (const e of phase.errors.slice(0, 5)) console.log(`  error: ${e}`);
}

/** `strace -c` attached to the server for a short closed loop: the system calls behind the counted writes. */
async function straced(server: ChildProcess, post: Post, visits: Visit[]): Promise<void> {
  const out = `/tmp/exam-save-strace-${server.pid}.txt`;
  const strace = spawn(
    'strace',
    ['-c', '-f', '-e', 'trace=write,writev', '-o', out, '-p', String(server.pid)],
    {
      stdio: 'ignore',
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const phase = await closedLoop(post, visits, STRACE_SECONDS);
  const exited = new Promise((resolve) => strace.once('exit', resolve));
  strace.kill('SIGINT');
  await exited;
  console.log(
    `strace -c -f -e trace=write,writev, ${phase.saves} saves (${STRACE_SECONDS} s, slowed by strace):`,
  );
  const text = readFileSync(out, 'utf8');
  for (const line of text.split('\n').filter((l) => /\b(writev?|total)\s*$/.test(l))) {
    const calls = Number(line.trim().split(/\s+/)[3]);
    console.log(`  ${line.trim()}   → ${(calls / phase.saves).toFixed(2)} a save`);
  }
}

type Server = ReturnType<typeof serve>;
type Verdict = (ok: boolean) => string;

/** The closed loop, then (PostgreSQL) its statements replayed directly: the ratio target. */
async function closedPhases(kind: BenchDb, server: Server, post: Post, visits: Visit[], verdict: Verdict) {
  console.log(`closed loop: ${WRITERS} writers (${CLIENT} client), no pause, ${SECONDS} s`);
  const before = await server.writes();
  const closedCpuUntil = measureCpu();
  const closed = await closedLoop(post, visits, SECONDS);
  const closedCpu = closedCpuUntil(closed.saves);
  report('  HTTP', closed, SECONDS);
  console.log(
    `  the writers' own CPU: ${closedCpu.selfMs.toFixed(3)} ms a save ` +
      `(${((closedCpu.selfMs * closed.saves) / 1000 / SECONDS).toFixed(2)} of a core); ` +
      (kind === 'postgres' ? `PostgreSQL's: ${closedCpu.postgresMs.toFixed(3)} ms a save ` : '') +
      `(the host's steal ${(closedCpu.steal * 100).toFixed(1)} %)`,
  );
  console.log(`  ${diff(await server.writes(), before, closed.saves)}`);

  if (kind !== 'postgres') return true;
  const capturing = child<Captured>('./capture.ts', [kind, JSON.stringify(visits)]);
  const captured = await capturing.message;
  await capturing.close();
  const one = captured.saves[0]!;
  for (const type of ['spectacles', 'biometry'] as const)
    console.log(
      `  a ${type} save sends ${one[type].length} statement(s): ` +
        one[type].map((s) => s.text.replace(/\s+/g, ' ').slice(0, 90)).join(' | '),
    );
  for (const text of captured.background)
    console.log(`  and, batched between saves (not replayed): ${text.replace(/\s+/g, ' ').slice(0, 90)}`);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL });
  try {
    await direct(pool, captured, 1);
    const directCpuUntil = measureCpu();
    const sql = await direct(pool, captured, SECONDS);
    const directCpu = directCpuUntil(sql.saves);
    report(`  direct (${WRITERS} workers, pool of ${POOL})`, sql, SECONDS);
    console.log(
      `  CPU a direct round: the workers ${directCpu.selfMs.toFixed(3)} ms, PostgreSQL ${directCpu.postgresMs.toFixed(3)} ms ` +
        `(the host's steal ${(directCpu.steal * 100).toFixed(1)} %)`,
    );
    const ratio = closed.perSecond / sql.perSecond;
    const ok = ratio >= TARGET_RATIO;
    console.log(
      `  HTTP ${closed.perSecond.toFixed(0)} saves/s, direct ${sql.perSecond.toFixed(0)} statement rounds/s: ` +
        `ratio ${(ratio * 100).toFixed(1)} % (target ≥ ${TARGET_RATIO * 100} %) → ${verdict(ok)}`,
    );
    return ok;
  } finally {
    await pool.end();
  }
}

/** The open loop: the p95 target, and the seconds whose p95 missed it. */
async function openPhase(kind: BenchDb, server: Server, post: Post, visits: Visit[], verdict: Verdict) {
  console.log(`open loop: ${RATE} saves/s on schedule, ${SECONDS} s, latency from the scheduled send`);
  const beforeOpen = await server.writes();
  const open = await openLoop(post, visits, RATE, SECONDS);
  report('  HTTP', open, SECONDS);
  console.log(`  ${diff(await server.writes(), beforeOpen, open.saves)}`);
  const p95 = summary(open.times).p95;
  const ok = p95 <= TARGET_OPEN_P95_MS && open.errors.length === 0;
  console.log(`  target: p95 ≤ ${TARGET_OPEN_P95_MS} ms and 0 errors → ${verdict(ok)}`);
  slowSeconds(open.timeline);
  return kind !== 'postgres' || ok;
}

async function run(kind: BenchDb): Promise<boolean> {
  const server = serve(kind);
  const app = await server.message;
  const post = client(app);
  let pass = true;
  const verdict = (ok: boolean) => (ok ? 'PASS' : kind === 'postgres' ? 'FAIL' : 'reported');
  try {
    console.log(`\n== exam saves on ${kind} ==`);
    // Each writer has a patient and a visit of their own (a doctor's patient of the moment).
    const visits: Visit[] = await Promise.all(
      Array.from({ length: WRITERS }, async (_, i) => {
        const patient = await post('mo/patient', {
          name: `Bench Writer ${i} ${Date.now()}`,
          phone: `0770 ${String(1_000_000 + i * 7919).slice(0, 3)} ${String(1_000_000 + i * 7919).slice(3, 7)}`,
          age: 60,
        });
        if (patient.status !== 201) throw new Error(`patient: ${patient.status} ${patient.text}`);
        const entry = await post('mo/queue', { patientId: patient.json!.data.id });
        if (entry.status !== 201) throw new Error(`queue: ${entry.status} ${entry.text}`);
        return { patientId: patient.json!.data.id, queueId: entry.json!.data.id };
      }),
    );
    // Warm-up: one save of each type per writer, not measured.
    await Promise.all(visits.map((v) => post('mo/exam/spectacles', { ...v, ...EXAM_SAMPLES.spectacles })));
    await Promise.all(visits.map((v) => post('mo/exam/biometry', { ...v, ...EXAM_SAMPLES.biometry })));

    if (PHASES.has('closed')) pass = (await closedPhases(kind, server, post, visits, verdict)) && pass;
    if (PHASES.has('open')) pass = (await openPhase(kind, server, post, visits, verdict)) && pass;

    if (process.env.BENCH_STRACE) await straced(server.process, post, visits);
  } finally {
    await server.close();
  }
  return pass;
}

let ok = true;
for (const kind of chosenDatabases()) ok = (await run(kind)) && ok;
process.exitCode = ok ? 0 : 1;
