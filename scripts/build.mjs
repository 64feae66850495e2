// Builds shared and server (tsc) and the web app (vite). `npm start` calls it only when the output is stale.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mustRun, root } from './lib.mjs';

export const STAMP = path.join(root, 'packages/server/dist/.build-stamp');
export const SOURCES = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/server/src',
  'packages/server/package.json',
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/package.json',
  'packages/web/vite.config.ts',
];

export async function build() {
  console.log('Building Basira…');
  await mustRun('npx', ['tsc', '-p', 'packages/shared/tsconfig.build.json']);
  await mustRun('npx', ['tsc', '-p', 'packages/server/tsconfig.build.json']);
  if (existsSync(path.join(root, 'packages/web/index.html')))
    await mustRun('npm', ['run', 'build', '-w', '@basira/web']);
  writeFileSync(STAMP, new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) await build();
