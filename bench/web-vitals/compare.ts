// bench/web-vitals, two builds side by side: each screen's warm loads of one build and of the other taken in
// turn (A, B, B, A, A, B…), so that the machine's swings fall on both alike. Alternating whole runs of the bench
// did not: on this shared machine a build's warm LCP moved by 200–400 ms from one run to the next, and "gains" of
// that size seen in alternated runs were gone when the loads were interleaved (history/web-vitals.md, 2026-12-06).
// Prints, per screen and build, the medians of warm LCP, of when the content was first in a frame, and of when that
// frame had been painted; and the differences. No target: it says whether a change moved a figure beyond the noise.
// Run: npx tsx bench/web-vitals/compare.ts <before> [<after>]  (after: packages/web/dist). Each is a web build's
// dist, served by this checkout's server (e.g. `npx vite build --outDir /tmp/dist-before` in packages/web on the
// older commit), or a whole built checkout, its own server and web build (a change to the server: `git worktree add
// /tmp/before <commit>`, node_modules linked in, `node scripts/build.mjs` there). BENCH_LOADS (12), BENCH_SCREENS
// (e.g. /patients,/queue; default the bench's five), CHROMIUM_PATH.
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS } from '../shared/built-server.ts';
import { benchScreens, root, startDemoServer, type DemoServer } from './demo-server.ts';
import { load, median, ms, newContext } from './page-loads.ts';

const [beforeDist, afterDist = path.join(root, 'packages/web/dist')] = process.argv.slice(2);
if (!beforeDist) {
  console.error('usage: npx tsx bench/web-vitals/compare.ts <before-dist> [<after-dist>]');
  process.exit(2);
}
const LOADS = Number(process.env.BENCH_LOADS ?? 12);
const only = process.env.BENCH_SCREENS?.split(',');
const FIGURES = ['lcp', 'shown', 'painted'] as const;

const builds = [
  { name: 'before', dist: beforeDist },
  { name: 'after', dist: afterDist },
];
// Each build on a server and a demo clinic of its own: the same data, and no HTTP cache shared between them.
const servers: DemoServer[] = [];
try {
  for (const build of builds) {
    console.log(`compare: loading the demo clinic for ${build.name} (${build.dist})…`);
    servers.push(await startDemoServer(build.dist));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const screensOf = await Promise.all(servers.map(async (server) => (await benchScreens(server)).screens));
  const names = screensOf[0]!.map((s) => s.name).filter((name) => !only || only.includes(name));
  console.log(
    `\nweb-vitals compare: medians of ${LOADS} warm loads a build, interleaved (Chromium ${browser.version()})`,
  );
  console.log('  screen      | build  | warm LCP | content shown |        painted | LCP, each load');
  for (const name of names) {
    // Each build's own copy of the screen (its session, its visit).
    const screens = screensOf.map((list) => list.find((s) => s.name === name)!);
    const contexts: BrowserContext[] = [];
    for (const [i, server] of servers.entries()) {
      const context = await newContext(browser, server.base, screens[i]!.session);
      // The first load fills the HTTP cache: the figures are the warm loads after it.
      await load(context, `${server.base}${screens[i]!.url}`, screens[i]!.ready);
      contexts.push(context);
    }
    const figures = servers.map(() => ({
      lcp: [] as number[],
      shown: [] as number[],
      painted: [] as number[],
    }));
    for (let n = 0; n < LOADS; n++) {
      // A, B, B, A: neither build always goes first.
      for (const i of n % 2 ? [1, 0] : [0, 1]) {
        const figure = await load(contexts[i]!, `${servers[i]!.base}${screens[i]!.url}`, screens[i]!.ready);
        for (const k of FIGURES) figures[i]![k].push(figure[k]);
      }
    }
    for (const context of contexts) await context.close();
    for (const [i, build] of builds.entries()) {
      const f = figures[i]!;
      console.log(
        `  ${name.padEnd(11)} | ${build.name.padEnd(6)} | ${ms(median(f.lcp)).padStart(8)} | ` +
          `${ms(median(f.shown)).padStart(13)} | ${ms(median(f.painted)).padStart(14)} | ` +
          f.lcp.map(Math.round).join(' '),
      );
    }
    // Load n of one build and load n of the other ran one after the other: their differences cancel the slower
    // drifts of the machine. The middle half of those differences shows how far the noise reaches.
    const [b, a] = figures as [(typeof figures)[0], (typeof figures)[0]];
    const signed = (d: number) => `${d > 0 ? '+' : d < 0 ? '−' : '±'}${ms(Math.abs(d))}`;
    const paired = (k: (typeof FIGURES)[number]) => {
      const ds = a[k].map((x, n) => x - b[k][n]!).sort((x, y) => x - y);
      const at = (q: number) => ds[Math.min(ds.length - 1, Math.floor(q * ds.length))]!;
      return `${k} ${signed(median(ds))} (middle half ${signed(at(0.25))} to ${signed(at(0.75))})`;
    };
    console.log(`  ${name.padEnd(11)} | after − before, pair by pair: ${FIGURES.map(paired).join(', ')}`);
  }
  await browser.close();
} finally {
  for (const server of servers) await server.stop();
}
