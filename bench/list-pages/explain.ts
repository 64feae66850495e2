// bench/list-pages/explain.ts: how PostgreSQL runs a page's statements on the large clinic. For each URL given,
// asks the page (as the app, in-process), records its statements, and prints `EXPLAIN (ANALYZE, BUFFERS)` of each,
// planned with its values and, with `--generic`, as a generic plan too (plan_cache_mode=force_generic_plan).
//   flock /tmp/coord/e2e.lock npx tsx --conditions=source bench/list-pages/explain.ts [--generic] [--doctor] URL…
import pg from 'pg';
import { SESSION_OPTIONS } from '@basira/server/src/db/client.ts';
import { LARGE_CLINIC_URL, largeClinicApp } from './large-clinic-app.ts';
import { captureSql, type CapturedStatement } from './sql-capture.ts';

const args = process.argv.slice(2);
const generic = args.includes('--generic');
const role = args.includes('--doctor') ? 'Doctor' : 'Administrator';
const urls = args.filter((a) => !a.startsWith('--'));

const { call, signIn, close } = await largeClinicApp(2);
const token = await signIn(role);

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
    connectionString: LARGE_CLINIC_URL,
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
  await close();
}
