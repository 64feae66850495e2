import type { Me } from '@basira/shared/auth/auth.schemas';
import { PANEL_COOKIE, SESSION_COOKIE, UI_COOKIE, uiKey } from '@basira/shared/common/rendered-pages';
import { renderContext } from './render-context.ts';

/**
 * The local-storage keys of spec section 9, verbatim. The spec names the last two only in words ("connection
 * string", "organization"); they are stored as `connectionString` and `organization`.
 */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  isAuthenticated: 'isAuthenticated',
  isDark: 'isDark',
  dir: 'dir',
  lang: 'lang',
  connectionString: 'connectionString',
  organization: 'organization',
  /** Not in the spec: whether the user left the side panel open ('1') or closed ('0'). */
  sidePanel: 'sidePanel',
} as const;

/** Older installs kept the language under `locale` (the spec's other reading); it is read once and moved. */
export const LEGACY_LANG_KEY = 'locale';

export type Language = 'ar' | 'en';
export type Direction = 'rtl' | 'ltr';

export const LANGUAGES: readonly Language[] = ['ar', 'en'];
export const DEFAULT_LANGUAGE: Language = 'ar';

/** Spec: `isDark` holds '0' for dark. Light is stored as '1'. */
export const DARK_VALUE = '0';
export const LIGHT_VALUE = '1';

function read(key: string): string | null {
  const rendering = renderContext();
  if (rendering) return rendering.storage.get(key) ?? null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  // A render on the server changes nothing of the browser's.
  if (renderContext()) return;
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app still works for this page view.
  }
}

export const isLanguage = (v: unknown): v is Language => v === 'ar' || v === 'en';
export const directionOf = (lang: Language): Direction => (lang === 'ar' ? 'rtl' : 'ltr');

export function getLanguage(): Language {
  const stored = read(STORAGE_KEYS.lang);
  if (isLanguage(stored)) return stored;
  const legacy = read(LEGACY_LANG_KEY);
  if (legacy !== null) {
    write(LEGACY_LANG_KEY, null);
    if (isLanguage(legacy)) {
      write(STORAGE_KEYS.lang, legacy);
      return legacy;
    }
  }
  return DEFAULT_LANGUAGE;
}

export function setLanguage(lang: Language): void {
  write(STORAGE_KEYS.lang, lang);
  tellServerTheLook();
}

/** The stored direction, else the language's own (ar → rtl, en → ltr). */
export function getDirection(lang: Language = getLanguage()): Direction {
  const stored = read(STORAGE_KEYS.dir);
  return stored === 'rtl' || stored === 'ltr' ? stored : directionOf(lang);
}

export function setDirection(dir: Direction): void {
  write(STORAGE_KEYS.dir, dir);
  tellServerTheLook();
}

export function getIsDark(): boolean {
  return read(STORAGE_KEYS.isDark) === DARK_VALUE;
}

export function setIsDark(dark: boolean): void {
  write(STORAGE_KEYS.isDark, dark ? DARK_VALUE : LIGHT_VALUE);
  tellServerTheLook();
}

/** How this browser shows pages, in the form the server reads (`basira_ui`) and marks a page it rendered with. */
export const storedLook = (): string =>
  uiKey({ lang: getLanguage(), direction: getDirection(), dark: getIsDark() });

/** Writes a cookie of this site's own (`null` deletes it). */
function writeCookie(name: string, value: string | null): void {
  if (renderContext()) return;
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    const age = value === null ? 0 : 31_536_000;
    document.cookie = `${name}=${value ?? ''}; Path=/; Max-Age=${age}; SameSite=Strict${secure}`;
  } catch {
    // No document (a worker) or cookies blocked: the server draws its defaults and the app renders over them.
  }
}

/**
 * Copies the language, direction and colour scheme into a cookie, and the side panel's state into another, so that a
 * page the server renders is drawn as this browser shows it (shared/common/rendered-pages.ts). Called at start and
 * whenever one of them changes.
 */
export function tellServerTheLook(): void {
  writeCookie(UI_COOKIE, storedLook());
  writeCookie(PANEL_COOKIE, read(STORAGE_KEYS.sidePanel));
}

/**
 * Copies the stored session into the `basira_session` cookie, or deletes it: the server then knows, on a page's
 * request, whether this browser is signed in (shared/common/rendered-pages.ts). Only for this server's own API: a
 * token of another server (a connection string elsewhere) means nothing here. Called at start and wherever the
 * token is stored or cleared, so that the cookie never outlives the local session.
 */
export function tellServerTheSession(): void {
  const ownApi = getConnectionString() === defaultConnectionString();
  writeCookie(SESSION_COOKIE, ownApi ? getToken() : null);
}

export function getToken(): string | null {
  const token = read(STORAGE_KEYS.token);
  return token && token.trim() ? token : null;
}

export function getStoredUser(): Me | null {
  const raw = read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    // Our own copy of GET /api/me (written by setStoredUser); only its shape is checked here.
    const parsed = JSON.parse(raw) as Partial<Me> | null;
    return parsed && typeof parsed.id === 'number' && Array.isArray(parsed.permissions)
      ? (parsed as Me)
      : null;
  } catch {
    return null;
  }
}

export function setStoredUser(user: Me): void {
  write(STORAGE_KEYS.user, JSON.stringify(user));
}

/** A successful sign-in: token, user and the isAuthenticated flag together. */
export function storeSession(token: string, user: Me): void {
  write(STORAGE_KEYS.token, token);
  setStoredUser(user);
  write(STORAGE_KEYS.isAuthenticated, 'true');
  tellServerTheSession();
}

/** Logout (spec section 4): clears token, user and isAuthenticated; settings stay. */
export function clearSession(): void {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.user, null);
  write(STORAGE_KEYS.isAuthenticated, null);
  tellServerTheSession();
}

/** The API base: the stored connection string, else this server's own `/api`. */
export function defaultConnectionString(): string {
  return `${renderContext()?.origin ?? window.location.origin}/api`;
}

export function getConnectionString(): string {
  const stored = read(STORAGE_KEYS.connectionString)?.trim();
  return stored ? stored.replace(/\/+$/, '') : defaultConnectionString();
}

export function getStoredConnectionString(): string | null {
  return read(STORAGE_KEYS.connectionString);
}

export function setConnectionString(value: string | null): void {
  write(STORAGE_KEYS.connectionString, value?.trim() ? value.trim().replace(/\/+$/, '') : null);
  tellServerTheSession();
}

export function getOrganization(): string | null {
  const stored = read(STORAGE_KEYS.organization)?.trim();
  return stored ? stored : null;
}

export function setOrganization(value: string | null): void {
  write(STORAGE_KEYS.organization, value?.trim() ? value.trim().toLowerCase() : null);
}

/** Not a spec key: whether the bell chimes when a recall falls due (on unless switched off). */
export const BELL_SOUND_KEY = 'bellSound';

export function getBellSound(): boolean {
  return read(BELL_SOUND_KEY) !== '0';
}

export function setBellSound(on: boolean): void {
  write(BELL_SOUND_KEY, on ? '1' : '0');
}

/** The side panel as the user last left it; null when they never toggled it. */
export function getSidePanelOpen(): boolean | null {
  const stored = read(STORAGE_KEYS.sidePanel);
  return stored === '1' ? true : stored === '0' ? false : null;
}

export function setSidePanelOpen(open: boolean): void {
  write(STORAGE_KEYS.sidePanel, open ? '1' : '0');
  tellServerTheLook();
}
