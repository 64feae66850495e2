import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider, useLocation, useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@basira/shared/notifications/notifications.schemas';
import { Providers } from '../../app/providers.tsx';
import { initEnglish } from '../../test/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { NotificationsPage } from './notifications-page.tsx';

const here = path.dirname(fileURLToPath(import.meta.url));
const en = JSON.parse(
  readFileSync(path.resolve(here, '../../../public/src/locales/en.json'), 'utf8'),
) as Record<string, unknown>;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

const notification = (fields: Partial<Notification>): Notification => ({
  id: 1,
  details: 'Anna: the printer cuts the footer',
  type: 'bug',
  is_read: 0,
  color: '#e03131',
  targetId: 41,
  createdAt: '2026-03-01T09:00:00Z',
  ...fields,
});

const fetchMock = vi.fn<typeof fetch>();
let markAnswer: { status: number; body: unknown };

beforeAll(async () => {
  await initEnglish();
});

beforeEach(() => {
  markAnswer = { status: 200, body: { data: notification({ is_read: 1 }) } };
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (init?.method === 'POST' && url.endsWith('/hd/notification/1'))
      return json(markAnswer.body, markAnswer.status);
    if (url.includes('/hd/notification?'))
      return json({
        data: [
          notification({}),
          notification({ id: 2, type: 'Feedback', details: 'Nice board', is_read: 1, targetId: 42 }),
        ],
        meta: { page: 1, perPage: 25, total: 2, lastPage: 1 },
      });
    return json({ message: 'not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function Target() {
  const { notificationId } = useParams();
  const state = useLocation().state as { targetId: number } | null;
  return (
    <p data-testid="target">
      {notificationId}:{state?.targetId}
    </p>
  );
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/notification', element: <NotificationsPage /> },
      { path: '/support/bugs/:notificationId?', element: <Target /> },
      { path: '/support/all/:notificationId?', element: <Target /> },
    ],
    { initialEntries: ['/notification'] },
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
  return router;
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('the notifications page (spec sections 2, 4, 8)', () => {
  it('lists icon, details, type and Read or UnRead with a red dot', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('notification-row');
    expect(rows).toHaveLength(2);
    const [unread, read] = rows as [HTMLElement, HTMLElement];
    expect(within(unread).getByTestId('notification-details')).toHaveTextContent(
      'the printer cuts the footer',
    );
    expect(within(unread).getByTestId('notification-type')).toHaveTextContent(
      text('notifications.types.bug'),
    );
    expect(within(unread).getByTestId('notification-read')).toHaveTextContent(text('notifications.unread'));
    expect(within(unread).getByTestId('unread-dot')).toBeInTheDocument();
    expect(within(read).getByTestId('notification-read')).toHaveTextContent(text('notifications.read'));
    expect(within(read).queryByTestId('unread-dot')).toBeNull();
  });

  it('opens the target of the type with the notification id, and marks it read', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await user.click((await screen.findAllByTestId('notification-details'))[0]!);
    expect(await screen.findByTestId('target')).toHaveTextContent('1:41');
    expect(router.state.location.pathname).toBe('/support/bugs/1');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(String(posts()[0]![0])).toMatch(/\/hd\/notification\/1$/);
  });

  it('does not mark again what is read already', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await user.click((await screen.findAllByTestId('notification-open'))[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/all/2'));
    expect(posts()).toHaveLength(0);
  });

  it('shows the error dialog "create new data fails!!!" with the server message when marking fails', async () => {
    markAnswer = { status: 409, body: { message: 'Conflict', code: 'conflict' } };
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByTestId('notification-row'))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'create new data fails!!!' });
    expect(within(dialog).getByTestId('notification-mark-failed')).toHaveTextContent(
      text('errors.codes.conflict'),
    );
  });
});
