// A screen's floor in this browser: its own DOM, as the app drew it, served as a page without scripts. How soon that
// page paints is what the browser needs to fetch the styles and fonts and to lay out and paint this much content;
// everything a screen's load takes beyond it is script (ours, React's, Mantine's). bench/web-vitals prints both.
//
// And the bound of a screen rendered on the server: the same DOM at the screen's own address, with the app's code
// fetched and evaluated after that DOM's first frame (`htmlFirst`), as a server-rendered page would hydrate. Only
// the entry is left out, so the app does not start and draw the screen again: hydration keeps the server's nodes,
// and a second drawing would add LCP candidates a hydrated page does not have.
import { createServer, type Server } from 'node:http';
import type { BrowserContext } from 'playwright-core';

export interface DomSnapshot {
  /** The document without scripts; a `<base>` points at the app's server. */
  html: string;
  /** Every script module the screen loaded but the entry (which starts the app): addresses on the app's server. */
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
      .filter((name) => /\/assets\/[^/]+\.js$/.test(name) && name !== entry);
  });
  const html = await page.evaluate((origin) => {
    const doc = document.documentElement.cloneNode(true) as HTMLElement;
    doc.querySelectorAll('script, link[rel=modulepreload]').forEach((e) => e.remove());
    // The styles, the fonts and the icons come from the app's server, so a warm load finds them in the HTTP cache
    // (another port of the same host is the same site, so the same cache partition).
    const baseElement = document.createElement('base');
    baseElement.href = `${origin}/`;
    doc.querySelector('head')!.prepend(baseElement);
    return `<!doctype html>${doc.outerHTML}`;
  }, base);
  await page.close();
  return { html, modules };
}

/**
 * The snapshot as a server-rendered page that hydrates after its first paint: `modules` imported from a task queued
 * in the first animation frame. Served at the screen's own address (module scripts need the app's origin).
 */
export function htmlFirst({ html, modules }: DomSnapshot): string {
  const after = `<script>requestAnimationFrame(function () { setTimeout(function () {
    ${JSON.stringify(modules)}.forEach(function (m) { import(m); }); }, 0); });</script>`;
  return html.replace('</body>', `${after}</body>`);
}

/** Serves each snapshot at `/<index>`; `url(i)` is its whole address. */
export async function serveSnapshots(
  snapshots: string[],
): Promise<{ url: (i: number) => string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const html = snapshots[Number(req.url?.slice(1))];
    res.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (i) => `http://127.0.0.1:${port}/${i}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
