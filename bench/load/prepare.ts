// Makes sure the 1,000,000-patient database of bench/patient-search exists (generated on first use, a few
// minutes) before the clinic day runs on it. Run on its own: npx tsx --conditions=source bench/load/prepare.ts
import { sql } from 'drizzle-orm';
import { startBenchApp } from '../shared/bench-app.ts';
import { ensurePatients } from '../patient-search/generate.ts';
import { ORG_SLUG, PATIENTS } from './config.ts';

export async function ensureDatabase(): Promise<number> {
  const app = await startBenchApp('postgres', 'patient-search', ORG_SLUG);
  try {
    const patients = await ensurePatients(app.db, app.org.id, PATIENTS, (line) => console.log(line));
    // Fresh statistics for the planner, as autovacuum would keep them: this machine's PostgreSQL runs without it,
    // and other benches write into the same database. After bench/board's 700 visits of one patient, the
    // statistics said every visit belonged to patient 1; the worklist's plan then merged with the patients' whole
    // primary key, 3 s a call, and the clinic day's p95 went to seconds.
    // BENCH_ANALYZE=0 skips it: the clinic day on a database without statistics (as a restore left one before
    // it ran ANALYZE).
    if (process.env.BENCH_ANALYZE !== '0') await app.db.execute(sql`ANALYZE`);
    return patients;
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`patients: ${(await ensureDatabase()).toLocaleString('en')}`);
}
