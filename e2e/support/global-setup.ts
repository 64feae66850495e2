import { startServer } from './server.ts';

/** One server for the whole run; its address reaches the workers through the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  return () => server.stop();
}
