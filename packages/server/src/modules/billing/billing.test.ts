import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  Account,
  BillingService,
  BillingSettings,
  Charge,
  Receipt,
  Shift,
} from '@basira/shared/money/billing.schemas';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp } from '../../test/harness.ts';

// 11:00 in Baghdad on 2 March 2026.
const clock = new FakeClock(new Date('2026-03-02T08:00:00Z'));
const DAY = 24 * 60 * 60_000;
const B = '/api/mo/billing';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const newKey = () => randomBytes(12).toString('hex');

/** A clinic with a consultation price, a doctor and a cashier with an open shift. */
async function setUp(float = 50_000) {
  const org = await t.newOrg();
  const c = clinic(t, org);
  const doctor = await userWith(t, org, ['open board']);
  const cashier = await userWith(t, org, ['take payments', 'show payments', 'refund']);
  const consultation = await c.ok<BillingService>('POST', `${B}/services`, {
    code: 'CONS',
    nameAr: 'كشفية',
    nameEn: 'Consultation',
    kind: 'consultation',
    visitReason: 'Examinations',
    priceIqd: 25_000,
  });
  const shift = await c.ok<Shift>(
    'POST',
    `${B}/shifts`,
    { floats: [{ currency: 'IQD', amount: float }] },
    cashier.token,
  );
  return { org, c, doctor, cashier, consultation, shift };
}
type Clinic = Awaited<ReturnType<typeof setUp>>;

/** After the clock moved days ahead the sessions have expired: everyone signs in again. */
async function signInAgain(k: Clinic) {
  k.org.adminToken = await t.login(k.org.slug, k.org.adminEmail, k.org.adminPassword);
  k.c = clinic(t, k.org);
  for (const user of [k.doctor, k.cashier]) user.token = await t.login(k.org.slug, user.email, user.password);
}

/** The database's refusal, from the error or the driver's error it wraps. */
async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    const e = error as { message: string; cause?: { message?: string } };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
  return 'accepted';
}

const account = (k: Clinic, patientId: number) =>
  k.c.ok<Account>('GET', `${B}/patients/${patientId}/account`, undefined, k.cashier.token);

function pay(
  k: Clinic,
  patientId: number,
  lines: { chargeId: number; version: number; amount: number }[],
  { key = newKey(), token = k.cashier.token, method = 'cash' } = {},
) {
  return t.request({
    method: 'POST',
    url: `${B}/payments`,
    org: k.org.slug,
    token,
    headers: { 'idempotency-key': key },
    payload: { patientId, method, currency: 'IQD', lines },
  });
}

/** A patient queued today for an examination with the doctor: their consultation charge. */
async function charged(
  k: Clinic,
  patientId?: number,
): Promise<{ patientId: number; charge: Charge; visit: QueueEntry }> {
  const id = patientId ?? (await k.c.patient()).id;
  const visit = await k.c.queue(id, { examTypes: ['Examinations'], doctorId: k.doctor.id });
  const { charges } = await account(k, id);
  return { patientId: id, charge: charges.find((ch) => ch.queueId === visit.id)!, visit };
}

