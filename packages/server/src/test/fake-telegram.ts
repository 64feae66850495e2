import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCall {
  method: string;
  body: Record<string, unknown>;
  at: number;
}

/**
 * A fake Telegram Bot API on loopback: records every delivered message (with its buttons) and every answer to a
 * button press, and answers as Telegram does. Failures are scripted:
 * the next N sends fail with a status, answer 429 with `retry_after`, or a chat is "blocked" (403).
 */
export async function startFakeTelegram() {
  const calls: FakeCall[] = [];
  /** The button presses' calls: `answerCallbackQuery`, `editMessageReplyMarkup`. */
  const buttonCalls: FakeCall[] = [];
  const script: { status: number; retryAfter?: number }[] = [];
  const blocked = new Set<number>();
  let delay: () => number = () => 0;
  /** The chance that a send is answered 429 with `retry_after` (besides the scripted failures). */
  let limit = { chance: 0, retryAfter: 1 };
  let nextMessageId = 1;

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const method = req.url?.split('/').pop() ?? '';
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const reply = () => {
        if (method === 'getMe')
          return answer(res, 200, {
            ok: true,
            result: { id: 42, is_bot: true, first_name: 'Basira', username: 'basira_test_bot' },
          });
        if (method === 'setWebhook') return answer(res, 200, { ok: true, result: true });
        if (method === 'answerCallbackQuery' || method === 'editMessageReplyMarkup') {
          buttonCalls.push({ method, body, at: Date.now() });
          return answer(res, 200, { ok: true, result: true });
        }
        if (method !== 'sendMessage')
          return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
        const failure =
          script.shift() ??
          (Math.random() < limit.chance ? { status: 429, retryAfter: limit.retryAfter } : undefined);
        if (failure?.status === 429)
          return answer(res, 429, {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${failure.retryAfter}`,
            parameters: { retry_after: failure.retryAfter },
          });
        if (failure)
          return answer(res, failure.status, {
            ok: false,
            error_code: failure.status,
            description: 'Internal Server Error',
          });
        if (blocked.has(Number(body.chat_id)))
          return answer(res, 403, {
            ok: false,
            error_code: 403,
            description: 'Forbidden: bot was blocked by the user',
          });
        // Recorded only when delivered: what the patient received.
        calls.push({ method, body, at: Date.now() });
        return answer(res, 200, {
          ok: true,
          result: { message_id: nextMessageId++, chat: { id: body.chat_id }, text: body.text },
        });
      };
      const ms = delay();
      if (ms > 0) setTimeout(reply, ms);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    /** Messages delivered, in order. */
    delivered: () =>
      calls.map((c) => ({
        chatId: Number(c.body.chat_id),
        text: String(c.body.text),
        at: c.at,
        ...(c.body.reply_markup ? { replyMarkup: c.body.reply_markup } : {}),
      })),
    /** The answers to button presses, in order. */
    buttonCalls: () => buttonCalls.map((c) => ({ method: c.method, body: c.body })),
    failNext: (count: number, status = 500) => {
      for (let i = 0; i < count; i++) script.push({ status });
    },
    rateLimitNext: (retryAfter: number) => script.push({ status: 429, retryAfter }),
    block: (chatId: number) => blocked.add(chatId),
    /** A fixed answer time, or one drawn per call. */
    setDelay: (ms: number | (() => number)) => {
      delay = typeof ms === 'number' ? () => ms : ms;
    },
    rateLimitSometimes: (chance: number, retryAfter: number) => {
      limit = { chance, retryAfter };
    },
    reset: () => {
      calls.length = 0;
      buttonCalls.length = 0;
      script.length = 0;
      blocked.clear();
      delay = () => 0;
      limit = { chance: 0, retryAfter: 1 };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;
