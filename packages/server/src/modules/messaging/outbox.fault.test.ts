import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { telegramMessages } from '../../db/schema.ts';
import { inOrg } from '../../lib/tenant.ts';
import { createOrganization } from '../organizations/organizations.service.ts';
import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram.ts';
import { spawnServer, type ServerProcess } from '../../test/server-process.ts';

/**
 * The outbox under kill -9 (`npm run test:faults`): 200 reminders against a slow Bot API that sometimes answers
 * 429, the worker's process killed mid-batch FAULT_ROUNDS times and started again. Nothing may be lost: every
 * message ends `sent` (delivered once) or `failed` as unconfirmed (docs/messaging.md, at-most-once); a message
 * delivered twice would have to have been in flight at a kill, so there are at most as many as kills.
 * FAULT_PG_URL names an empty PostgreSQL database of the fault runner's own cluster; the app's start-up migrates it.
 */
const DATABASE_URL = process.env.FAULT_PG_URL;
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 5);
const MESSAGES = 200;
const BOT_TOKEN = '123456:FAULT-token';

const run = DATABASE_URL ? describe : describe.skip;
if (!DATABASE_URL)
  console.warn('outbox.fault.test.ts skipped: FAULT_PG_URL is not set (run it with `npm run test:faults`)');

run('the Telegram outbox under kill -9', () => {
  let fake: FakeTelegram;
  let built: BuiltApp;
  let orgId: number;
  const workers = new Set<ServerProcess>();

  beforeAll(async () => {
    fake = await startFakeTelegram();
    // This process queues and reads; it never sends (TELEGRAM_WORKER=false). Its start-up migrates the database.
    built = await buildApp(
      loadConfig({
        DATABASE_URL: DATABASE_URL!,
        LOG_LEVEL: 'silent',
        ADMIN_PASSWORD: 'bootstrap-password',
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_API_BASE: fake.url,
        TELEGRAM_WORKER: 'false',
        // It queues 600 calls as one user as fast as it can: far past a person's limit.
        REQUESTS_PER_USER_PER_MINUTE: '1000000',
      }),
      { print: () => {} },
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all([...workers].map((w) => w.kill()));
    await built?.close();
    await fake?.close();
  });

  function worker(): ServerProcess {
    const child = spawnServer({
      DATABASE_URL: DATABASE_URL!,
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_BASE: fake.url,
      TELEGRAM_WORKER: 'true',
      TELEGRAM_LEASE_SECONDS: '2',
      TELEGRAM_POLL_MS: '100',
    });
    workers.add(child);
    child.child.once('exit', () => workers.delete(child));
    return child;
  }

  /** An organization with 200 patients, each linked to a chat and sent one message through the API. */
  async function queueReminders(): Promise<void> {
    const slug = `fault-${randomBytes(4).toString('hex')}`;
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const { org } = await createOrganization(built.database.db, {
      slug,
      name: `Clinic ${slug}`,
      admin: { name: 'Admin User', email: `admin@${slug}.test`, password, mustChangePassword: false },
    });
    orgId = org.id;
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-organization': slug },
      payload: { email: `admin@${slug}.test`, password },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const ok = async (url: string, payload: object) => {
      const res = await built.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${token}`, 'x-organization': slug },
      });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return (res.json() as { data: { id: number } }).data;
    };
    for (let i = 0; i < MESSAGES; i += 10)
      await Promise.all(
        Array.from({ length: Math.min(10, MESSAGES - i) }, async (_, k) => {
          const n = i + k;
          const phone = `0770 ${String(3_000_000 + n).slice(0, 3)} ${String(3_000_000 + n).slice(3)}`;
          const patient = await ok('/api/mo/patient', { name: `Fault Patient ${n}`, phone });
          await ok('/api/telegram/user', { patientId: patient.id, telegram_id: String(8_000_000 + n) });
          await ok(`/api/telegram/send/${patient.id}`, { message: `fault#${n}#`, footer: '' });
        }),
      );
  }

  const rows = () =>
    built.database.db
      .select({
        message: telegramMessages.message,
        status: telegramMessages.status,
        reason: telegramMessages.lastError,
      })
      .from(telegramMessages)
      .where(inOrg(telegramMessages, orgId));

  const deliveries = () => {
    const count = new Map<number, number>();
    for (const d of fake.delivered()) {
      const n = /^fault#(\d+)#$/.exec(d.text)?.[1];
      if (n !== undefined) count.set(Number(n), (count.get(Number(n)) ?? 0) + 1);
    }
    return count;
  };

  it(
    `loses no message and sends at most one twice per kill (${ROUNDS} kills)`,
    { timeout: 60_000 + ROUNDS * 90_000 },
    async () => {
      await queueReminders();
      const started = Date.now();
      // A slow Bot API that sometimes asks to wait.
      fake.setDelay(() => 20 + Math.random() * 30);
      fake.rateLimitSometimes(0.03, 1);

      let kills = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const child = worker();
        const before = fake.delivered().length;
        const target = before + 2 + Math.floor(Math.random() * 12);
        const until = Date.now() + 60_000;
        while (fake.delivered().length < target && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 5));
        // Mid-call most of the time: the Bot API takes 20-50 ms to answer.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
        if (fake.delivered().length >= MESSAGES) break;
        await child.kill('SIGKILL');
        kills++;
      }

      const last = worker();
      const until = Date.now() + 120_000;
      let final = await rows();
      while (final.some((m) => m.status !== 'sent' && m.status !== 'failed') && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        final = await rows();
      }
      await last.kill('SIGTERM');
      const seconds = (Date.now() - started) / 1000;

      const sent = deliveries();
      const numberOf = (m: { message: string }) => Number(/^fault#(\d+)#$/.exec(m.message)![1]);
      const unconfirmed = final.filter((m) => m.status === 'failed' && /^unconfirmed/.test(m.reason ?? ''));
      const lost = final.filter(
        (m) =>
          !(m.status === 'sent' && (sent.get(numberOf(m)) ?? 0) >= 1) &&
          !(m.status === 'failed' && /^unconfirmed/.test(m.reason ?? '')),
      );
      const duplicated = [...sent.values()].filter((n) => n > 1).length;
      const figures = {
        messages: final.length,
        kills,
        sent: final.filter((m) => m.status === 'sent').length,
        lost: lost.length,
        duplicated,
        unconfirmed: unconfirmed.length,
        unconfirmedButDelivered: unconfirmed.filter((m) => (sent.get(numberOf(m)) ?? 0) > 0).length,
        rateLimited: 'about 3% of calls (429, retry_after 1 s)',
        seconds: Number(seconds.toFixed(1)),
      };
      console.log(`outbox under kill -9: ${JSON.stringify(figures)}`);

      expect(final).toHaveLength(MESSAGES);
      expect(kills).toBeGreaterThan(0);
      expect(lost.map((m) => `${m.message} ${m.status} ${m.reason ?? ''}`)).toEqual([]);
      expect(duplicated).toBeLessThanOrEqual(kills);
      // One message is in flight per worker (it sends one at a time), so at most one unconfirmed per kill.
      expect(unconfirmed.length).toBeLessThanOrEqual(kills);
    },
  );
});
