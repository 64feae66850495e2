import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultCluster, type FaultCluster } from '../test/fault-cluster.ts';
import { openStream } from '../test/event-stream.ts';

/**
 * A real server process on the fault cluster while PostgreSQL is restarted, stopped for 5 s and killed with -9.
 * Requests never stop meanwhile: each failure must be a 503 `database.unavailable` in time (never a 500, a hang
 * or a dead process), and within 5 s of PostgreSQL accepting connections again requests succeed and live events
 * reach both an event stream kept open through the outage and one opened after it.
 */
const cluster = faultCluster();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const REQUEST_TIMEOUT_MS = 10_000;
const RECOVERY_MS = 5_000;
const ORG = 'default';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  what: 'list' | 'health';
  sentAt: number;
  doneAt: number;
  /** 0: no answer (connection refused, reset, or timed out). */
  status: number;
  code?: string;
  database?: string;
  error?: string;
}

interface Figures {
  fault: string;
  round: number;
  requests: number;
  failed: number;
  /** First failed answer to the first success after it, as the clients saw it. */
  outageMs: number;
  /** From pg_isready succeeding to the first successful request. */
  recoverMs: number;
  /** From pg_isready succeeding to a queue change made then reaching both event streams. */
  eventsMs: number;
}

const figures: Figures[] = [];

