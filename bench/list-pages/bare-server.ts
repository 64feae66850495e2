// Child process of run.ts (BENCH_BARE=1): the least an HTTP server can do for a page, to read the product's
// server against. `GET /<page key>` runs the page's captured statements as the SQL replay does (rounds.ts, a
// pool of 10) and answers the rows of its largest result as JSON, keyed by column name. No framework, no
// session, no validation, no answer schema: node:http, pg and JSON.stringify. Nothing of the app is loaded.
import http from 'node:http';
import pg from 'pg';
import { roundOf } from './rounds.ts';
import type { CapturedPage } from './prepare.ts';

const pool = new pg.Pool({ connectionString: process.argv[2]!, max: 10 });
const stopHeapSampling = process.env.BENCH_HEAP
  ? await (
      await import('../shared/heap-sampling.ts')
    ).startHeapSampling(`/tmp/prof/heap-bare-${process.pid}.heapprofile`)
  : undefined;
const routes = new Map<string, () => Promise<pg.QueryResult[]>>();

/** Array-mode rows (as drizzle asks for them) become objects, as an answer would carry them. */
function rowsOf(result: pg.QueryResult): unknown[] {
  if (result.rows.length === 0 || !Array.isArray(result.rows[0])) return result.rows;
  const names = result.fields.map((f) => f.name);
  return (result.rows as unknown[][]).map((row) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) object[names[i]!] = row[i];
    return object;
  });
}

const server = http.createServer((request, response) => {
  const round = routes.get(request.url!.slice(1));
  if (!round) {
    response.writeHead(404).end();
    return;
  }
  round().then(
    (results) => {
      const largest = results.reduce((a, b) => (b.rows.length > a.rows.length ? b : a));
      const body = JSON.stringify({ data: rowsOf(largest) });
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    },
    (error: unknown) => response.writeHead(500).end(String(error)),
  );
});

process.once('message', (message) => {
  for (const page of (message as { pages: CapturedPage[] }).pages)
    if (page.statements.length > 0) routes.set(page.key, roundOf(pool, page.statements));
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.send?.({ base: `http://127.0.0.1:${port}` });
  });
});
process.on('message', (message) => {
  if (message !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  process.send?.({ cpuMicros: user + system });
});
process.on('disconnect', () => {
  server.close();
  void (async () => {
    await stopHeapSampling?.();
    await pool.end();
    process.exit(0);
  })();
});
