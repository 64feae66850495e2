import type { Charge, PaymentCreate, PaymentMethod } from '@basira/shared/money/billing.schemas';
import type { Currency } from '@basira/shared/money/money';
import { moneyText, parseMoneyText } from '../../components/money-input.tsx';

/** What may still be paid: charges not voided with something due. */
export const openCharges = (charges: readonly Charge[]): Charge[] =>
  charges.filter((c) => !c.voided && c.balance > 0);

/** The currencies that have something due, IQD first. */
export function currenciesDue(charges: readonly Charge[]): Currency[] {
  const due = new Set(openCharges(charges).map((c) => c.currency));
  return (['IQD', 'USD'] as const).filter((c) => due.has(c));
}

/** One line of the dialog as the cashier left it: ticked or not, and the amount typed. */
export interface LineInput {
  checked: boolean;
  text: string;
  /** The charge's version the line was made from: a charge changed since starts over from its new balance. */
  version: number;
}

const lineOf = (c: Charge): LineInput => ({
  checked: true,
  text: moneyText(c.balance, c.currency),
  version: c.version,
});

/** Each open charge ticked, for its whole balance. */
export function defaultLines(charges: readonly Charge[]): Record<number, LineInput> {
  return Object.fromEntries(openCharges(charges).map((c) => [c.id, lineOf(c)]));
}

/**
 * The lines after the charges were read again: what the cashier typed stays on a charge nobody changed; a charge
 * that changed (a discount, someone else's payment) starts over from its new balance; a settled one goes.
 */
export function mergeLines(
  previous: Record<number, LineInput> | null,
  charges: readonly Charge[],
): Record<number, LineInput> {
  return Object.fromEntries(
    openCharges(charges).map((c) => {
      const kept = previous?.[c.id];
      return [c.id, kept && kept.version === c.version ? kept : lineOf(c)];
    }),
  );
}

export type LineProblem = 'invalid' | 'zero' | 'over';

/** What is wrong with a ticked line's amount: not a number, nothing, or more than is due. */
export function lineProblem(charge: Charge, input: LineInput): LineProblem | null {
  const amount = parseMoneyText(input.text, charge.currency);
  if (amount === null) return 'invalid';
  if (amount === 0) return 'zero';
  if (amount > charge.balance) return 'over';
  return null;
}

/** The total of the ticked, valid lines in a currency. */
export function totalOf(
  charges: readonly Charge[],
  lines: Record<number, LineInput>,
  currency: Currency,
): number {
  let total = 0;
  for (const charge of openCharges(charges)) {
    const input = lines[charge.id];
    if (charge.currency !== currency || !input?.checked || lineProblem(charge, input)) continue;
    total += parseMoneyText(input.text, currency) ?? 0;
  }
  return total;
}

/**
 * The `POST /payments` body for one currency, or null while a ticked line is wrong, nothing is ticked or a
 * transfer names no wallet.
 */
export function paymentBody(args: {
  patientId: number;
  charges: readonly Charge[];
  lines: Record<number, LineInput>;
  currency: Currency;
  method: PaymentMethod;
  wallet: string;
}): PaymentCreate | null {
  const { charges, lines, currency, method } = args;
  const ticked = openCharges(charges).filter((c) => c.currency === currency && lines[c.id]?.checked);
  if (ticked.length === 0) return null;
  const body: PaymentCreate['lines'] = [];
  for (const charge of ticked) {
    const input = lines[charge.id] as LineInput;
    if (lineProblem(charge, input)) return null;
    body.push({
      chargeId: charge.id,
      version: charge.version,
      amount: parseMoneyText(input.text, currency) ?? 0,
    });
  }
  const wallet = args.wallet.trim();
  if (method === 'transfer' && wallet === '') return null;
  return {
    patientId: args.patientId,
    method,
    wallet: method === 'transfer' ? wallet : null,
    currency,
    lines: body,
  };
}

/** An idempotency key (the contract's `[A-Za-z0-9_-]{16,64}`): a random UUID without its dashes. */
export const newIdempotencyKey = (): string => crypto.randomUUID().replace(/-/g, '');

/** The wallets and banks Iraqi patients transfer from; any other may be typed. */
export const WALLET_SUGGESTIONS = ['Zain Cash', 'FIB', 'AsiaHawala', 'Qi Card'] as const;

/** A discount in percent, as the server computes it: floor(balance × percent / 100). */
export const percentOf = (balance: number, percent: number): number => Math.floor((balance * percent) / 100);
