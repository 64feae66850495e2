// `npm run demo`: loads the demo organization into the server's database (packages/server/src/demo), run from the
// built server like `npm run cli`; `npm run demo -- --reset` deletes it first.
import path from 'node:path';
import { ensureBuilt } from './start.mjs';
import { root, run } from './lib.mjs';

await ensureBuilt();
process.exit(
  await run(process.execPath, [
    path.join(root, 'packages/server/dist/demo/demo-cli.js'),
    ...process.argv.slice(2),
  ]),
);
