import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEFAULT_REMINDER_TEXT } from '@basira/shared/appointments/appointments.schemas';
import { addToDay, zonedDateTimeToIso, zonedParts } from '@basira/shared/dates/calendar';
import { DEFAULT_TIME_ZONE } from '@basira/shared/organizations/organization.schemas';
import type { Message, MessagingUser } from '@basira/shared/messaging/messaging.schemas';
import { BookingReminders } from '../../jobs/booking-reminders.ts';
import { TelegramOutbox } from '../../jobs/telegram-outbox.ts';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram.ts';
import { dbKind, startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';
import { spawnServer, type ServerProcess } from '../../test/server-process.ts';
import { bookingWhen } from './message-texts.ts';
import { WEBHOOK_SECRET_HEADER } from './messaging.routes.ts';
import { TelegramClient } from './telegram-client.ts';

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

// Booking reminders (jobs/booking-reminders.ts) and their buttons. Here, not in a file of their own: on PostgreSQL
// the suite's files share one database, and two files running outbox workers would send each other's messages.
type Clinic = ReturnType<typeof clinic>;
const db = () => t.database.db;

/** An organization whose reminder time is this minute (local): tomorrow's bookings are due for their reminder. */
async function remindingOrg(): Promise<{ org: TestOrg; c: Clinic; tomorrow: string }> {
  const org = await t.newOrg();
  const local = zonedParts(clock.now(), DEFAULT_TIME_ZONE);
  await db().execute(sql`UPDATE organizations SET reminder_time = ${local.time} WHERE id = ${org.id}`);
  return { org, c: clinic(t, org), tomorrow: addToDay(local.day, 1) };
}

async function linkedWithLanguage(c: Clinic, telegramId: number, name: string, languageCode?: string) {
  const patient = await c.patient({ name });
  await c.ok('POST', '/api/telegram/user', { patientId: patient.id, telegram_id: telegramId });
  if (languageCode)
    await db().execute(
      sql`UPDATE telegram_users SET language_code = ${languageCode} WHERE patient_id = ${patient.id}`,
    );
  return patient;
}

/** A booking as the book writes it: Booked, no ticket, a slot (or none: a recall). */
async function book(
  org: TestOrg,
  patientId: number,
  start: string,
  { slot = 15 as number | null, rewaiting = false, doctorId = org.adminId as number | null } = {},
): Promise<number> {
  const rows = await db().execute(sql`
    INSERT INTO queue_entries (org_id, patient_id, date, status, status_since, slot_minutes, is_rewaiting, doctor_id)
    VALUES (${org.id}, ${patientId}, ${start}::timestamptz, 0, now(), ${slot}, ${rewaiting}, ${doctorId})
    RETURNING id`);
  return Number(rowsOf<{ id: number }>(rows)[0]!.id);
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

async function entry(id: number) {
  const rows = await db().execute(
    sql`SELECT status, booking_reply, booking_reply_at, version FROM queue_entries WHERE id = ${id}`,
  );
  return rowsOf<{ status: number; booking_reply: string | null; booking_reply_at: unknown; version: number }>(
    rows,
  )[0]!;
}

async function outboxRow(queueId: number) {
  const rows = await db().execute(
    sql`SELECT id, status, kind, recall_day, telegram_message_id, chat_id, message FROM telegram_messages
        WHERE queue_id = ${queueId} ORDER BY id`,
  );
  return rowsOf<{
    id: number;
    status: string;
    kind: string;
    recall_day: string;
    telegram_message_id: number | null;
    chat_id: number;
    message: string;
  }>(rows).map((r) => ({ ...r, id: Number(r.id), chat_id: Number(r.chat_id) }));
}

const press = (
  chatId: number,
  messageId: number,
  telegramMessageId: number,
  what: 'c' | 'x',
  updateId: number,
) =>
  t.request({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: { [WEBHOOK_SECRET_HEADER]: SECRET },
    payload: {
      update_id: updateId,
      callback_query: {
        id: `cb-${updateId}`,
        from: { id: chatId, is_bot: false, first_name: 'P', language_code: 'en' },
        message: { message_id: telegramMessageId, chat: { id: chatId } },
        data: `bk:${messageId}:${what}`,
      },
    },
  });

/** The answers to presses arrive after the webhook's answer: wait for them. */
async function buttonAnswers(count: number) {
  for (let i = 0; i < 100 && fake.buttonCalls().length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return fake.buttonCalls();
}

describe('booking reminders', () => {
  it('queues one reminder per booking the day before, sends it once with two schedulers and two workers', async () => {
    const { org, c, tomorrow } = await remindingOrg();
    const patient = await linkedWithLanguage(c, 8100001, 'Huda Booking');
    const start = zonedDateTimeToIso(tomorrow, '10:30', DEFAULT_TIME_ZONE)!;
    const id = await book(org, patient.id, start);
    // Not yet: a booking the day after tomorrow.
    const later = await linkedWithLanguage(c, 8100002, 'Later Booking');
    await book(org, later.id, zonedDateTimeToIso(addToDay(tomorrow, 1), '10:30', DEFAULT_TIME_ZONE)!);

    const second = new BookingReminders(db(), clock, true);
    const counts = await Promise.all([t.bookingReminders.runOnce(), second.runOnce()]);
    expect(counts[0]! + counts[1]!).toBe(1);
    expect(await t.bookingReminders.runOnce()).toBe(0);
    expect(await messagesOf(c, later.id)).toEqual([]);
    const [queued] = await outboxRow(id);
    expect(queued).toMatchObject({
      kind: 'booking',
      status: 'queued',
      recall_day: tomorrow,
      chat_id: 8100001,
    });

    // Two workers at once: one sends it.
    const client = new TelegramClient(fake.url, '123456:TEST-token');
    const silent = { warn: () => undefined, error: () => undefined };
    const other = new TelegramOutbox(db(), client, clock, null, silent);
    await Promise.all([t.outbox!.runOnce(), other.runOnce()]);
    await drain();
    await other.runOnce();
    const delivered = fake.delivered().filter((d) => d.chatId === 8100001);
    expect(delivered).toHaveLength(1);
    // Another scan after it went queues nothing more.
    expect(await t.bookingReminders.runOnce()).toBe(0);
    expect(await outboxRow(id)).toHaveLength(1);

    // The clinic's Arabic text (the Telegram user has no language), its placeholders filled, and the buttons.
    const when = bookingWhen(new Date(start), DEFAULT_TIME_ZONE, 'ar');
    const doctor = rowsOf<{ name: string }>(
      await db().execute(sql`SELECT name FROM users WHERE id = ${org.adminId}`),
    )[0]!.name;
    const orgName = rowsOf<{ name: string }>(
      await db().execute(sql`SELECT name FROM organizations WHERE id = ${org.id}`),
    )[0]!.name;
    expect(delivered[0]!.text).toBe(
      DEFAULT_REMINDER_TEXT.ar
        .replace('{clinic}', orgName)
        .replace('{doctor}', doctor)
        .replace('{date}', when.date)
        .replace('{time}', when.time),
    );
    expect(when.time).toMatch(/^10:30/);
    expect(when.date).toMatch(/كانون|تشرين|شباط|آذار|نيسان|أيار|حزيران|تموز|آب|أيلول/);
    expect(delivered[0]!.text).not.toMatch(/[٠-٩]/);
    const [sent] = await outboxRow(id);
    expect(sent!.status).toBe('sent');
    expect(delivered[0]!.replyMarkup).toEqual({
      inline_keyboard: [
        [
          { text: 'تأكيد', callback_data: `bk:${sent!.id}:c` },
          { text: 'إلغاء', callback_data: `bk:${sent!.id}:x` },
        ],
      ],
    });
  });

  it('fills the English text for an English Telegram user, with the English buttons', async () => {
    const { org, c, tomorrow } = await remindingOrg();
    await db().execute(sql`
      INSERT INTO appointment_settings (org_id, slot_minutes, reminder_text_ar, reminder_text_en)
      VALUES (${org.id}, '{}'::jsonb, 'مرحبا {patient}', 'Hello {patient}: {doctor}, {date} {time} at {clinic}. {unknown}')`);
    const patient = await linkedWithLanguage(c, 8100010, 'Sara English', 'en-GB');
    const start = zonedDateTimeToIso(tomorrow, '16:45', DEFAULT_TIME_ZONE)!;
    const id = await book(org, patient.id, start, { doctorId: null });
    expect(await t.bookingReminders.runOnce()).toBe(1);
    await drain();
    // The patient's messages list it as a booking's reminder.
    expect((await messagesOf(c, patient.id))[0]).toMatchObject({ kind: 'booking', status: 'sent' });
    const [delivered] = fake.delivered().filter((d) => d.chatId === 8100010);
    const when = bookingWhen(new Date(start), DEFAULT_TIME_ZONE, 'en');
    const orgName = rowsOf<{ name: string }>(
      await db().execute(sql`SELECT name FROM organizations WHERE id = ${org.id}`),
    )[0]!.name;
    expect(delivered!.text).toBe(
      `Hello Sara English: the doctor, ${when.date} ${when.time} at ${orgName}. {unknown}`,
    );
    expect(when.date).toMatch(/December|January|[A-Z][a-z]+ \d{4}$/);
    const [sent] = await outboxRow(id);
    expect(delivered!.replyMarkup).toEqual({
      inline_keyboard: [
        [
          { text: 'Confirm', callback_data: `bk:${sent!.id}:c` },
          { text: 'Cancel', callback_data: `bk:${sent!.id}:x` },
        ],
      ],
    });
  });

  it('nothing when the clinic turned reminders off', async () => {
    const { org, c, tomorrow } = await remindingOrg();
    await db().execute(sql`
      INSERT INTO appointment_settings (org_id, slot_minutes, reminders_enabled, reminder_text_ar, reminder_text_en)
      VALUES (${org.id}, '{}'::jsonb, false, 'x', 'y')`);
    const patient = await linkedWithLanguage(c, 8100020, 'No Reminder');
    const id = await book(org, patient.id, zonedDateTimeToIso(tomorrow, '09:00', DEFAULT_TIME_ZONE)!);
    expect(await t.bookingReminders.runOnce()).toBe(0);
    expect(await outboxRow(id)).toEqual([]);
  });

  it('a booking moved, canceled or arrived before its reminder went: cancelled; moved to another day: reminded again', async () => {
    const { org, c, tomorrow } = await remindingOrg();
    const moved = await linkedWithLanguage(c, 8100030, 'Moved Away');
    const canceled = await linkedWithLanguage(c, 8100031, 'Canceled Before');
    const arrived = await linkedWithLanguage(c, 8100032, 'Came Early');
    const at = (day: string, time: string) => zonedDateTimeToIso(day, time, DEFAULT_TIME_ZONE)!;
    const movedId = await book(org, moved.id, at(tomorrow, '09:00'));
    const canceledId = await book(org, canceled.id, at(tomorrow, '09:15'));
    const arrivedId = await book(org, arrived.id, at(tomorrow, '09:30'));
    expect(await t.bookingReminders.runOnce()).toBe(3);

    const dayAfter = addToDay(tomorrow, 1);
    await db().execute(sql`UPDATE queue_entries SET date = ${at(dayAfter, '11:00')}::timestamptz,
                           version = version + 1 WHERE id = ${movedId}`);
    await db().execute(sql`UPDATE queue_entries SET status = 4 WHERE id = ${canceledId}`);
    await db().execute(sql`UPDATE queue_entries SET status = 1, ticket_day = ${tomorrow}, ticket_number = 1
                           WHERE id = ${arrivedId}`);
    await drain();
    expect(fake.delivered().filter((d) => [8100030, 8100031, 8100032].includes(d.chatId))).toEqual([]);
    for (const id of [movedId, canceledId, arrivedId])
      expect(await outboxRow(id)).toEqual([expect.objectContaining({ status: 'cancelled' })]);

    // The moved booking is reminded the day before its new day (a day later on the clock; the scan serves every
    // organization of the suite's database, so it may queue others' reminders too).
    clock.advance(86_400_000);
    try {
      expect(await t.bookingReminders.runOnce()).toBeGreaterThanOrEqual(1);
      await drain();
      expect(fake.delivered().filter((d) => d.chatId === 8100030)).toHaveLength(1);
      expect((await outboxRow(movedId)).map((r) => [r.recall_day, r.status])).toEqual([
        [tomorrow, 'cancelled'],
        [dayAfter, 'sent'],
      ]);
    } finally {
      clock.advance(-86_400_000);
    }
  });

  it('a recall (no slot) is the recall job’s, once; a booking with a slot is never the recall job’s', async () => {
    const { org, c, tomorrow } = await remindingOrg();
    const recalled = await linkedWithLanguage(c, 8100040, 'Recall Only');
    const booked = await linkedWithLanguage(c, 8100041, 'Booked Rewaiting');
    const recallId = await book(org, recalled.id, zonedDateTimeToIso(tomorrow, '12:00', DEFAULT_TIME_ZONE)!, {
      slot: null,
      rewaiting: true,
    });
    // An upgraded visit: re-waiting, yet a booking with a slot.
    const bookingId = await book(org, booked.id, zonedDateTimeToIso(tomorrow, '12:15', DEFAULT_TIME_ZONE)!, {
      rewaiting: true,
    });
    expect(await t.bookingReminders.runOnce()).toBe(1);
    expect(await t.recalls.runOnce()).toBe(1);
    expect(await t.recalls.runOnce()).toBe(0);
    expect(await t.bookingReminders.runOnce()).toBe(0);
    expect((await outboxRow(recallId)).map((r) => r.kind)).toEqual(['recall']);
    expect((await outboxRow(bookingId)).map((r) => r.kind)).toEqual(['booking']);
    await drain();
    expect(fake.delivered().filter((d) => d.chatId === 8100040)).toEqual([
      expect.not.objectContaining({ replyMarkup: expect.anything() }),
    ]);
    expect(fake.delivered().filter((d) => d.chatId === 8100041)).toHaveLength(1);
  });
});

describe('the reminder’s buttons', () => {
  async function sentReminder(telegramId: number, name: string) {
    const { org, c, tomorrow } = await remindingOrg();
    const patient = await linkedWithLanguage(c, telegramId, name);
    const id = await book(org, patient.id, zonedDateTimeToIso(tomorrow, '10:00', DEFAULT_TIME_ZONE)!);
    expect(await t.bookingReminders.runOnce()).toBe(1);
    await drain();
    const [row] = await outboxRow(id);
    expect(row!.status).toBe('sent');
    return { org, c, patient, id, messageId: row!.id, telegramMessageId: Number(row!.telegram_message_id) };
  }

  async function repliedAudits(orgId: number, queueId: number) {
    return rowsOf<{ user_id: number | null; details: { reply: string } }>(
      await db().execute(sql`SELECT user_id, details FROM audit_log WHERE org_id = ${orgId}
                             AND action = 'appointment.replied' AND entity_id = ${queueId} ORDER BY id`),
    );
  }

  it('confirm records the reply once; a press from another chat is ignored', async () => {
    const { org, id, messageId, telegramMessageId } = await sentReminder(8100050, 'Confirm Me');
    const before = await entry(id);

    // Another chat pressing (a forged callback): nothing changes, nothing is answered.
    const stranger = await press(9999999, messageId, telegramMessageId, 'c', 1);
    expect(stranger.statusCode).toBe(200);
    expect(await entry(id)).toEqual(before);

    // Another button's data, an id beyond any message: acknowledged, nothing done.
    expect((await press(8100050, 9_999_999_999, telegramMessageId, 'c', 90)).statusCode).toBe(200);
    const odd = await t.request({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { [WEBHOOK_SECRET_HEADER]: SECRET },
      payload: { update_id: 91, callback_query: { id: 'y', from: { id: 8100050 }, data: 'hello' } },
    });
    expect(odd.statusCode).toBe(200);
    expect(await entry(id)).toEqual(before);

    // Without the secret: refused.
    const forged = await t.request({
      method: 'POST',
      url: '/api/telegram/webhook',
      payload: {
        update_id: 2,
        callback_query: { id: 'x', from: { id: 8100050 }, data: `bk:${messageId}:x` },
      },
    });
    expect(forged.statusCode).toBe(401);

    expect((await press(8100050, messageId, telegramMessageId, 'c', 3)).statusCode).toBe(200);
    const confirmed = await entry(id);
    expect(confirmed).toMatchObject({ status: 0, booking_reply: 'confirmed', version: before.version + 1 });
    expect(confirmed.booking_reply_at).not.toBeNull();
    const answers = await buttonAnswers(1);
    expect(answers).toEqual([
      {
        method: 'answerCallbackQuery',
        body: { callback_query_id: 'cb-3', text: 'Your appointment is confirmed. Thank you.' },
      },
    ]);

    // Pressed twice: nothing more.
    await press(8100050, messageId, telegramMessageId, 'c', 4);
    expect(await entry(id)).toEqual(confirmed);
    expect(await repliedAudits(org.id, id)).toEqual([
      { user_id: null, details: expect.objectContaining({ reply: 'confirmed' }) },
    ]);
    expect((await buttonAnswers(2))[1]!.body.text).toBe('Your answer was already recorded.');
  });

  it('cancel moves the booking to Canceled with its status event, once; its buttons go away', async () => {
    const { org, id, messageId, telegramMessageId } = await sentReminder(8100060, 'Cancel Me');
    const before = await entry(id);
    expect((await press(8100060, messageId, telegramMessageId, 'x', 10)).statusCode).toBe(200);
    const cancelled = await entry(id);
    expect(cancelled).toMatchObject({ status: 4, booking_reply: 'cancelled', version: before.version + 1 });
    const events = rowsOf<{
      from_status: number;
      to_status: number;
      action: string;
      note: string;
      actor_id: null;
    }>(
      await db().execute(sql`SELECT from_status, to_status, action, note, actor_id FROM queue_status_events
                             WHERE queue_id = ${id}`),
    );
    expect(events).toEqual([
      {
        from_status: 0,
        to_status: 4,
        action: 'cancel',
        note: 'cancelled by the patient via Telegram',
        actor_id: null,
      },
    ]);
    const answers = await buttonAnswers(2);
    expect(answers).toEqual([
      {
        method: 'answerCallbackQuery',
        body: { callback_query_id: 'cb-10', text: 'Your appointment is cancelled.' },
      },
      {
        method: 'editMessageReplyMarkup',
        body: { chat_id: 8100060, message_id: telegramMessageId },
      },
    ]);

    // Pressed again (or confirm after cancelling): the booking is gone; nothing more is written.
    await press(8100060, messageId, telegramMessageId, 'x', 11);
    await press(8100060, messageId, telegramMessageId, 'c', 12);
    expect(await entry(id)).toEqual(cancelled);
    expect(
      rowsOf(await db().execute(sql`SELECT 1 FROM queue_status_events WHERE queue_id = ${id}`)),
    ).toHaveLength(1);
    expect(await repliedAudits(org.id, id)).toEqual([
      { user_id: null, details: expect.objectContaining({ reply: 'cancelled' }) },
    ]);
    expect((await buttonAnswers(6))[2]!.body.text).toBe(
      'This appointment has changed; please contact the clinic.',
    );
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
    return { c, ids, orgId: o.id };
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
    const { c, ids, orgId } = await queueMany(40, 'two');
    // A booking in the real clock's past, as every test file's bookings are (their fake clocks are in early 2026).
    // A worker's no-show pass at start, on the real clock and over every organization, marked such bookings of
    // other test files in this shared database (a CI run failed on it): the test servers leave it to the tests.
    const { rows } = (await t.database.db.execute(sql`
      INSERT INTO queue_entries (org_id, patient_id, date, status, status_since, slot_minutes)
      VALUES (${orgId}, ${ids[0]}, '2026-03-02T09:00:00+03:00', 0, now(), 15) RETURNING id`)) as unknown as {
      rows: { id: number }[];
    };
    fake.setDelay(5);
    const a = worker();
    const b = worker();
    const all = await settled(c, ids, 60_000);
    await Promise.all([a.kill(), b.kill()]);
    expect(all.every((m) => m.status === 'sent')).toBe(true);
    ids.forEach((_, i) => expect(deliveriesOf('two', i)).toBe(1));
    const booked = (await t.database.db.execute(
      sql`SELECT status FROM queue_entries WHERE id = ${rows[0]!.id}`,
    )) as unknown as { rows: { status: number }[] };
    expect(booked.rows[0]!.status).toBe(0);
  });
});
