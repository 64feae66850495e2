// A screen's floor in this browser: its own DOM, as the app drew it, served as a page without scripts from the
// app's origin (the styles, the fonts, the HTTP cache as the app's pages have them). How soon that page paints is
// what the browser needs to lay out and paint this much content, styled; a screen's load takes the server's answer
// and its scripts beyond it. bench/web-vitals prints both.
//
// And the bound of a screen rendered on the server: the same DOM, with the app's code fetched and evaluated after
// that DOM's first frame (`htmlFirst`), as a server-rendered page would hydrate. Only the entry is left out, so the
// app does not start and draw the screen again: hydration keeps the server's nodes, and a second drawing would add
// LCP candidates a hydrated page does not have.
import { createServer, request, type Server } from 'node:http';
import type { BrowserContext } from 'playwright-core';

export interface DomSnapshot {
  /** The document without scripts, its addresses as the app's server wrote them. */
  html: string;
  /** Every script module the screen loaded but the entry (which starts the app): paths on the app's server. */
  modules: string[];
}

/** The screen's document once `ready` is shown and the late parts have come: scripts removed, addresses kept. */
export async function snapshotDom(
  context: BrowserContext,
  base: string,
  url: string,
  ready: string,
): Promise<DomSnapshot> {
  const page = await context.newPage();
  await page.goto(`${base}${url}`);
  await page.locator(ready).first().waitFor();
  // The bells and the scroll bars mount when the browser is idle after the paint.
  await page.waitForTimeout(1_500);
  const modules = await page.evaluate(() => {
    const entry = document.querySelector<HTMLScriptElement>('script[type=module]')?.src;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((e) => e.name)
      .filter((name) => /\/assets\/[^/]+\.js$/.test(name) && name !== entry)
      .map((name) => new URL(name).pathname);
  });
  const html = await page.evaluate(() => {
    const doc = document.documentElement.cloneNode(true) as HTMLElement;
    doc.querySelectorAll('script, link[rel=modulepreload]').forEach((e) => e.remove());
    return `<!doctype html>${doc.outerHTML}`;
  });
  await page.close();
  return { html, modules };
}

/**
 * The snapshot as a server-rendered page that hydrates after its first paint: `modules` imported from a task queued
 * in the first animation frame.
 */
export function htmlFirst({ html, modules }: DomSnapshot): string {
  const after = `<script>requestAnimationFrame(function () { setTimeout(function () {
    ${JSON.stringify(modules)}.forEach(function (m) { import(m); }); }, 0); });</script>`;
  return html.replace('</body>', `${after}</body>`);
}

/** A page a server in front of the app's answers itself: its HTML, and headers beside its type and `no-store`. */
export interface ServedPage {
  html: string;
  headers?: Record<string, string>;
}

/**
 * A server in front of the app's (`appBase`): it answers `pages` (by path) itself, at once, and passes every other
 * request on, headers and all, so a page's styles, fonts and code come from its own origin and the HTTP cache keeps
 * them as the app's own answers say. Until 2026-12-07 the floor was served from a plain server with a `<base>`
 * pointing at the app's: the stylesheet and the fonts (`crossorigin`) were then another origin's, refused for want of
 * CORS headers, and the floor was an unstyled page, 150–190 ms lighter than the screen's own DOM
 * (history/web-vitals.md); `load` (page-loads.ts) now refuses a page whose stylesheet did not load.
 */
export async function serveInFrontOf(
  appBase: string,
  pages: Map<string, ServedPage>,
): Promise<{ base: string; close: () => Promise<void> }> {
  const app = new URL(appBase);
  const server: Server = createServer((req, res) => {
    const page = req.method === 'GET' ? pages.get(req.url ?? '') : undefined;
    if (page) {
      res.writeHead(200, {
        ...page.headers,
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(page.html);
      return;
    }
    const upstream = request(
      { host: app.hostname, port: app.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // The app's server gone mid-answer: the headers may be out already, so the answer is cut, not replaced.
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Each page at `/floor/<index>` of a server in front of the app's; `url(i)` is a page's whole address. */
export async function serveSnapshots(
  pages: string[],
  appBase: string,
): Promise<{ url: (i: number) => string; close: () => Promise<void> }> {
  const { base, close } = await serveInFrontOf(
    appBase,
    new Map(pages.map((html, i) => [`/floor/${i}`, { html }])),
  );
  return { url: (i) => `${base}/floor/${i}`, close };
}
