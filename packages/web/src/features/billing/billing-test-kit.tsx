import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Me } from '@basira/shared/auth/auth.schemas';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { storeSession } from '../../lib/storage.ts';

/** A signed-in user holding these permissions, as GET /api/me answers it. */
export function meWith(permissions: string[], id = 1): Me {
  return {
    id,
    name: 'Rana Cashier',
    email: 'rana@example.com',
    username: 'rana',
    isActive: true,
    isDoctor: false,
    mustChangePassword: false,
    roles: [],
    version: 1,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    permissions,
    organization: { id: 1, slug: 'default', name: 'Basira Eye Clinic', timeZone: 'Asia/Baghdad' },
    session: { idleMinutes: 60, expiresAt: '2099-01-01T00:00:00Z' },
  };
}

export type Answer = { status?: number; body: unknown } | undefined;
/** Answers a call by its method and address (path and query, without the API base); undefined: 404. */
export type Answering = (method: string, url: string, body: unknown) => Answer;

/**
 * Renders a screen at `url` for a user with `permissions`, the API stubbed by `answer`; returns the fetch mock so
 * a test can read what was sent.
 */
export function renderScreen(
  element: ReactElement,
  {
    path,
    url = path,
    permissions,
    answer,
  }: { path: string; url?: string; permissions: string[]; answer: Answering },
) {
  const me = meWith(permissions);
  storeSession('test-token', me);
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const full = String(input);
    const at = full.indexOf('/api/');
    const address = at >= 0 ? full.slice(at + 5) : full;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
    if (method === 'GET' && address === 'me') return json({ data: me });
    const found = answer(method, address, body);
    return found
      ? json(found.body, found.status ?? 200)
      : json({ message: 'not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </Providers>,
  );
  return { fetchMock, router };
}

/** The bodies of the POSTs sent to an address. */
export const postsTo = (fetchMock: ReturnType<typeof vi.fn<typeof fetch>>, address: string): unknown[] =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith(`/api/${address}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
