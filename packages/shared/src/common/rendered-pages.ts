/**
 * The pages the server sends drawn, and what their render is told: the contract between the server
 * (packages/server/src/web/rendered-pages.ts) and the web app's render (packages/web/src/entry-server.tsx).
 * docs/architecture.md, "Pages the server draws".
 */

/**
 * The start page and the sign-in page: a workstation's first screens of the day, as a signed-out visitor sees
 * them (a browser whose session cookie holds a live session draws them itself).
 */
export const RENDERED_PATHS = ['/', '/login'] as const;

/**
 * How a browser shows pages: its language, direction and colour scheme. The web app keeps them in localStorage
 * (spec section 9) and copies them into this cookie, so that the server draws a page the way the browser would.
 * Nothing in it is private; it is not a session.
 */
export const UI_COOKIE = 'basira_ui';

export interface UiPreferences {
  lang: 'ar' | 'en';
  direction: 'rtl' | 'ltr';
  dark: boolean;
}

/** A browser that has told nothing: the app's own defaults (Arabic, right to left, light). */
export const DEFAULT_UI: UiPreferences = { lang: 'ar', direction: 'rtl', dark: false };

/** `ar.rtl.light`: the cookie's value, and the mark a rendered page carries of how it was drawn. */
export const uiKey = (ui: UiPreferences): string =>
  `${ui.lang}.${ui.direction}.${ui.dark ? 'dark' : 'light'}`;

const VALUE = /^(ar|en)\.(rtl|ltr)\.(light|dark)$/;

/** The value of the cookie `name` in a request's Cookie header, if it is there. */
function cookieOf(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === name) return value ?? '';
  }
  return undefined;
}

/** The preferences in a request's Cookie header; anything missing or malformed is the defaults. */
export function uiPreferencesOf(cookieHeader: string | undefined): UiPreferences {
  const match = VALUE.exec(cookieOf(cookieHeader, UI_COOKIE) ?? '');
  if (!match) return DEFAULT_UI;
  return {
    lang: match[1] as UiPreferences['lang'],
    direction: match[2] as UiPreferences['direction'],
    dark: match[3] === 'dark',
  };
}

/**
 * Whether the user left the main layout's side panel open ('1') or closed ('0'): a copy of the stored choice
 * (web/src/lib/storage.ts), so that a signed-in page is drawn with the panel as the browser will show it.
 */
export const PANEL_COOKIE = 'basira_panel';

/** The side panel as the request's cookie tells it; undefined when the user never chose. */
export function sidePanelOf(cookieHeader: string | undefined): boolean | undefined {
  const value = cookieOf(cookieHeader, PANEL_COOKIE);
  return value === '1' ? true : value === '0' ? false : undefined;
}

/**
 * The browser's session, as a page's request carries it: a copy of the bearer token the web app keeps in
 * localStorage (spec section 9), written and cleared beside it (web/src/lib/storage.ts), so that the two never
 * disagree. The server reads it on its pages only (a page of a signed-in browser is not the signed-out one); the
 * API never takes it as a credential, so no other site can act with it. docs/decisions.md says why it is not an
 * `HttpOnly` cookie the server sets.
 */
export const SESSION_COOKIE = 'basira_session';

/** A token as the server makes them (32 random bytes, base64url); anything else is no session. */
const TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

/** The session token in a request's Cookie header, if it holds a well-formed one. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  const token = cookieOf(cookieHeader, SESSION_COOKIE);
  return token !== undefined && TOKEN.test(token) ? token : undefined;
}

/**
 * The signed-in screens the server sends drawn with their first data, for a browser whose session cookie holds a
 * live session (the screens a clinic opens first and most): Fastify route patterns of the web app's own routes
 * (web/src/lib/routes.ts). Any other address is drawn by the browser.
 */
export const SIGNED_IN_RENDERED_PATHS = [
  '/dashboard',
  '/patients',
  '/patients/:search',
  '/queue',
  '/doctor',
  '/boards/:patientId/:queueId',
  '/boards/:patientId/:queueId/:search',
] as const;

/**
 * The API calls a render may make besides GETs: reads the spec makes POSTs (the board's `show`, which moves no
 * status). A render writes nothing: any other call is refused (web/rendered-pages.ts on the server).
 */
export const RENDER_READ_POSTS: readonly RegExp[] = [/^\/api\/mo\/patient\/open\/board\/show\/\d+\/\d+$/];

/** Whether a render may make this call: a GET, or one of the reads above. */
export const renderMayCall = (method: string, url: string): boolean =>
  url.startsWith('/api/') &&
  (method === 'GET' || (method === 'POST' && RENDER_READ_POSTS.some((r) => r.test(url))));

/** A call a render makes to the API, answered in process with the page's session. */
export interface ApiCall {
  method: string;
  /** The path and query, `/api/…`. */
  url: string;
  headers: Record<string, string>;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The session of a page's request: who the page is drawn for, and the API as they may call it. */
export interface PageSession {
  token: string;
  /** The organization's slug, as the browser stores it (`X-Organization`). */
  organization: string;
  userId: number;
  call(request: ApiCall): Promise<ApiAnswer>;
}

export interface PageRequest {
  /** The page's address: its path and query. */
  path: string;
  ui: UiPreferences;
  /** The language's text file, as the browser reads it (the web build's src/locales). */
  texts: Record<string, unknown>;
  session?: PageSession;
  /** The side panel as the user left it (`basira_panel`), for a signed-in page. */
  sidePanel?: boolean;
}

export interface RenderedPage {
  /** The root element's content. */
  html: string;
  /** A signed-in page's first data: the render's query cache, dehydrated (JSON), which the browser starts from. */
  data?: string;
}

/**
 * A drawn page's title: the app's name in the page's language (its texts' `app.name`), known before the page is
 * drawn. Each screen sets its own once the app holds it (web/src/components/page-frame.tsx).
 */
export function pageTitle(texts: Record<string, unknown>): string {
  const app = texts.app;
  const name = typeof app === 'object' && app !== null ? (app as Record<string, unknown>).name : undefined;
  return typeof name === 'string' ? name : 'Basira';
}

/** What the web app's server entry exports (built to packages/web/dist-server/entry-server.js). */
export interface PageRenderer {
  /** The page as the browser's first render draws it, or null where that would be another page (a redirect). */
  renderPage(request: PageRequest): Promise<RenderedPage | null>;
}
