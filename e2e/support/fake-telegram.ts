import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The bot token the e2e server runs with: the fake answers any token, the server only needs one to send. */
export const FAKE_BOT_TOKEN = '123456:TEST-token';
export const FAKE_BOT_USERNAME = 'basira_e2e_bot';
/** Where the tests read what the fake received (the fake lives in the global setup's process). */
const DELIVERED_PATH = '/__e2e/delivered';

export interface Delivered {
  chatId: number;
  text: string;
  at: number;
}

/**
 * A fake Telegram Bot API on loopback (as packages/server/src/test/fake-telegram.ts, which e2e cannot import):
 * `getMe`, `setWebhook` and `sendMessage` answer as Telegram does, and every delivered message is kept for the
 * tests to read at `GET /__e2e/delivered`. It does nothing unless the server sends.
 */
export async function startFakeTelegram(): Promise<{ url: string; close: () => Promise<void> }> {
  const delivered: Delivered[] = [];
  let nextMessageId = 1;
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.url === DELIVERED_PATH) return answer(res, 200, delivered);
      const method = req.url?.split('?')[0]?.split('/').pop() ?? '';
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return answer(res, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
      if (method === 'getMe')
        return answer(res, 200, {
          ok: true,
          result: { id: 42, is_bot: true, first_name: 'Basira', username: FAKE_BOT_USERNAME },
        });
      if (method === 'setWebhook') return answer(res, 200, { ok: true, result: true });
      if (method !== 'sendMessage')
        return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      delivered.push({ chatId: Number(body.chat_id), text: String(body.text), at: Date.now() });
      return answer(res, 200, {
        ok: true,
        result: { message_id: nextMessageId++, chat: { id: body.chat_id }, text: body.text },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The server's environment for talking to the fake: sends within a second of being queued. */
export const fakeTelegramEnv = (url: string): Record<string, string> => ({
  TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
  TELEGRAM_API_BASE: url,
  TELEGRAM_POLL_MS: '200',
});

/** What the fake of this run has delivered to one chat (from a test worker: the fake runs in the global setup). */
export async function deliveredTo(chatId: number): Promise<Delivered[]> {
  const url = process.env.E2E_TELEGRAM_URL;
  if (!url) throw new Error('E2E_TELEGRAM_URL is not set: run through playwright.config.ts');
  const all = (await (await fetch(`${url}${DELIVERED_PATH}`)).json()) as Delivered[];
  return all.filter((message) => message.chatId === chatId);
}
