import { z } from 'zod';
import { dataOf, idSchema, idTextSchema } from '../common/api.schemas.ts';

/**
 * Messages to patients through a Telegram bot (spec sections 3 and 7: the messaging user and message). A patient
 * has at most one linked Telegram user; a message goes through an outbox and a worker (docs/messaging.md).
 */

/** Telegram user ids are positive integers of at most 52 significant bits (Bot API, "User.id"). */
export const TELEGRAM_ID_MAX = 2 ** 52;
/** Bot API: a message's text is 1-4096 characters after entities parsing. */
export const TELEGRAM_TEXT_MAX = 4096;

/** The popup's numeric ID: digits only (as a JSON number or a string of digits), within Telegram's range. */
export const telegramIdSchema = z
  .union([z.number(), z.string()], { error: 'telegram_id.invalid' })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!/^\d{1,16}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'telegram_id.invalid' });
      return z.NEVER;
    }
    const id = Number(text);
    if (id < 1 || id > TELEGRAM_ID_MAX) {
      ctx.addIssue({ code: 'custom', message: 'telegram_id.range' });
      return z.NEVER;
    }
    return id;
  });

/** `POST /api/telegram/user`: links a patient to a Telegram user; relinking replaces the patient's link. */
export const messagingUserLinkSchema = z.object({ patientId: idSchema, telegram_id: telegramIdSchema });
export type MessagingUserLink = z.output<typeof messagingUserLinkSchema>;

export const messagingUserQuerySchema = z.object({ patientId: idTextSchema });

/** The spec's messaging user, with its patient. */
export const messagingUserSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  full_name: z.string().nullable(),
  language_code: z.string().nullable(),
  is_premium: z.boolean(),
  is_bot: z.boolean(),
  is_admin: z.boolean(),
  notify_on_failure: z.boolean(),
  photo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  Patient: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
});
export type MessagingUser = z.infer<typeof messagingUserSchema>;
export const messagingUserResponseSchema = dataOf(messagingUserSchema);
/** `GET /api/telegram/user?patientId=`: the patient's live link, or null. */
export const messagingUserLookupSchema = dataOf(messagingUserSchema.nullable());

/** `POST /api/telegram/send/{patientId}`: the footer defaults to the clinic's greeting, next visit and contact. */
export const messageSendSchema = z
  .object({
    header: z.string().trim().max(500, 'value.too_long').default(''),
    message: z.string().trim().min(1, 'message.required').max(TELEGRAM_TEXT_MAX, 'value.too_long'),
    footer: z.string().trim().max(1000, 'value.too_long').optional(),
  })
  .refine((m) => [m.header, m.message, m.footer ?? ''].join('\n\n').length <= TELEGRAM_TEXT_MAX, {
    message: 'message.too_long',
    path: ['message'],
  });
export type MessageSend = z.input<typeof messageSendSchema>;

export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_KINDS = ['manual', 'recall', 'linked', 'booking'] as const;
export const ATTEMPT_OUTCOMES = ['sent', 'retry', 'failed', 'unconfirmed'] as const;

export const messageQueuedSchema = dataOf(z.object({ id: z.number().int(), status: z.literal('queued') }));

/** The spec's messaging message, with its state and every attempt. */
export const messageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  Patient: z.object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    telegramId: z.number().int(),
  }),
  header: z.string(),
  message: z.string(),
  footer: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  /** Why it failed or was cancelled; the last retryable error while it waits. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  attemptLog: z.array(
    z.object({
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      outcome: z.enum(ATTEMPT_OUTCOMES).nullable(),
      httpStatus: z.number().int().nullable(),
      error: z.string().nullable(),
    }),
  ),
  /** When it is due (a reminder waits for its day; a retry for its backoff). */
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;
export const messageListQuerySchema = z.object({ patientId: idTextSchema });
export const messageListSchema = dataOf(z.array(messageSchema));

/** `GET /api/telegram/status`: whether messaging is configured, and the bot's username for the t.me link. */
export const messagingStatusSchema = dataOf(
  z.object({ configured: z.boolean(), botUsername: z.string().nullable() }),
);

/** `POST /api/telegram/link/{patientId}`: a one-time self-linking link (its QR code is drawn by the web app). */
export const messagingLinkSchema = dataOf(
  z.object({ url: z.string(), expiresAt: z.string(), botUsername: z.string() }),
);

/**
 * The webhook's update, as far as linking and the reminders' buttons read it (Bot API "Update", "Message", "User",
 * "CallbackQuery").
 */
export const telegramUpdateSchema = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({
      text: z.string().optional(),
      chat: z.looseObject({ id: z.number().int() }),
      from: z
        .looseObject({
          id: z.number().int(),
          is_bot: z.boolean().optional(),
          first_name: z.string().optional(),
          last_name: z.string().optional(),
          username: z.string().optional(),
          language_code: z.string().optional(),
          is_premium: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
  /** A booking reminder's button pressed (`bk:<message id>:c` confirm, `…:x` cancel). */
  callback_query: z
    .looseObject({
      id: z.string(),
      from: z.looseObject({ id: z.number().int(), language_code: z.string().optional() }),
      message: z
        .looseObject({ message_id: z.number().int(), chat: z.looseObject({ id: z.number().int() }) })
        .optional(),
      data: z.string().optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;
