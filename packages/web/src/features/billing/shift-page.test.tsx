import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shift } from '@basira/shared/money/billing.schemas';
import { initEnglish } from '../../test/i18n.ts';
import { postsTo, renderScreen, type Answering } from './billing-test-kit.tsx';
import { ShiftPage } from './shift-page.tsx';

const shift = (fields: Partial<Shift>): Shift => ({
  id: 5,
  cashier: { id: 1, name: 'Rana Cashier' },
  openedAt: '2026-12-05T05:00:00Z',
  floats: [{ amount: 50_000, currency: 'IQD' }],
  closedAt: null,
  closedBy: null,
  expected: [
    { method: 'cash', currency: 'IQD', amount: 125_000 },
    { method: 'card', currency: 'IQD', amount: 40_000 },
  ],
  counted: null,
  differences: null,
  note: null,
  receiptCount: 4,
  version: 2,
  ...fields,
});

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const render = (permissions: string[], answer: Answering) =>
  renderScreen(<ShiftPage />, { path: '/billing/shift', permissions, answer });

describe('the cashier shift', () => {
  it('opens a shift with the float per currency, typed as the cashier writes it', async () => {
    const user = userEvent.setup();
    let current: Shift | null = null;
    const { fetchMock } = render(['take payments'], (method, url) => {
      if (method === 'GET' && url === 'mo/billing/shifts/current') return { body: { data: current } };
      if (method === 'POST' && url === 'mo/billing/shifts') {
        current = shift({ expected: [] });
        return { body: { data: current } };
      }
      return undefined;
    });
    await user.type(await screen.findByTestId('float-IQD'), '50,000');
    await user.type(screen.getByTestId('float-USD'), '20');
    await user.click(screen.getByTestId('shift-open-button'));
    await waitFor(() => expect(postsTo(fetchMock, 'mo/billing/shifts')).toHaveLength(1));
    expect(postsTo(fetchMock, 'mo/billing/shifts')[0]).toEqual({
      floats: [
        { currency: 'IQD', amount: 50_000 },
        { currency: 'USD', amount: 2_000 },
      ],
    });
    expect(await screen.findByTestId('my-shift')).toBeInTheDocument();
  });

  it('shows what the shift took, the differences as counted, and asks for a note before closing short', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render(['take payments'], (method, url) => {
      if (method === 'GET' && url === 'mo/billing/shifts/current') return { body: { data: shift({}) } };
      if (method === 'POST' && url === 'mo/billing/shifts/5/close')
        return { body: { data: shift({ closedAt: '2026-12-05T14:00:00Z' }) } };
      return undefined;
    });
    const expected = await screen.findByTestId('shift-expected');
    expect(expected).toHaveTextContent('125,000 IQD');
    expect(expected).toHaveTextContent('40,000 IQD');
    expect(screen.getByTestId('shift-receipts')).toHaveTextContent('4');

    await user.type(screen.getByTestId('counted-cash_IQD'), '120000');
    await user.type(screen.getByTestId('counted-card_IQD'), '40000');
    expect(screen.getByTestId('difference-cash_IQD')).toHaveTextContent('-5,000 IQD');
    expect(screen.getByTestId('difference-card_IQD')).toHaveTextContent('0 IQD');

    await user.click(screen.getByTestId('shift-close'));
    expect(await screen.findByText('Write why the count differs from what is expected.')).toBeInTheDocument();
    expect(postsTo(fetchMock, 'mo/billing/shifts/5/close')).toHaveLength(0);

    await user.type(screen.getByTestId('count-note'), 'Change given twice');
    await user.click(screen.getByTestId('shift-close'));
    await waitFor(() => expect(postsTo(fetchMock, 'mo/billing/shifts/5/close')).toHaveLength(1));
    const body = postsTo(fetchMock, 'mo/billing/shifts/5/close')[0] as {
      version: number;
      counted: { method: string; currency: string; amount: number }[];
      note: string;
    };
    expect(body.version).toBe(2);
    expect(body.note).toBe('Change given twice');
    expect(body.counted).toContainEqual({ method: 'cash', currency: 'IQD', amount: 120_000 });
    expect(body.counted).toContainEqual({ method: 'card', currency: 'IQD', amount: 40_000 });
    expect(body.counted).toContainEqual({ method: 'transfer', currency: 'USD', amount: 0 });
  });

  it("lets an administrator close another cashier's forgotten shift, and lists the day's closed ones", async () => {
    const user = userEvent.setup();
    const forgotten = shift({ id: 9, cashier: { id: 3, name: 'Huda' }, version: 6 });
    const { fetchMock } = render(['show financial reports'], (method, url) => {
      if (method === 'GET' && url === 'mo/billing/shifts?status=open') return { body: { data: [forgotten] } };
      if (method === 'GET' && url.startsWith('mo/billing/shifts?status=closed'))
        return {
          body: {
            data: [
              shift({
                id: 4,
                cashier: { id: 3, name: 'Huda' },
                closedAt: '2026-12-05T13:00:00Z',
                closedBy: { id: 1, name: 'Rana Cashier' },
                counted: [{ method: 'cash', currency: 'IQD', amount: 124_000 }],
                differences: [{ method: 'cash', currency: 'IQD', amount: -1_000 }],
                note: 'short',
              }),
            ],
          },
        };
      if (method === 'POST' && url === 'mo/billing/shifts/9/close')
        return { body: { data: { ...forgotten, closedAt: '2026-12-05T15:00:00Z' } } };
      return undefined;
    });
    expect(screen.queryByTestId('shift-open')).not.toBeInTheDocument();
    const closedRow = await screen.findByTestId('closed-shift-row');
    expect(closedRow).toHaveTextContent('closed by Rana Cashier');
    expect(closedRow).toHaveTextContent('-1,000 IQD');
    const row = await screen.findByTestId('open-shift-row');
    expect(row).toHaveTextContent('Huda');
    await user.click(within(row).getByTestId('close-other-shift'));
    await user.type(await screen.findByTestId('counted-cash_IQD'), '125000');
    await user.type(screen.getByTestId('counted-card_IQD'), '40000');
    await user.click(screen.getByTestId('shift-close'));
    await waitFor(() => expect(postsTo(fetchMock, 'mo/billing/shifts/9/close')).toHaveLength(1));
    expect(postsTo(fetchMock, 'mo/billing/shifts/9/close')[0]).toMatchObject({ version: 6, note: null });
  });
});