describe('charges at queueing', () => {
  it('charges the consultation of a visit queued for today, at the list price', async () => {
    const k = await setUp();
    const { charge, patientId } = await charged(k);
    expect(charge).toMatchObject({
      code: 'CONS',
      kind: 'consultation',
      doctor: { id: k.doctor.id },
      listAmount: 25_000,
      amount: 25_000,
      balance: 25_000,
      freeReturnOf: null,
      voided: false,
      day: '2026-03-02',
    });
    expect((await account(k, patientId)).balances).toEqual([{ currency: 'IQD', amount: 25_000 }]);
    // Recorded with the visit, in its statement.
    const audited = (await t.database.db.execute(
      sql`SELECT action, user_id::int, patient_id::int FROM audit_log WHERE org_id = ${k.org.id} AND entity = 'charge' AND entity_id = ${charge.id}`,
    )) as unknown as { rows: { action: string; user_id: number; patient_id: number }[] };
    expect(audited.rows).toEqual([
      { action: 'billing.charged', user_id: k.org.adminId, patient_id: patientId },
    ]);
    // The doctor's own price is taken before the one without a doctor.
    await k.c.ok('POST', `${B}/services`, {
      code: 'CONS-DR',
      nameAr: 'كشفية',
      nameEn: 'Consultation (doctor)',
      kind: 'consultation',
      visitReason: 'Examinations',
      doctorId: k.doctor.id,
      priceIqd: 40_000,
    });
    const other = await charged(k);
    expect(other.charge).toMatchObject({ code: 'CONS-DR', amount: 40_000 });
    // A visit pays one doctor's fee: an examination that is also a follow-up is charged its consultation alone,
    // while a test given as a reason is charged beside it.
    for (const [code, kind, visitReason, priceIqd] of [
      ['FU', 'follow_up', 'FollowUp', 15_000],
      ['BIO', 'test', 'Biometry', 35_000],
    ] as const)
      await k.c.ok('POST', `${B}/services`, {
        code,
        nameAr: code,
        nameEn: code,
        kind,
        visitReason,
        priceIqd,
      });
    const both = await k.c.patient();
    await k.c.queue(both.id, { examTypes: ['FollowUp', 'Examinations', 'Biometry'], doctorId: k.doctor.id });
    const fees = (await account(k, both.id)).charges.map((ch) => [ch.code, ch.amount]);
    expect(fees.sort()).toEqual([
      ['BIO', 35_000],
      ['CONS-DR', 40_000],
    ]);
    // A visit without a priced reason is not charged.
    const plain = await k.c.patient();
    await k.c.queue(plain.id, { examTypes: ['Spectacles'] });
    expect((await account(k, plain.id)).charges).toEqual([]);
  });

  it('a return within the free-return window is free; after it, charged again', async () => {
    const k = await setUp();
    const first = await charged(k);
    clock.advance(5 * DAY);
    await signInAgain(k);
    try {
      const free = await charged(k, first.patientId);
      expect(free.charge).toMatchObject({
        amount: 0,
        balance: 0,
        listAmount: 25_000,
        freeReturnOf: first.charge.id,
      });
      // Another doctor is not a return.
      const otherDoctor = await userWith(t, k.org, ['open board']);
      await k.c.queue(first.patientId, { examTypes: ['Examinations'], doctorId: otherDoctor.id });
      const withOther = (await account(k, first.patientId)).charges.find(
        (ch) => ch.doctor?.id === otherDoctor.id,
      );
      expect(withOther).toMatchObject({ amount: 25_000, freeReturnOf: null });
      clock.advance(6 * DAY); // 11 days after the charged visit: past the 10-day window
      await signInAgain(k);
      const late = await charged(k, first.patientId);
      expect(late.charge).toMatchObject({ amount: 25_000, freeReturnOf: null });
    } finally {
      clock.advance(-11 * DAY);
    }
  });

  it('a visit booked for a later day is charged when it arrives, once', async () => {
    const k = await setUp();
    const p = await k.c.patient();
    const visit = await k.c.queue(p.id, {
      examTypes: ['Examinations'],
      date: '2026-03-04T09:00:00+03:00',
      doctorId: k.doctor.id,
    });
    expect((await account(k, p.id)).charges).toEqual([]);
    clock.advance(2 * DAY);
    await signInAgain(k);
    try {
      expect((await k.c.call('POST', `/api/mo/queue/arrived/${visit.id}`)).statusCode).toBe(200);
      expect((await account(k, p.id)).charges).toHaveLength(1);
      expect((await k.c.open(visit, k.doctor.token)).statusCode).toBe(200);
      const { charges } = await account(k, p.id);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ queueId: visit.id, doctor: { id: k.doctor.id }, day: '2026-03-04' });
      // Finished, sent back to wait and opened again: still one charge.
      expect((await k.c.call('POST', `/api/mo/queue/finished/${visit.id}`)).statusCode).toBe(200);
      expect((await k.c.call('POST', `/api/mo/queue/waiting/${visit.id}`)).statusCode).toBe(200);
      expect((await k.c.open(visit, k.doctor.token)).statusCode).toBe(200);
      expect((await account(k, p.id)).charges).toHaveLength(1);
    } finally {
      clock.advance(-2 * DAY);
    }
  });

  it('adds a test to a visit; an inactive or another organization’s service is refused', async () => {
    const k = await setUp();
    const { visit, patientId } = await charged(k);
    const oct = await k.c.ok<BillingService>('POST', `${B}/services`, {
      code: 'OCT',
      nameAr: 'فحص OCT',
      nameEn: 'OCT',
      kind: 'test',
      priceIqd: 30_000,
      priceUsd: 2_500,
    });
    const added = await k.c.call(
      'POST',
      `${B}/visits/${visit.id}/charges`,
      { serviceId: oct.id, currency: 'USD' },
      k.cashier.token,
    );
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ code: 'OCT', currency: 'USD', amount: 2_500, balance: 2_500 });
    const balances = (await account(k, patientId)).balances;
    expect(balances).toEqual(
      expect.arrayContaining([
        { currency: 'IQD', amount: 25_000 },
        { currency: 'USD', amount: 2_500 },
      ]),
    );
    const dup = await k.c.call('POST', `${B}/services`, {
      code: 'oct',
      nameAr: 'x',
      nameEn: 'x',
      kind: 'test',
      priceIqd: 1,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'duplicate', errors: { code: ['code.taken'] } });
    const stale = await k.c.call('POST', `${B}/services/${oct.id}`, {
      priceIqd: 35_000,
      version: oct.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toMatchObject({ id: oct.id, priceIqd: 30_000 });
    const off = await k.c.ok<BillingService>('POST', `${B}/services/${oct.id}`, {
      active: false,
      version: oct.version,
    });
    expect(off.version).toBe(oct.version + 1);
    const refused = await k.c.call(
      'POST',
      `${B}/visits/${visit.id}/charges`,
      { serviceId: oct.id },
      k.cashier.token,
    );
    expect(refused.statusCode).toBe(422);
    const notDoctor = await k.c.call('POST', `${B}/services`, {
      code: 'X1',
      nameAr: 'x',
      nameEn: 'x',
      kind: 'consultation',
      doctorId: k.cashier.id,
      priceIqd: 1,
    });
    expect(notDoctor.json()).toMatchObject({ errors: { doctorId: ['doctorId.not_doctor'] } });
  });
});

