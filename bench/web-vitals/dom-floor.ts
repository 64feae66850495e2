// A screen's floor in this browser: its own DOM, as the app drew it, served as a page without scripts. How soon that
// page paints is what the browser needs to fetch the styles and fonts and to lay out and paint this much content;
// everything a screen's load takes beyond it is script (ours, React's, Mantine's). bench/web-vitals prints both.
import { createServer, type Server } from 'node:http';
import type { BrowserContext } from 'playwright-core';

/** The screen's document once `ready` is shown and the late parts have come: scripts removed, addresses kept. */
export async function snapshotDom(
  context: BrowserContext,
  base: string,
  url: string,
  ready: string,
): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${base}${url}`);
  await page.locator(ready).first().waitFor();
  // The bells and the scroll bars mount when the browser is idle after the paint.
  await page.waitForTimeout(1_500);
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
  return html;
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
