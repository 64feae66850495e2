import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { addToDay, zonedDateTimeToIso, zonedParts } from '@basira/shared/dates/calendar';
import { DEFAULT_TIME_ZONE } from '@basira/shared/organizations/organization.schemas';
import type { Message, MessagingUser } from '@basira/shared/messaging/messaging.schemas';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram.ts';
import { dbKind, startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';
import { spawnServer, type ServerProcess } from '../../test/server-process.ts';
import { WEBHOOK_SECRET_HEADER } from './messaging.routes.ts';

const SECRET = 'webhook-secret-1';
let fake: FakeTelegram;
let clock: FakeClock;
let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  fake = await startFakeTelegram();
  clock = new FakeClock();
  t = await startTestApp({
    clock,
    env: {
      TELEGRAM_BOT_TOKEN: '123456:TEST-token',
      TELEGRAM_API_BASE: fake.url,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      // The tests drive the worker round by round.
      TELEGRAM_WORKER: 'false',
    },
  });
  org = await t.newOrg();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

/** Runs worker rounds until one finds nothing to do. */
async function drain(): Promise<void> {
  for (let round = 0; round < 50; round++) if ((await t.outbox!.runOnce()) === 0) return;
  throw new Error('the outbox did not drain');
}

async function linkedPatient(c: ReturnType<typeof clinic>, telegramId: number, name = 'Huda Kareem') {
  const patient = await c.patient({ name });
  await c.ok('POST', '/api/telegram/user', { patientId: patient.id, telegram_id: String(telegramId) });
  return patient;
}

const messagesOf = (c: ReturnType<typeof clinic>, patientId: number) =>
  c.ok<Message[]>('GET', `/api/telegram/message?patientId=${patientId}`);

describe('linking a patient to Telegram', () => {
  it('the popup links by a numeric ID; a non-numeric or absurd one is refused; relinking replaces; unlink', async () => {
    const c = clinic(t, org);
    const patient = await c.patient({ name: 'Omar Saleh' });
    const bad = await c.call('POST', '/api/telegram/user', { patientId: patient.id, telegram_id: '12ab' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ telegram_id: ['telegram_id.invalid'] });
    const absurd = await c.call('POST', '/api/telegram/user', { patientId: patient.id, telegram_id: 9e15 });
    expect(absurd.json().errors).toEqual({ telegram_id: ['telegram_id.range'] });

    const first = await c.call('POST', '/api/telegram/user', {
      patientId: patient.id,
      telegram_id: '5551234',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      telegram_id: 5551234,
      deleted_at: null,
      Patient: { id: patient.id, name: 'Omar Saleh' },
    });
    const second = await c.ok<MessagingUser>('POST', '/api/telegram/user', {
      patientId: patient.id,
      telegram_id: 7770001,
    });
    const now = await c.ok<MessagingUser>('GET', `/api/telegram/user?patientId=${patient.id}`);
    expect(now.id).toBe(second.id);
    expect(now.telegram_id).toBe(7770001);
    expect((await c.call('DELETE', `/api/telegram/user/${second.id}`)).statusCode).toBe(200);
    expect(await c.ok('GET', `/api/telegram/user?patientId=${patient.id}`)).toBeNull();
    expect((await c.call('DELETE', `/api/telegram/user/${second.id}`)).statusCode).toBe(404);

    // Another organization's patient, and a user without `send message`.
    const stranger = clinic(t, await t.newOrg());
    expect(
      (await stranger.call('POST', '/api/telegram/user', { patientId: patient.id, telegram_id: 1 }))
        .statusCode,
    ).toBe(404);
    const reception = await userWith(t, org, ['add patient']);
    expect(
      (await clinic(t, org, reception.token).call('GET', `/api/telegram/user?patientId=${patient.id}`))
        .statusCode,
    ).toBe(403);
  });

  it('the webhook refuses a wrong secret; `/start <token>` from the board link links the patient once', async () => {
    const c = clinic(t, org);
    const patient = await c.patient({ name: 'Sara Ahmed' });
    const link = await c.ok<{ url: string; botUsername: string }>('POST', `/api/telegram/link/${patient.id}`);
    expect(link.botUsername).toBe('basira_test_bot');
    const token = link.url.split('?start=')[1]!;
    expect(link.url).toBe(`https://t.me/basira_test_bot?start=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{1,64}$/);

    const update = (text: string, id = 9001) => ({
      update_id: id,
      message: {
        message_id: 1,
        text,
        chat: { id: 88001 },
        from: { id: 88001, is_bot: false, first_name: 'Sara', username: 'sara_a', language_code: 'en' },
      },
    });
    const post = (secret: string | undefined, body: unknown) =>
      t.request({
        method: 'POST',
        url: '/api/telegram/webhook',
        payload: body as object,
        headers: secret === undefined ? {} : { [WEBHOOK_SECRET_HEADER]: secret },
      });
    expect((await post(undefined, update(`/start ${token}`))).statusCode).toBe(401);
    expect((await post('wrong', update(`/start ${token}`))).statusCode).toBe(401);
    expect((await post(SECRET, update(`/start ${token}`))).statusCode).toBe(200);
    const linked = await c.ok<MessagingUser>('GET', `/api/telegram/user?patientId=${patient.id}`);
    expect(linked).toMatchObject({
      telegram_id: 88001,
      first_name: 'Sara',
      username: 'sara_a',
      language_code: 'en',
    });
    // The token is spent: a second /start changes nothing.
    await post(SECRET, {
      ...update(`/start ${token}`, 9002),
      message: {
        ...update('').message,
        text: `/start ${token}`,
        chat: { id: 99 },
        from: { id: 99, first_name: 'X' },
      },
    });
    expect((await c.ok<MessagingUser>('GET', `/api/telegram/user?patientId=${patient.id}`)).telegram_id).toBe(
      88001,
    );
    // The patient hears that the link worked, in their language.
    await drain();
    expect(fake.delivered()).toEqual([
      expect.objectContaining({ chatId: 88001, text: expect.stringContaining('now linked') }),
    ]);
  });
});

describe('sending', () => {
  it('answers 202 queued, the worker sends it once with the default footer, and the list shows it sent', async () => {
    const c = clinic(t, org);
    const nobody = await c.patient();
    const refused = await c.call('POST', `/api/telegram/send/${nobody.id}`, { message: 'hello' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('messaging.not_linked');

    const patient = await linkedPatient(c, 6000001);
    const entry = await c.queue(patient.id);
    await c.ok('POST', `/api/mo/queue/rewaiting/${entry.id}`, {
      date: new Date(clock.now().getTime() + 5 * 86_400_000).toISOString(),
    });
    const res = await c.call('POST', `/api/telegram/send/${patient.id}`, {
      header: 'عيادة بصيرة',
      message: 'نذكركم بموعدكم',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({ id: expect.any(Number), status: 'queued' });
    expect((await messagesOf(c, patient.id))[0]).toMatchObject({ status: 'queued', attempts: 0 });

    await drain();
    await drain();
    const delivered = fake.delivered();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.chatId).toBe(6000001);
    expect(delivered[0]!.text).toContain('عيادة بصيرة\n\nنذكركم بموعدكم\n\nمع تحيات');
    expect(delivered[0]!.text).toContain('موعد زيارتكم القادمة');
    const [message] = await messagesOf(c, patient.id);
    expect(message).toMatchObject({
      status: 'sent',
      attempts: 1,
      reason: null,
      Patient: { telegramId: 6000001 },
    });
    expect(message!.attemptLog).toEqual([expect.objectContaining({ outcome: 'sent', httpStatus: 200 })]);

    const tooLong = await c.call('POST', `/api/telegram/send/${patient.id}`, { message: 'x'.repeat(4097) });
    expect(tooLong.statusCode).toBe(422);
  });

  it('retries 5xx with backoff, waits out a 429, and stops on 403 telling the send-message holders', async () => {
    const c = clinic(t, org);
    const patient = await linkedPatient(c, 6000002);
    fake.failNext(2, 502);
    await c.ok('POST', `/api/telegram/send/${patient.id}`, { message: 'retry me', footer: '' });
    await t.outbox!.runOnce();
    let [message] = await messagesOf(c, patient.id);
    expect(message).toMatchObject({ status: 'queued', attempts: 1 });
    expect(new Date(message!.nextAttemptAt).getTime()).toBeGreaterThan(clock.now().getTime() + 1000);
    expect(await t.outbox!.runOnce()).toBe(0); // not due yet
    clock.advance(10_000);
    await t.outbox!.runOnce();
    clock.advance(10_000);
    await t.outbox!.runOnce();
    [message] = await messagesOf(c, patient.id);
    expect(message).toMatchObject({ status: 'sent', attempts: 3 });
    expect(message!.attemptLog.map((a) => [a.outcome, a.httpStatus])).toEqual([
      ['retry', 502],
      ['retry', 502],
      ['sent', 200],
    ]);

    fake.rateLimitNext(1);
    await c.ok('POST', `/api/telegram/send/${patient.id}`, { message: 'after a 429', footer: '' });
    await t.outbox!.runOnce();
    const limited = Date.now();
    clock.advance(1_000);
    await drain();
    // The worker paused for retry_after (1 s) before its next call.
    expect(fake.delivered().at(-1)!.at - limited).toBeGreaterThanOrEqual(800);
    expect((await messagesOf(c, patient.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });

    const blocked = await linkedPatient(c, 6000003, 'Blocked Patient');
    fake.block(6000003);
    await c.ok('POST', `/api/telegram/send/${blocked.id}`, { message: 'x', footer: '' });
    await drain();
    const [failed] = await messagesOf(c, blocked.id);
    expect(failed).toMatchObject({ status: 'failed', reason: 'Forbidden: bot was blocked by the user' });
    const notes = await c.ok<{ type: string; details: string; targetId: number }[]>(
      'GET',
      '/api/hd/notification',
    );
    expect(notes[0]).toMatchObject({ type: 'reminder failed', targetId: blocked.id });
    expect(notes[0]!.details).toContain('Blocked Patient');
  });

  it('keeps to about one message a second per chat', async () => {
    const c = clinic(t, org);
    const patient = await linkedPatient(c, 6000004);
    for (const text of ['one', 'two', 'three'])
      await c.ok('POST', `/api/telegram/send/${patient.id}`, { message: text, footer: '' });
    await drain();
    const at = fake.delivered().map((d) => d.at);
    expect(at).toHaveLength(3);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(900);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(900);
  });

  it('without a bot token, messaging says it is not configured and nothing is queued', async () => {
    const plain = await startTestApp();
    try {
      const o = await plain.newOrg();
      const c = clinic(plain, o);
      expect(await c.ok('GET', '/api/telegram/status')).toEqual({ configured: false, botUsername: null });
      const patient = await linkedPatient(c, 6000005);
      const res = await c.call('POST', `/api/telegram/send/${patient.id}`, { message: 'x' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'messaging.not_configured' });
      expect(await messagesOf(c, patient.id)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

describe('recall reminders', () => {
  it('one reminder per recall the day before at the reminder time, once; cancelled if the recall changes', async () => {
    const o = await t.newOrg();
    const c = clinic(t, o);
    const patient = await linkedPatient(c, 6000010, 'Ali Recall');
    const later = await linkedPatient(c, 6000011, 'Not Yet');
    const now = clock.now();
    const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
    // Tomorrow at noon on the clinic's clock, so that the day before the recall is today at any hour the suite
    // runs (26 hours ahead fell two days ahead from 22:00 local on).
    const local = zonedParts(now, DEFAULT_TIME_ZONE);
    const tomorrowNoon = zonedDateTimeToIso(addToDay(local.day, 1), '12:00', DEFAULT_TIME_ZONE);
    const recall = await c.queue(patient.id);
    await c.ok('POST', `/api/mo/queue/rewaiting/${recall.id}`, { date: tomorrowNoon });
    const far = await c.queue(later.id);
    await c.ok('POST', `/api/mo/queue/rewaiting/${far.id}`, { date: inHours(24 * 5) });
    // The reminder time is set to this minute, local: the reminder of tomorrow's recall is due. (Not a minute ago,
    // which in the first minute of the day is yesterday's 23:59, a reminder time still to come today.)
    await t.database.db.execute(
      sql`UPDATE organizations SET reminder_time = ${local.time} WHERE slug = ${o.slug}`,
    );

    expect(await t.recalls.runOnce()).toBe(1);
    expect(await t.recalls.runOnce()).toBe(0);
    const [reminder] = await messagesOf(c, patient.id);
    expect(reminder).toMatchObject({ kind: 'recall', status: 'queued' });
    expect(reminder!.message).toContain('Ali Recall');
    expect(await messagesOf(c, later.id)).toEqual([]);

    // A recall whose time has come tells the queue's keepers (no doctor), once.
    const due = await c.queue(later.id);
    await c.ok('POST', `/api/mo/queue/rewaiting/${due.id}`, { date: inHours(-1) });
    await t.recalls.runOnce();
    await t.recalls.runOnce();
    const notes = await c.ok<{ type: string; targetId: number; details: string }[]>(
      'GET',
      '/api/hd/notification',
    );
    expect(notes.filter((n) => n.type === 'recall due')).toEqual([
      expect.objectContaining({ targetId: due.id, details: 'Not Yet' }),
    ]);

    // The recall moves to another day before the worker gets to it: the old reminder is cancelled, not sent.
    await c.ok('POST', `/api/mo/queue/rewaiting/${recall.id}`, { date: inHours(24 * 4) });
    await drain();
    expect(fake.delivered().filter((d) => d.chatId === 6000010)).toEqual([]);
    expect((await messagesOf(c, patient.id))[0]).toMatchObject({ status: 'cancelled' });
  });
});

// Several processes on one database: PostgreSQL only (PGlite is one process's database). Killing a worker
// mid-batch is the fault suite's (outbox.fault.test.ts, `npm run test:faults`, one round in CI).
const processes = dbKind === 'postgres' ? describe : describe.skip;
processes('worker processes', () => {
  const children = new Set<ServerProcess>();
  afterAll(() => Promise.all([...children].map((child) => child.kill())));

  function worker(): ServerProcess {
    const child = spawnServer({
      DATABASE_URL: inject('databaseUrl')!,
      TELEGRAM_BOT_TOKEN: '123456:TEST-token',
      TELEGRAM_API_BASE: fake.url,
      TELEGRAM_LEASE_SECONDS: '2',
      TELEGRAM_POLL_MS: '100',
    });
    children.add(child);
    child.child.once('exit', () => children.delete(child));
    return child;
  }

  async function queueMany(count: number, tag: string) {
    const o = await t.newOrg();
    const c = clinic(t, o);
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const patient = await linkedPatient(c, 7_000_000 + i, `Patient ${tag} ${i}`);
      ids.push(patient.id);
      await c.ok('POST', `/api/telegram/send/${patient.id}`, { message: `${tag}#${i}#`, footer: '' });
    }
    return { c, ids };
  }

  async function settled(c: ReturnType<typeof clinic>, ids: number[], timeoutMs: number) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const all = (await Promise.all(ids.map((id) => messagesOf(c, id)))).flat();
      if (all.every((m) => m.status === 'sent' || m.status === 'failed')) return all;
      if (Date.now() > until) throw new Error(`unsettled: ${all.filter((m) => m.status !== 'sent').length}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  const deliveriesOf = (tag: string, i: number) =>
    fake.delivered().filter((d) => d.text === `${tag}#${i}#`).length;

  it('two server processes never send one message twice', { timeout: 120_000 }, async () => {
    const { c, ids } = await queueMany(40, 'two');
    fake.setDelay(5);
    const a = worker();
    const b = worker();
    const all = await settled(c, ids, 60_000);
    await Promise.all([a.kill(), b.kill()]);
    expect(all.every((m) => m.status === 'sent')).toBe(true);
    ids.forEach((_, i) => expect(deliveriesOf('two', i)).toBe(1));
  });
});
