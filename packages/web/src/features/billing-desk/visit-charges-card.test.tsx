import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingService } from '@basira/shared/money/billing.schemas';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { initEnglish } from '../../test/i18n.ts';
import { chargeOf } from './test-data.ts';
import { VisitChargesCard } from './visit-charges-card.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const service = (
  over: Partial<BillingService> & Pick<BillingService, 'id' | 'code' | 'nameEn'>,
): BillingService => ({
  nameAr: over.nameEn,
  kind: 'test',
  visitReason: null,
  doctor: null,
  priceIqd: 35000,
  priceUsd: null,
  active: true,
  version: 1,
  updatedAt: '2026-12-01T00:00:00Z',
  ...over,
});

beforeAll(async () => {
  await initEnglish();
});
beforeEach(() => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/billing/services'))
      return json({
        data: [
          service({ id: 1, code: 'CONS', nameEn: 'Consultation', kind: 'consultation' }),
          service({ id: 2, code: 'OCT', nameEn: 'OCT scan', priceUsd: 2500 }),
          service({ id: 3, code: 'OLD', nameEn: 'Old test', active: false }),
          service({ id: 4, code: 'YAG', nameEn: 'YAG laser', kind: 'procedure', priceIqd: 150000 }),
        ],
      });
    if (url.includes('/billing/patients/7/account'))
      return json({
        data: {
          patientId: 7,
          balances: [{ currency: 'IQD', amount: 25000 }],
          charges: [
            chargeOf({ id: 1, queueId: 40 }),
            chargeOf({ id: 2, queueId: 39, nameEn: 'Earlier visit' }),
          ],
          receipts: [],
        },
      });
    if (url.includes('/billing/visits/40/charges') && init?.method === 'POST')
      return json({ data: chargeOf({ id: 9, nameEn: 'OCT scan', currency: 'USD', amount: 2500 }) }, 201);
    return json({ message: 'not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderCard(permissions: string[]) {
  render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <VisitChargesCard patient={{ id: 7, name: 'Huda Ali' }} queueId={40} permissions={permissions} />
      </QueryClientProvider>
    </Providers>,
  );
}

describe("the board's charges card", { timeout: 30_000 }, () => {
  it("shows this visit's charges and what the patient owes", async () => {
    renderCard(['show payments']);
    expect(await screen.findAllByTestId('board-charge')).toHaveLength(1);
    expect(screen.getByTestId('balance-badge')).toHaveTextContent('Owes 25,000 IQD');
    expect(screen.queryByLabelText('Add a test')).toBeNull();
  });

  it('adds a test of the price list to the visit, in dollars where it has a dollar price', async () => {
    const user = userEvent.setup();
    renderCard(['open board']);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/billing/services'))).toBe(true),
    );
    await user.click(screen.getByRole('combobox', { name: 'Add a test' }));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['OCT scan (OCT)', 'YAG laser (YAG)']);
    await user.click(options[0]!);
    await user.click(screen.getByText('$'));
    await user.click(screen.getByTestId('board-add-charge'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.find(([url]) => String(url).includes('/visits/40/charges'))?.[1]?.body,
      ).toBe(JSON.stringify({ serviceId: 2, currency: 'USD' })),
    );
    // Without `show payments` the account is not read.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/account'))).toBe(false);
  });
});
