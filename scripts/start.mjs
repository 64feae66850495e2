// `npm start`: builds when the build output is missing or older than the sources, then starts the server.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { build, SOURCES, STAMP } from './build.mjs';
import { newestMtime, root } from './lib.mjs';

export async function ensureBuilt() {
  const stale = !existsSync(STAMP) || statSync(STAMP).mtimeMs < newestMtime(SOURCES);
  if (stale) await build();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureBuilt();
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
