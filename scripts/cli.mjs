// `npm run cli -- <command> …`: the administration commands (see README), run from the built server.
import path from 'node:path';
import { ensureBuilt } from './start.mjs';
import { root, run } from './lib.mjs';

await ensureBuilt();
process.exit(
  await run(process.execPath, [path.join(root, 'packages/server/dist/cli.js'), ...process.argv.slice(2)]),
);
