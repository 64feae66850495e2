// bench/web-bundle: the gzip size of all JavaScript a browser loads from opening /dashboard without a token
// until the sign-in form shows, and of each route's chunk. Target: ≤ 170 KB gzip (the token guard runs in the
// entry chunk, before any lazy screen chunk). Run: npx tsx bench/web-bundle/run.ts  (--build to rebuild first)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const TARGET_KB = 170;
const KB = 1024;
import { CHROMIUM_ARGS, freePort, waitForHealth } from '../shared/built-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'packages/web/dist');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const gzipBytes = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

if (
  process.argv.includes('--build') ||
  !existsSync(path.join(dist, 'index.html')) ||
  !existsSync(path.join(root, 'packages/server/dist/main.js'))
) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'basira-bench-web-'));
const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-password-1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

try {
  await waitForHealth(base, server);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  const loaded: { url: string; raw: number; gzip: number }[] = [];
  let recording = true;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    const isJs = response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(url);
    if (!recording || !isJs) return;
    pending.push(
      response
        .body()
        .then(
          (body) => void loaded.push({ url: new URL(url).pathname, raw: body.length, gzip: gzipBytes(body) }),
        ),
    );
  });
  await page.goto(`${base}/dashboard`);
  await page.locator('input[name="email"]').waitFor({ state: 'visible', timeout: 20_000 });
  recording = false;
  await Promise.all(pending);
  const landedOn = new URL(page.url()).pathname;
  await browser.close();

  const total = loaded.reduce((sum, f) => sum + f.gzip, 0);
  const totalRaw = loaded.reduce((sum, f) => sum + f.raw, 0);
  console.log(`web-bundle: /dashboard without a token → ${landedOn} (sign-in form shown)`);
  console.log('  JavaScript loaded until then (gzip -9 / raw):');
  for (const f of [...loaded].sort((a, b) => b.gzip - a.gzip))
    console.log(`    ${kb(f.gzip).padStart(9)}  ${kb(f.raw).padStart(9)}  ${f.url}`);
  console.log(`  total: ${kb(total)} gzip (${kb(totalRaw)} raw) in ${loaded.length} files`);

  // Each route's own chunk (what a first visit to that screen adds), from Vite's manifest.
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; src?: string; isDynamicEntry?: boolean; isEntry?: boolean; imports?: string[] }
  >;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const inEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const dep of manifest[key]?.imports ?? []) collect(dep, into);
  };
  collect(entryKey, inEntry);
  const fileGzip = (key: string) => gzipBytes(readFileSync(path.join(dist, manifest[key]!.file)));
  console.log('  route chunks (own chunk / with the shared chunks it adds beyond the entry), gzip:');
  const routes = Object.entries(manifest)
    .filter(([, m]) => m.isDynamicEntry && m.src && /src\/(features|app)\//.test(m.src))
    .map(([key, m]) => {
      const deps = new Set<string>();
      collect(key, deps);
      const added = [...deps].filter((d) => !inEntry.has(d)).reduce((sum, d) => sum + fileGzip(d), 0);
      return { src: m.src!.replace(/^src\//, ''), own: fileGzip(key), added };
    })
    .sort((a, b) => b.added - a.added);
  for (const r of routes) console.log(`    ${kb(r.own).padStart(9)}  ${kb(r.added).padStart(9)}  ${r.src}`);

  const pass = total <= TARGET_KB * KB && landedOn === '/login';
  console.log(`  target: ≤ ${TARGET_KB} KB gzip → ${kb(total)} ${pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
