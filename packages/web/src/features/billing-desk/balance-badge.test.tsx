import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { initEnglish } from '../../test/i18n.ts';
import { BalanceBadge } from './balance-badge.tsx';
import { RowBalances } from './queue-balances.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeAll(async () => {
  await initEnglish();
});
beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    if (String(input).includes('/billing/balances'))
      return json({
        data: [
          { patientId: 1, balances: [{ currency: 'IQD', amount: 25000 }] },
          { patientId: 2, balances: [{ currency: 'IQD', amount: 0 }] },
        ],
      });
    return json({ message: 'not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const wrap = (node: React.ReactNode) => (
  <Providers i18n={i18next} direction="ltr">
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>
  </Providers>
);

const rows = [
  { id: 10, patient: { id: 1, name: 'Huda' } },
  { id: 11, patient: { id: 2, name: 'Ali' } },
  { id: 12, patient: { id: 1, name: 'Huda' } },
];

function List({ permissions }: { permissions: string[] }) {
  return (
    <RowBalances rows={rows} permissions={permissions}>
      {(slots) => (
        <ul>
          {rows.map((row) => (
            <li key={row.id} data-testid={`row-${row.id}`}>
              {row.patient.name}
              {slots.badge?.(row)}
              {slots.action?.(row)}
            </li>
          ))}
        </ul>
      )}
    </RowBalances>
  );
}

describe('the balance badge', () => {
  it('says what is owed per currency and nothing when nothing is owed', () => {
    render(
      wrap(
        <>
          <BalanceBadge
            balances={[
              { currency: 'IQD', amount: 25000 },
              { currency: 'USD', amount: 0 },
            ]}
          />
          <BalanceBadge balances={[{ currency: 'IQD', amount: 0 }]} />
        </>,
      ),
    );
    const badges = screen.getAllByTestId('balance-badge');
    expect(badges).toHaveLength(1);
    expect(badges[0]).toHaveTextContent('Owes 25,000 IQD');
  });

  it('reads the balances of every row on screen in one call', async () => {
    render(wrap(<List permissions={['show payments', 'take payments']} />));
    await waitFor(() => expect(screen.getByTestId('row-10')).toHaveTextContent('Owes 25,000 IQD'));
    expect(screen.getByTestId('row-12')).toHaveTextContent('Owes 25,000 IQD');
    expect(screen.getByTestId('row-11')).not.toHaveTextContent('Owes');
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/billing/balances'));
    expect(calls).toHaveLength(1);
    expect(decodeURIComponent(String(calls[0]![0]))).toContain('patientIds=1,2');
    // Pay where something is owed.
    expect(screen.getAllByRole('button', { name: 'Pay: Huda' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Pay: Ali' })).toBeNull();
  });

  it('shows no balance and no Pay without the permissions', () => {
    render(wrap(<List permissions={['show queues']} />));
    expect(screen.queryByTestId('balance-badge')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
