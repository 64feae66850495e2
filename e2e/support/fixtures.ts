import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { addToDay, localDay } from '@basira/shared/dates/calendar';
import { DEFAULT_TIME_ZONE } from '@basira/shared/organizations/organization.schemas';
import { ADMIN, ROOT } from './server.ts';

export type Lang = 'ar' | 'en';
export interface TestOptions {
  lang: Lang;
}

type Texts = Record<string, unknown>;
const textsOf = (lang: Lang) =>
  JSON.parse(readFileSync(path.join(ROOT, `packages/web/public/src/locales/${lang}.json`), 'utf8')) as Texts;

/** The app's own text for a key, in the project's language (plural forms as i18next picks them). */
export type T = (key: string, values?: Record<string, string | number>) => string;

export function translator(lang: Lang): T {
  const texts = textsOf(lang);
  const lookup = (key: string): string | undefined => {
    let node: unknown = texts;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : undefined;
  };
  return (key, values = {}) => {
    const count = values.count;
    const plural =
      typeof count === 'number' ? lookup(`${key}_${new Intl.PluralRules(lang).select(count)}`) : undefined;
    // i18next's context (e.g. `_female` for Arabic agreement), falling back to the plain key as i18next does.
    const context = typeof values.context === 'string' ? lookup(`${key}_${values.context}`) : undefined;
    const text = plural ?? context ?? lookup(key);
    if (text === undefined) throw new Error(`No text for ${key} in ${lang}`);
    return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

export interface Session {
  token: string;
  user: { id: number; name: string; email: string; mustChangePassword: boolean; permissions: string[] };
}

/** Direct API calls for arranging a test (the UI is what the test exercises). */
export class Api {
  constructor(readonly baseURL: string) {}

  async call<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseURL}/api/${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async login(identifier: string, password: string): Promise<Session> {
    return (await this.call<{ data: Session }>('POST', 'login', undefined, { email: identifier, password }))
      .data;
  }

  admin(): Promise<Session> {
    return this.login(ADMIN.username, ADMIN.password);
  }

  async createRole(
    token: string,
    name: string,
    permissions: string[],
  ): Promise<{ id: number; name: string }> {
    return (
      await this.call<{ data: { id: number; name: string } }>('POST', 'role', token, { name, permissions })
    ).data;
  }

  /** A colleague with their own password (the first one is changed, as the server demands). */
  async createUser(
    token: string,
    user: {
      name: string;
      email: string;
      username?: string;
      roles: number[];
      password?: string;
      isDoctor?: boolean;
    },
  ): Promise<{ id: number; email: string; password: string }> {
    const first = 'first-password-1';
    const { data } = await this.call<{ data: { id: number } }>('POST', 'user', token, {
      name: user.name,
      email: user.email,
      username: user.username ?? null,
      roles: user.roles,
      isActive: true,
      ...(user.isDoctor !== undefined ? { isDoctor: user.isDoctor } : {}),
      password: first,
      password_confirmation: first,
    });
    const password = user.password ?? 'own-password-1';
    const session = await this.login(user.email, first);
    await this.call('POST', 'profile', session.token, {
      name: user.name,
      email: user.email,
      username: user.username ?? null,
      currentPassword: first,
      password,
      password_confirmation: password,
    });
    return { id: data.id, email: user.email, password };
  }

  logout(token: string): Promise<unknown> {
    return this.call('POST', 'logout', token);
  }

  async createPatient(
    token: string,
    patient: { name: string; phone: string; isMale?: 0 | 1; age?: number },
  ): Promise<{ id: number; name: string; fileNumber: number }> {
    return (
      await this.call<{ data: { id: number; name: string; fileNumber: number } }>(
        'POST',
        'mo/patient',
        token,
        {
          isMale: 1,
          age: 40,
          ...patient,
        },
      )
    ).data;
  }

  async queue(
    token: string,
    patientId: number,
    body: Record<string, unknown> = {},
  ): Promise<{ id: number; ticketNumber: number }> {
    return (
      await this.call<{ data: { id: number; ticketNumber: number } }>('POST', 'mo/queue', token, {
        patientId,
        ...body,
      })
    ).data;
  }

  /** Re-waiting (recall) to a date-time. */
  rewait(token: string, queueId: number, date: Date, note?: string): Promise<unknown> {
    return this.call('POST', `mo/queue/rewaiting/${queueId}`, token, { date: date.toISOString(), note });
  }

  /** A status call: canceled, waiting, finished. */
  move(token: string, queueId: number, segment: 'canceled' | 'waiting' | 'finished'): Promise<unknown> {
    return this.call('POST', `mo/queue/${segment}/${queueId}`, token);
  }
}

const ARABIC_LETTERS = 'بتثجحخدذرزسشصضطظعغفقكلمنهوي';

/** A made-up Arabic word: patients of parallel tests never match each other's searches. */
export function arabicWord(length = 6): string {
  let word = '';
  for (let i = 0; i < length; i++) word += ARABIC_LETTERS[Math.floor(Math.random() * ARABIC_LETTERS.length)];
  return word;
}

/** A valid Iraqi mobile number as a receptionist types it: 0770 123 4567. */
export function iraqiMobile(): string {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return `0770${digits}`;
}

/** A short unique suffix: both language projects run against the same server at once. */
export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Gives the page a session as the sign-in screen stores it (once per tab, so a later sign-out holds). */
export async function handSession(page: Page, session: Session): Promise<void> {
  await page.addInitScript((s) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
    localStorage.setItem('isAuthenticated', 'true');
  }, session);
}

interface Fixtures {
  t: T;
  api: Api;
  /** Signs in through the API and hands the session to the page (as the sign-in screen does). */
  signIn: (as?: { identifier: string; password: string }) => Promise<Session>;
  /** Saves a screenshot of what the window shows to e2e/screenshots/<lang>-<name>.png. */
  shot: (name: string, target?: Page) => Promise<void>;
  /** axe-core on the current page: the serious and critical violations. */
  axe: () => Promise<{ id: string; impact: string | null | undefined; help: string; targets: string[] }[]>;
}

export const test = base.extend<Fixtures & TestOptions>({
  lang: ['ar', { option: true }],
  // Playwright requires the destructuring pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    if (!process.env.E2E_BASE_URL)
      throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(process.env.E2E_BASE_URL);
  },
  page: async ({ page, lang }, use) => {
    // The project's language, unless the test has chosen another meanwhile.
    await page.addInitScript((l) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
    }, lang);
    // Every screen keeps the strict Content-Security-Policy: a blocked eval or script fails the test.
    const violations: string[] = [];
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.warn(`csp-violation: ${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`),
      ),
    );
    page.on('console', (m) => {
      if (m.text().startsWith('csp-violation:')) violations.push(m.text());
    });
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  t: async ({ lang }, use) => use(translator(lang)),
  api: async ({ baseURL }, use) => use(new Api(baseURL!)),
  signIn: async ({ page, api }, use) => {
    await use(async (as) => {
      const session = as ? await api.login(as.identifier, as.password) : await api.admin();
      await handSession(page, session);
      return session;
    });
  },
  shot: async ({ page, lang }, use) => {
    await use(async (name, target = page) => {
      // From the top: a full-page capture of a scrolled page would draw the fixed header mid-page.
      await target.evaluate(async () => {
        window.scrollTo(0, 0);
        await document.fonts.ready;
      });
      await target.screenshot({ path: path.join(ROOT, 'e2e/screenshots', `${lang}-${name}.png`) });
    });
  },
  axe: async ({ page }, use) => {
    await use(async () => {
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        }));
    });
  },
});

export { expect };

/**
 * A day `offset` days from today on the clinic's calendar, as the date inputs take it. Not the machine's: from
 * 21:00 UTC the clinic is already on the next day, and "tomorrow" by the machine's date is the clinic's today.
 */
export function day(offset: number): string {
  return addToDay(localDay(new Date(), DEFAULT_TIME_ZONE), offset);
}
