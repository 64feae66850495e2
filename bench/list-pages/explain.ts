// bench/list-pages/explain.ts: how PostgreSQL runs a page's statements on the large clinic. For each URL given,
// asks the page (as the app, in-process), records its statements, and prints `EXPLAIN (ANALYZE, BUFFERS)` of each,
// planned with its values and, with `--generic`, as a generic plan too (plan_cache_mode=force_generic_plan).
//   flock /tmp/coord/e2e.lock npx tsx --conditions=source bench/list-pages/explain.ts [--generic] [--doctor] URL…
import pg from 'pg';
import { buildApp } from '@basira/server/src/app.ts';
import { openDatabase, SESSION_OPTIONS } from '@basira/server/src/db/client.ts';
import { benchConfig } from './config.ts';
import { keptLargeClinic } from './large-clinic.ts';
import { captureSql, installSqlCapture, type CapturedStatement } from './sql-capture.ts';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/basira_bench_lists_large';
const args = process.argv.slice(2);
const generic = args.includes('--generic');
const role = args.includes('--doctor') ? 'Doctor' : 'Administrator';
const urls = args.filter((a) => !a.startsWith('--'));

const config = benchConfig(DATABASE_URL, { TELEGRAM_WORKER: 'false' });
const kept = keptLargeClinic(config.DATA_DIR, DATABASE_URL);
if (!kept) throw new Error('no large clinic: run BENCH_CLINIC=large npx tsx bench/list-pages/run.ts first');
const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
installSqlCapture();
const built = await buildApp(config, { database, print: () => {} });
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
const account = kept.accounts.find((a) => a.role === role)!;
const token = (await call('/api/login', null, { email: account.email, password: account.password })).data
  .token;

/** A parameter's value written in SQL (EXECUTE takes no bound parameters). */
function literalOf(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value))
    return client.escapeLiteral(
      `{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
    );
  return client.escapeLiteral(String(value));
}

/**
 * EXPLAIN of the statement as the app sends it: with `force_custom_plan`, planned with its values; with
 * `force_generic_plan`, the generic plan PostgreSQL would keep (a statement prepared in SQL and explained by EXECUTE:
 * EXPLAIN of the text itself would plan it with the values).
 */
async function explain(statement: CapturedStatement, mode: 'force_custom_plan' | 'force_generic_plan') {
  const client = new pg.Client({
    connectionString: DATABASE_URL,
    options: `${SESSION_OPTIONS} -c plan_cache_mode=${mode}`,
  });
  await client.connect();
  try {
    await client.query(`PREPARE explained AS ${statement.text}`);
    const params = statement.values.map((value) => literalOf(client, value)).join(', ');
    const text = `EXPLAIN (ANALYZE, BUFFERS) EXECUTE explained${params ? `(${params})` : ''}`;
    // The last of three printed: the first ones warm the cache.
    for (const last of [false, false, true]) {
      const result = await client.query<{ 'QUERY PLAN': string }>(text);
      if (last) console.log(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  } finally {
    await client.end();
  }
}

try {
  for (const url of urls) {
    await call(url, token);
    const { statements } = await captureSql(() => call(url, token));
    for (const statement of statements) {
      console.log(`\n=== ${url}\n${statement.text}\n-- values ${JSON.stringify(statement.values)}`);
      await explain(statement, 'force_custom_plan');
      if (generic) {
        console.log('--- generic');
        await explain(statement, 'force_generic_plan');
      }
    }
  }
} finally {
  await built.close();
  await database.close();
}
