import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStream } from '../../test/event-stream.ts';
import { dbKind, startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';
import { spawnServer, type ServerProcess } from '../../test/server-process.ts';

/**
 * Two real server processes on one PostgreSQL database, as behind a load balancer (docs/scaling.md): what one
 * does, the other knows within a second. The third point of the scaling note, every Telegram message sent exactly
 * once with the worker on in both, is proven by messaging.test.ts ("two server processes never send one message
 * twice"), which spawns the same processes.
 */
const SKIP_REASON =
  'two server processes share a database only on PostgreSQL (PGlite lives inside one process)';
const onPostgres = dbKind === 'postgres' ? describe : describe.skip;
if (dbKind !== 'postgres') console.info(`two-servers.test.ts skipped: ${SKIP_REASON}`);

/** How long a change made on one process may take to be seen on the other. */
const WITHIN_MS = 1000;

onPostgres('two server processes, one database', () => {
  let t: TestApp;
  let org: TestOrg;
  let a: ServerProcess;
  let b: ServerProcess;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    // In-process, only to make organizations and users; every request under test goes to a or b over HTTP.
    t = await startTestApp();
    org = await t.newOrg();
    const env = { DATABASE_URL: inject('databaseUrl')!, TELEGRAM_WORKER: 'false' };
    a = spawnServer(env);
    b = spawnServer(env);
    [urlA, urlB] = await Promise.all([a.url, b.url]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await t?.close();
  });

  const call = (base: string, method: string, url: string, token: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-organization': org.slug,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** Calls until the answer has the status, and says how long it took (at most `WITHIN_MS` and a margin). */
  async function untilStatus(request: () => Promise<Response>, status: number): Promise<number> {
    const started = Date.now();
    for (;;) {
      const res = await request();
      if (res.status === status) return Date.now() - started;
      if (Date.now() - started > 5 * WITHIN_MS)
        throw new Error(`still ${res.status} after ${Date.now() - started} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('a queue change made through A reaches an event stream open on B within 1 s', async () => {
    const stream = await openStream(urlB, `token=${encodeURIComponent(org.adminToken)}&org=${org.slug}`);
    expect(stream.status).toBe(200);
    await stream.next('ready', 5000);
    const patient = await call(urlA, 'POST', '/api/mo/patient', org.adminToken, {
      name: 'Noor Abbas',
      phone: '0770 555 0101',
    });
    expect(patient.status).toBe(201);
    const patientId = ((await patient.json()) as { data: { id: number } }).data.id;

    const sent = Date.now();
    const queued = await call(urlA, 'POST', '/api/mo/queue', org.adminToken, { patientId });
    expect(queued.status).toBe(201);
    const entryId = ((await queued.json()) as { data: { id: number } }).data.id;
    const received = await stream.next('queue.changed', 3000);
    stream.close();
    expect(received?.data).toMatchObject({ id: entryId, action: 'created' });
    const delay = received!.at - sent;
    console.info(`two servers: a queue change on A reached B's event stream in ${delay} ms`);
    expect(delay).toBeLessThan(WITHIN_MS);
  });

  it('a session ended on A (logout) is refused on B at once, not after B’s cache lifetime', async () => {
    const token = await t.login(org.slug, org.adminEmail, org.adminPassword);
    // B has the session in its cache.
    expect((await call(urlB, 'GET', '/api/me', token)).status).toBe(200);
    expect((await call(urlA, 'POST', '/api/logout', token)).status).toBe(200);
    const took = await untilStatus(() => call(urlB, 'GET', '/api/me', token), 401);
    console.info(`two servers: a logout on A was refused on B after ${took} ms`);
    expect(took).toBeLessThan(WITHIN_MS);
  });

  it('a permission taken away on A is refused on B (403); a user deactivated on A is refused on B (401)', async () => {
    const user = await userWith(t, org, ['show patients']);
    const read = () => call(urlB, 'GET', '/api/mo/patient', user.token);
    expect((await read()).status).toBe(200);

    const role = await call(urlA, 'POST', `/api/role/${user.roleId}`, org.adminToken, {
      name: `without patients ${user.roleId}`,
      permissions: ['dashboard'],
    });
    expect(role.status).toBe(200);
    const forbiddenAfter = await untilStatus(read, 403);
    expect(forbiddenAfter).toBeLessThan(WITHIN_MS);

    const me = () => call(urlB, 'GET', '/api/me', user.token);
    expect((await me()).status).toBe(200);
    const disabled = await call(urlA, 'POST', `/api/user/${user.id}`, org.adminToken, {
      name: `User ${user.id}`,
      email: user.email,
      isActive: false,
      roles: [user.roleId],
    });
    expect(disabled.status, await disabled.clone().text()).toBe(200);
    const refusedAfter = await untilStatus(me, 401);
    console.info(
      `two servers: a role change on A was refused on B after ${forbiddenAfter} ms, a deactivation after ${refusedAfter} ms`,
    );
    expect(refusedAfter).toBeLessThan(WITHIN_MS);
  });
});
