// bench/patient-search/explain.ts: the statements one typeahead search sends, each with its time as the server
// saw it and its plan (EXPLAIN ANALYZE, BUFFERS), on the bench's PostgreSQL database (run run.ts first to make it).
// To find which stage of a slow search costs what before changing it.
// Run: npx tsx --conditions=source bench/patient-search/explain.ts "محمد رعد الإبراهيمي" ["another search" …]
//   --plans=0 prints the statements' times without their plans.
//   --set: instead of given searches, the bench's 200 (terms.ts), summed by kind: statements a search sends, its
//   time in this process, and the server's own (planning + execution, from EXPLAIN ANALYZE of each statement), with
//   the statements that cost the server most. Which kind is slow, and whether in PostgreSQL or around it.
import pg from 'pg';
import { PatientSearchService } from '@basira/server/src/modules/patients/patient-search.service.ts';
import { CountryDirectory } from '@basira/server/src/modules/patients/country-directory.ts';
import { systemClock } from '@basira/server/src/lib/clock.ts';
import { startBenchApp } from '../shared/bench-app.ts';
import { captureSql, installSqlCapture, type CapturedStatement } from '../list-pages/sql-capture.ts';
import { buildTerms } from './terms.ts';

const args = process.argv.slice(2);
const searches = args.filter((a) => !a.startsWith('--'));
const plans = !args.includes('--plans=0');
/** --repeat=N: the search N times first, then its statements' median times over N more (a warm, steady state). */
const repeat = Number(args.find((a) => a.startsWith('--repeat='))?.slice(9) ?? 1);

installSqlCapture();
const app = await startBenchApp('postgres', 'patient-search', 'bench-search');
const service = new PatientSearchService(app.db, await CountryDirectory.load(app.db), systemClock);
const scope = {
  orgId: app.org.id,
  userId: app.userId,
  ip: '127.0.0.1',
  requestId: 'explain',
  timeZone: app.org.timeZone,
};
const client = new pg.Client({
  connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/basira_bench',
});
await client.connect();

/** The server's planning and execution time and the buffers read of one captured statement (EXPLAIN ANALYZE again). */
async function serverTime(
  s: CapturedStatement,
): Promise<{ planning: number; execution: number; buffers: number }> {
  const { rows } = await client.query<{
    'QUERY PLAN': [
      {
        'Planning Time': number;
        'Execution Time': number;
        Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
      },
    ];
  }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${s.text}`, s.values);
  const [plan] = rows[0]!['QUERY PLAN'];
  return {
    planning: plan['Planning Time'],
    execution: plan['Execution Time'],
    buffers: plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'],
  };
}

/** How many times a search waited for PostgreSQL: statements sent together (overlapping in time) are one wait. */
function roundTrips(statements: CapturedStatement[]): number {
  let waits = 0;
  let until = -Infinity;
  for (const s of [...statements].sort((a, b) => a.start - b.start)) {
    if (s.start >= until) waits++;
    until = Math.max(until, s.end);
  }
  return waits;
}

if (args.includes('--set')) {
  const terms = await buildTerms(app);
  for (const t of terms) await service.typeahead(scope, t.text); // warm, as in the bench
  const byKind = new Map<
    string,
    {
      wall: number[];
      statements: number;
      waits: number;
      planning: number;
      execution: number;
      buffers: number;
    }
  >();
  const costly: { text: string; kind: string; shape: string; planning: number; execution: number }[] = [];
  for (const t of terms) {
    const t0 = performance.now();
    const { statements } = await captureSql(() => service.typeahead(scope, t.text));
    const wall = performance.now() - t0;
    const kind = byKind.get(t.kind) ?? {
      wall: [],
      statements: 0,
      waits: 0,
      planning: 0,
      execution: 0,
      buffers: 0,
    };
    byKind.set(t.kind, kind);
    kind.wall.push(wall);
    kind.statements += statements.length;
    kind.waits += roundTrips(statements);
    for (const s of statements) {
      const time = await serverTime(s);
      kind.planning += time.planning;
      kind.execution += time.execution;
      kind.buffers += time.buffers;
      const shape = s.name ?? s.text.replace(/\s+/g, ' ').slice(0, 60);
      costly.push({ text: t.text, kind: t.kind, shape, ...time });
    }
  }
  console.log(
    'kind                  n  statements / waits  wall mean /   p95   server plan + exec ms, buffers (mean a search)',
  );
  for (const [name, k] of byKind) {
    const n = k.wall.length;
    const sorted = [...k.wall].sort((a, b) => a - b);
    const p95 = sorted[Math.min(n - 1, Math.ceil(0.95 * n) - 1)]!;
    const mean = k.wall.reduce((a, b) => a + b, 0) / n;
    console.log(
      `${name.padEnd(20)} ${String(n).padStart(3)}  ${(k.statements / n).toFixed(1).padStart(10)} / ${(k.waits / n).toFixed(1).padStart(5)}  ${mean.toFixed(1).padStart(9)} / ${p95.toFixed(1).padStart(5)} ms  ${(k.planning / n).toFixed(2)} + ${(k.execution / n).toFixed(2)} ms, ${(k.buffers / n).toFixed(0)}`,
    );
  }
  console.log('\nthe 15 statements that cost the server most (planning + execution):');
  for (const c of costly.sort((a, b) => b.planning + b.execution - (a.planning + a.execution)).slice(0, 15))
    console.log(
      `  ${(c.planning + c.execution).toFixed(2).padStart(6)} ms (plan ${c.planning.toFixed(2)})  ${c.kind.padEnd(18)} "${c.text}"  ${c.shape}`,
    );
}

for (const search of searches) {
  for (let i = 0; i < repeat; i++) await service.typeahead(scope, search); // warm, as in the bench
  const runs = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const { result, statements } = await captureSql(() => service.typeahead(scope, search));
    const cpu = process.cpuUsage(cpu0);
    runs.push({
      total: performance.now() - t0,
      cpu: (cpu.user + cpu.system) / 1000,
      rows: result.length,
      statements,
    });
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const { rows, statements } = runs[0]!;
  const total = median(runs.map((r) => r.total));
  const cpu = median(runs.map((r) => r.cpu));
  console.log(
    `\n== "${search}": ${rows} rows in ${total.toFixed(1)} ms (median), this process's CPU ${cpu.toFixed(2)} ms, ${statements.length} statements`,
  );
  for (const [i, s] of statements.entries()) {
    const took = median(runs.map((r) => r.statements[i]!.end - r.statements[i]!.start));
    console.log(`\n-- ${took.toFixed(2)} ms: ${s.text.replace(/\s+/g, ' ').slice(0, 400)}`);
    console.log(`   values: ${JSON.stringify(s.values)}`);
    if (!plans) continue;
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
    for (const row of rows) console.log(`   ${row['QUERY PLAN']}`);
  }
}
await client.end();
await app.close();
