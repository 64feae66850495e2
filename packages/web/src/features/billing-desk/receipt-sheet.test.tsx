import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { initEnglish } from '../../test/i18n.ts';
import { ReceiptSheet } from './receipt-sheet.tsx';
import { receiptOf } from './test-data.ts';

beforeAll(async () => {
  await initEnglish();
});

function renderSheet(props: Partial<Parameters<typeof ReceiptSheet>[0]> = {}) {
  render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <ReceiptSheet receipt={receiptOf()} copy={false} paper="80mm" lang="en" {...props} />
      </QueryClientProvider>
    </Providers>,
  );
  return screen.getByTestId('receipt-sheet');
}

describe('the receipt sheet', () => {
  it('prints the number, the patient, the lines, the total in figures and in words, and who took it', () => {
    renderSheet();
    expect(screen.getByTestId('receipt-number')).toHaveTextContent('2026-000123');
    expect(screen.getByTestId('receipt-patient')).toHaveTextContent('Huda Ali');
    expect(screen.getByText('512')).toBeInTheDocument();
    expect(screen.getAllByTestId('receipt-line')).toHaveLength(1);
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('25,000 IQD');
    expect(screen.getByTestId('receipt-words')).toHaveTextContent('Twenty-five thousand Iraqi dinars only');
    expect(screen.getByTestId('receipt-balance')).toHaveTextContent('10,000 IQD');
    expect(screen.getByTestId('receipt-method')).toHaveTextContent('Cash');
    expect(screen.getByTestId('receipt-cashier')).toHaveTextContent('Zainab the cashier');
    expect(screen.queryByTestId('receipt-copy')).toBeNull();
  });

  it('spells the amount in Arabic on an Arabic sheet, the figures isolated left to right', () => {
    renderSheet({ lang: 'ar' });
    expect(screen.getByTestId('receipt-words')).toHaveTextContent('خمسة وعشرون ألف دينار عراقي فقط لا غير');
    const figure = screen.getByTestId('receipt-total').querySelector('bdi');
    expect(figure).toHaveAttribute('dir', 'ltr');
    expect(figure).toHaveTextContent('25,000 د.ع');
  });

  it('marks a reprint as a copy', () => {
    renderSheet({ copy: true });
    expect(screen.getByTestId('receipt-copy')).toHaveTextContent('COPY');
  });

  it('lays out a thermal ticket or an A5 sheet', () => {
    expect(renderSheet({ paper: '80mm' })).toHaveClass('receipt-80mm');
    expect(screen.getByTestId('receipt-sheet')).not.toHaveClass('receipt-a5');
  });

  it('names the wallet of a transfer', () => {
    renderSheet({
      paper: 'A5',
      receipt: receiptOf({ method: 'transfer', wallet: 'Zain Cash', currency: 'USD', total: 1250 }),
    });
    expect(screen.getByTestId('receipt-sheet')).toHaveClass('receipt-a5');
    expect(screen.getByTestId('receipt-method')).toHaveTextContent('Transfer · Zain Cash');
    expect(screen.getByTestId('receipt-words')).toHaveTextContent('Twelve US dollars and fifty cents only');
  });
});
