import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BillingService } from '@basira/shared/money/billing.schemas';
import { initEnglish } from '../../test/i18n.ts';
import { postsTo, renderScreen } from './billing-test-kit.tsx';
import { PriceListPage } from './price-list-page.tsx';

const service = (fields: Partial<BillingService>): BillingService => ({
  id: 1,
  code: 'CONS',
  nameAr: 'كشفية',
  nameEn: 'Consultation',
  kind: 'consultation',
  visitReason: 'Examinations',
  doctor: null,
  priceIqd: 25000,
  priceUsd: null,
  active: true,
  version: 3,
  updatedAt: '2026-12-01T08:00:00Z',
  ...fields,
});

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPrices() {
  return renderScreen(<PriceListPage />, {
    path: '/billing/prices',
    permissions: ['manage prices'],
    answer: (method, url, body) => {
      if (method === 'GET' && url === 'mo/billing/services')
        return {
          body: {
            data: [
              service({}),
              service({
                id: 2,
                code: 'OCT',
                nameAr: 'فحص OCT',
                nameEn: 'OCT scan',
                kind: 'test',
                visitReason: null,
                doctor: { id: 7, name: 'Dr Salim' },
                priceIqd: 40000,
                priceUsd: 3050,
                active: false,
              }),
            ],
          },
        };
      if (method === 'POST' && url === 'mo/billing/services/2')
        return { body: { data: service({ ...(body as object), id: 2, version: 4 }) } };
      return undefined;
    },
  });
}

describe('the price list', () => {
  it('lists each service with its names in the UI language, kind, doctor and prices', async () => {
    renderPrices();
    const rows = await screen.findAllByTestId('service-row');
    expect(rows).toHaveLength(2);
    const [cons, oct] = rows as [HTMLElement, HTMLElement];
    expect(cons).toHaveTextContent('Consultation');
    expect(cons).toHaveTextContent('Examinations');
    expect(cons).toHaveTextContent('Every doctor');
    expect(cons).toHaveTextContent('25,000 IQD');
    expect(oct).toHaveTextContent('OCT scan');
    expect(oct).toHaveTextContent('Dr Salim');
    expect(oct).toHaveTextContent('$30.50');
    expect(oct).toHaveTextContent('Inactive');
    expect(screen.getByTestId('services-count')).toHaveTextContent('2 services');
  });

  it('edits a price typed as 31.75 dollars and sends it as 3175 cents with the version read', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPrices();
    const rows = await screen.findAllByTestId('service-row');
    await user.click(within(rows[1] as HTMLElement).getByTestId('service-edit'));
    const usd = await screen.findByTestId('service-price-usd');
    expect(usd).toHaveValue('30.50');
    await user.clear(usd);
    await user.type(usd, '31.75');
    await user.click(screen.getByTestId('service-save'));
    await waitFor(() => expect(postsTo(fetchMock, 'mo/billing/services/2')).toHaveLength(1));
    expect(postsTo(fetchMock, 'mo/billing/services/2')[0]).toMatchObject({
      priceUsd: 3175,
      priceIqd: 40000,
      doctorId: 7,
      version: 3,
    });
  });

  it('refuses a dollar price with three decimals without sending it', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPrices();
    const rows = await screen.findAllByTestId('service-row');
    await user.click(within(rows[1] as HTMLElement).getByTestId('service-edit'));
    const usd = await screen.findByTestId('service-price-usd');
    await user.clear(usd);
    await user.type(usd, '31.755');
    await user.click(screen.getByTestId('service-save'));
    expect(await screen.findByText(/Type an amount/)).toBeInTheDocument();
    expect(postsTo(fetchMock, 'mo/billing/services/2')).toHaveLength(0);
  });
});
