import { and, asc, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Message, MessagingUser, TelegramUpdate } from '@basira/shared/messaging/messaging.schemas';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import type { Db } from '../../db/client.ts';
import {
  organizations,
  patients,
  queueEntries,
  queueStatusEvents,
  telegramAttempts,
  telegramLinkTokens,
  telegramMessages,
  telegramUsers,
  users,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { OrganizationSettingsService } from '../organizations/organization-settings.ts';
import { findLivePatient } from '../patients/patients.service.ts';
import { localDay } from '@basira/shared/dates/calendar';
import { updateVersioned } from '../../lib/versioned.ts';
import type { EventHub } from '../events/event-hub.ts';
import { publishQueueChange } from '../queue/queue-view.ts';
import { bookingAnswerText, defaultFooter, langOf, linkedMessage, type Clinic } from './message-texts.ts';
import type { TelegramClient } from './telegram-client.ts';

type UserRow = typeof telegramUsers.$inferSelect;
type PatientRef = { id: number; name: string; phone: string };

const LINK_TTL_MS = 7 * 24 * 3600 * 1000;
const BOT_INFO_TTL_MS = 10 * 60 * 1000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toMessagingUser(row: UserRow, patient: PatientRef): MessagingUser {
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(' ') || null;
  return {
    id: row.id,
    telegram_id: row.telegramId,
    first_name: row.firstName,
    last_name: row.lastName,
    username: row.username,
    full_name: fullName,
    language_code: row.languageCode,
    is_premium: row.isPremium,
    is_bot: row.isBot,
    is_admin: row.isAdmin,
    notify_on_failure: row.notifyOnFailure,
    photo_url: row.photoUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: iso(row.deletedAt),
    Patient: patient,
  };
}

/**
 * Linking patients to Telegram users (by the popup's ID, or by the patient's own `/start <token>`), writing
 * messages to the outbox, and reading them back with their attempts. Sending is the worker's
 * (jobs/telegram-outbox.ts): nothing here calls Telegram but `getMe`, for the bot's username.
 */
export class MessagingService {
  private botInfo: { username: string; at: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly client: TelegramClient | null,
    private readonly organizations: OrganizationSettingsService,
    /** Live events: a booking cancelled from Telegram shows at once on the book and the queue. */
    private readonly events: EventHub | null = null,
  ) {}

  get configured(): boolean {
    return this.client !== null;
  }

  private requireClient(): TelegramClient {
    if (!this.client)
      throw new AppError(
        'messaging.not_configured',
        'Telegram messaging is not configured on this server (TELEGRAM_BOT_TOKEN is not set); nothing was sent.',
      );
    return this.client;
  }

  async status(): Promise<{ configured: boolean; botUsername: string | null }> {
    if (!this.client) return { configured: false, botUsername: null };
    return { configured: true, botUsername: await this.botUsername().catch(() => null) };
  }

  private async botUsername(): Promise<string> {
    const client = this.requireClient();
    if (this.botInfo && Date.now() - this.botInfo.at < BOT_INFO_TTL_MS) return this.botInfo.username;
    const me = await client.getMe();
    if (!me.username) throw new Error('the bot has no username');
    this.botInfo = { username: me.username, at: Date.now() };
    return me.username;
  }

  async clinic(orgId: number, db: Db = this.db): Promise<Clinic> {
    const { name, phone, timeZone } = await this.organizations.get(orgId, db);
    return { name, phone, timeZone };
  }

  private async liveUser(db: Db, orgId: number, patientId: number): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(telegramUsers)
      .where(
        inOrg(telegramUsers, orgId, eq(telegramUsers.patientId, patientId), isNull(telegramUsers.deletedAt)),
      );
    return row;
  }

  /** Replaces the patient's live link (if any) by a new one, in the caller's transaction. */
  private async replaceLink(
    tx: Db,
    orgId: number,
    patientId: number,
    values: Omit<typeof telegramUsers.$inferInsert, 'orgId' | 'patientId'>,
  ): Promise<UserRow> {
    const now = this.clock.now();
    await tx
      .update(telegramUsers)
      .set({ deletedAt: now, updatedAt: now })
      .where(
        inOrg(telegramUsers, orgId, eq(telegramUsers.patientId, patientId), isNull(telegramUsers.deletedAt)),
      );
    const [row] = await tx
      .insert(telegramUsers)
      .values({ orgId, patientId, ...values, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  }

  async link(scope: RequestContext, patientId: number, telegramId: number): Promise<MessagingUser> {
    return this.db.transaction(async (tx) => {
      const patient = await findLivePatient(tx, scope.orgId, patientId, true);
      const row = await this.replaceLink(tx, scope.orgId, patientId, {
        telegramId,
        createdBy: scope.userId,
      });
      await recordAudit(tx, scope, {
        action: 'telegram.linked',
        entity: 'telegram_user',
        entityId: row.id,
        patientId,
      });
      return toMessagingUser(row, { id: patient.id, name: patient.name, phone: patient.phone });
    });
  }

  async lookup(scope: RequestContext, patientId: number): Promise<MessagingUser | null> {
    const patient = await findLivePatient(this.db, scope.orgId, patientId);
    const row = await this.liveUser(this.db, scope.orgId, patientId);
    await recordAudit(this.db, scope, {
      action: 'telegram.link_viewed',
      entity: 'patient',
      entityId: patientId,
      patientId,
    });
    return row ? toMessagingUser(row, { id: patient.id, name: patient.name, phone: patient.phone }) : null;
  }

  async unlink(scope: RequestContext, id: number): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(telegramUsers)
        .set({ deletedAt: now, updatedAt: now })
        .where(inOrg(telegramUsers, scope.orgId, eq(telegramUsers.id, id), isNull(telegramUsers.deletedAt)))
        .returning({ patientId: telegramUsers.patientId });
      if (!row) throw notFound('Telegram user');
      await recordAudit(tx, scope, {
        action: 'telegram.unlinked',
        entity: 'telegram_user',
        entityId: id,
        patientId: row.patientId,
      });
    });
  }

  /**
   * The patient's next visit: the soonest booking or recall to come (Booked), or recall re-waited to later today
   * (Waiting).
   */
  private async nextVisit(db: Db, orgId: number, patientId: number): Promise<Date | null> {
    const [next] = await db
      .select({ date: queueEntries.date })
      .from(queueEntries)
      .where(
        inOrg(
          queueEntries,
          orgId,
          eq(queueEntries.patientId, patientId),
          or(
            eq(queueEntries.status, QUEUE_STATUS.Booked),
            and(eq(queueEntries.isRewaiting, true), eq(queueEntries.status, QUEUE_STATUS.Waiting)),
          ),
          gt(queueEntries.date, this.clock.now()),
        ),
      )
      .orderBy(asc(queueEntries.date))
      .limit(1);
    return next?.date ?? null;
  }

  /** Writes the message to the outbox (the worker sends it); answers at once. */
  async send(
    scope: RequestContext,
    patientId: number,
    input: { header: string; message: string; footer?: string | undefined },
  ): Promise<{ id: number; status: 'queued' }> {
    this.requireClient();
    return this.db.transaction(async (tx) => {
      const patient = await findLivePatient(tx, scope.orgId, patientId);
      const user = await this.liveUser(tx, scope.orgId, patientId);
      if (!user)
        throw new AppError(
          'messaging.not_linked',
          `${patient.name} has no linked Telegram user: link one first (the messaging popup or the board's link).`,
        );
      const footer =
        input.footer ??
        defaultFooter(
          await this.clinic(scope.orgId, tx),
          await this.nextVisit(tx, scope.orgId, patientId),
          langOf(user.languageCode),
        );
      const [row] = await tx
        .insert(telegramMessages)
        .values({
          orgId: scope.orgId,
          patientId,
          telegramUserId: user.id,
          chatId: user.telegramId,
          kind: 'manual',
          header: input.header,
          message: input.message,
          footer,
          nextAttemptAt: this.clock.now(),
          createdBy: scope.userId,
        })
        .returning({ id: telegramMessages.id });
      await recordAudit(tx, scope, {
        action: 'telegram.message_queued',
        entity: 'telegram_message',
        entityId: row!.id,
        patientId,
      });
      return { id: row!.id, status: 'queued' as const };
    });
  }

  async messages(scope: RequestContext, patientId: number): Promise<Message[]> {
    await findLivePatient(this.db, scope.orgId, patientId);
    const rows = await this.db
      .select({
        message: telegramMessages,
        patient: { id: patients.id, name: patients.name, phone: patients.phone },
        creatorName: users.name,
      })
      .from(telegramMessages)
      .innerJoin(patients, eq(patients.id, telegramMessages.patientId))
      .leftJoin(users, and(eq(users.id, telegramMessages.createdBy), eq(users.orgId, telegramMessages.orgId)))
      .where(inOrg(telegramMessages, scope.orgId, eq(telegramMessages.patientId, patientId)))
      .orderBy(desc(telegramMessages.createdAt), desc(telegramMessages.id))
      .limit(100);
    const ids = rows.map((r) => r.message.id);
    const attempts = ids.length
      ? await this.db
          .select()
          .from(telegramAttempts)
          .where(inOrg(telegramAttempts, scope.orgId, inArray(telegramAttempts.messageId, ids)))
          .orderBy(asc(telegramAttempts.startedAt), asc(telegramAttempts.id))
      : [];
    await recordAudit(this.db, scope, {
      action: 'telegram.messages_viewed',
      entity: 'patient',
      entityId: patientId,
      patientId,
    });
    return rows.map(({ message: m, patient, creatorName }) => ({
      id: m.id,
      kind: m.kind as Message['kind'],
      Patient: { ...patient, telegramId: m.chatId },
      header: m.header,
      message: m.message,
      footer: m.footer,
      status: m.status as Message['status'],
      reason: m.lastError,
      attempts: m.attempts,
      attemptLog: attempts
        .filter((a) => a.messageId === m.id)
        .map((a) => ({
          startedAt: a.startedAt.toISOString(),
          finishedAt: iso(a.finishedAt),
          outcome: a.outcome as Message['attemptLog'][number]['outcome'],
          httpStatus: a.httpStatus,
          error: a.error,
        })),
      nextAttemptAt: m.nextAttemptAt.toISOString(),
      sentAt: iso(m.sentAt),
      createdBy: m.createdBy !== null && creatorName !== null ? { id: m.createdBy, name: creatorName } : null,
      createdAt: m.createdAt.toISOString(),
    }));
  }

  /** A one-time `t.me/<bot>?start=<token>` link for the patient to link their own Telegram. */
  async createLink(scope: RequestContext, patientId: number) {
    // The patient first: another organization's id is a 404 whether or not Telegram answers.
    await findLivePatient(this.db, scope.orgId, patientId);
    const username = await this.botUsername().catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      throw new AppError('unavailable', 'Telegram could not be reached to read the bot’s name; try again.');
    });
    const { token, hash } = newToken();
    const expiresAt = new Date(this.clock.now().getTime() + LINK_TTL_MS);
    await this.db.transaction(async (tx) => {
      await tx.insert(telegramLinkTokens).values({
        orgId: scope.orgId,
        patientId,
        tokenHash: hash,
        expiresAt,
        createdBy: scope.userId,
      });
      await recordAudit(tx, scope, {
        action: 'telegram.link_created',
        entity: 'patient',
        entityId: patientId,
        patientId,
      });
    });
    return {
      url: `https://t.me/${username}?start=${token}`,
      expiresAt: expiresAt.toISOString(),
      botUsername: username,
    };
  }

  /**
   * The bot's webhook: `/start <token>` from a patient's Telegram links that user to the token's patient (once,
   * before it expires) and queues a confirmation. Anything else is acknowledged and ignored, so Telegram does not
   * redeliver it.
   */
  async receive(update: TelegramUpdate): Promise<CallbackAnswer | null> {
    if (update.callback_query) return this.buttonPressed(update);
    await this.linkByStart(update);
    return null;
  }

  private async linkByStart(update: TelegramUpdate): Promise<void> {
    const message = update.message;
    const from = message?.from;
    const match = message?.text?.match(/^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/);
    if (!message || !from || !match || from.is_bot) return;
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      // The token names its organization: this is the one lookup not scoped by a caller's organization.
      // eslint-disable-next-line basira/org-scoped-query -- the token is the only key the webhook has
      const [link] = await tx
        .update(telegramLinkTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(telegramLinkTokens.tokenHash, hashToken(match[1]!)),
            isNull(telegramLinkTokens.usedAt),
            gt(telegramLinkTokens.expiresAt, now),
          ),
        )
        .returning();
      if (!link) return;
      const row = await this.replaceLink(tx, link.orgId, link.patientId, {
        telegramId: message.chat.id,
        firstName: from.first_name ?? null,
        lastName: from.last_name ?? null,
        username: from.username ?? null,
        languageCode: from.language_code ?? null,
        isPremium: from.is_premium ?? false,
        isBot: false,
        createdBy: link.createdBy,
      });
      await tx.insert(telegramMessages).values({
        orgId: link.orgId,
        patientId: link.patientId,
        telegramUserId: row.id,
        chatId: row.telegramId,
        kind: 'linked',
        message: linkedMessage(await this.clinic(link.orgId, tx), langOf(row.languageCode)),
        nextAttemptAt: now,
      });
      await recordAudit(
        tx,
        {
          orgId: link.orgId,
          timeZone: 'UTC',
          userId: null,
          ip: 'telegram',
          requestId: `update-${update.update_id}`,
        },
        {
          action: 'telegram.self_linked',
          entity: 'telegram_user',
          entityId: row.id,
          patientId: link.patientId,
        },
      );
    });
  }

  /**
   * A booking reminder's button (`bk:<message id>:c|x`, jobs/telegram-outbox.ts): the outbox message names the
   * booking and its day. Only from the chat the reminder went to, and only while the booking is still Booked on that
   * day: confirming records the reply; cancelling moves the booking to Canceled with its status event. Both bump
   * the entry's version and are audited (`appointment.replied`, no user: the patient). A second press of the same
   * answer changes nothing. Answers what to tell the patient (the worker's client sends it).
   */
  private async buttonPressed(update: TelegramUpdate): Promise<CallbackAnswer | null> {
    const query = update.callback_query!;
    const match = query.data?.match(/^bk:(\d{1,10}):([cx])$/);
    const messageId = Number(match?.[1]);
    // Anything else is acknowledged and ignored (an id beyond the column's range included, never a 500).
    if (!match || messageId > 2_147_483_647) return null;
    const reply: 'confirmed' | 'cancelled' = match[2] === 'c' ? 'confirmed' : 'cancelled';
    const chatId = query.message?.chat.id ?? query.from.id;
    const lang = langOf(query.from.language_code);
    const now = this.clock.now();
    // The callback names its message, the only key the webhook has; the chat must be the one it was sent to.
    // eslint-disable-next-line basira/org-scoped-query -- the organization is the message's own
    const [sent] = await this.db
      .select()
      .from(telegramMessages)
      .where(and(eq(telegramMessages.id, messageId), eq(telegramMessages.kind, 'booking')));
    if (!sent || sent.chatId !== chatId || sent.queueId === null) return null;
    const queueId = sent.queueId;
    const outcome = await this.db.transaction(async (tx) => {
      const [entry] = await tx
        .select({ entry: queueEntries, timeZone: organizations.timeZone })
        .from(queueEntries)
        .innerJoin(organizations, eq(organizations.id, queueEntries.orgId))
        .where(inOrg(queueEntries, sent.orgId, eq(queueEntries.id, queueId)))
        .for('update', { of: queueEntries });
      if (
        !entry ||
        entry.entry.status !== QUEUE_STATUS.Booked ||
        localDay(entry.entry.date, entry.timeZone) !== sent.recallDay
      )
        return { answer: 'gone' as const, row: null };
      if (entry.entry.bookingReply === reply) return { answer: 'unchanged' as const, row: null };
      const changes =
        reply === 'confirmed'
          ? { bookingReply: reply, bookingReplyAt: now, updatedAt: now, updatedBy: null }
          : {
              bookingReply: reply,
              bookingReplyAt: now,
              status: QUEUE_STATUS.Canceled,
              statusSince: now,
              updatedAt: now,
              updatedBy: null,
            };
      const row = await updateVersioned(
        tx,
        queueEntries,
        { orgId: sent.orgId, id: queueId, expected: entry.entry.version },
        changes,
        async () => new AppError('conflict', 'The booking changed while the reply was recorded.'),
      );
      if (reply === 'cancelled')
        await tx.insert(queueStatusEvents).values({
          orgId: sent.orgId,
          queueId,
          fromStatus: QUEUE_STATUS.Booked,
          toStatus: QUEUE_STATUS.Canceled,
          action: 'cancel',
          at: now,
          actorId: null,
          note: 'cancelled by the patient via Telegram',
        });
      await recordAudit(
        tx,
        {
          orgId: sent.orgId,
          timeZone: entry.timeZone,
          userId: null,
          ip: 'telegram',
          requestId: `update-${update.update_id}`,
        },
        {
          action: 'appointment.replied',
          entity: 'appointment',
          entityId: queueId,
          patientId: sent.patientId,
          details: { reply, messageId },
          at: now,
        },
      );
      return { answer: reply, row };
    });
    if (outcome.row && this.events)
      await publishQueueChange(
        this.events,
        sent.orgId,
        outcome.row,
        reply === 'cancelled' ? 'cancel' : 'updated',
        now,
      );
    return {
      callbackQueryId: query.id,
      text: bookingAnswerText(outcome.answer, lang),
      // Once the booking is cancelled or gone the buttons mean nothing; a confirmed one may still be cancelled.
      removeButtons:
        query.message && outcome.answer !== 'confirmed' && outcome.answer !== 'unchanged'
          ? { chatId, messageId: query.message.message_id }
          : null,
    };
  }
}

/** What the webhook tells the patient who pressed a reminder's button (jobs/telegram-outbox.ts sends it). */
export interface CallbackAnswer {
  callbackQueryId: string;
  text: string;
  /** The reminder whose buttons go away (its answer is final). */
  removeButtons: { chatId: number; messageId: number } | null;
}
