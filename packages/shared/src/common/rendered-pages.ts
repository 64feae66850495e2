/**
 * The pages the server sends drawn, and what their render is told: the contract between the server
 * (packages/server/src/web/rendered-pages.ts) and the web app's render (packages/web/src/entry-server.tsx).
 * docs/architecture.md, "Pages the server draws".
 */

/**
 * The start page and the sign-in page: a workstation's first screens of the day. Only pages a signed-out visitor
 * sees (a browser with a stored session draws them itself).
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

/** The preferences in a request's Cookie header; anything missing or malformed is the defaults. */
export function uiPreferencesOf(cookieHeader: string | undefined): UiPreferences {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name !== UI_COOKIE) continue;
    const match = VALUE.exec(value ?? '');
    if (match)
      return {
        lang: match[1] as UiPreferences['lang'],
        direction: match[2] as UiPreferences['direction'],
        dark: match[3] === 'dark',
      };
  }
  return DEFAULT_UI;
}

export interface PageRequest {
  path: string;
  ui: UiPreferences;
  /** The language's text file, as the browser reads it (the web build's src/locales). */
  texts: Record<string, unknown>;
}

export interface RenderedPage {
  /** The root element's content. */
  html: string;
  title: string;
}

/** What the web app's server entry exports (built to packages/web/dist-server/entry-server.js). */
export interface PageRenderer {
  /** The page as the browser's first render draws it, or null where that would be another page (a redirect). */
  renderPage(request: PageRequest): Promise<RenderedPage | null>;
}
