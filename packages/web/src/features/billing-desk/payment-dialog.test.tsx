import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Charge } from '@basira/shared/money/billing.schemas';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { initEnglish } from '../../test/i18n.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { chargeOf, receiptOf } from './test-data.ts';

const fetchMock = vi.fn<typeof fetch>();
let charges: Charge[] = [];
/** What POST /payments answers next, in order (then a receipt). */
let payAnswers: (() => Response | Promise<Response>)[] = [];
let discountAnswer: () => Response = () => new Response('{}', { status: 500 });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const paymentCalls = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).includes('/billing/payments') && init?.method === 'POST',
  );
const accountReads = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/account'));
const keyOf = (call: Parameters<typeof fetch>) =>
  (call[1]?.headers as Record<string, string> | undefined)?.['idempotency-key'];

beforeAll(async () => {
  await initEnglish();
});

beforeEach(() => {
  charges = [
    chargeOf({ id: 1, balance: 25000 }),
    chargeOf({ id: 2, nameEn: 'OCT', code: 'OCT', kind: 'test', balance: 10000, amount: 15000 }),
    chargeOf({ id: 3, nameEn: 'Biometry', currency: 'USD', balance: 1250, amount: 1250 }),
  ];
  payAnswers = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/billing/patients/7/account'))
      return json({
        data: {
          patientId: 7,
          balances: [
            { currency: 'IQD', amount: 35000 },
            { currency: 'USD', amount: 1250 },
          ],
          charges,
          receipts: [],
        },
      });
    if (url.includes('/billing/payments') && init?.method === 'POST') {
      const next = payAnswers.shift();
      if (next) return next();
      return json({ data: receiptOf() }, 201);
    }
    if (url.includes('/discount')) return discountAnswer();
    return json({ message: 'not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderDialog() {
  render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <PaymentDialog patient={{ id: 7, name: 'Huda Ali' }} opened onClose={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

const total = () => screen.getByTestId('payment-total').textContent;

describe('the payment dialog', { timeout: 30_000 }, () => {
  it('totals the ticked lines of one currency, partial amounts included', async () => {
    const user = userEvent.setup();
    renderDialog();
    await screen.findAllByTestId('payment-line');
    expect(screen.getAllByTestId('payment-line')).toHaveLength(2);
    expect(total()).toBe('Total: 35,000 IQD');

    const amount = screen.getByLabelText('Amount paid for Consultation');
    await user.clear(amount);
    await user.type(amount, '5000');
    expect(total()).toBe('Total: 15,000 IQD');

    await user.click(screen.getByLabelText('OCT'));
    expect(total()).toBe('Total: 5,000 IQD');

    await user.clear(amount);
    await user.type(amount, '30000');
    expect(screen.getByText('More than is due.')).toBeInTheDocument();
    expect(total()).toBe('Total: 0 IQD');
    expect(screen.getByTestId('payment-submit')).toBeDisabled();

    await user.click(screen.getByText('US dollars'));
    expect(screen.getAllByTestId('payment-line')).toHaveLength(1);
    expect(total()).toBe('Total: $12.50');
  });

  it('sends the same idempotency key again when a payment is retried, and shows the receipt', async () => {
    const user = userEvent.setup();
    payAnswers = [
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    renderDialog();
    await screen.findAllByTestId('payment-line');
    await user.click(screen.getByTestId('payment-submit'));
    expect(await screen.findByTestId('payment-failed')).toBeInTheDocument();
    await user.click(screen.getByTestId('payment-submit'));
    expect(await screen.findByTestId('payment-done')).toBeInTheDocument();

    const calls = paymentCalls();
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[0]!)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(keyOf(calls[1]!)).toBe(keyOf(calls[0]!));
    expect(JSON.parse(String(calls[1]![1]?.body))).toEqual({
      patientId: 7,
      method: 'cash',
      wallet: null,
      currency: 'IQD',
      lines: [
        { chargeId: 1, version: 1, amount: 25000 },
        { chargeId: 2, version: 1, amount: 10000 },
      ],
    });
    expect(screen.getByTestId('payment-receipt-number')).toHaveTextContent('2026-000123');
    expect(screen.getByTestId('print-receipt-80mm')).toHaveAttribute('href', '/print/receipt/123?paper=80mm');
    expect(screen.getByTestId('print-receipt-a5')).toHaveAttribute('href', '/print/receipt/123?paper=a5');
  });

  it('reads the charges again on a stale version and says someone else changed them', async () => {
    const user = userEvent.setup();
    payAnswers = [
      () => {
        // Someone else took 4,000 off the OCT meanwhile.
        charges = [charges[0]!, { ...charges[1]!, balance: 6000, version: 2 }, charges[2]!];
        return json({ message: 'stale', code: 'stale_version', data: charges[1] }, 409);
      },
    ];
    renderDialog();
    await screen.findAllByTestId('payment-line');
    const readsBefore = accountReads().length;
    await user.click(screen.getByTestId('payment-submit'));
    expect(await screen.findByTestId('payment-stale')).toBeInTheDocument();
    await waitFor(() => expect(accountReads().length).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(total()).toBe('Total: 31,000 IQD'));

    await user.click(screen.getByTestId('payment-submit'));
    await screen.findByTestId('payment-done');
    const [first, second] = paymentCalls();
    expect(JSON.parse(String(second![1]?.body)).lines[1]).toEqual({ chargeId: 2, version: 2, amount: 6000 });
    // The refused attempt recorded nothing; its key with another body would be refused as a mismatch.
    expect(keyOf(second!)).not.toBe(keyOf(first!));
  });

  it('leads to the shift screen when no shift is open', async () => {
    const user = userEvent.setup();
    payAnswers = [() => json({ message: 'no shift', code: 'billing.no_open_shift' }, 409)];
    renderDialog();
    await screen.findAllByTestId('payment-line');
    await user.click(screen.getByTestId('payment-submit'));
    const alert = await screen.findByTestId('payment-no-shift');
    expect(within(alert).getByRole('link', { name: 'Open your shift' })).toHaveAttribute(
      'href',
      '/billing/shift',
    );
  });

  it('asks for the wallet of a transfer', async () => {
    const user = userEvent.setup();
    renderDialog();
    await screen.findAllByTestId('payment-line');
    await user.click(screen.getByText('Transfer'));
    await user.click(screen.getByTestId('payment-submit'));
    expect(screen.getByText('Name the wallet or bank of the transfer.')).toBeInTheDocument();
    expect(paymentCalls()).toHaveLength(0);
    await user.type(screen.getByRole('combobox', { name: 'Wallet or bank' }), 'FIB');
    await user.click(screen.getByTestId('payment-submit'));
    await screen.findByTestId('payment-done');
    expect(JSON.parse(String(paymentCalls()[0]![1]?.body))).toMatchObject({
      method: 'transfer',
      wallet: 'FIB',
    });
  });

  it("says plainly when a discount is over the role's limit", async () => {
    const user = userEvent.setup();
    discountAnswer = () => json({ message: 'over', code: 'billing.discount_over_limit' }, 403);
    renderDialog();
    await screen.findAllByTestId('payment-line');
    await user.click(screen.getByRole('button', { name: 'Discount: Consultation' }));
    await user.click(screen.getByText('Percent'));
    await user.type(screen.getByLabelText('Discount percent'), '50');
    expect(screen.getByText(/That is/)).toHaveTextContent('That is 12,500 IQD');
    await user.type(screen.getByLabelText('Reason'), 'Old patient');
    await user.click(screen.getByRole('button', { name: 'Give the discount' }));
    expect(await screen.findByTestId('adjust-failed')).toHaveTextContent("over your role's limit");
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/charges/1/discount'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      version: 1,
      by: 'percent',
      value: 50,
      reason: 'Old patient',
    });
  });
});
