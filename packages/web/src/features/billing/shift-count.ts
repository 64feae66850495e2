import {
  CURRENCIES,
  PAYMENT_METHODS,
  type DrawerCell,
  type PaymentMethod,
} from '@basira/shared/money/billing.schemas';
import type { Currency } from '@basira/shared/money/money';
import { parseMoneyText } from '../../components/money-input.tsx';

/** Every cell of a drawer, in the order the count form shows them: cash first, then card, then transfer. */
export const COUNT_CELLS: readonly { method: PaymentMethod; currency: Currency; key: string }[] =
  PAYMENT_METHODS.flatMap((method) =>
    CURRENCIES.map((currency) => ({ method, currency, key: `${method}_${currency}` })),
  );

/** What the shift expects in one cell (0 when nothing came in that way). */
export function expectedIn(
  expected: readonly DrawerCell[],
  method: PaymentMethod,
  currency: Currency,
): number {
  return expected.find((c) => c.method === method && c.currency === currency)?.amount ?? 0;
}

export interface CountLine {
  method: PaymentMethod;
  currency: Currency;
  key: string;
  expected: number;
  /** What was typed, read as minor units; a blank cell counts as 0 (as the server takes a cell left out). */
  counted: number | null;
  /** counted − expected; null while the typed text is not an amount. */
  difference: number | null;
}

/** The count as it stands: per cell, what is expected, what was counted and the difference (counted − expected). */
export function countLines(
  expected: readonly DrawerCell[],
  typed: Readonly<Record<string, string>>,
): CountLine[] {
  return COUNT_CELLS.map(({ method, currency, key }) => {
    const text = typed[key] ?? '';
    const counted = text.trim() === '' ? 0 : parseMoneyText(text, currency);
    const want = expectedIn(expected, method, currency);
    return {
      method,
      currency,
      key,
      expected: want,
      counted,
      difference: counted === null ? null : counted - want,
    };
  });
}

/** Whether the count differs anywhere from what is expected: the closing then needs a note. */
export const hasDifference = (lines: readonly CountLine[]): boolean =>
  lines.some((line) => line.difference !== null && line.difference !== 0);

/**
 * The cells a count form shows: cash in every currency (the float is there) and every other cell that expects
 * something; a method that took nothing in a currency has nothing to count.
 */
export const shownLines = (lines: readonly CountLine[]): CountLine[] =>
  lines.filter((line) => line.method === 'cash' || line.expected !== 0);
