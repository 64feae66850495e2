import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PassThrough } from 'node:stream';
import {
  BrotliCompress,
  brotliCompressSync,
  createBrotliCompress,
  constants as zlibConstants,
} from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { organizationById } from '../lib/organizations.ts';
import type { Principal, SessionService } from '../lib/sessions.ts';
import {
  RENDERED_PATHS,
  SIGNED_IN_RENDERED_PATHS,
  renderMayCall,
  sessionTokenOf,
  sidePanelOf,
  uiKey,
  uiPreferencesOf,
  type ApiCall,
  type PageRenderer,
  type PageRequest,
  type PageSession,
  type RenderedPage,
  type UiPreferences,
  pageTitle,
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

/** JSON inside a `<script>` element: no `<` can close it or open a comment. */
const scriptJson = (json: string) => json.replace(/</g, '\\u003c');

/**
 * index.html up to its root element, as `ui` shows it: what a signed-in screen sends before its page is drawn, so
 * that the browser starts its page (a new process, the stylesheet, the fonts) while the server reads and renders.
 */
export function pageHead(template: string, ui: UiPreferences, title: string): string {
  const scheme = ui.dark ? 'dark' : 'light';
  return template
    .slice(0, template.indexOf(ROOT))
    .replace(HTML_TAG, `<html lang="${ui.lang}" dir="${ui.direction}" data-mantine-color-scheme="${scheme}">`)
    .replace(TITLE, () => `<title>${escapeHtml(title)}</title>`)
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      (_all, entry: string) => `<script src="/after-paint.js" data-entry="${entry}" defer></script>`,
    );
}

/**
 * The rest of index.html from its root element: `page` drawn in it, as `ui` shows it (for `userId`, when signed
 * in), or without a page an empty root, which the app, loaded after the first paint, draws itself.
 */
export function pageBody(
  template: string,
  url: string,
  ui: UiPreferences,
  page?: RenderedPage,
  userId?: number,
): string {
  const rest = template.slice(template.indexOf(ROOT));
  if (!page) return rest;
  // A signed-in page is `inert` until the app holds it (web/src/main.tsx): a letter typed into a field React does not
  // hold yet would be lost to the screen's state, a click would do nothing. It looks the same meanwhile.
  const marks = `data-rendered-path="${escapeHtml(url)}" data-rendered-look="${uiKey(ui)}"${
    userId === undefined ? '' : ` data-rendered-user="${userId}" inert`
  }`;
  // Data, not a script: the browser runs no `type="application/json"` element, so the CSP needs no exception. A
  // signed-in page has it (its `me` among it): public/before-modules.js then asks for no `/api/me`.
  const data =
    page.data === undefined
      ? ''
      : `<script type="application/json" id="rendered-data">${scriptJson(page.data)}</script>`;
  return rest.replace(ROOT, () => `<div id="root" ${marks}>${page.html}</div>${data}`);
}

/** A page's headers: HTML that differs by the request's cookies (the look, the session). */
const asPage = (reply: FastifyReply, cache: 'no-cache' | 'no-store') =>
  void reply
    .type('text/html; charset=utf-8')
    .header('cache-control', cache)
    .header('vary', 'Cookie, Accept-Encoding');

/**
 * An answer sent in two parts: `head` at once, then what `rest` makes (never failing). Compressed for a browser that
 * takes brotli (quickly: about a millisecond for the queue's 80 KB, which it makes a tenth or less), the head flushed
 * out of the compressor on its own. `rest` starts only once the head is on its way (Fastify has piped the answer, the
 * compressor has given the head out, and the socket has been written to, in the ticks before `setImmediate`): a
 * render holds the event loop for tens of milliseconds (React's render, the embedded database's queries), and a head
 * that waited behind it would come no sooner than the whole page.
 */
function sentInTwo(request: FastifyRequest, reply: FastifyReply, head: string, rest: () => Promise<string>) {
  const brotli = acceptsBrotli(request);
  const out = brotli ? createBrotliCompress(QUICK_BROTLI) : new PassThrough();
  if (brotli) reply.header('content-encoding', 'br');
  let ready = 0;
  const headGone = () => {
    if (++ready < 2) return;
    // A browser gone before the page was drawn: Fastify has destroyed the stream, and the page goes nowhere.
    setImmediate(() => void rest().then((html) => void (out.destroyed || out.end(html))));
  };
  reply.raw.once('pipe', headGone);
  out.write(head);
  if (out instanceof BrotliCompress) out.flush(headGone);
  else headGone();
  return reply.send(out);
}

const acceptsBrotli = (request: FastifyRequest) =>
  /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
