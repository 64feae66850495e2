/**
 * Money as integers in the currency's minor unit: Iraqi dinars are counted in whole dinars (the fils is not used in
 * practice), US dollars in cents. Amounts are never floating point: cents are split off with `%` and an exact
 * integer division, so `1250` cents is always `12.50`.
 *
 * An amount is a safe integer ≥ 0. A refund is not a negative amount: it is a separate, reversing entry with its own
 * positive amount, so every amount printed on a receipt (and spelled out in words) is positive or zero.
 */

export type Currency = 'IQD' | 'USD';

export interface Money {
  /** In the currency's minor unit: IQD → dinars, USD → cents. A safe integer ≥ 0. */
  amount: number;
  currency: Currency;
}

/** Minor units in one major unit. */
export const MINOR_UNITS: Readonly<Record<Currency, number>> = { IQD: 1, USD: 100 };

/** Throws a RangeError unless `amount` is a safe integer ≥ 0 and `currency` is known. */
export function assertMoney(value: Money): void {
  const { amount, currency } = value;
  if (!Object.hasOwn(MINOR_UNITS, currency)) throw new RangeError(`unknown currency: ${String(currency)}`);
  if (!Number.isSafeInteger(amount))
    throw new RangeError(`amount must be a safe integer in ${currency} minor units, got ${amount}`);
  if (amount < 0)
    throw new RangeError(`amount must not be negative, got ${amount} (a refund is its own reversing entry)`);
}

/** A checked `Money`: `money(25000, 'IQD')`, `money(1250, 'USD')` (12.50 $). */
export function money(amount: number, currency: Currency): Money {
  const value = { amount, currency };
  assertMoney(value);
  return value;
}

/** Whole major units and the minor remainder, by integer arithmetic only: 1250 USD cents → { major: 12, minor: 50 }. */
export function splitMinor(value: Money): { major: number; minor: number } {
  assertMoney(value);
  const unit = MINOR_UNITS[value.currency];
  const minor = value.amount % unit;
  return { major: (value.amount - minor) / unit, minor };
}

/** `25000` → `25,000`. */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * As a clinician or cashier writes it: `25,000 IQD` / `$12.50` in English, `25,000 د.ع` / `12.50 $` in Arabic.
 * Western digits in both languages. In Arabic the result mixes a left-to-right number with a right-to-left symbol:
 * the caller isolates it as one LTR run (`ltr()` in clinical/ltr-text.ts, or `<Ltr>` / `<bdi dir="ltr">` in React)
 * so the bidi algorithm cannot reorder the number and the symbol inside a sentence.
 */
export function formatMoney(value: Money, lang: 'ar' | 'en'): string {
  const { major, minor } = splitMinor(value);
  if (value.currency === 'IQD') return `${groupDigits(major)} ${lang === 'ar' ? 'د.ع' : 'IQD'}`;
  const text = `${groupDigits(major)}.${String(minor).padStart(2, '0')}`;
  return lang === 'ar' ? `${text} $` : `$${text}`;
}
