/**
 * Hostile traffic against a real server process: every route of the API description, called as an attacker and
 * as a careless client would (no token, a garbage token, encoded `/api` prefixes, ids past the 32-bit columns,
 * ids of the wrong type, JSON nested 5,000 deep). Prints how many requests got which status, the 5xx count and
 * the answers that let an unauthenticated call through. Not a test: its figures go into issue notes.
 *
 *   npx tsx bench/attack/run.ts                   # the built app of this checkout, on a fresh PGlite
 *   ATTACK_ROOT=/tmp/old npx tsx bench/attack/run.ts   # another checkout's build (e.g. before a fix)
 *   DATABASE_URL=postgres://…/empty npx tsx bench/attack/run.ts   # on PostgreSQL
 */
import { startServer, ADMIN } from '../../e2e/support/server.ts';

const root = process.env.ATTACK_ROOT;
// DATABASE_URL: an empty PostgreSQL database instead of a fresh PGlite. The probes come from one signed-in user,
// thousands of them: past the per-user limit they would only meet 429s.
const server = await startServer(
  {
    REQUESTS_PER_USER_PER_MINUTE: '100000000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  },
  root,
);

type Answer = { status: number; label: string };
const answers: Answer[] = [];

async function send(method: string, path: string, token?: string, body?: string): Promise<number> {
  const res = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
  await res.arrayBuffer();
  answers.push({ status: res.status, label: `${method} ${path}${token ? ' (token)' : ''}` });
  return res.status;
}

try {
  const login = await fetch(`${server.baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.username, password: ADMIN.password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const described = await fetch(`${server.baseURL}/api/docs/json`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const doc = (await described.json()) as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => m !== 'head')
      .map((m) => ({ method: m.toUpperCase(), path })),
  );
  const skipped = new Set(['/api/events', '/api/logout']);
  const publicPaths = new Set(['/api/login', '/api/health']);
  const odd = ['2147483647', '2147483648', '9007199254740993', 'true', '0x1', '1e3', '%5B1%5D', '-1'];
  const oddJson: unknown[] = [2147483647, 2147483648, 2 ** 53 + 2, true, [1], '0x1', 1.5, null];
  const idKeys = ['id', 'patientId', 'queueId', 'doctorId', 'survivorId', 'mergedId', 'version', 'countryId'];
  const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
  const bypasses: string[] = [];

  for (const { method, path } of routes) {
    if (skipped.has(path) || path.startsWith('/api/docs')) continue;
    const body = method === 'POST' ? '{}' : undefined;
    // Without a session, in every spelling of the prefix.
    for (const prefix of ['/api', '/%61pi', '/ap%69', '/a%70i'])
      for (const bad of [undefined, 'garbage-token']) {
        const url = prefix + fill(path, '1').slice(4);
        const status = await send(method, url, bad, body);
        if (status < 300 && !publicPaths.has(path)) bypasses.push(`${method} ${url}`);
      }
    // Signed in, with odd ids in the path, the query and the body.
    for (const [i, value] of odd.entries()) {
      const query = idKeys.map((k) => `${k}=${value}`).join('&');
      const payload =
        method === 'POST'
          ? JSON.stringify(Object.fromEntries(idKeys.map((k) => [k, oddJson[i]])))
          : undefined;
      await send(method, `${fill(path, value)}?${query}`, token, payload);
    }
    if (method === 'POST') await send(method, fill(path, '1'), token, '['.repeat(5000) + ']'.repeat(5000));
  }
  await send(
    'POST',
    '/api/login',
    undefined,
    `{"email":${'['.repeat(5000)}${']'.repeat(5000)},"password":"x"}`,
  );

  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  const errors = answers.filter((a) => a.status >= 500);
  console.log(`routes: ${routes.length}, requests: ${answers.length}`);
  console.log(
    'statuses:',
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join('  '),
  );
  console.log(`5xx: ${errors.length}`);
  for (const e of errors.slice(0, 15)) console.log(`  ${e.status} ${e.label}`);
  console.log(`unauthenticated successes on guarded routes: ${bypasses.length}`);
  for (const b of bypasses.slice(0, 15)) console.log(`  ${b}`);
} finally {
  await server.stop();
}
