// The server's configuration on the list-pages benchmark database (prepare.ts and server.ts).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@basira/server/src/config.ts';

/** The server's configuration on the benchmark database; `extra` for the preparing process (no background jobs). */
export function benchConfig(databaseUrl: string, extra: Record<string, string> = {}) {
  const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.data/list-pages-files');
  mkdirSync(dataDir, { recursive: true });
  return loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'bench-password-1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOGIN_RATE_PER_ADDRESS_PER_MINUTE: '100000',
    // One user calls far faster than a person: the per-user limit would measure itself.
    REQUESTS_PER_USER_PER_MINUTE: '100000000',
    SESSION_IDLE_MINUTES: '600',
    ...extra,
  });
}
