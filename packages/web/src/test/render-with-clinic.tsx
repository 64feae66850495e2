import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Me } from '@basira/shared/auth/auth.schemas';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { storeSession } from '../lib/storage.ts';

/** A signed-in user of a clinic in Baghdad (UTC+3) holding `permissions`. */
export const clinicUser = (permissions: string[]): Me => ({
  id: 1,
  name: 'Reception',
  email: 'reception@example.com',
  username: null,
  isActive: true,
  isDoctor: false,
  mustChangePassword: false,
  roles: [],
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  permissions,
  organization: { id: 1, slug: 'default', name: 'Basira', timeZone: 'Asia/Baghdad' },
  session: { idleMinutes: 60, expiresAt: '2099-01-01T00:00:00Z' },
});

/**
 * Renders a component as the app does (Mantine, i18n, a query client) for a signed-in user of a Baghdad clinic;
 * the API answers `/api/me` and 404 otherwise. Call `initEnglish()` first; unstub globals after.
 */
export function renderWithClinic(ui: ReactNode, permissions: string[] = []) {
  const user = clinicUser(permissions);
  storeSession('test-token', user);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) =>
      String(input).endsWith('/api/me')
        ? new Response(JSON.stringify({ data: user }), { status: 200 })
        : new Response(JSON.stringify({ message: 'not found', code: 'not_found' }), { status: 404 }),
    ),
  );
  return render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
    </Providers>,
  );
}

/** What a test's fake API answers a call with (`body` as the server's JSON), or undefined for a 404. */
export type ApiAnswer = { status?: number; body: unknown } | undefined;
export interface ApiCall {
  method: string;
  /** The path after `/api/`, with its query (`outcomes/audit?firstEyesOnly=true`). */
  url: string;
  body: unknown;
}

/**
 * Renders a screen at `url` as the app does (Mantine, i18n, a query client, modals, a router) for a signed-in user
 * holding `permissions`; `answer` plays the API (`/api/me` is answered for it), and every other call is recorded in
 * `calls`, with its parsed body. Call `initEnglish()` first; unstub globals after.
 */
export function renderScreenWithApi(
  element: ReactNode,
  url: string,
  permissions: string[],
  answer: (method: string, url: string, body: unknown) => ApiAnswer,
) {
  const me = clinicUser(permissions);
  storeSession('test-token', me);
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const full = String(input);
    const address = full.slice(full.indexOf('/api/') + 5);
    const method = init?.method ?? 'GET';
    const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
    if (method === 'GET' && address === 'me') return json({ data: me });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url: address, body });
    const found = answer(method, address, body);
    return found
      ? json(found.body, found.status ?? 200)
      : json({ message: 'not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </Providers>,
  );
  return { calls, router, fetchMock };
}
