import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, render, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { Suspense } from 'react';
import { MemoryRouter, createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { getGlobalReactionHandler } from '../lib/api-reactions.ts';
import { SESSION_EXPIRED_TOAST_MS } from '../lib/toasts.ts';
import { initEnglish } from '../test/i18n.ts';
import { installGlobalReactions } from './global-reactions.ts';
import { IdleNotice, idleState, noticeLeadMs } from './idle-notice.tsx';
import { markActivity } from '../lib/activity.ts';
import { queryClient } from '../lib/query-client.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { Providers } from './providers.tsx';
import { appRoutes } from './router.tsx';
import { NotFoundScreen } from './screens.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const en = JSON.parse(readFileSync(path.resolve(here, '../../public/src/locales/en.json'), 'utf8')) as Record<
  string,
  Record<string, string>
>;

beforeAll(async () => {
  await initEnglish();
});

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(
    <Providers i18n={i18next} direction="ltr">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('the app in a browser-like DOM', () => {
  beforeEach(() => localStorage.clear());

  it('shows the sign-in form for a guarded address without a token', async () => {
    const router = renderApp('/setting/role');
    // The first lazy screen of the file loads cold: a busy machine has taken over a second.
    expect(
      await screen.findByRole('button', { name: en.auth!.signIn }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(document.querySelector('input[name="email"]')).toHaveAttribute('autocomplete', 'username');
  });

  it('renders a screen whose chunk its loader brought in the same commit, not after its Suspense fallback', async () => {
    // React reveals a Suspense boundary no sooner than 300 ms after its fallback showed: a screen that suspended
    // once its chunk was already here cost the sign-in page 158 ms in a trace (screens.ts, guards.ts).
    await NotFoundScreen.preload();
    render(
      <Providers i18n={i18next} direction="ltr">
        <MemoryRouter>
          <Suspense fallback={<p>waiting for the chunk</p>}>
            <NotFoundScreen />
          </Suspense>
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.queryByText('waiting for the chunk')).not.toBeInTheDocument();
    expect(screen.getByTestId('not-found')).toBeInTheDocument();
  });

  it('shows 404 and "Page not found" for an unknown address', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText(en.notFound!.title!)).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });
});

describe('session-expired flow (spec section 8)', () => {
  afterEach(() => {
    vi.useRealTimers();
    notifications.clean();
  });

  it('warns for 2.5 s, then logs out and goes to /login', () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', '{}');
    localStorage.setItem('isAuthenticated', 'true');
    const navigate = vi.fn();
    installGlobalReactions({ navigate }, i18next);
    const show = vi.spyOn(notifications, 'show');
    const error = new ApiError({
      kind: 'http',
      status: 401,
      body: { code: 'unauthorized', message: 'x' },
      method: 'GET',
      path: 'role',
    });
    act(() => {
      getGlobalReactionHandler()!('sessionExpired', error);
      getGlobalReactionHandler()!('sessionExpired', error);
    });
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0]).toMatchObject({
      message: en.errors!.sessionExpired,
      color: 'yellow',
      autoClose: SESSION_EXPIRED_TOAST_MS,
    });
    expect(SESSION_EXPIRED_TOAST_MS).toBe(2500);
    vi.advanceTimersByTime(SESSION_EXPIRED_TOAST_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('tok');
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
  });

  it('shows "Server is down" and signs out on a network error', () => {
    localStorage.setItem('token', 'tok');
    const navigate = vi.fn();
    installGlobalReactions({ navigate }, i18next);
    const show = vi.spyOn(notifications, 'show');
    getGlobalReactionHandler()!(
      'serverDownLogout',
      new ApiError({ kind: 'network', method: 'GET', path: 'user' }),
    );
    // The spec's text, and the address that did not answer.
    expect(show.mock.calls.at(-1)![0]).toMatchObject({
      title: en.errors!.serverDown,
      message: expect.stringContaining(window.location.origin),
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('idle notice', () => {
  afterEach(() => {
    vi.useRealTimers();
    notifications.clean();
  });

  it('shows five minutes before the idle expiry (half the idle time when shorter)', () => {
    expect(noticeLeadMs(60)).toBe(5 * 60_000);
    expect(noticeLeadMs(6)).toBe(3 * 60_000);
    const start = 1_000_000;
    expect(idleState(60, start, start + 54 * 60_000)).toBe('active');
    expect(idleState(60, start, start + 55 * 60_000)).toBe('warn');
    expect(idleState(60, start, start + 60 * 60_000)).toBe('expired');
  });

  it('offers to stay signed in before the idle expiry', () => {
    vi.useFakeTimers();
    const show = vi.spyOn(notifications, 'show');
    markActivity(Date.now());
    render(
      <Providers i18n={i18next} direction="ltr">
        <QueryClientProvider client={queryClient}>
          <IdleNotice idleMinutes={10} />
        </QueryClientProvider>
      </Providers>,
    );
    act(() => void vi.advanceTimersByTime(4 * 60_000));
    expect(show).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'idle-notice' }));
    act(() => void vi.advanceTimersByTime(60_000 + 10_000));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ id: 'idle-notice', autoClose: false }));
    expect(screen.getByRole('button', { name: en.session!.staySignedIn })).toBeInTheDocument();
  });
});