describe.skipIf(!cluster)('database outages under a running server', () => {
  const c = cluster as FaultCluster;
  let server: ChildProcess;
  let base = '';
  let token = '';
  let patientId = 0;
  let output = '';

  beforeAll(async () => {
    server = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          DATABASE_URL: c.url,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          LOG_FORMAT: 'json',
          ADMIN_PASSWORD: 'bootstrap-password',
          REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
          TELEGRAM_WORKER: 'false',
          // The load below is one user calling every 50 ms on two loops for minutes, past a person's pace.
          REQUESTS_PER_USER_PER_MINUTE: '1000000',
        },
      },
    );
    server.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const until = Date.now() + 90_000;
    for (;;) {
      const found = /running at (http:\/\/\S+)/.exec(output);
      if (found) {
        base = found[1]!;
        break;
      }
      if (server.exitCode !== null || Date.now() > until)
        throw new Error(`the server did not start:\n${output}`);
      await sleep(100);
    }
    const login = await call('POST', '/api/login', {
      email: 'admin@basira.local',
      password: 'bootstrap-password',
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    const phone = `0770 ${String(Date.now()).slice(-7, -4)} ${String(Date.now()).slice(-4)}`;
    const patient = await call('POST', '/api/mo/patient', { name: 'Outage Patient', phone });
    expect(patient.status).toBe(201);
    patientId = ((await patient.json()) as { data: { id: number } }).data.id;
  });

  afterAll(async () => {
    if (figures.length) {
      console.log('\nDatabase outage figures (server on PostgreSQL, requests every ~50 ms):');
      console.table(figures);
    }
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
        server.once('exit', () => resolve(clearTimeout(timer)));
      });
    }
  });

  function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Response> {
    return fetch(`${base}${url}`, {
      method,
      headers: {
        'x-organization': ORG,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS + 2_000),
    });
  }

  async function ask(what: Answer['what']): Promise<Answer> {
    const sentAt = Date.now();
    try {
      const res = await call('GET', what === 'list' ? '/api/mo/patient?page=1' : '/api/health');
      const body = (await res.json()) as { code?: string; data?: { database?: string } };
      return {
        what,
        sentAt,
        doneAt: Date.now(),
        status: res.status,
        code: body.code,
        database: body.data?.database,
      };
    } catch (error) {
      return { what, sentAt, doneAt: Date.now(), status: 0, error: String(error) };
    }
  }

  /** Requests one after another, each kind on its own, until stopped. */
  function load() {
    const answers: Answer[] = [];
    let running = true;
    const loop = async (what: Answer['what']) => {
      while (running) {
        answers.push(await ask(what));
        await sleep(50);
      }
    };
    const loops = Promise.all([loop('list'), loop('health')]);
    return {
      answers,
      stop: async () => {
        running = false;
        await loops;
      },
    };
  }

  /**
   * Queue changes, one every 300 ms (one made before the listening connection is back is never heard of), until
   * one of them has reached every stream; resolves with the moment the last stream heard of it, or null.
   */
  async function eventsFlow(streams: Awaited<ReturnType<typeof openStream>>[], deadline: number) {
    const ids = new Set<number>();
    const heardAt = (stream: (typeof streams)[number]) =>
      stream.events.find((e) => e.event === 'queue.changed' && ids.has((e.data as { id: number }).id))?.at;
    while (Date.now() < deadline) {
      const res = await call('POST', '/api/mo/queue', { patientId, confirmDuplicate: true });
      if (res.status === 201) ids.add(((await res.json()) as { data: { id: number } }).data.id);
      await sleep(300);
      const arrivals = streams.map(heardAt);
      if (arrivals.every((at) => at !== undefined)) return Math.max(...(arrivals as number[]));
    }
    return null;
  }

  async function underFault(fault: string, round: number, damage: () => Promise<void>) {
    const query = `token=${encodeURIComponent(token)}&org=${ORG}`;
    const keptOpen = await openStream(base, query);
    expect(await keptOpen.next('ready')).toBeTruthy();
    const traffic = load();
    await sleep(300);
    await damage();
    const readyAt = await c.waitReady();
    // Both kinds of request answer again within the limit.
    let recoveredAt = 0;
    for (const what of ['list', 'health'] as const)
      for (;;) {
        const answer = await ask(what);
        if (answer.status === 200) {
          recoveredAt = Math.max(recoveredAt, answer.doneAt);
          break;
        }
        if (Date.now() > readyAt + RECOVERY_MS * 4) break;
        await sleep(50);
      }
    const fresh = await openStream(base, query);
    const eventsAt = await eventsFlow([keptOpen, fresh], readyAt + RECOVERY_MS * 4);
    await sleep(300);
    await traffic.stop();
    keptOpen.close();
    fresh.close();

    const { answers } = traffic;
    const failed = answers.filter((a) => a.status !== 200);
    // The outage as clients saw it: from the first failed request to the first success after the last one.
    const firstFailure = Math.min(...failed.map((a) => a.sentAt));
    const lastFailure = Math.max(...failed.map((a) => a.sentAt));
    const backAt = Math.min(
      ...answers.filter((a) => a.status === 200 && a.sentAt > lastFailure).map((a) => a.doneAt),
      recoveredAt,
    );
    figures.push({
      fault,
      round,
      requests: answers.length,
      failed: failed.length,
      outageMs: failed.length === 0 ? 0 : backAt - firstFailure,
      recoverMs: recoveredAt - readyAt,
      eventsMs: eventsAt === null ? -1 : eventsAt - readyAt,
    });

    expect(server.exitCode, output.slice(-3000)).toBeNull();
    // Every failure is the database being down, said as such, in time.
    for (const answer of failed) {
      expect(answer, JSON.stringify(answer)).toMatchObject({ status: 503, code: 'database.unavailable' });
      expect(answer.doneAt - answer.sentAt).toBeLessThan(REQUEST_TIMEOUT_MS);
      if (answer.what === 'health') expect(answer.database).toBe('down');
    }
    expect(recoveredAt - readyAt, 'requests succeed again').toBeLessThan(RECOVERY_MS);
    expect(eventsAt, 'live events reach both streams').not.toBeNull();
    // The stream kept open was told to refetch what it shows: events of the outage were missed.
    expect(keptOpen.events.filter((e) => e.event === 'ready').length).toBeGreaterThanOrEqual(2);
    expect(eventsAt! - readyAt, 'live events flow again').toBeLessThan(RECOVERY_MS);
  }

  const faults: [string, () => Promise<void>][] = [
    ['restart -m fast', () => c.restart()],
    [
      'stopped 5 s',
      async () => {
        await c.stop();
        await sleep(5_000);
        await c.start();
      },
    ],
    ['postmaster kill -9', () => c.killPostmaster()],
  ];

  for (const [fault, damage] of faults)
    it(`survives PostgreSQL ${fault} (${c?.rounds ?? 0} rounds)`, async () => {
      for (let round = 1; round <= c.rounds; round++) await underFault(fault, round, damage);
    });
});
