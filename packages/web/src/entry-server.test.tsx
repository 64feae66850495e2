import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uiKey, type UiPreferences } from '@basira/shared/common/rendered-pages';
import { AppRoot } from './app/app-root.tsx';
import { appRoutes } from './app/router.tsx';
import { routerSettled, serverDrawn } from './app/server-drawn.ts';
import { textsInstance } from './i18n/i18n.ts';
import { renderPage } from './entry-server.tsx';

const here = path.dirname(fileURLToPath(import.meta.url));
const textsOf = (lang: string) =>
  JSON.parse(readFileSync(path.resolve(here, `../public/src/locales/${lang}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

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
  await act(async () => {
    root = hydrateRoot(
      container,
      <AppRoot i18n={textsInstance(ui.lang, texts)} direction={ui.direction} router={router} />,
      { onRecoverableError: recoverable },
    );
  });
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
      expect(serverDrawn(container)).toEqual({ path: '/login' });
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
    expect(serverDrawn(container)).toEqual({ path: '/' });
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
    expect(serverDrawn(container)).toEqual({ path: '/login' });
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
