import { and, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import { localDay } from '@basira/shared/dates/calendar';
import type { Db } from '../db/client.ts';
import {
  organizations,
  patients,
  queueEntries,
  telegramAttempts,
  telegramMessages,
  telegramUsers,
} from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { inOrg } from '../lib/tenant.ts';
import {
  bookingButtons,
  composeText,
  langOf,
  type InlineKeyboard,
} from '../modules/messaging/message-texts.ts';
import type { CallbackAnswer } from '../modules/messaging/messaging.service.ts';
import { TelegramError, type TelegramClient } from '../modules/messaging/telegram-client.ts';

type MessageRow = typeof telegramMessages.$inferSelect;

/** Who hears of a message that failed for good: the users holding `send message` (the notifications module). */
export interface FailureNotifier {
  notifyHolders(
    orgId: number,
    permissions: readonly ['send message'],
    n: { type: 'reminder failed'; details: string; targetId?: number | null },
  ): Promise<void>;
}

export interface OutboxOptions {
  /** Sends per second over all chats (Telegram: about 30). */
  ratePerSecond: number;
  /** The least time between two messages to one chat (Telegram: about one a second). */
  perChatMs: number;
  /** How long a claimed message is the claiming worker's before another may look at it. */
  leaseMs: number;
  /** Retryable failures before a message is given up. */
  maxAttempts: number;
  batchSize: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = {
  ratePerSecond: 25,
  perChatMs: 1000,
  leaseMs: 60_000,
  maxAttempts: 8,
  batchSize: 20,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry n (1-based) waits 2, 4, 8 … seconds, at most 10 minutes, with ±20% jitter so retries do not bunch. */
export function backoffMs(attempt: number): number {
  const base = Math.min(2_000 * 2 ** (attempt - 1), 600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * The outbox worker (docs/messaging.md). Every message is sent at most once:
 * 1. claim: queued and due rows, `FOR UPDATE SKIP LOCKED`, become `sending` with a lease (committed);
 * 2. before each call an attempt row is written (committed): "a call may be under way";
 * 3. after the call the attempt and the message get the outcome.
 * A worker that dies leaves `sending` rows whose lease runs out. The next worker looks at each one's last attempt:
 * none open → the call never started, the message is queued again; one open → the call may have reached Telegram,
 * so it is not resent: it is failed as `unconfirmed`, and the users holding `send message` are told.
 */
export class TelegramOutbox {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private nextSendAt = 0;
  private readonly lastToChat = new Map<number, number>();
  private pausedUntil = 0;

  constructor(
    private readonly db: Db,
    private readonly client: TelegramClient,
    private readonly clock: Clock,
    private readonly notifier: FailureNotifier | null,
    private readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
    private readonly options: OutboxOptions = OUTBOX_DEFAULTS,
  ) {}

  start(pollMs: number): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let worked = 0;
        try {
          worked = await this.runOnce();
        } catch (error) {
          this.log.error({ err: error }, 'telegram outbox: a round failed');
        }
        if (worked === 0 && this.running)
          await new Promise<void>((resolve) => {
            this.wake = resolve;
            setTimeout(resolve, pollMs);
          });
      }
    })();
  }

  /** Registers the webhook (the worker owns the client; the routes never call Telegram but `getMe`). */
  setWebhook(url: string, secret: string | undefined): Promise<boolean> {
    return this.client.setWebhook(url, secret);
  }

  /** A message was just queued: look now rather than at the next poll. */
  nudge(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  /** One round: recover expired claims, claim a batch, send it. Returns how many messages it settled. */
  async runOnce(): Promise<number> {
    await this.recoverExpired();
    const batch = await this.claim();
    for (const message of batch) await this.deliver(message);
    return batch.length;
  }

  private async recoverExpired(): Promise<void> {
    const now = this.clock.now();
    // eslint-disable-next-line basira/org-scoped-query -- the worker serves every organization
    const expired = await this.db
      .select({ id: telegramMessages.id, orgId: telegramMessages.orgId })
      .from(telegramMessages)
      .where(and(eq(telegramMessages.status, 'sending'), lt(telegramMessages.lockedUntil, now)));
    for (const { id, orgId } of expired) {
      const outcome = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(telegramMessages)
          .where(
            inOrg(
              telegramMessages,
              orgId,
              eq(telegramMessages.id, id),
              eq(telegramMessages.status, 'sending'),
              lt(telegramMessages.lockedUntil, now),
            ),
          )
          .for('update', { skipLocked: true });
        if (!row) return null;
        const [open] = await tx
          .update(telegramAttempts)
          .set({ finishedAt: now, outcome: 'unconfirmed', error: 'the worker stopped while sending' })
          .where(
            inOrg(
              telegramAttempts,
              orgId,
              eq(telegramAttempts.messageId, id),
              isNull(telegramAttempts.finishedAt),
            ),
          )
          .returning({ id: telegramAttempts.id });
        if (open) {
          await tx
            .update(telegramMessages)
            .set({
              status: 'failed',
              lockedUntil: null,
              lastError:
                'unconfirmed: the sender stopped during the call to Telegram; not resent, to never send twice',
              updatedAt: now,
            })
            .where(inOrg(telegramMessages, orgId, eq(telegramMessages.id, id)));
          return 'unconfirmed' as const;
        }
        await tx
          .update(telegramMessages)
          .set({
            status: 'queued',
            lockedUntil: null,

            updatedAt: now,
          })
          .where(inOrg(telegramMessages, orgId, eq(telegramMessages.id, id)));
        return 'requeued' as const;
      });
      if (outcome === 'unconfirmed') await this.tellFailure(orgId, id, 'unconfirmed');
    }
  }

  private async claim(): Promise<MessageRow[]> {
    const now = this.clock.now();
    const lease = new Date(now.getTime() + this.options.leaseMs);
    return this.db.transaction(async (tx) => {
      // eslint-disable-next-line basira/org-scoped-query -- the worker serves every organization
      const due = await tx
        .select({ id: telegramMessages.id })
        .from(telegramMessages)
        .where(and(eq(telegramMessages.status, 'queued'), lte(telegramMessages.nextAttemptAt, now)))
        .orderBy(telegramMessages.nextAttemptAt, telegramMessages.id)
        .limit(this.options.batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      // eslint-disable-next-line basira/org-scoped-query -- rows claimed above, of any organization
      return tx
        .update(telegramMessages)
        .set({
          status: 'sending',
          lockedUntil: lease,
          attempts: sql`${telegramMessages.attempts} + 1`,
          updatedAt: now,
        })
        .where(
          inArray(
            telegramMessages.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  /**
   * Renews this worker's claim and records that a call is starting, in one transaction, or returns null when the
   * claim is no longer this worker's (its lease ran out and another worker settled the message). `attempts`,
   * raised by every claim, fences a claim from an earlier one of the same message.
   */
  private async startAttempt(message: MessageRow): Promise<number | null> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [held] = await tx
        .update(telegramMessages)
        .set({ lockedUntil: new Date(now.getTime() + this.options.leaseMs) })
        .where(
          inOrg(
            telegramMessages,
            message.orgId,
            eq(telegramMessages.id, message.id),
            eq(telegramMessages.status, 'sending'),
            eq(telegramMessages.attempts, message.attempts),
            gt(telegramMessages.lockedUntil, now),
          ),
        )
        .returning({ id: telegramMessages.id });
      if (!held) return null;
      const [attempt] = await tx
        .insert(telegramAttempts)
        .values({ orgId: message.orgId, messageId: message.id, startedAt: now })
        .returning({ id: telegramAttempts.id });
      return attempt!.id;
    });
  }

  /**
   * Whether the message still goes, and with which buttons. A recall reminder goes only if its entry is still that
   * recall; a booking's only if the booking is still Booked on that day (not moved away, canceled or arrived), with
   * its confirm and cancel buttons in the language of the Telegram user it was written for. Otherwise it is
   * cancelled: the check at sending time is the one place every change of a booking passes, whoever made it.
   */
  private async check(message: MessageRow): Promise<{ wanted: boolean; replyMarkup?: InlineKeyboard }> {
    if (message.kind !== 'recall' && message.kind !== 'booking') return { wanted: true };
    if (message.queueId === null) return { wanted: false };
    const [entry] = await this.db
      .select({
        isRewaiting: queueEntries.isRewaiting,
        status: queueEntries.status,
        slotMinutes: queueEntries.slotMinutes,
        date: queueEntries.date,
        timeZone: organizations.timeZone,
      })
      .from(queueEntries)
      .innerJoin(organizations, eq(organizations.id, queueEntries.orgId))
      .where(inOrg(queueEntries, message.orgId, eq(queueEntries.id, message.queueId)));
    const sameDay =
      !!entry && localDay(entry.date, entry.timeZone) === message.recallDay && entry.date > this.clock.now();
    if (message.kind === 'recall')
      // A recall to a later day is Booked (one to today waits in the building); a booking with a slot is not a
      // recall: its reminder is the booking's (jobs/booking-reminders.ts).
      return {
        wanted:
          sameDay &&
          entry.isRewaiting &&
          entry.slotMinutes === null &&
          (entry.status === QUEUE_STATUS.Booked || entry.status === QUEUE_STATUS.Waiting),
      };
    if (!sameDay || entry.status !== QUEUE_STATUS.Booked || entry.slotMinutes === null)
      return { wanted: false };
    const [user] =
      message.telegramUserId === null
        ? []
        : await this.db
            .select({ languageCode: telegramUsers.languageCode })
            .from(telegramUsers)
            .where(inOrg(telegramUsers, message.orgId, eq(telegramUsers.id, message.telegramUserId)));
    return { wanted: true, replyMarkup: bookingButtons(message.id, langOf(user?.languageCode)) };
  }

  /**
   * A booking reminder's button was pressed (the webhook, messaging.service.ts): ends its spinner with a notice
   * and takes the buttons away once the answer is final. The webhook's process may not run the worker, but it
   * holds this client; nothing is written, and a failure only leaves the spinner until Telegram drops it.
   */
  async answerCallback(answer: CallbackAnswer): Promise<void> {
    try {
      await this.client.answerCallbackQuery(answer.callbackQueryId, answer.text);
      if (answer.removeButtons)
        await this.client.removeReplyMarkup(answer.removeButtons.chatId, answer.removeButtons.messageId);
    } catch (error) {
      this.log.warn({ err: error }, 'telegram outbox: a button press was not answered');
    }
  }

  /** Keeps to the overall rate and to one message a second per chat (a 429 pauses everything it asks to). */
  private async pace(chatId: number): Promise<void> {
    const now = Date.now();
    const chatReady = (this.lastToChat.get(chatId) ?? 0) + this.options.perChatMs;
    const at = Math.max(now, this.nextSendAt, chatReady, this.pausedUntil);
    this.nextSendAt = at + 1000 / this.options.ratePerSecond;
    if (at > now) await sleep(at - now);
    this.lastToChat.set(chatId, Date.now());
  }

  private async settle(
    message: MessageRow,
    attemptId: number,
    changes: Partial<MessageRow>,
    attempt: Partial<typeof telegramAttempts.$inferInsert>,
  ) {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(telegramAttempts)
        .set({ finishedAt: now, ...attempt })
        .where(inOrg(telegramAttempts, message.orgId, eq(telegramAttempts.id, attemptId)));
      await tx
        .update(telegramMessages)
        .set({ lockedUntil: null, updatedAt: now, ...changes })
        .where(inOrg(telegramMessages, message.orgId, eq(telegramMessages.id, message.id)));
    });
  }

  private async deliver(message: MessageRow): Promise<void> {
    const { wanted, replyMarkup } = await this.check(message);
    if (!wanted) {
      await this.db
        .update(telegramMessages)
        .set({
          status: 'cancelled',
          lockedUntil: null,
          lastError:
            message.kind === 'booking'
              ? 'the booking was moved, canceled or arrived'
              : 'the recall changed or was cancelled',
          updatedAt: this.clock.now(),
        })
        .where(
          inOrg(
            telegramMessages,
            message.orgId,
            eq(telegramMessages.id, message.id),
            eq(telegramMessages.status, 'sending'),
            eq(telegramMessages.attempts, message.attempts),
          ),
        );
      return;
    }
    await this.pace(message.chatId);
    const attemptId = await this.startAttempt(message);
    if (attemptId === null) return;
    let sent: { message_id: number };
    try {
      sent = await this.client.sendMessage(message.chatId, composeText(message), replyMarkup);
    } catch (error) {
      await this.failed(message, attemptId, error);
      return;
    }
    const now = this.clock.now();
    await this.settle(
      message,
      attemptId,
      { status: 'sent', sentAt: now, telegramMessageId: sent.message_id, lastError: null },
      { outcome: 'sent', httpStatus: 200 },
    );
  }

  private async failed(message: MessageRow, attemptId: number, error: unknown): Promise<void> {
    const failure =
      error instanceof TelegramError
        ? error
        : new TelegramError('unknown', (error as Error)?.message ?? 'error');
    const now = this.clock.now();
    const attempt = { httpStatus: failure.status, error: failure.message.slice(0, 500) };
    if (failure.kind === 'rate') {
      const waitMs = (failure.retryAfterSeconds ?? 1) * 1000;
      this.pausedUntil = Date.now() + waitMs;
      // Telegram asked to wait: that is not the message's fault, so it does not count as an attempt.
      await this.settle(
        message,
        attemptId,
        {
          status: 'queued',
          attempts: message.attempts - 1,
          nextAttemptAt: new Date(now.getTime() + waitMs),
          lastError: failure.message,
        },
        { ...attempt, outcome: 'retry' },
      );
      return;
    }
    if (failure.kind === 'retry' && message.attempts < this.options.maxAttempts) {
      await this.settle(
        message,
        attemptId,
        {
          status: 'queued',
          nextAttemptAt: new Date(now.getTime() + backoffMs(message.attempts)),
          lastError: failure.message,
        },
        { ...attempt, outcome: 'retry' },
      );
      return;
    }
    const reason =
      failure.kind === 'unknown'
        ? `unconfirmed: ${failure.message}; not resent, to never send twice`
        : failure.kind === 'retry'
          ? `gave up after ${message.attempts} attempts: ${failure.message}`
          : failure.message;
    await this.settle(
      message,
      attemptId,
      { status: 'failed', lastError: reason },
      { ...attempt, outcome: failure.kind === 'unknown' ? 'unconfirmed' : 'failed' },
    );
    await this.tellFailure(message.orgId, message.id, reason);
  }

  private async tellFailure(orgId: number, messageId: number, reason: string): Promise<void> {
    if (!this.notifier) return;
    try {
      const [row] = await this.db
        .select({ patientId: patients.id, name: patients.name })
        .from(telegramMessages)
        .innerJoin(patients, eq(patients.id, telegramMessages.patientId))
        .where(inOrg(telegramMessages, orgId, eq(telegramMessages.id, messageId)));
      await this.notifier.notifyHolders(orgId, ['send message'], {
        type: 'reminder failed',
        details: `${row?.name ?? ''}: ${reason}`.slice(0, 500),
        targetId: row?.patientId ?? null,
      });
    } catch (error) {
      this.log.warn({ err: error, messageId }, 'telegram outbox: the failure notification was not written');
    }
  }
}
