import { describe, expect, it } from 'vitest';
import { idempotencyKeySchema, paymentCreateSchema } from '@basira/shared/money/billing.schemas';
import {
  currenciesDue,
  defaultLines,
  mergeLines,
  newIdempotencyKey,
  paymentBody,
  percentOf,
  totalOf,
} from './payment-lines.ts';
import { chargeOf } from './test-data.ts';

const charges = [
  chargeOf({ id: 1, balance: 25000 }),
  chargeOf({ id: 2, balance: 10000, amount: 15000 }),
  chargeOf({ id: 3, currency: 'USD', balance: 1250, amount: 1250 }),
  chargeOf({ id: 4, balance: 0 }),
  chargeOf({ id: 5, balance: 5000, voided: true }),
];

describe('payment lines', () => {
  it('ticks every open charge for its balance, and totals each currency apart', () => {
    const lines = defaultLines(charges);
    expect(Object.keys(lines).map(Number)).toEqual([1, 2, 3]);
    expect(currenciesDue(charges)).toEqual(['IQD', 'USD']);
    expect(totalOf(charges, lines, 'IQD')).toBe(35000);
    expect(totalOf(charges, lines, 'USD')).toBe(1250);
  });

  it('pays part of a charge, leaves out an unticked one, and refuses more than is due', () => {
    const lines = defaultLines(charges);
    lines[1] = { ...lines[1]!, text: '5000' };
    lines[2] = { ...lines[2]!, checked: false };
    expect(totalOf(charges, lines, 'IQD')).toBe(5000);
    const body = paymentBody({ patientId: 7, charges, lines, currency: 'IQD', method: 'cash', wallet: '' });
    expect(body).toEqual({
      patientId: 7,
      method: 'cash',
      wallet: null,
      currency: 'IQD',
      lines: [{ chargeId: 1, version: 1, amount: 5000 }],
    });
    expect(paymentCreateSchema.safeParse(body).success).toBe(true);

    lines[1] = { ...lines[1]!, text: '30000' };
    expect(
      paymentBody({ patientId: 7, charges, lines, currency: 'IQD', method: 'cash', wallet: '' }),
    ).toBeNull();
  });

  it('needs a wallet for a transfer', () => {
    const lines = defaultLines(charges);
    const base = { patientId: 7, charges, lines, currency: 'USD' as const, method: 'transfer' as const };
    expect(paymentBody({ ...base, wallet: '  ' })).toBeNull();
    expect(paymentBody({ ...base, wallet: ' Zain Cash ' })?.wallet).toBe('Zain Cash');
  });

  it('keeps what was typed on an unchanged charge and starts a changed one over', () => {
    const lines = defaultLines(charges);
    lines[1] = { ...lines[1]!, text: '1000' };
    lines[2] = { ...lines[2]!, text: '2000' };
    const now = [chargeOf({ id: 1, balance: 25000 }), chargeOf({ id: 2, balance: 4000, version: 2 })];
    const merged = mergeLines(lines, now);
    expect(merged[1]?.text).toBe('1000');
    expect(merged[2]).toEqual({ checked: true, text: '4000', version: 2 });
    expect(merged[3]).toBeUndefined();
  });

  it('makes idempotency keys the contract accepts, a new one each time', () => {
    const a = newIdempotencyKey();
    expect(idempotencyKeySchema.safeParse(a).success).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('rounds a percent discount down as the server does', () => {
    expect(percentOf(25000, 15)).toBe(3750);
    expect(percentOf(1999, 10)).toBe(199);
  });
});
