import { fakeTelegramEnv, startFakeTelegram } from './fake-telegram.ts';
import { startServer } from './server.ts';

/**
 * One server for the whole run; its address reaches the workers through the environment. It sends Telegram
 * messages to a fake Bot API on loopback (idle unless a test sends), whose address the workers also get.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const telegram = await startFakeTelegram();
  const server = await startServer(fakeTelegramEnv(telegram.url));
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_TELEGRAM_URL = telegram.url;
  return async () => {
    await server.stop();
    await telegram.close();
  };
}
