import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DayReport } from '@basira/shared/money/billing.schemas';
import { initEnglish } from '../../test/i18n.ts';
import { renderScreen } from './billing-test-kit.tsx';
import { ReportsPage } from './reports-page.tsx';

const day: DayReport = {
  day: '2026-12-05',
  totals: [
    { amount: 310_000, currency: 'IQD' },
    { amount: -1_250, currency: 'USD' },
  ],
  payments: [{ amount: 325_000, currency: 'IQD' }],
  refunds: [
    { amount: 15_000, currency: 'IQD' },
    { amount: 1_250, currency: 'USD' },
  ],
  byMethod: [{ key: 'cash', label: 'cash', currency: 'IQD', amount: 310_000 }],
  byService: [{ key: 'CONS', label: 'Consultation', currency: 'IQD', amount: 300_000 }],
  byDoctor: [{ key: '7', label: 'Dr Salim', currency: 'IQD', amount: 310_000 }],
  charged: [{ amount: 350_000, currency: 'IQD' }],
  discounted: [{ amount: 5_000, currency: 'IQD' }],
  exempted: [],
  receiptCount: 12,
};

const patient = { id: 31, name: '=Ali, "the" patient', fileNumber: 1042 };

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderReports(url = '/billing/reports') {
  return renderScreen(<ReportsPage />, {
    path: '/billing/reports',
    url,
    permissions: ['show financial reports'],
    answer: (method, address) => {
      if (method !== 'GET') return undefined;
      if (address.startsWith('mo/billing/reports/day?day=')) return { body: { data: day } };
      if (address === 'mo/billing/reports/balances')
        return {
          body: {
            data: {
              patients: [
                { patient, balances: [{ amount: 20_000, currency: 'IQD' }], oldestDay: '2026-11-20' },
              ],
              totals: [{ amount: 20_000, currency: 'IQD' }],
            },
          },
        };
      if (address.startsWith('mo/billing/reports/adjustments?'))
        return {
          body: {
            data: {
              from: '2026-12-01',
              to: '2026-12-05',
              entries: [
                {
                  id: 80,
                  chargeId: 11,
                  kind: 'exemption',
                  amount: 25_000,
                  currency: 'IQD',
                  dueDelta: -25_000,
                  method: null,
                  wallet: null,
                  percent: null,
                  category: 'staff',
                  reason: 'Nurse Huda’s mother',
                  receiptId: null,
                  reversesId: null,
                  reversedById: null,
                  createdBy: { id: 1, name: 'Dr Salim' },
                  createdAt: '2026-12-03T09:00:00Z',
                  patient,
                  code: 'CONS',
                  nameAr: 'كشفية',
                  nameEn: 'Consultation',
                },
              ],
              totals: [{ kind: 'exemption', currency: 'IQD', amount: 25_000 }],
            },
          },
        };
      return undefined;
    },
  });
}

describe('the financial reports', () => {
  it('shows the day: net per currency (a negative one signed), by method, service and doctor', async () => {
    renderReports();
    expect(await screen.findByTestId('day-net')).toHaveTextContent('310,000 IQD · -$12.50');
    expect(screen.getByTestId('day-receipts')).toHaveTextContent('12 receipts');
    expect(screen.getByTestId('day-by-method')).toHaveTextContent('Cash');
    expect(screen.getByTestId('day-by-service')).toHaveTextContent('Consultation');
    expect(screen.getByTestId('day-by-doctor')).toHaveTextContent('Dr Salim');
  });

  it('exports what the day shows as CSV with a BOM, CRLF and amounts without floats', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    // jsdom has no object URLs: the saved file is caught where the page makes its link.
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:report';
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderReports();
    await screen.findByTestId('day-net');
    await user.click(screen.getByTestId('report-csv'));
    expect(blobs).toHaveLength(1);
    const bytes = new Uint8Array(await (blobs[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')[0]).toBe('Section,Item,Currency,Amount');
    expect(text).toContain('Net takings,,IQD,310000\r\n');
    // A dollar amount is text made without floating point, a number to the sheet, negative or not.
    expect(text).toContain('Net takings,,USD,-12.50\r\n');
    expect(text).toContain('By method,Cash,IQD,310000\r\n');
  });

  it('says whether the year’s receipt numbers run without a gap', async () => {
    renderScreen(<ReportsPage />, {
      path: '/billing/reports',
      url: '/billing/reports?tab=month',
      permissions: ['show financial reports'],
      answer: (method, address) => {
        if (address.startsWith('mo/billing/reports/month?'))
          return { body: { data: { month: '2026-12', days: [], totals: [] } } };
        const year = /receipt-gaps\?year=(\d{4})$/.exec(address)?.[1];
        if (year) return { body: { data: { year: Number(year), last: 40, missing: [7, 12] } } };
        return undefined;
      },
    });
    const gaps = await screen.findByTestId('receipt-gaps');
    expect(gaps).toHaveTextContent(/^Receipts of \d{4}: numbers missing: 7, 12\.$/);
  });

  it('lists who owes, each name opening the patient’s file', async () => {
    renderReports('/billing/reports?tab=balances');
    const row = await screen.findByTestId('balance-row');
    expect(row).toHaveTextContent('20,000 IQD');
    expect(within(row).getByRole('link', { name: patient.name })).toHaveAttribute('href', '/patient/31');
    expect(screen.getByTestId('balances-total')).toHaveTextContent('20,000 IQD');
  });

  it('lists the adjustments with who gave them and why', async () => {
    const user = userEvent.setup();
    renderReports();
    await user.click(await screen.findByTestId('report-tab-adjustments'));
    const row = await screen.findByTestId('adjustment-row');
    expect(row).toHaveTextContent('Exemption');
    expect(row).toHaveTextContent('Dr Salim');
    expect(row).toHaveTextContent('Staff — Nurse Huda’s mother');
    await waitFor(() =>
      expect(screen.getByTestId('adjust-total-exemption-IQD')).toHaveTextContent('25,000 IQD'),
    );
  });
});
