import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SessionService } from '../lib/sessions.ts';
import {
  RENDERED_PATHS,
  sessionTokenOf,
  uiKey,
  uiPreferencesOf,
  type PageRenderer,
  type RenderedPage,
  type UiPreferences,
} from '@basira/shared/common/rendered-pages';

/**
 * The pages the server sends drawn (docs/architecture.md, "Pages the server draws"): the web build's index.html with
 * the page's HTML in its root, and the app's entry loaded after the first paint (public/after-paint.js) instead of
 * by a module script, which would have the browser evaluate the chunks before painting. The browser then takes the
 * page over (hydration, web/src/main.tsx). Only pages as a signed-out visitor sees them, so a page depends on nothing
 * but its path and the browser's look (the `basira_ui` cookie): each is rendered once per look and kept. A browser
 * whose session cookie holds a live session gets the plain index.html: its app draws the signed-in page itself.
 */

const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;
const HTML_TAG = '<html lang="ar" dir="rtl">';
const TITLE = '<title>Basira</title>';
const ROOT = '<div id="root"></div>';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Whether index.html has every mark the page is put in by (a changed template is served as it is). */
export const fitsTemplate = (template: string): boolean =>
  ENTRY_SCRIPT.test(template) && [HTML_TAG, TITLE, ROOT].every((mark) => template.includes(mark));

/** index.html with `page` drawn in it, as `ui` shows it. */
export function pageDocument(template: string, page: RenderedPage, url: string, ui: UiPreferences): string {
  const scheme = ui.dark ? 'dark' : 'light';
  return template
    .replace(HTML_TAG, `<html lang="${ui.lang}" dir="${ui.direction}" data-mantine-color-scheme="${scheme}">`)
    .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      (_all, entry: string) => `<script src="/after-paint.js" data-entry="${entry}" defer></script>`,
    )
    .replace(
      ROOT,
      () => `<div id="root" data-rendered-path="${url}" data-rendered-look="${uiKey(ui)}">${page.html}</div>`,
    );
}

interface Drawn {
  html: string;
  brotli: Buffer;
}

/**
 * Registers each rendered path when the web build has its server entry (`dist-server/entry-server.js` beside
 * `webDir`), and says whether it did (then `/` is one of them, not the static index). The entry is imported on the
 * first request, not at start: the API's tests start many servers.
 */
export function registerRenderedPages(
  app: FastifyInstance,
  webDir: string,
  sessions: SessionService,
): boolean {
  const entry = path.resolve(webDir, '../dist-server/entry-server.js');
  if (!existsSync(entry)) return false;
  const template = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  if (!fitsTemplate(template)) {
    app.log.warn(
      'rendered pages: index.html lacks a mark they are put in by; served as the browser draws them',
    );
    return false;
  }
  let renderer: Promise<PageRenderer> | undefined;
  const texts = new Map<string, Record<string, unknown>>();
  const textsOf = (lang: string): Record<string, unknown> => {
    const file = path.join(webDir, 'src/locales', `${lang}.json`);
    if (!texts.has(lang)) texts.set(lang, JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
    return texts.get(lang)!;
  };
  const drawn = new Map<string, Promise<Drawn | null>>();

  async function draw(
    key: string,
    url: string,
    ui: UiPreferences,
    log: FastifyBaseLogger,
  ): Promise<Drawn | null> {
    try {
      renderer ??= import(pathToFileURL(entry).href) as Promise<PageRenderer>;
      const page = await (await renderer).renderPage({ path: url, ui, texts: textsOf(ui.lang) });
      if (!page) return null;
      const html = pageDocument(template, page, url, ui);
      return { html, brotli: brotliCompressSync(html) };
    } catch (error) {
      // The plain index.html still works: the browser draws the page itself.
      log.error({ err: error }, `rendered pages: ${url} was not rendered`);
      renderer = undefined;
      drawn.delete(key);
      return null;
    }
  }

  /** Whether the request's session cookie names a live session (a page's request: no organization, no activity). */
  async function signedIn(cookieHeader: string | undefined): Promise<boolean> {
    const token = sessionTokenOf(cookieHeader);
    if (!token) return false;
    try {
      await sessions.resolve(token, undefined, true);
      return true;
    } catch {
      // Expired, revoked or unknown: the signed-out page, which the app renders over if it still holds the token.
      return false;
    }
  }

  for (const url of RENDERED_PATHS)
    app.get(url, { config: { permission: 'public' } }, async (request, reply) => {
      void reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Encoding');
      if (await signedIn(request.headers.cookie)) return template;
      const ui = uiPreferencesOf(request.headers.cookie);
      const key = `${url}|${uiKey(ui)}`;
      let page = drawn.get(key);
      if (!page) drawn.set(key, (page = draw(key, url, ui, request.log)));
      const document = await page;
      if (!document) return template;
      if (/\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')))
        return reply.header('content-encoding', 'br').send(document.brotli);
      return document.html;
    });
  return true;
}
