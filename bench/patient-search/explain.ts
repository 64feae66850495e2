// bench/patient-search/explain.ts: the statements one typeahead search sends, each with its time as the server
// saw it and its plan (EXPLAIN ANALYZE, BUFFERS), on the bench's PostgreSQL database (run run.ts first to make it).
// To find which stage of a slow search costs what before changing it.
// Run: npx tsx --conditions=source bench/patient-search/explain.ts "محمد رعد الإبراهيمي" ["another search" …]
//   --plans=0 prints the statements' times without their plans.
import pg from 'pg';
import { PatientSearchService } from '@basira/server/src/modules/patients/patient-search.service.ts';
import { CountryDirectory } from '@basira/server/src/modules/patients/country-directory.ts';
import { systemClock } from '@basira/server/src/lib/clock.ts';
import { startBenchApp } from '../shared/bench-app.ts';
import { captureSql, installSqlCapture } from '../list-pages/sql-capture.ts';

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
