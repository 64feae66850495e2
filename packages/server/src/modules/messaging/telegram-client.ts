/**
 * A small Telegram Bot API client (https://core.telegram.org/bots/api): `getMe`, `sendMessage` (with an inline
 * keyboard for a booking's reminder), `answerCallbackQuery` and `editMessageReplyMarkup` (its buttons pressed),
 * `setWebhook`.
 * Every failure is classified for the outbox worker:
 * - `retry`: Telegram did not take the message (the connection was refused or the name did not resolve, a 5xx);
 * - `rate`: 429 Too Many Requests, with `parameters.retry_after` seconds to wait;
 * - `permanent`: a 4xx that will not change by retrying (403 blocked by the user, 400 chat not found);
 * - `unknown`: the request may have reached Telegram (a timeout, a connection cut while waiting for the answer),
 *   so whether it was delivered cannot be told. The worker never resends those blindly (docs/messaging.md).
 */
export type TelegramFailureKind = 'retry' | 'rate' | 'permanent' | 'unknown';

export class TelegramError extends Error {
  constructor(
    readonly kind: TelegramFailureKind,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
}

interface ApiAnswer<T> {
  ok: boolean;
  result?: T;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
}

/** Errors raised before any byte of the request left: safe to retry. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

function causeCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export class TelegramClient {
  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly timeoutMs = 15_000,
  ) {}

  private async call<T>(method: string, body: Record<string, unknown>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.base.replace(/\/+$/, '')}/bot${this.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const code = causeCode(error);
      if (code && NOT_SENT_CODES.has(code)) throw new TelegramError('retry', `network: ${code}`);
      throw new TelegramError('unknown', `network: ${code ?? (error as Error).name ?? 'error'}`);
    }
    let answer: ApiAnswer<T> | undefined;
    try {
      answer = (await response.json()) as ApiAnswer<T>;
    } catch {
      answer = undefined;
    }
    if (response.ok && answer?.ok) return answer.result as T;
    const status = response.status;
    const description = answer?.description ?? `HTTP ${status}`;
    if (status === 429)
      throw new TelegramError('rate', description, status, answer?.parameters?.retry_after ?? 1);
    if (status >= 500) throw new TelegramError('retry', description, status);
    if (!response.ok) throw new TelegramError('permanent', description, status);
    // 200 without `ok`: not the Bot API's answer (a proxy's page); nothing says the message went.
    throw new TelegramError('unknown', description, status);
  }

  getMe(): Promise<TelegramUser> {
    return this.call('getMe', {});
  }

  sendMessage(chatId: number, text: string, replyMarkup?: object): Promise<{ message_id: number }> {
    return this.call('sendMessage', {
      chat_id: chatId,
      text,
      ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
    });
  }

  /** Ends the button's spinner, with a short notice to the patient. */
  answerCallbackQuery(callbackQueryId: string, text: string): Promise<boolean> {
    return this.call('answerCallbackQuery', { callback_query_id: callbackQueryId, text });
  }

  /** Takes a sent message's buttons away (no `reply_markup`). */
  removeReplyMarkup(chatId: number, messageId: number): Promise<unknown> {
    return this.call('editMessageReplyMarkup', { chat_id: chatId, message_id: messageId });
  }

  setWebhook(url: string, secretToken: string | undefined): Promise<boolean> {
    return this.call('setWebhook', {
      url,
      allowed_updates: ['message', 'callback_query'],
      ...(secretToken ? { secret_token: secretToken } : {}),
    });
  }
}