const QUICK_BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

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
  { db, sessions }: { db: Db; sessions: SessionService },
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
  // The head differs only by the look: made once per look (a handful of them), not per request.
  const heads = new Map<string, string>();
  const headOf = (ui: UiPreferences): string => {
    const key = uiKey(ui);
    if (!heads.has(key)) heads.set(key, pageHead(template, ui, pageTitle(textsOf(ui.lang))));
    return heads.get(key)!;
  };

  /**
   * The page as the render draws it for `request`; null where it draws none (another page). A failure is logged and
   * thrown: the caller answers the plain index.html, and the browser draws the page itself.
   */
  async function render(request: PageRequest, log: FastifyBaseLogger): Promise<RenderedPage | null> {
    try {
      // React's production build: the development one renders several times slower. Set before the entry (and
      // React) is first imported; a test run's own setting stays.
      process.env.NODE_ENV ??= 'production';
      renderer ??= import(pathToFileURL(entry).href) as Promise<PageRenderer>;
      return await (await renderer).renderPage(request);
    } catch (error) {
      log.error({ err: error }, `rendered pages: ${request.path} was not rendered`);
      renderer = undefined;
      throw error;
    }
  }

  /** A signed-out page, drawn once per look and kept; a failure is not kept, and tried again next time. */
  async function draw(key: string, url: string, ui: UiPreferences, log: FastifyBaseLogger) {
    try {
      const page = await render({ path: url, ui, texts: textsOf(ui.lang) }, log);
      if (!page) return null;
      const html = headOf(ui) + pageBody(template, url, ui, page);
      return { html, brotli: brotliCompressSync(html) };
    } catch {
      drawn.delete(key);
      return null;
    }
  }

  /** The live session the request's cookie names, if any (a page's request: no organization, no activity). */
  async function sessionOf(
    cookieHeader: string | undefined,
  ): Promise<{ token: string; principal: Principal } | undefined> {
    const token = sessionTokenOf(cookieHeader);
    if (!token) return undefined;
    try {
      return { token, principal: await sessions.resolve(token, undefined, true) };
    } catch {
      // Expired, revoked or unknown: signed out (the app, if it still holds the token, learns so from the API).
      return undefined;
    }
  }
  const signedIn = async (cookieHeader: string | undefined) => (await sessionOf(cookieHeader)) !== undefined;

  /**
   * The API as the page's user may call it: in process, with their session and organization whatever the render
   * asks, and reads only (`renderMayCall`), through every route's own permission check (and its audit: the server
   * shows the data).
   */
  async function pageSession(
    token: string,
    principal: Principal,
    page: FastifyRequest,
  ): Promise<PageSession | undefined> {
    const org = await organizationById(db, principal.user.orgId);
    if (!org) return undefined;
    const call = async ({ method, url, headers }: ApiCall) => {
      if (!renderMayCall(method, url)) throw new Error(`a render may not call ${method} ${url}`);
      const answer = await app.inject({
        method: method as 'GET' | 'POST',
        url,
        // From the page's own address: the audit trail records where a read came from.
        remoteAddress: page.ip,
        headers: {
          ...headers,
          authorization: `Bearer ${token}`,
          'x-organization': org.slug,
          'user-agent': page.headers['user-agent'] ?? '',
        },
      });
      const answerHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (typeof value === 'string') answerHeaders[name] = value;
      return { status: answer.statusCode, headers: answerHeaders, body: answer.body };
    };
    return { token, organization: org.slug, userId: principal.user.id, call };
  }

  /**
   * A signed-in screen, drawn for its user with its first data; the plain index.html when signed out. Its head is sent
   * at once and its page when drawn (docs/architecture.md, "Pages the server draws"); when the render fails or draws
   * another page, the root is left empty and the app draws the page itself.
   */
  for (const url of SIGNED_IN_RENDERED_PATHS)
    app.get(url, { config: { permission: 'public' } }, async (request, reply) => {
      // The page holds the user's data: kept by no cache.
      asPage(reply, 'no-store');
      const found = await sessionOf(request.headers.cookie);
      const session = found && (await pageSession(found.token, found.principal, request));
      if (!session) return template;
      const ui = uiPreferencesOf(request.headers.cookie);
      const texts = textsOf(ui.lang);
      const sidePanel = sidePanelOf(request.headers.cookie);
      const body = () =>
        render(
          { path: request.url, ui, texts, session, ...(sidePanel === undefined ? {} : { sidePanel }) },
          request.log,
        ).then(
          (page) => pageBody(template, request.url, ui, page ?? undefined, session.userId),
          () => pageBody(template, request.url, ui),
        );
      return sentInTwo(request, reply, headOf(ui), body);
    });

  for (const url of RENDERED_PATHS)
    app.get(url, { config: { permission: 'public' } }, async (request, reply) => {
      asPage(reply, 'no-cache');
      if (await signedIn(request.headers.cookie)) return template;
      const ui = uiPreferencesOf(request.headers.cookie);
      const key = `${url}|${uiKey(ui)}`;
      let page = drawn.get(key);
      if (!page) drawn.set(key, (page = draw(key, url, ui, request.log)));
      const document = await page;
      if (!document) return template;
      if (acceptsBrotli(request)) return reply.header('content-encoding', 'br').send(document.brotli);
      return document.html;
    });
  return true;
}
