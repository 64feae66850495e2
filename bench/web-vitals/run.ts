// bench/web-vitals: what a person waits for in the browser. In Debian's Chromium (playwright-core) against the
// built app served by the real server on the demo clinic (a fresh embedded database in a temp dir), signed in:
// /patients, /queue, /dashboard as reception; /doctor, a patient's board as a doctor (reception may open neither).
// Each screen cold (a new browser context: no HTTP cache) and warm (a new tab in the same context: assets cached;
// the tab is opened and left to settle before the address is typed, see NEW_TAB_SETTLE_MS),
// BENCH_RUNS times (default 5): LCP, requests, bytes transferred, long tasks. And the sign-in page's cold and warm
// LCP in the same run (the server sends it drawn: docs/architecture.md, "Pages the server draws"), and each
// screen's floor: its own DOM served without scripts, cold and warm (dom-floor.ts), and the bound of the screen
// rendered on the server: that DOM with the app's code evaluated after its paint, both answered at once from the
// app's origin (a server in front of the app's). And each warm load's answer: when the server's HTML began to arrive.
// Then typing: ten characters into the patients search and into a biometry form's numeric fields, INP-like figures
// from the Event Timing API (per interaction, the longest event duration). And scrolling the appointment book's
// week of 4 doctors with 120 bookings (appointment-week.ts), the longest task meanwhile.
// Targets: warm LCP ≤ 400 ms; cold LCP ≤ sign-in's cold LCP + 300 ms; ≤ 40 requests cold; typing p95 ≤ 100 ms and
// no long task over 50 ms while typing; no long task over 200 ms while scrolling the week (median of the runs).
// Run: npx tsx bench/web-vitals/run.ts  (--build to rebuild first; BENCH_RUNS; CHROMIUM_PATH; BENCH_WEB_DIST serves
// another web build, e.g. a copy of packages/web/dist made before a change). Whether a change moved a screen: the
// two builds' loads interleaved, compare.ts (whole runs alternated swing by 200–400 ms on this machine).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../shared/built-server.ts';
import {
  SCROLL_LONG_TASK_MS,
  WEEK_BOOKINGS,
  scrollAppointmentWeek,
  seedAppointmentWeek,
} from './appointment-week.ts';
import { benchScreens, root, startDemoServer } from './demo-server.ts';
import { htmlFirst, serveSnapshots, snapshotDom, type DomSnapshot } from './dom-floor.ts';
import { load, median, ms, newContext, settledTab, type Load } from './page-loads.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARM_LCP_MS = 400;
const COLD_OVER_LOGIN_MS = 300;
const COLD_REQUESTS = 40;
const INP_P95_MS = 100;
const TYPING_LONG_TASK_MS = 50;

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
};
const kb = (x: number) => `${(x / 1024).toFixed(0)} KB`;

if (
  process.argv.includes('--build') ||
  !existsSync(path.join(root, 'packages/web/dist/index.html')) ||
  !existsSync(path.join(root, 'packages/server/dist/main.js'))
) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

console.log('web-vitals: loading the demo clinic…');
// Another build to serve (a copy of the web build before a change, to compare side by side).
const { base, api, login, stop } = await startDemoServer(process.env.BENCH_WEB_DIST);

interface Interaction {
  id: number;
  duration: number;
}

/** Types `keys` with a person's rhythm and returns each interaction's longest event, and the long tasks meanwhile. */
async function typing(
  page: Page,
  field: string,
  keys: string[],
): Promise<{ inp: number[]; longest: number }> {
  const target = page.locator(field);
  await target.click();
  const from = await page.evaluate(() => performance.now());
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(120);
  }
  await page.waitForTimeout(800);
  const { events, longTasks } = await page.evaluate(() => {
    const w = window as unknown as {
      __vitals: { longTasks: [number, number][]; events: (Interaction & { start: number })[] };
    };
    return { events: w.__vitals.events, longTasks: w.__vitals.longTasks };
  }, undefined);
  const byInteraction = new Map<number, number>();
  for (const e of events as (Interaction & { start: number })[])
    if (e.id > 0 && e.start >= from)
      byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration));
  // Keys whose events stayed under the 16 ms threshold are interactions of (at most) 16 ms.
  const inp = [...byInteraction.values()];
  while (inp.length < keys.length) inp.push(16);
  const longest = longTasks.filter(([start]) => start >= from).reduce((m, [, d]) => Math.max(m, d), 0);
  return { inp, longest };
}

