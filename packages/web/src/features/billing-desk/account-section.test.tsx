import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingEntry } from '@basira/shared/money/billing.schemas';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { initEnglish } from '../../test/i18n.ts';
import { AccountSection } from './account-section.tsx';
import { chargeOf } from './test-data.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const entry = (over: Partial<BillingEntry> & Pick<BillingEntry, 'id' | 'kind'>): BillingEntry => ({
  chargeId: 1,
  amount: 10000,
  currency: 'IQD',
  dueDelta: -10000,
  method: null,
  wallet: null,
  percent: null,
  category: null,
  reason: null,
  receiptId: null,
  reversesId: null,
  reversedById: null,
  createdBy: { id: 2, name: 'Zainab' },
  createdAt: '2026-12-05T09:00:00Z',
  ...over,
});

beforeAll(async () => {
  await initEnglish();
});
beforeEach(() => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/billing/patients/7/account'))
      return json({
        data: {
          patientId: 7,
          balances: [{ currency: 'IQD', amount: 15000 }],
          charges: [
            chargeOf({
              id: 1,
              balance: 15000,
              entries: [
                entry({
                  id: 11,
                  kind: 'discount',
                  amount: 5000,
                  dueDelta: -5000,
                  reason: 'Old patient',
                  reversedById: 13,
                }),
                entry({
                  id: 13,
                  kind: 'void',
                  amount: 5000,
                  dueDelta: 5000,
                  reversesId: 11,
                  reason: 'Not allowed',
                }),
                entry({ id: 12, kind: 'payment', method: 'cash', receiptId: 5 }),
              ],
            }),
          ],
          receipts: [
            {
              id: 5,
              number: '2026-000005',
              currency: 'IQD',
              total: 10000,
              method: 'cash',
              createdAt: '2026-12-05T09:00:00Z',
            },
          ],
        },
      });
    if (url.includes('/entries/12/reverse') && init?.method === 'POST')
      return json({ data: chargeOf({ id: 1 }) });
    return json({ message: 'not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderSection(permissions: string[]) {
  render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <AccountSection patient={{ id: 7, name: 'Huda Ali' }} permissions={permissions} />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

describe("the patient's account", { timeout: 30_000 }, () => {
  it('shows what is owed, each entry with who and why, a reversed one marked, and the receipts to reprint', async () => {
    renderSection(['show payments']);
    expect(await screen.findByTestId('account-balances')).toHaveTextContent('Owes:15,000 IQD');
    const entries = screen.getAllByTestId('charge-entry');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveAttribute('data-reversed', 'true');
    expect(within(entries[0]!).getByTestId('entry-reversed')).toBeInTheDocument();
    expect(entries[0]).toHaveTextContent('Old patient');
    expect(entries[1]).toHaveTextContent('Not allowed');
    expect(screen.getByRole('link', { name: 'Reprint: 2026-000005' })).toHaveAttribute(
      'href',
      '/print/receipt/5?paper=80mm',
    );
    // Without `refund` nothing can be reversed; without `take payments` nothing paid.
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.queryByTestId('account-pay')).toBeNull();
  });

  it('refunds a payment with its reason', async () => {
    const user = userEvent.setup();
    renderSection(['show payments', 'refund']);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    // The voided discount and the void itself offer nothing more.
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    await user.click(await screen.findByTestId('reverse-confirm'));
    expect(screen.getByText('Write the reason (at least 2 characters).')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Paid twice');
    await user.click(screen.getByTestId('reverse-confirm'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.find(([url]) => String(url).includes('/entries/12/reverse'))?.[1]?.body,
      ).toBe(JSON.stringify({ reason: 'Paid twice' })),
    );
  });

  it('shows nothing without show payments', () => {
    renderSection(['take payments']);
    expect(screen.queryByTestId('patient-account')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
