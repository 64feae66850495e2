// One page load as bench/web-vitals measures it: a browser context as a workstation keeps it, a settled new tab, and
// the figures of the load (LCP, when the screen's content was first in a frame, requests, bytes, long tasks).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SESSION_COOKIE, UI_COOKIE } from '@basira/shared/common/rendered-pages';
import { ORG, type Session } from './demo-server.ts';

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
export const ms = (x: number) => `${Math.round(x)} ms`;

/**
 * A context as a workstation keeps it: the session and the clinic in localStorage, and the cookies the app writes
 * from them at every start (web/src/lib/storage.ts: the look, the session), nothing in the HTTP cache.
 */
export async function newContext(
  browser: Browser,
  base: string,
  session: Session | null,
): Promise<BrowserContext> {
  const localStorage = [
    { name: 'organization', value: ORG },
    { name: 'lang', value: 'ar' },
    ...(session
      ? [
          { name: 'token', value: session.token },
          { name: 'user', value: JSON.stringify(session.user) },
          { name: 'isAuthenticated', value: 'true' },
        ]
      : []),
  ];
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    storageState: { cookies: cookiesOf(base, session), origins: [{ origin: base, localStorage }] },
  });
  // Installed before any of the page's scripts: every observer buffered from navigation start.
  await context.addInitScript(() => {
    const w = window as unknown as {
      __vitals: { lcp: number; longTasks: [number, number][]; events: object[] };
    };
    w.__vitals = { lcp: 0, longTasks: [], events: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__vitals.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__vitals.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[])
        w.__vitals.events.push({
          name: e.name,
          id: e.interactionId,
          start: e.startTime,
          duration: e.duration,
        });
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  return context;
}

/** The look every bench browser has (`basira_ui`): Arabic, right to left, light. */
const LOOK = 'ar.rtl.light';

/** The Cookie header a browser of `session` sends with a page's request: what the server draws the page for. */
export const pageCookie = (session: Session) => `${UI_COOKIE}=${LOOK}; ${SESSION_COOKIE}=${session.token}`;

/** The cookies the app keeps beside localStorage (shared/common/rendered-pages.ts), as this context's app wrote them. */
function cookiesOf(base: string, session: Session | null) {
  const cookie = (name: string, value: string) => ({
    name,
    value,
    domain: new URL(base).hostname,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Strict' as const,
  });
  return [cookie(UI_COOKIE, LOOK), ...(session ? [cookie(SESSION_COOKIE, session.token)] : [])];
}

export interface Load {
  lcp: number;
  /** When the document's answer began to arrive (Navigation Timing `responseStart`): the server's share of the load. */
  answer: number;
  /** When the screen's content (its `ready` element) was first in a frame: LCP may be an earlier, larger element. */
  shown: number;
  /** When that frame had been painted: a task queued from its animation frame runs after its paint. */
  painted: number;
  /** Every request the page made (Playwright's count, the HTTP cache's answers included). */
  requests: number;
  /** Those that went to the server (completed ones, from the Resource Timing entries). */
  fromNetwork: number;
  bytes: number;
  longTasks: number;
  longTaskMs: number;
}

/**
 * How long a new tab is left before the address is typed in it. Chromium 156 opens each new tab in a window of its
 * own and loads that window's address-bar popup, a page of some twenty modules in a renderer of its own: in a trace
 * of the sign-in page's warm load that renderer ran 3.3 s of tasks against the page's 2.2 s, on two cores. A
 * workstation's browser does that once, when its window opens, not with every screen; the tab is left to settle.
 */
export const NEW_TAB_SETTLE_MS = 2_000;

/** A new tab of `context`, once its window's own start-up has settled. */
export async function settledTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.waitForTimeout(NEW_TAB_SETTLE_MS);
  return page;
}

/** Opens `url` (a whole address) in a new tab of `context`, waits for `ready` and the paints after it, and reads the figures. */
export async function load(context: BrowserContext, url: string, ready: string): Promise<Load> {
  const page = await settledTab(context);
  // The first frame holding `ready`: a DOM change that adds it, then the next animation frame (that frame's start),
  // and a task queued from there (after that frame's paint).
  // A string, not a function: tsx would wrap a named function in a helper the page does not have.
  await page.addInitScript({
    content: `new MutationObserver(function () {
      if (window.__shown === undefined && document.querySelector(${JSON.stringify(ready)}))
        requestAnimationFrame(function () {
          if (window.__shown !== undefined) return;
          window.__shown = performance.now();
          setTimeout(function () { window.__painted = performance.now(); }, 0);
        });
    }).observe(document, { childList: true, subtree: true });`,
  });
  let requests = 0;
  page.on('request', () => void requests++);
  await page.goto(url);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page
    .locator(ready)
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 })
    .catch((error: unknown) => {
      throw new Error(`${url}: ${ready} not shown (page errors: ${errors.join('; ') || 'none'})`, {
        cause: error,
      });
    });
  // Lets the frame with the ready content paint and its LCP entry arrive, and late requests (the events stream).
  await page.waitForTimeout(700);
  const figures = await page.evaluate(() => {
    const w = window as unknown as {
      __vitals: { lcp: number; longTasks: [number, number][] };
      __shown?: number;
      __painted?: number;
    };
    // A stylesheet the browser refused or could not fetch: the page was measured unstyled.
    const unstyled = [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')]
      .filter((link) => !link.sheet)
      .map((link) => link.href);
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const entries = [navigation, ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
    return {
      unstyled,
      lcp: w.__vitals.lcp,
      answer: navigation.responseStart,
      shown: w.__shown ?? Number.NaN,
      painted: w.__painted ?? Number.NaN,
      bytes: entries.reduce((sum, e) => sum + e.transferSize, 0),
      // A response from the HTTP cache transfers nothing (a revalidation's 304 transfers its headers).
      fromNetwork: entries.filter((e) => e.transferSize > 0).length,
      longTasks: w.__vitals.longTasks.length,
      longTaskMs: w.__vitals.longTasks.reduce((sum, [, d]) => sum + d, 0),
    };
  });
  await page.close();
  const { unstyled, ...rest } = figures;
  if (unstyled.length) throw new Error(`${url}: stylesheets not loaded: ${unstyled.join(', ')}`);
  return { ...rest, requests };
}
