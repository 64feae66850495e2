// Makes sure the 1,000,000-patient database of bench/patient-search exists (generated on first use, a few
// minutes) before the clinic day runs on it. Run on its own: npx tsx --conditions=source bench/load/prepare.ts
import { startBenchApp } from '../shared/bench-app.ts';
import { ensurePatients } from '../patient-search/generate.ts';
import { ORG_SLUG, PATIENTS } from './config.ts';

export async function ensureDatabase(): Promise<number> {
  const app = await startBenchApp('postgres', 'patient-search', ORG_SLUG);
  try {
    return await ensurePatients(app.db, app.org.id, PATIENTS, (line) => console.log(line));
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`patients: ${(await ensureDatabase()).toLocaleString('en')}`);
}
