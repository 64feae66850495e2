// The app in-process on the kept large clinic, its SQL recorded (sql-capture.ts): what plans.ts and explain.ts ask
// pages of. Bench-only.
import { buildApp } from '@basira/server/src/app.ts';
import { openDatabase } from '@basira/server/src/db/client.ts';
import { benchConfig } from './config.ts';
import { keptLargeClinic } from './large-clinic.ts';
import { installSqlCapture } from './sql-capture.ts';

export const LARGE_CLINIC_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/basira_bench_lists_large';

export async function largeClinicApp(poolSize: number) {
  const config = benchConfig(LARGE_CLINIC_URL, { TELEGRAM_WORKER: 'false' });
  const kept = keptLargeClinic(config.DATA_DIR, LARGE_CLINIC_URL);
  if (!kept) throw new Error('no large clinic: run BENCH_CLINIC=large npx tsx bench/list-pages/run.ts first');
  const database = await openDatabase({ databaseUrl: LARGE_CLINIC_URL, dataDir: config.DATA_DIR, poolSize });
  installSqlCapture();
  const built = await buildApp(config, { database, print: () => {} });
  /** A call as the clinic's screens make it; a failure throws. */
  const call = async (url: string, token: string | null, payload?: object) => {
    const res = await built.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { 'x-organization': kept.slug, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json() as { data: { token: string } };
  };
  /** The token of the demo's account with this role. */
  const signIn = async (role: string) => {
    const account = kept.accounts.find((a) => a.role === role)!;
    return (await call('/api/login', null, { email: account.email, password: account.password })).data.token;
  };
  const close = async () => {
    await built.close();
    await database.close();
  };
  return { kept, db: built.database.db, call, signIn, close };
}
