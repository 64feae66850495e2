import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Me } from '@basira/shared/auth/auth.schemas';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { storeSession } from '../../lib/storage.ts';
import { initEnglish } from '../../test/i18n.ts';
import { DashboardPage } from './dashboard-page.tsx';

const me = (permissions: string[]): Me => ({
  id: 1,
  name: 'Dr Salim',
  email: 'salim@example.com',
  username: null,
  isActive: true,
  isDoctor: true,
  mustChangePassword: false,
  roles: [],
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  permissions,
  organization: { id: 1, slug: 'default', name: 'Basira', timeZone: 'Asia/Baghdad' },
  session: { idleMinutes: 60, expiresAt: '2099-01-01T00:00:00Z' },
});

const summary = {
  day: '2026-12-05',
  timeZone: 'Asia/Baghdad',
  today: { total: 0, byStatus: [] },
  newPatients: { week: 0, month: 0 },
  recallsDue: 0,
  recallsUpcoming: 0,
  averageWaitMinutesToday: null,
};

const takings = {
  day: '2026-12-05',
  totals: [
    { amount: 475_000, currency: 'IQD' },
    { amount: 12_050, currency: 'USD' },
  ],
  payments: [],
  refunds: [],
  byMethod: [],
  byService: [],
  byDoctor: [],
  charged: [],
  discounted: [],
  exempted: [],
  receiptCount: 17,
};

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderDashboard(permissions: string[]) {
  const user = me(permissions);
  storeSession('test-token', user);
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.endsWith('/api/me')) return json({ data: user });
    if (url.endsWith('/api/mo/dashboard')) return json({ data: summary });
    if (url.includes('/api/mo/dashboard/visits')) return json({ data: [] });
    if (url.endsWith('/api/mo/billing/reports/day')) return json({ data: takings });
    return new Response(JSON.stringify({ message: 'not found', code: 'not_found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: ['/dashboard'],
  });
  render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Providers>,
  );
  return fetchMock;
}

describe("the dashboard's takings card", () => {
  it('shows today’s net per currency and the receipts to whoever reads the financial reports', async () => {
    renderDashboard(['dashboard', 'show financial reports']);
    const value = await screen.findByTestId('stat-takings-value');
    expect(await screen.findByText('475,000 IQD')).toBeInTheDocument();
    expect(value).toHaveTextContent('$120.50');
    expect(screen.getByTestId('stat-takings-receipts')).toHaveTextContent('17 receipts');
  });

  it('is not there, and the report not asked for, without that permission', async () => {
    const fetchMock = renderDashboard(['dashboard']);
    await screen.findByTestId('stat-today');
    expect(screen.queryByTestId('stat-takings')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('billing'))).toBe(false);
  });
});
