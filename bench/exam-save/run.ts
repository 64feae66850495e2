// bench/exam-save: 20 clinicians saving spectacles and biometry records at once, for 30 s: each save is validated,
// its derived values computed (SE, transposition; SRK/T with its lens table), audited and announced live.
// Target on PostgreSQL: p95 ≤ 30 ms and 0 errors; the same is reported on PGlite.
// Run: npx tsx --conditions=source bench/exam-save/run.ts [--db=postgres|pglite]   (BENCH_SECONDS, default 30)
import { fork } from 'node:child_process';
import { chosenDatabases, ms, summary, type BenchDb } from '../shared/bench-app.ts';
import { EXAM_SAMPLES } from '../shared/exam-samples.ts';

const WRITERS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const TARGET_P95_MS = 30;

interface Served {
  base: string;
  token: string;
  slug: string;
}

/** The app in a child process of its own, on the benchmark database of `kind`. */
async function serve(kind: BenchDb): Promise<{ app: Served; close: () => Promise<void> }> {
  const child = fork(new URL('./server.ts', import.meta.url), [kind], {
    // BENCH_PROFILE=1: a CPU profile of the server in /tmp/prof.
    execArgv: [
      '--conditions=source',
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
    ],
  });
  const app = await new Promise<Served>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Served));
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const close = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.disconnect();
    });
  return { app, close };
}

async function run(kind: BenchDb): Promise<boolean> {
  const { app, close } = await serve(kind);
  try {
    console.log(`\n== exam saves on ${kind}: ${WRITERS} writers for ${SECONDS} s ==`);
    const headers = {
      authorization: `Bearer ${app.token}`,
      'x-organization': app.slug,
      'content-type': 'application/json',
    };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${app.base}/api/${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as { data: { id: number } }) : null, text };
    };
    // Each writer has a patient and a visit of their own (a doctor's patient of the moment).
    const visits = await Promise.all(
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

    const times: number[] = [];
    const errors: string[] = [];
    const until = performance.now() + SECONDS * 1000;
    const writer = async (w: number) => {
      for (let n = 0; performance.now() < until; n++) {
        const type = (n + w) % 2 === 0 ? 'spectacles' : 'biometry';
        const t0 = performance.now();
        const res = await post(`mo/exam/${type}`, { ...visits[w], ...EXAM_SAMPLES[type] });
        times.push(performance.now() - t0);
        if (res.status !== 201) errors.push(`${res.status} ${res.text.slice(0, 200)}`);
      }
    };
    // Warm-up: one save of each type per writer, not measured.
    await Promise.all(visits.map((v) => post('mo/exam/spectacles', { ...v, ...EXAM_SAMPLES.spectacles })));
    await Promise.all(visits.map((v) => post('mo/exam/biometry', { ...v, ...EXAM_SAMPLES.biometry })));
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

    const s = summary(times);
    console.log(`${times.length} saves (${(times.length / SECONDS).toFixed(0)}/s), ${errors.length} errors`);
    console.log(`  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`);
    for (const e of errors.slice(0, 5)) console.log(`  error: ${e}`);
    const pass = s.p95 <= TARGET_P95_MS && errors.length === 0;
    console.log(
      `target: p95 ≤ ${TARGET_P95_MS} ms and 0 errors → ${pass ? 'PASS' : kind === 'postgres' ? 'FAIL' : 'reported'}`,
    );
    return pass || kind === 'pglite';
  } finally {
    await close();
  }
}

let ok = true;
for (const kind of chosenDatabases()) ok = (await run(kind)) && ok;
process.exitCode = ok ? 0 : 1;
