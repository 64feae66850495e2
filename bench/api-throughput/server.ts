// Child process of run.ts: the real app (authenticated GET /api/me) and a bare Fastify route, side by side.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '@basira/server/src/app.ts';
import { loadConfig } from '@basira/server/src/config.ts';
import { tuneHeapForServing } from '@basira/server/src/lib/serving-heap.ts';

const config = loadConfig({
  LOG_LEVEL: 'silent',
  ADMIN_PASSWORD: 'bench-password-1',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'basira-bench-')),
  LOGIN_RATE_PER_ADDRESS_PER_MINUTE: '100000',
  // One user calls far faster than a person: the per-user limit would measure itself.
  REQUESTS_PER_USER_PER_MINUTE: '100000000',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
tuneHeapForServing();
const built = await buildApp(config, { print: () => {} });
const appAddress = await built.app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ data: { ok: true } }));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

process.send?.({ appAddress, bareAddress, database: built.database.kind });
process.on('disconnect', () => {
  void Promise.all([built.close(), bare.close()]).then(() => process.exit(0));
});
