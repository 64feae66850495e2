// bench/web-vitals, where a warm load's time goes: each screen's warm load, and the same load with one part taken
// away at a time, their loads interleaved (A, B, C…, then …C, B, A) in one browser, so that the machine's swings fall
// on all alike. Each variant is a page answered at once by a server in front of the app's (dom-floor.ts), from an
// origin of its own, so that its styles, fonts and code come from its HTTP cache as the app's do:
//   the app                 the app's server, as a workstation opens the screen;
//   its answer, at once     the HTML the server sent for it, with the same headers: the difference is the server's;
//   without COOP            that, without the Cross-Origin-Opener-Policy header: the browser puts a page that sends
//                           it in a new process when it opens in a tab that showed another (here about:blank);
//   without its scripts     that, without the app's code, its early requests and its data: the difference is script;
//   its DOM                 the floor run.ts prints: the screen as the app left it, scripts removed;
//   the head, two lines     the same head (the stylesheet, the fonts), two lines of text: what the styles cost;
//   two lines, no styles    the browser's own floor.
// Prints each variant's medians (when the answer began, LCP) and each line's LCP against the line above it. No
// target: it says which part of a warm load to work on.
// Run: npx tsx bench/web-vitals/where-it-goes.ts  (BENCH_LOADS, default 8; BENCH_SCREENS, default /queue,/patients;
// CHROMIUM_PATH). About 4 minutes a screen.
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS } from '../shared/built-server.ts';
import { benchScreens, startDemoServer } from './demo-server.ts';
import { serveInFrontOf, snapshotDom, type ServedPage } from './dom-floor.ts';
import { load, median, ms, newContext, pageCookie, type Load } from './page-loads.ts';

const LOADS = Number(process.env.BENCH_LOADS ?? 8);
const only = (process.env.BENCH_SCREENS ?? '/queue,/patients').split(',');

/** The answer's headers a replay keeps (not those of the connection or of the body's encoding). */
const replayed = (headers: Headers) =>
  Object.fromEntries(
    [...headers].filter(
      ([name]) => !['content-length', 'content-encoding', 'connection', 'keep-alive', 'date'].includes(name),
    ),
  );

const server = await startDemoServer();
const closers: (() => Promise<void>)[] = [];
try {
  const { screens } = await benchScreens(server);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  console.log(
    `web-vitals, where a warm load goes: medians of ${LOADS} warm loads a variant, interleaved (Chromium ${browser.version()})`,
  );
  for (const screen of screens.filter((s) => only.includes(s.name))) {
    const answer = await fetch(`${server.base}${screen.url}`, {
      headers: { cookie: pageCookie(screen.session) },
    });
    const html = await answer.text();
    if (!html.includes('data-rendered-user')) throw new Error(`${screen.name} was not drawn by the server`);
    const headers = replayed(answer.headers);
    const { 'cross-origin-opener-policy': _coop, ...withoutCoop } = headers;
    const withoutScripts = html
      .replace(/<script src="[^"]*"[^>]*><\/script>/g, '')
      .replace(/<script type="application\/json"[^>]*>[\s\S]*?<\/script>/, '');
    const context = await newContext(browser, server.base, screen.session);
    const { html: floor } = await snapshotDom(context, server.base, screen.url, screen.ready);
    await context.close();
    // The ready element of a page of two lines: the first of the screen's `[data-testid=…]` selectors.
    const testId = /data-testid=["']?([\w-]+)/.exec(screen.ready)![1];
    const twoLines = `<body><div data-testid="${testId}"><p>سطران من النص العربي</p><p>والسطر الثاني</p></div></body>`;
    const variants: [string, ServedPage | null][] = [
      ['the app', null],
      ['its answer, at once', { html, headers }],
      ['without COOP', { html, headers: withoutCoop }],
      ['without its scripts', { html: withoutScripts, headers: withoutCoop }],
      ['its DOM', { html: floor }],
      ['the head, two lines', { html: floor.replace(/<body[\s\S]*<\/body>/, twoLines) }],
      ['two lines, no styles', { html: `<!doctype html><html lang="ar" dir="rtl">${twoLines}</html>` }],
    ];
    const runs: { name: string; url: string; context: BrowserContext; loads: Load[] }[] = [];
    for (const [name, page] of variants) {
      let base = server.base;
      if (page) {
        const front = await serveInFrontOf(server.base, new Map([[screen.url, page]]));
        closers.push(front.close);
        base = front.base;
      }
      const context = await newContext(browser, base, screen.session);
      const url = `${base}${screen.url}`;
      // The first load fills the HTTP cache: the figures are the warm loads after it.
      await load(context, url, screen.ready);
      runs.push({ name, url, context, loads: [] });
    }
    for (let n = 0; n < LOADS; n++)
      for (const run of n % 2 ? [...runs].reverse() : runs)
        run.loads.push(await load(run.context, run.url, screen.ready));
    console.log(`  ${screen.name}`);
    let previous: number | undefined;
    for (const run of runs) {
      const lcp = median(run.loads.map((l) => l.lcp));
      const step =
        previous === undefined
          ? ''
          : `, ${lcp <= previous ? '−' : '+'}${ms(Math.abs(lcp - previous))} on the line above`;
      console.log(
        `    ${run.name.padEnd(21)} answer ${ms(median(run.loads.map((l) => l.answer))).padStart(6)}, ` +
          `LCP ${ms(lcp).padStart(6)}${step} (each: ${run.loads.map((l) => Math.round(l.lcp)).join(' ')})`,
      );
      previous = lcp;
      await run.context.close();
    }
  }
  await browser.close();
} finally {
  for (const close of closers) await close();
  await server.stop();
}