try {
  const { reception, doctor, visit, screens: SCREENS } = await benchScreens({ api, login });
  const weekUrl = await seedAppointmentWeek(api, (await login('admin')).token);
  const patients = await api<{ phone?: string | null }[]>('GET', 'mo/patient', reception.token);
  const phone = (patients.find((p) => p.phone)?.phone ?? '07701234567')
    .replace(/^\+964/, '0')
    .replace(/\D/g, '')
    .slice(0, 10);

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
  });
  const signIn: Load[] = [];
  // The lightest screen's warm load: the floor a warm load has on this machine (React, Mantine, one form).
  const signInWarm: Load[] = [];
  const cold = new Map<string, Load[]>(SCREENS.map((s) => [s.name, []]));
  const warm = new Map<string, Load[]>(SCREENS.map((s) => [s.name, []]));
  // Each screen's floor (dom-floor.ts): its DOM served without scripts, cold and warm, in the same runs.
  const floorCold = new Map<string, Load[]>(SCREENS.map((s) => [s.name, []]));
  const floorWarm = new Map<string, Load[]>(SCREENS.map((s) => [s.name, []]));
  // The bound of the screen rendered on the server: its DOM at its address, the app's code after its first paint.
  const htmlFirstCold = new Map<string, Load[]>(SCREENS.map((s) => [s.name, []]));
  const htmlFirstWarm = new Map<string, Load[]>(SCREENS.map((s) => [s.name, []]));
  const snapshots: DomSnapshot[] = [];
  for (const s of SCREENS) {
    const context = await newContext(browser, base, s.session);
    snapshots.push(await snapshotDom(context, base, s.url, s.ready));
    await context.close();
  }
  // The floors at /floor/0…, the bounds after them, on a server that passes the rest on to the app's (dom-floor.ts).
  const floorPages = await serveSnapshots(
    [...snapshots.map((x) => x.html), ...snapshots.map(htmlFirst)],
    base,
  );
  const typed = { search: { inp: [] as number[], longest: 0 }, exam: { inp: [] as number[], longest: 0 } };
  const scrolled: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    process.stdout.write(`  run ${run}/${RUNS}…`);
    const out = await newContext(browser, base, null);
    signIn.push(await load(out, `${base}/login`, 'input[name="email"]'));
    signInWarm.push(await load(out, `${base}/login`, 'input[name="email"]'));
    await out.close();
    for (const [i, s] of SCREENS.entries()) {
      const context = await newContext(browser, base, s.session);
      cold.get(s.name)!.push(await load(context, `${base}${s.url}`, s.ready));
      warm.get(s.name)!.push(await load(context, `${base}${s.url}`, s.ready));
      await context.close();
      const floor = await newContext(browser, base, null);
      floorCold.get(s.name)!.push(await load(floor, floorPages.url(i), s.ready));
      floorWarm.get(s.name)!.push(await load(floor, floorPages.url(i), s.ready));
      await floor.close();
      const rendered = await newContext(browser, base, null);
      const bound = floorPages.url(SCREENS.length + i);
      htmlFirstCold.get(s.name)!.push(await load(rendered, bound, s.ready));
      htmlFirstWarm.get(s.name)!.push(await load(rendered, bound, s.ready));
      await rendered.close();
    }
    // Typing: in a tab of a warm context, as at the desk.
    {
      const context = await newContext(browser, base, reception);
      await load(context, `${base}/patients`, '[data-testid=patient-row]');
      const page = await settledTab(context);
      await page.goto(`${base}/patients`);
      await page.locator('[data-testid=patient-row]').first().waitFor();
      const result = await typing(page, '[data-testid=patient-search]', [...phone]);
      typed.search.inp.push(...result.inp);
      typed.search.longest = Math.max(typed.search.longest, result.longest);
      await context.close();
    }
    {
      const context = await newContext(browser, base, doctor);
      const page = await settledTab(context);
      await page.goto(`${base}/biometry/${visit.patientId}/${visit.id}`);
      const first = '[data-testid="exam-field-measurements.right.axialLength"]';
      await page.locator(first).waitFor();
      // Ten characters over three fields, each left with Tab so the live values (the IOL powers) update.
      const r1 = await typing(page, first, [...'23.5', 'Tab', ...'43.5', 'Tab', ...'44', 'Tab']);
      typed.exam.inp.push(...r1.inp);
      typed.exam.longest = Math.max(typed.exam.longest, r1.longest);
      await context.close();
    }
    {
      const context = await newContext(browser, base, reception);
      const page = await settledTab(context);
      await page.goto(`${base}${weekUrl}`);
      const bookings = page.locator('[data-testid=book-timeline] [data-booking-id]');
      await bookings.nth(WEEK_BOOKINGS - 1).waitFor();
      const drawn = await bookings.count();
      if (drawn !== WEEK_BOOKINGS) throw new Error(`the week drew ${drawn} bookings of ${WEEK_BOOKINGS}`);
      const { longest, reachedEnd } = await scrollAppointmentWeek(page);
      if (!reachedEnd) throw new Error('the week did not scroll to its far end');
      scrolled.push(longest);
      await context.close();
    }
    process.stdout.write(' done\n');
  }
  await browser.close();
  await floorPages.close();

  const results: boolean[] = [];
  const verdict = (ok: boolean) => (results.push(ok), ok ? 'PASS' : 'FAIL');
  const loginLcp = median(signIn.map((l) => l.lcp));
  const loginWarmLcp = median(signInWarm.map((l) => l.lcp));
  console.log(
    `\nweb-vitals: medians of ${RUNS} runs (Chromium ${browser.version()}, 1366×768, no throttling; ` +
      'a shared 2-core machine: compare runs made side by side)',
  );
  console.log(
    `  sign-in page, cold: LCP ${ms(loginLcp)} (runs: ${signIn.map((l) => Math.round(l.lcp)).join(', ')}); ` +
      `warm: LCP ${ms(loginWarmLcp)} (drawn by the server), ${median(signIn.map((l) => l.requests))} requests cold`,
  );
  console.log(
    '  screen      | cold LCP | warm LCP | warm answer | its DOM without scripts: LCP cold / warm | its DOM, the code after its paint: LCP cold / warm | content shown cold / warm | requests cold / warm (to the server) | bytes cold / warm | long tasks cold (ms) / warm (ms)',
  );
  for (const s of SCREENS) {
    const c = cold.get(s.name)!;
    const w = warm.get(s.name)!;
    const m = (xs: Load[], k: keyof Load) => median(xs.map((x) => x[k]));
    console.log(
      `  ${s.name.padEnd(11)} | ${ms(m(c, 'lcp')).padStart(8)} | ${ms(m(w, 'lcp')).padStart(8)} | ` +
        `${ms(m(w, 'answer')).padStart(11)} | ` +
        `${`${ms(m(floorCold.get(s.name)!, 'lcp'))} / ${ms(m(floorWarm.get(s.name)!, 'lcp'))}`.padStart(41)} | ` +
        `${`${ms(m(htmlFirstCold.get(s.name)!, 'lcp'))} / ${ms(m(htmlFirstWarm.get(s.name)!, 'lcp'))}`.padStart(50)} | ` +
        `${`${ms(m(c, 'shown'))} / ${ms(m(w, 'shown'))}`.padStart(25)} | ` +
        `${`${m(c, 'requests')} / ${m(w, 'requests')} (${m(w, 'fromNetwork')})`.padStart(36)} | ` +
        `${`${kb(m(c, 'bytes'))} / ${kb(m(w, 'bytes'))}`.padStart(17)} | ` +
        `${m(c, 'longTasks')} (${ms(m(c, 'longTaskMs'))}) / ${m(w, 'longTasks')} (${ms(m(w, 'longTaskMs'))})`,
    );
  }
  console.log('  targets:');
  for (const s of SCREENS) {
    const c = median(cold.get(s.name)!.map((x) => x.lcp));
    const w = median(warm.get(s.name)!.map((x) => x.lcp));
    const r = median(cold.get(s.name)!.map((x) => x.requests));
    console.log(
      `    ${s.name.padEnd(11)} warm LCP ${ms(w)} ≤ ${WARM_LCP_MS}: ${verdict(w <= WARM_LCP_MS)} ` +
        `(sign-in's warm ${w >= loginWarmLcp ? '+' : '−'}${ms(Math.abs(w - loginWarmLcp))}); ` +
        `cold LCP ${ms(c)} ≤ ${ms(loginLcp + COLD_OVER_LOGIN_MS)}: ${verdict(c <= loginLcp + COLD_OVER_LOGIN_MS)}; ` +
        `cold requests ${r} ≤ ${COLD_REQUESTS}: ${verdict(r <= COLD_REQUESTS)}`,
    );
  }
  for (const [name, t] of [
    ['patients search', typed.search],
    ['exam numeric fields', typed.exam],
  ] as const) {
    const p95 = quantile(t.inp, 0.95);
    console.log(
      `    typing, ${name}: INP-like p50 ${ms(quantile(t.inp, 0.5))}, p95 ${ms(p95)} (${t.inp.length} keys) ≤ ${INP_P95_MS}: ` +
        `${verdict(p95 <= INP_P95_MS)}; longest task ${ms(t.longest)} ≤ ${TYPING_LONG_TASK_MS}: ` +
        verdict(t.longest <= TYPING_LONG_TASK_MS),
    );
  }
  const scrollLongest = median(scrolled);
  console.log(
    `    scrolling a week of 4 doctors and ${WEEK_BOOKINGS} bookings: longest task ${ms(scrollLongest)} ` +
      `(runs: ${scrolled.map(Math.round).join(', ')}) ≤ ${SCROLL_LONG_TASK_MS}: ${verdict(scrollLongest <= SCROLL_LONG_TASK_MS)}`,
  );
  process.exitCode = results.every(Boolean) ? 0 : 1;
} finally {
  await stop();
}