describe('a merge of two records of one patient', () => {
  it('files the merged record’s charges, entries and receipts under the survivor', async () => {
    const k = await setUp();
    const { charge, patientId } = await charged(k);
    const paid = await pay(k, patientId, [{ chargeId: charge.id, version: charge.version, amount: 10_000 }]);
    expect(paid.statusCode).toBe(200);
    const survivor = await k.c.patient();
    await k.c.ok('POST', '/api/mo/patient/merge', { survivorId: survivor.id, mergedId: patientId });
    const after = await account(k, survivor.id);
    expect(after.balances).toEqual([{ currency: 'IQD', amount: 15_000 }]);
    expect(after.charges.map((ch) => [ch.id, ch.entries.length])).toEqual([[charge.id, 1]]);
    expect(after.receipts).toHaveLength(1);
    // Outside a merge the owner link stays fixed.
    expect(
      await refusal(
        t.database.db.execute(sql`UPDATE charges SET patient_id = ${patientId} WHERE id = ${charge.id}`),
      ),
    ).toContain('append-only');
  });
});

describe('payments', () => {
  it('a partial payment leaves the rest owed; the receipt tells both', async () => {
    const k = await setUp();
    const { charge, patientId } = await charged(k);
    const res = await pay(k, patientId, [{ chargeId: charge.id, version: charge.version, amount: 10_000 }]);
    expect(res.statusCode).toBe(200);
    const receipt = res.json().data as Receipt;
    expect(receipt).toMatchObject({
      number: '2026-000001',
      sequence: 1,
      total: 10_000,
      balanceAfter: 15_000,
      cashier: { id: k.cashier.id },
      shiftId: k.shift.id,
      printCount: 0,
      lines: [{ chargeId: charge.id, amount: 10_000, balanceAfter: 15_000, code: 'CONS' }],
    });
    const after = await account(k, patientId);
    expect(after.balances).toEqual([{ currency: 'IQD', amount: 15_000 }]);
    expect(after.charges[0]).toMatchObject({ balance: 15_000, version: charge.version + 1 });
    expect(after.receipts).toEqual([expect.objectContaining({ id: receipt.id, number: '2026-000001' })]);
    const balances = await k.c.ok<{ patientId: number; balances: unknown[] }[]>(
      'GET',
      `${B}/balances?patientIds=${patientId},999999`,
      undefined,
      k.cashier.token,
    );
    expect(balances).toEqual([
      { patientId, balances: [{ currency: 'IQD', amount: 15_000 }] },
      { patientId: 999999, balances: [] },
    ]);
    // More than the balance, and the stale version, are refused.
    const over = await pay(k, patientId, [
      { chargeId: charge.id, version: charge.version + 1, amount: 15_001 },
    ]);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ 'lines.0.amount': ['amount.over_balance'] });
    const stale = await pay(k, patientId, [{ chargeId: charge.id, version: charge.version, amount: 1 }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale_version', data: { id: charge.id, balance: 15_000 } });
    // Printing: the first is the original, then copies.
    const first = await k.c.ok<Receipt & { copy: boolean }>(
      'POST',
      `${B}/receipts/${receipt.id}/print`,
      undefined,
      k.cashier.token,
    );
    const second = await k.c.ok<Receipt & { copy: boolean }>(
      'POST',
      `${B}/receipts/${receipt.id}/print`,
      undefined,
      k.cashier.token,
    );
    expect([first.copy, second.copy]).toEqual([false, true]);
    expect(
      (await k.c.ok<Receipt>('GET', `${B}/receipts/${receipt.id}`, undefined, k.cashier.token)).printCount,
    ).toBe(2);
  });

  it('needs an Idempotency-Key and an open shift', async () => {
    const k = await setUp();
    const { charge, patientId } = await charged(k);
    const line = [{ chargeId: charge.id, version: charge.version, amount: 1_000 }];
    const noKey = await k.c.call(
      'POST',
      `${B}/payments`,
      { patientId, method: 'cash', currency: 'IQD', lines: line },
      k.cashier.token,
    );
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json().errors).toEqual({ idempotencyKey: ['idempotencyKey.required'] });
    expect((await pay(k, patientId, line, { key: 'short' })).json().errors).toEqual({
      idempotencyKey: ['idempotencyKey.invalid'],
    });
    const noShift = await userWith(t, k.org, ['take payments']);
    const refused = await pay(k, patientId, line, { token: noShift.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('billing.no_open_shift');
  });

  it('receipt numbers 1..20 without gaps under 20 concurrent payments', async () => {
    const k = await setUp();
    const visits = [];
    for (let i = 0; i < 20; i++) visits.push(await charged(k));
    const answers = await Promise.all(
      visits.map((v) =>
        pay(k, v.patientId, [{ chargeId: v.charge.id, version: v.charge.version, amount: 25_000 }]),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => (a.json().data as Receipt).sequence).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('the same key twice answers the same receipt, recorded once; another body with it is refused', async () => {
    const k = await setUp();
    const { charge, patientId } = await charged(k);
    const line = [{ chargeId: charge.id, version: charge.version, amount: 5_000 }];
    const key = newKey();
    const one = await pay(k, patientId, line, { key });
    const two = await pay(k, patientId, line, { key });
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(two.json()).toEqual(one.json());
    const other = await pay(k, patientId, [{ ...line[0]!, amount: 6_000 }], { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('billing.idempotency_mismatch');
    // At once: one payment, both answered with it.
    const fresh = await charged(k);
    const freshLine = [{ chargeId: fresh.charge.id, version: fresh.charge.version, amount: 5_000 }];
    const concurrentKey = newKey();
    const both = await Promise.all([
      pay(k, fresh.patientId, freshLine, { key: concurrentKey }),
      pay(k, fresh.patientId, freshLine, { key: concurrentKey }),
    ]);
    expect(both.map((b) => b.statusCode)).toEqual([200, 200]);
    expect(both[1]!.json()).toEqual(both[0]!.json());
    const { charges } = await account(k, fresh.patientId);
    expect(charges[0]!.entries.filter((e) => e.kind === 'payment')).toHaveLength(1);
    expect(charges[0]!.balance).toBe(20_000);
  });

  it('two cashiers paying one charge at once: one 200, one 409 with the charge as it is now', async () => {
    const k = await setUp();
    const second = await userWith(t, k.org, ['take payments']);
    await k.c.ok('POST', `${B}/shifts`, { floats: [] }, second.token);
    const { charge, patientId } = await charged(k);
    const line = [{ chargeId: charge.id, version: charge.version, amount: 25_000 }];
    const answers = await Promise.all([
      pay(k, patientId, line),
      pay(k, patientId, line, { token: second.token }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(refused).toMatchObject({
      code: 'stale_version',
      data: { id: charge.id, balance: 0, version: charge.version + 1 },
    });
  });
});

describe('discounts, refunds and voids', () => {
  it('a discount over the role’s limit needs give discounts', async () => {
    const k = await setUp();
    const settings = await k.c.ok<BillingSettings>('GET', `${B}/settings`);
    expect(settings).toMatchObject({ freeReturnDays: 10, version: 1 });
    expect(settings.discountLimits).toContainEqual({
      roleId: k.cashier.roleId,
      roleName: expect.any(String),
      percent: 0,
    });
    const saved = await k.c.ok<BillingSettings>('POST', `${B}/settings`, {
      freeReturnDays: 7,
      discountLimits: [{ roleId: k.cashier.roleId, percent: 10 }],
      version: 1,
    });
    expect(saved.version).toBe(2);
    expect(saved.discountLimits).toContainEqual(
      expect.objectContaining({ roleId: k.cashier.roleId, percent: 10 }),
    );
    const stale = await k.c.call('POST', `${B}/settings`, {
      freeReturnDays: 7,
      discountLimits: [],
      version: 1,
    });
    expect(stale.statusCode).toBe(409);

    const { charge } = await charged(k);
    const over = await k.c.call(
      'POST',
      `${B}/charges/${charge.id}/discount`,
      { version: charge.version, by: 'percent', value: 20, reason: 'poor family' },
      k.cashier.token,
    );
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('billing.discount_over_limit');
    const within = await k.c.ok<Charge>(
      'POST',
      `${B}/charges/${charge.id}/discount`,
      { version: charge.version, by: 'amount', value: 2_500, reason: 'neighbour' },
      k.cashier.token,
    );
    expect(within).toMatchObject({ balance: 22_500, version: charge.version + 1 });
    const manager = await userWith(t, k.org, ['take payments', 'give discounts']);
    const granted = await k.c.ok<Charge>(
      'POST',
      `${B}/charges/${charge.id}/discount`,
      { version: within.version, by: 'percent', value: 50, reason: 'poor family' },
      manager.token,
    );
    expect(granted.balance).toBe(22_500 - 11_250);
    expect(granted.entries.at(-1)).toMatchObject({
      kind: 'discount',
      amount: 11_250,
      percent: 50,
      dueDelta: -11_250,
    });
    const tooMuch = await k.c.call(
      'POST',
      `${B}/charges/${charge.id}/discount`,
      { version: granted.version, by: 'amount', value: 11_251, reason: 'too much' },
      manager.token,
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({ value: ['value.over_balance'] });
    // An exemption is the whole balance: over the cashier's limit.
    const exempt = await k.c.call(
      'POST',
      `${B}/charges/${charge.id}/exemption`,
      { version: granted.version, category: 'charity', reason: 'orphan' },
      k.cashier.token,
    );
    expect(exempt.statusCode).toBe(403);
    const exempted = await k.c.ok<Charge>(
      'POST',
      `${B}/charges/${charge.id}/exemption`,
      { version: granted.version, category: 'charity', reason: 'orphan' },
      manager.token,
    );
    expect(exempted.balance).toBe(0);
    // Voiding the exemption gives the balance back.
    const exemptionEntry = exempted.entries.at(-1)!;
    const back = await k.c.ok<Charge>('POST', `${B}/entries/${exemptionEntry.id}/reverse`, {
      reason: 'by mistake',
    });
    expect(back.balance).toBe(11_250);
    expect(back.entries.at(-1)).toMatchObject({
      kind: 'void',
      reversesId: exemptionEntry.id,
      dueDelta: 11_250,
    });
  });

  it('a refund is a reversing entry out of the refunder’s shift; the payment stays', async () => {
    const k = await setUp(50_000);
    const { charge, patientId } = await charged(k);
    const paid = await pay(k, patientId, [{ chargeId: charge.id, version: charge.version, amount: 25_000 }]);
    expect(paid.statusCode).toBe(200);
    const expectedCash = async () =>
      (await k.c.ok<Shift>('GET', `${B}/shifts/current`, undefined, k.cashier.token)).expected.find(
        (cell) => cell.method === 'cash' && cell.currency === 'IQD',
      )!.amount;
    expect(await expectedCash()).toBe(75_000);
    const payment = (await account(k, patientId)).charges[0]!.entries.find((e) => e.kind === 'payment')!;
    const refunded = await k.c.ok<Charge>(
      'POST',
      `${B}/entries/${payment.id}/reverse`,
      { reason: 'patient left' },
      k.cashier.token,
    );
    expect(refunded.balance).toBe(25_000);
    expect(refunded.entries.map((e) => e.kind)).toEqual(['payment', 'refund']);
    expect(refunded.entries[0]).toMatchObject({
      id: payment.id,
      amount: 25_000,
      reversedById: refunded.entries[1]!.id,
    });
    expect(refunded.entries[1]).toMatchObject({
      amount: 25_000,
      dueDelta: 25_000,
      reversesId: payment.id,
      method: 'cash',
    });
    expect(await expectedCash()).toBe(50_000);
    const twice = await k.c.call(
      'POST',
      `${B}/entries/${payment.id}/reverse`,
      { reason: 'again' },
      k.cashier.token,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('billing.already_reversed');
  });

  it('a void needs the payments refunded first', async () => {
    const k = await setUp();
    const { charge, patientId } = await charged(k);
    await pay(k, patientId, [{ chargeId: charge.id, version: charge.version, amount: 5_000 }]);
    const paidCharge = (await account(k, patientId)).charges[0]!;
    const refused = await k.c.call(
      'POST',
      `${B}/charges/${charge.id}/void`,
      { version: paidCharge.version, reason: 'wrong patient' },
      k.cashier.token,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('billing.charge_has_payments');
    const payment = paidCharge.entries.find((e) => e.kind === 'payment')!;
    const refunded = await k.c.ok<Charge>(
      'POST',
      `${B}/entries/${payment.id}/reverse`,
      { reason: 'wrong patient' },
      k.cashier.token,
    );
    const voided = await k.c.ok<Charge>(
      'POST',
      `${B}/charges/${charge.id}/void`,
      { version: refunded.version, reason: 'wrong patient' },
      k.cashier.token,
    );
    expect(voided).toMatchObject({ voided: true, balance: 0 });
    expect(voided.entries.at(-1)).toMatchObject({ kind: 'void', amount: 25_000, dueDelta: -25_000 });
    expect((await account(k, patientId)).balances).toEqual([]);
    const again = await k.c.call(
      'POST',
      `${B}/charges/${charge.id}/discount`,
      { version: voided.version, by: 'amount', value: 1, reason: 'late' },
      k.cashier.token,
    );
    expect(again.json().code).toBe('billing.charge_voided');
  });

  it('entries are append-only in the database', async () => {
    const k = await setUp();
    const { charge, patientId } = await charged(k);
    await pay(k, patientId, [{ chargeId: charge.id, version: charge.version, amount: 1_000 }]);
    expect(
      await refusal(
        t.database.db.execute(sql`UPDATE billing_entries SET amount = 1 WHERE org_id = ${k.org.id}`),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(t.database.db.execute(sql`DELETE FROM billing_entries WHERE org_id = ${k.org.id}`)),
    ).toMatch(/append-only/);
    expect(
      await refusal(t.database.db.execute(sql`UPDATE charges SET amount = 1 WHERE org_id = ${k.org.id}`)),
    ).toMatch(/append-only/);
  });

  it('a deleted patient’s account answers 404 patient.deleted', async () => {
    const k = await setUp();
    const p = await k.c.patient();
    expect((await k.c.call('DELETE', `/api/mo/patient/delete/${p.id}`)).statusCode).toBeLessThan(300);
    const res = await k.c.call('GET', `${B}/patients/${p.id}/account`, undefined, k.cashier.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('patient.deleted');
  });
});

describe('shifts', () => {
  it('one open shift a cashier; closing with a difference needs a note, which is kept', async () => {
    const k = await setUp(10_000);
    const again = await k.c.call('POST', `${B}/shifts`, { floats: [] }, k.cashier.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('billing.shift_already_open');
    const { charge, patientId } = await charged(k);
    await pay(k, patientId, [{ chargeId: charge.id, version: charge.version, amount: 20_000 }]);
    const current = await k.c.ok<Shift>('GET', `${B}/shifts/current`, undefined, k.cashier.token);
    expect(current).toMatchObject({ id: k.shift.id, receiptCount: 1, counted: null, closedAt: null });
    expect(current.expected).toEqual([{ method: 'cash', currency: 'IQD', amount: 30_000 }]);
    const body = {
      version: current.version,
      counted: [{ method: 'cash', currency: 'IQD', amount: 29_000 }],
      note: null,
    };
    const noNote = await k.c.call('POST', `${B}/shifts/${current.id}/close`, body, k.cashier.token);
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors).toEqual({ note: ['note.required'] });
    // Another cashier may not close it.
    const other = await userWith(t, k.org, ['take payments']);
    expect((await k.c.call('POST', `${B}/shifts/${current.id}/close`, body, other.token)).statusCode).toBe(
      403,
    );
    const closed = await k.c.ok<Shift>(
      'POST',
      `${B}/shifts/${current.id}/close`,
      { ...body, note: 'short 1000' },
      k.cashier.token,
    );
    expect(closed).toMatchObject({
      closedBy: { id: k.cashier.id },
      expected: [{ method: 'cash', currency: 'IQD', amount: 30_000 }],
      counted: [{ method: 'cash', currency: 'IQD', amount: 29_000 }],
      differences: [{ method: 'cash', currency: 'IQD', amount: -1_000 }],
      note: 'short 1000',
    });
    expect(closed.closedAt).not.toBeNull();
    const twice = await k.c.call(
      'POST',
      `${B}/shifts/${current.id}/close`,
      { ...body, version: closed.version, note: 'x' },
      k.cashier.token,
    );
    expect(twice.json().code).toBe('billing.shift_closed');
    // A closed shift takes nothing.
    const fresh = (await account(k, patientId)).charges[0]!;
    const refused = await pay(k, patientId, [{ chargeId: fresh.id, version: fresh.version, amount: 1_000 }]);
    expect(refused.json().code).toBe('billing.no_open_shift');
    expect(await k.c.ok('GET', `${B}/shifts/current`, undefined, k.cashier.token)).toBeNull();
    const list = await k.c.ok<Shift[]>('GET', `${B}/shifts?status=closed`);
    expect(list.map((s) => s.id)).toEqual([current.id]);
    // The cashier sees their own shift; another cashier does not.
    expect((await k.c.call('GET', `${B}/shifts/${current.id}`, undefined, k.cashier.token)).statusCode).toBe(
      200,
    );
    expect((await k.c.call('GET', `${B}/shifts/${current.id}`, undefined, other.token)).statusCode).toBe(404);
  });
});

describe('shares, currencies and the visit', () => {
  it('the doctors’ shares replace the table; a non-doctor or an unknown service is refused', async () => {
    const k = await setUp();
    const shares = [
      { doctorId: k.doctor.id, serviceId: null, percent: 40 },
      { doctorId: k.doctor.id, serviceId: k.consultation.id, percent: 60 },
    ];
    const saved = await k.c.ok<{ doctor: { id: number }; serviceId: number | null; percent: number }[]>(
      'POST',
      `${B}/shares`,
      { shares },
    );
    // A doctor's shares by service, the one for every other service last.
    expect(saved.map((s) => [s.doctor.id, s.serviceId, s.percent])).toEqual([
      [k.doctor.id, k.consultation.id, 60],
      [k.doctor.id, null, 40],
    ]);
    expect(await k.c.ok('GET', `${B}/shares`)).toEqual(saved);
    const replaced = await k.c.ok<unknown[]>('POST', `${B}/shares`, { shares: [shares[0]] });
    expect(replaced).toHaveLength(1);
    const notDoctor = await k.c.call('POST', `${B}/shares`, {
      shares: [{ doctorId: k.cashier.id, serviceId: null, percent: 10 }],
    });
    expect(notDoctor.json().errors).toEqual({ doctorId: ['doctorId.not_doctor'] });
    const unknown = await k.c.call('POST', `${B}/shares`, {
      shares: [{ doctorId: k.doctor.id, serviceId: 999_999, percent: 10 }],
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('a payment in another currency than the charge’s is refused; a charged visit is not deleted', async () => {
    const k = await setUp();
    const { charge, patientId, visit } = await charged(k);
    const res = await t.request({
      method: 'POST',
      url: `${B}/payments`,
      org: k.org.slug,
      token: k.cashier.token,
      headers: { 'idempotency-key': newKey() },
      payload: {
        patientId,
        method: 'cash',
        currency: 'USD',
        lines: [{ chargeId: charge.id, version: charge.version, amount: 1 }],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'lines.0.chargeId': ['lines.currency'] });
    const deleted = await k.c.call('DELETE', `/api/mo/queue/${visit.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().code).toBe('queue.has_records');
  });
});
