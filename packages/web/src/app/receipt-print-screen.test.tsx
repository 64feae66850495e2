import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { receiptOf } from '../features/billing-desk/test-data.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { initEnglish } from '../test/i18n.ts';
import { Providers } from './providers.tsx';
import { ReceiptPrintScreen } from './receipt-print-screen.tsx';

const fetchMock = vi.fn<typeof fetch>();
const printMock = vi.fn();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let printCount = 0;

const frame = {
  organization: { name: 'Nour Eye Clinic', timeZone: 'Asia/Baghdad' },
  setting: null,
};

beforeAll(async () => {
  await initEnglish();
});
beforeEach(() => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/billing/receipts/123/print') && init?.method === 'POST') {
      const copy = printCount > 0;
      printCount += 1;
      return json({ data: { ...receiptOf({ printCount }), copy } });
    }
    if (url.includes('/billing/receipts/123')) return json({ data: { ...receiptOf({ printCount }), frame } });
    return json({ message: 'not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('print', printMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  printMock.mockReset();
});

const printCalls = () =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/print') && init?.method === 'POST');

function renderPage(address: string) {
  render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route path="/print/receipt/:id" element={<ReceiptPrintScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

describe('the receipt print page', { timeout: 30_000 }, () => {
  it('counts the first print once, prints it without COPY, and marks the next one a copy', async () => {
    const user = userEvent.setup();
    printCount = 0;
    renderPage('/print/receipt/123?paper=a5');
    expect(await screen.findByTestId('print-clinic')).toHaveTextContent('Nour Eye Clinic');
    expect(screen.getByTestId('receipt-sheet')).toHaveClass('receipt-a5');
    expect(screen.getByTestId('print-sheet')).toHaveAttribute('data-paper', 'A5');
    expect(screen.queryByTestId('receipt-copy')).toBeNull();

    await user.click(screen.getByTestId('print-button'));
    await waitFor(() => expect(printMock).toHaveBeenCalledTimes(1));
    expect(printCalls()).toHaveLength(1);
    expect(screen.queryByTestId('receipt-copy')).toBeNull();

    // The browser's print of the page fires beforeprint/afterprint around it: counted by the button already.
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(printCalls()).toHaveLength(1);
    expect(screen.getByTestId('receipt-copy')).toHaveTextContent('COPY');
  });

  it('shows COPY on a receipt printed before, and counts a print the browser starts itself', async () => {
    printCount = 2;
    renderPage('/print/receipt/123');
    expect(await screen.findByTestId('receipt-copy')).toBeInTheDocument();
    expect(screen.getByTestId('receipt-sheet')).toHaveClass('receipt-80mm');
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    await waitFor(() => expect(printCalls()).toHaveLength(1));
  });
});
