import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  uiKey,
  type ApiAnswer,
  type PageSession,
  type UiPreferences,
} from '@basira/shared/common/rendered-pages';
import type { Me } from '@basira/shared/auth/auth.schemas';
import { AppRoot } from './app/app-root.tsx';
import { appRoutes } from './app/router.tsx';
import { routerSettled, serverDrawn, startFromRenderedData } from './app/server-drawn.ts';
import { textsInstance } from './i18n/i18n.ts';
import { renderPage } from './entry-server.tsx';
import { clinicUser } from './test/render-with-clinic.tsx';

const here = path.dirname(fileURLToPath(import.meta.url));
const textsOf = (lang: string) =>
  JSON.parse(readFileSync(path.resolve(here, `../public/src/locales/${lang}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

// The live events' stream is the browser's, and no test here opens one. Its modules (the events' schemas and all they
// import) would be loaded in the background by the main layout's loader, and a load still under way when the test
// environment is torn down fails the run, after every test has passed.
vi.mock('./lib/live-events.ts', () => ({ openLiveEventsEarly: () => {}, useLiveEvents: () => {} }));

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
});

/** What the browser gets from the server: the page's HTML in the root, marked as main.tsx reads it. */
function served(html: string, ui: UiPreferences, path = '/login'): HTMLElement {
  const container = document.createElement('div');
  container.id = 'root';
  container.dataset.renderedPath = path;
  container.dataset.renderedLook = uiKey(ui);
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/** Hydrates `container` as main.tsx does; returns what React reported as drawn again (nothing, when it matched). */
async function hydrate(
  container: HTMLElement,
  path: string,
  ui: UiPreferences,
  texts: Record<string, unknown>,
) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  await routerSettled(router);
  const recoverable = vi.fn();
  // An attribute the server drew otherwise is not drawn again, only reported (in development): a failure too.
  const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => {
    root = hydrateRoot(
      container,
      <AppRoot i18n={textsInstance(ui.lang, texts)} direction={ui.direction} router={router} />,
      { onRecoverableError: recoverable },
    );
  });
  for (const args of reported.mock.calls)
    if (/hydrat/i.test(args.map(String).join(' '))) recoverable(...args);
  reported.mockRestore();
  return recoverable;
}

describe("the server's render of the signed-out pages", () => {
  for (const ui of [
    { lang: 'ar', direction: 'rtl', dark: false },
    { lang: 'en', direction: 'ltr', dark: true },
  ] as const)
    it(`is taken over by the browser as it is, without drawing it again (${uiKey(ui)})`, async () => {
      const texts = textsOf(ui.lang);
      const page = await renderPage({ path: '/login', ui, texts });
      expect(page).not.toBeNull();
      const container = served(page!.html, ui);
      const heading = container.querySelector('h1');
      expect(heading).toHaveTextContent(String((texts.auth as Record<string, string>).title));
      // Until React has the page: fields read-only, the button posts nothing.
      expect(container.querySelector('input[name="email"]')).toHaveAttribute('readonly');
      expect(container.querySelector('[data-testid="login-submit"]')).toHaveAttribute('type', 'button');

      localStorage.setItem('lang', ui.lang);
      localStorage.setItem('isDark', ui.dark ? '0' : '1');
      expect(serverDrawn(container)).toEqual({ path: '/login', signedIn: false });
      expect(await hydrate(container, '/login', ui, texts)).not.toHaveBeenCalled();
      // The same nodes, now React's: the fields take letters and the button submits.
      expect(container.querySelector('h1')).toBe(heading);
      expect(container.querySelector('input[name="email"]')).not.toHaveAttribute('readonly');
      expect(container.querySelector('[data-testid="login-submit"]')).toHaveAttribute('type', 'submit');
    });

  it('takes the start page over as it is too', async () => {
    const ui = { lang: 'ar', direction: 'rtl', dark: false } as const;
    const texts = textsOf('ar');
    const page = await renderPage({ path: '/', ui, texts });
    const container = served(page!.html, ui, '/');
    const start = container.querySelector('[data-testid="start-page"]');
    expect(start).toHaveTextContent(String((texts.start as Record<string, string>).title));
    expect(serverDrawn(container)).toEqual({ path: '/', signedIn: false });
    expect(await hydrate(container, '/', ui, texts)).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="start-page"]')).toBe(start);
  });

  it('draws nothing for a page a signed-out visitor cannot see (it would redirect)', async () => {
    const ui = { lang: 'ar', direction: 'rtl', dark: false } as const;
    expect(await renderPage({ path: '/patients', ui, texts: textsOf('ar') })).toBeNull();
  });

  it('is drawn again by the browser with a stored session or another look than the one it was drawn in', () => {
    const ui = { lang: 'ar', direction: 'rtl', dark: false } as const;
    const container = served('<main></main>', ui);
    expect(serverDrawn(container)).toEqual({ path: '/login', signedIn: false });
    localStorage.setItem('lang', 'en');
    expect(serverDrawn(container)).toBeNull();
    localStorage.setItem('lang', 'ar');
    localStorage.setItem('token', 'a-session');
    expect(serverDrawn(container)).toBeNull();
    localStorage.clear();
    container.innerHTML = '';
    expect(serverDrawn(container)).toBeNull();
  });
});

/** A signed-in administrator as GET /api/me answers. */
const userNamed = (id: number, name: string): Me => ({ ...clinicUser(['Administrator']), id, name });

/** The server's side of a page's session: the API answering `me`, after `delayMs`; every call is recorded. */
function sessionOf(me: Me, delayMs: number, calls: string[] = []): PageSession {
  return {
    token: `token-of-${me.id}`.padEnd(43, 'x'),
    organization: 'default',
    userId: me.id,
    call: async ({ method, url, headers }): Promise<ApiAnswer> => {
      calls.push(`${method} ${url} ${headers.authorization}`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (url !== '/api/me')
        return { status: 404, headers: {}, body: '{"message":"none","code":"not_found"}' };
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: me }),
      };
    },
  };
}

describe("the server's render of a signed-in screen", () => {
  const ui = { lang: 'en', direction: 'ltr', dark: false } as const;

  it("draws each user's page with their own data, however their renders interleave", async () => {
    const [huda, omar] = [userNamed(7, 'Huda Salim'), userNamed(8, 'Omar Kareem')];
    const calls: string[] = [];
    // Huda's API answers last: her render waits while Omar's starts and ends.
    const [hudaPage, omarPage] = await Promise.all([
      renderPage({ path: '/user/portal', ui, texts: textsOf('en'), session: sessionOf(huda, 40, calls) }),
      renderPage({ path: '/user/portal', ui, texts: textsOf('en'), session: sessionOf(omar, 0, calls) }),
    ]);
    expect(hudaPage!.html).toContain('Huda Salim');
    expect(hudaPage!.html).not.toContain('Omar Kareem');
    expect(omarPage!.html).toContain('Omar Kareem');
    expect(omarPage!.html).not.toContain('Huda Salim');
    expect(JSON.parse(hudaPage!.data!)).toMatchObject({
      drawnAt: expect.any(Number),
      cache: { queries: [{ queryKey: ['me'], state: { data: huda } }] },
    });
    // Each asked the API with its own session.
    expect(calls.filter((c) => c.includes('token-of-7')).length).toBeGreaterThan(0);
    expect(calls.every((c) => c.startsWith('GET /api/'))).toBe(true);
  });

  it('is taken over as it is by the browser holding that session, starting from the data it was drawn with', async () => {
    const huda = userNamed(7, 'Huda Salim');
    const page = await renderPage({
      path: '/user/portal',
      ui,
      texts: textsOf('en'),
      session: sessionOf(huda, 0),
    });
    const container = served(page!.html, ui, '/user/portal');
    container.dataset.renderedUser = '7';
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'rendered-data';
    data.textContent = page!.data!;
    document.body.append(data);
    const welcome = container.querySelector('[data-testid="portal-welcome"]');
    expect(welcome).toHaveTextContent('Huda Salim');

    localStorage.setItem('lang', 'en');
    // Another user's browser, or one signed out since, draws the page itself.
    localStorage.setItem('token', 'another-token');
    localStorage.setItem('user', JSON.stringify(userNamed(8, 'Omar Kareem')));
    expect(serverDrawn(container)).toBeNull();
    localStorage.setItem('user', JSON.stringify(huda));
    expect(serverDrawn(container)).toEqual({ path: '/user/portal', signedIn: true });

    const fetched = vi.spyOn(globalThis, 'fetch');
    await startFromRenderedData();
    expect(await hydrate(container, '/user/portal', ui, textsOf('en'))).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="portal-welcome"]')).toBe(welcome);
    // The session's first read came with the page: the browser did not ask for it again.
    expect(fetched).not.toHaveBeenCalled();
    fetched.mockRestore();
  });
});
