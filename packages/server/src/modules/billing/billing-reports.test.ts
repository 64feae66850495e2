import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localDay } from '@basira/shared/dates/calendar';
import type {
  AdjustmentsReport,
  BalancesReport,
  DayReport,
  EntryKind,
  MonthReport,
  SharesReport,
} from '@basira/shared/money/billing.schemas';
import type { Currency } from '@basira/shared/money/money';
import { FakeClock } from '../../lib/clock.ts';
import { sameOrg } from '../../lib/tenant.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';
import { shareOf } from './billing-reports.service.ts';

// 00:30 on Thursday 5 March 2026 in Baghdad (UTC+3), still the 4th in UTC.
const clock = new FakeClock(new Date('2026-03-04T21:30:00Z'));
const TZ = 'Asia/Baghdad';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** One fixture entry as the test knows it: what the expected figures are computed from, independently of SQL. */
interface Entry {
  id: number;
  chargeId: number;
  kind: EntryKind;
  amount: number;
  currency: Currency;
  method: string | null;
  serviceId: number;
  doctorId: number | null;
  day: string;
  reversesKind: EntryKind | null;
  at: number;
}
interface ChargeRow {
  id: number;
  patientId: number;
  serviceId: number;
  doctorId: number | null;
  currency: Currency;
  amount: number;
  balance: number;
  day: string;
}

/**
 * A clinic's money written straight into the tables, following the domain's rules: a charge's balance moves with
 * every entry (amount + Σ due_delta), a payment puts its amount in the drawer and a refund takes it out, receipts are
 * numbered by the year's counter.
 */
async function ledger(org: TestOrg) {
  const db = t.database.db;
  const c = clinic(t, org);
  const doctorA = await userWith(t, org, ['open board']);
  const doctorB = await userWith(t, org, ['open board']);
  const [shift] = await rowsOf<{ id: number }>(sql`
    INSERT INTO cashier_shifts (org_id, user_id, opened_at, day, floats)
    VALUES (${org.id}, ${org.adminId}, now(), '2026-03-04', '[]') RETURNING id`);
  const service = async (code: string, nameAr: string, kind: string) => {
    const [row] = await rowsOf<{ id: number }>(sql`
      INSERT INTO billing_services (org_id, code, name_ar, name_en, kind, price_iqd, price_usd)
      VALUES (${org.id}, ${code}, ${nameAr}, ${code}, ${kind}, 25000, 100) RETURNING id`);
    return row!.id;
  };
  const consult = await service('CONS', 'كشفية', 'consultation');
  const oct = await service('OCT', 'أو سي تي', 'test');
  const entries: Entry[] = [];
  const chargeList: ChargeRow[] = [];
  let sequence = 0;

  const charge = async (
    patientId: number,
    serviceId: number,
    doctorId: number | null,
    amount: number,
    at: string,
    currency: Currency = 'IQD',
  ) => {
    const day = localDay(new Date(at), TZ);
    const [row] = await rowsOf<{ id: number }>(sql`
      INSERT INTO charges (org_id, patient_id, service_id, code, name_ar, name_en, kind, doctor_id, currency,
                           list_amount, amount, balance, day, created_at, created_by)
      SELECT ${org.id}, ${patientId}, s.id, s.code, s.name_ar, s.name_en, s.kind, ${doctorId}, ${currency},
             ${amount}, ${amount}, ${amount}, ${day}::date, ${at}::timestamptz, ${org.adminId}
      FROM billing_services s WHERE ${sameOrg('s', org.id)} AND s.id = ${serviceId} RETURNING id`);
    const made = { id: row!.id, patientId, serviceId, doctorId, currency, amount, balance: amount, day };
    chargeList.push(made);
    return made;
  };

  const entry = async (
    of: ChargeRow,
    kind: EntryKind,
    amount: number,
    at: string,
    more: { method?: string; reverses?: Entry; reason?: string; category?: string } = {},
  ) => {
    const day = localDay(new Date(at), TZ);
    const reverses = more.reverses ?? null;
    const dueDelta =
      kind === 'refund' || (kind === 'void' && reverses) ? amount : kind === 'void' ? -of.balance : -amount;
    const drawerDelta = kind === 'payment' ? amount : kind === 'refund' ? -amount : 0;
    let receiptId: number | null = null;
    if (kind === 'payment') {
      sequence += 1;
      const [receipt] = await rowsOf<{ id: number }>(sql`
        INSERT INTO receipts (org_id, year, sequence, patient_id, method, currency, total, balance_after, shift_id,
                              idempotency_key, request_hash, day, created_by, created_at)
        VALUES (${org.id}, 2026, ${sequence}, ${of.patientId}, ${more.method ?? 'cash'}, ${of.currency}, ${amount},
                ${of.balance + dueDelta}, ${shift!.id}, ${`k-${org.id}-${sequence}`}, 'h', ${day}::date,
                ${org.adminId}, ${at}::timestamptz)
        RETURNING id`);
      receiptId = receipt!.id;
      await db.execute(sql`
        INSERT INTO org_counters (org_id, name, value) VALUES (${org.id}, 'receipt:2026', ${sequence})
        ON CONFLICT (org_id, name) DO UPDATE SET value = excluded.value`);
    }
    const [row] = await rowsOf<{ id: number }>(sql`
      INSERT INTO billing_entries (org_id, charge_id, patient_id, kind, amount, currency, due_delta, drawer_delta,
                                   method, reason, category, receipt_id, shift_id, reverses_id, service_id,
                                   doctor_id, day, created_by, created_at)
      VALUES (${org.id}, ${of.id}, ${of.patientId}, ${kind}, ${amount}, ${of.currency}, ${dueDelta},
              ${drawerDelta}, ${kind === 'payment' || kind === 'refund' ? (more.method ?? 'cash') : null},
              ${more.reason ?? null}, ${more.category ?? null}, ${receiptId},
              ${drawerDelta === 0 ? null : shift!.id}, ${reverses?.id ?? null}, ${of.serviceId}, ${of.doctorId},
              ${day}::date, ${org.adminId}, ${at}::timestamptz)
      RETURNING id`);
    of.balance += dueDelta;
    await db.execute(sql`
      UPDATE charges c SET balance = ${of.balance}, version = c.version + 1, voided = ${kind === 'void' && !reverses}
      WHERE ${sameOrg('c', org.id)} AND c.id = ${of.id}`);
    const made: Entry = {
      id: row!.id,
      chargeId: of.id,
      kind,
      amount,
      currency: of.currency,
      method: drawerDelta === 0 ? null : (more.method ?? 'cash'),
      serviceId: of.serviceId,
      doctorId: of.doctorId,
      day,
      reversesKind: reverses?.kind ?? null,
      at: new Date(at).getTime(),
    };
    entries.push(made);
    return made;
  };

  return {
    orgId: org.id,
    adminId: org.adminId,
    c,
    doctorA,
    doctorB,
    consult,
    oct,
    entries,
    charges: chargeList,
    charge,
    entry,
    shift: shift!.id,
  };
}

/** Σ of the fixture entries that match, per currency, as the report lists money (currencies present, IQD first). */
function sumBy(entries: Entry[], pick: (e: Entry) => number | null) {
  const sums = new Map<Currency, number>();
  for (const e of entries) {
    const value = pick(e);
    if (value !== null) sums.set(e.currency, (sums.get(e.currency) ?? 0) + value);
  }
  return [...sums]
    .map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}
const drawer = (e: Entry) => (e.kind === 'payment' ? e.amount : e.kind === 'refund' ? -e.amount : null);

/** Two clinics with money on the same days: B's must never show in A's reports. */
async function twoClinics() {
  const a = await ledger(await t.newOrg());
  const b = await ledger(await t.newOrg());
  const pa = await a.c.patient({ name: 'Ali Hassan Kareem' });
  const pa2 = await a.c.patient({ name: 'Zainab Ali Jaber' });
  const pb = await b.c.patient({ name: 'Omar Salim Taha' });

  // 4 March in Baghdad.
  const ch1 = await a.charge(pa.id, a.consult, a.doctorA.id, 25_000, '2026-03-04T09:00:00+03:00');
  await a.entry(ch1, 'payment', 25_000, '2026-03-04T09:05:00+03:00');
  const ch2 = await a.charge(pa.id, a.oct, a.doctorA.id, 40_000, '2026-03-04T09:10:00+03:00');
  const discount = await a.entry(ch2, 'discount', 4_000, '2026-03-04T09:11:00+03:00', {
    reason: 'Staff family',
  });
  const octPaid = await a.entry(ch2, 'payment', 30_000, '2026-03-04T09:12:00+03:00', { method: 'card' });
  await a.entry(ch2, 'refund', 10_000, '2026-03-04T12:00:00+03:00', {
    method: 'card',
    reverses: octPaid,
    reason: 'Test not done',
  });
  await a.entry(ch2, 'void', 4_000, '2026-03-04T12:01:00+03:00', { reverses: discount, reason: 'Wrong' });
  const ch3 = await a.charge(pa2.id, a.consult, a.doctorB.id, 35_000, '2026-03-04T10:00:00+03:00');
  await a.entry(ch3, 'exemption', 35_000, '2026-03-04T10:01:00+03:00', {
    category: 'charity',
    reason: 'Poor',
  });
  const ch4 = await a.charge(pa2.id, a.oct, null, 12_000, '2026-03-04T10:30:00+03:00', 'USD');
  await a.entry(ch4, 'payment', 5_000, '2026-03-04T10:31:00+03:00', { method: 'transfer' });
  // 23:30 in Baghdad is still the 4th (20:30 UTC).
  const late = await a.charge(pa2.id, a.consult, a.doctorA.id, 15_000, '2026-03-04T20:30:00Z');
  await a.entry(late, 'payment', 15_000, '2026-03-04T20:30:30Z');
  // 00:30 on the 5th in Baghdad (the 4th in UTC): the 5th.
  const early = await a.charge(pa.id, a.consult, a.doctorB.id, 20_000, '2026-03-04T21:30:00Z');
  await a.entry(early, 'payment', 7_000, '2026-03-04T21:31:00Z');
  // Other days of March.
  const ch5 = await a.charge(pa.id, a.oct, a.doctorA.id, 40_000, '2026-03-01T09:00:00+03:00');
  await a.entry(ch5, 'payment', 40_000, '2026-03-01T09:01:00+03:00');
  const ch6 = await a.charge(pa2.id, a.consult, a.doctorA.id, 25_000, '2026-02-27T09:00:00+03:00');
  await a.entry(ch6, 'payment', 25_000, '2026-02-27T09:01:00+03:00');

  // Clinic B on the same days.
  const b1 = await b.charge(pb.id, b.consult, b.doctorA.id, 99_000, '2026-03-04T09:00:00+03:00');
  await b.entry(b1, 'payment', 50_000, '2026-03-04T09:01:00+03:00');
  const b2 = await b.charge(pb.id, b.oct, b.doctorA.id, 77_000, '2026-03-04T09:00:00+03:00');
  await b.entry(b2, 'discount', 7_000, '2026-03-04T09:02:00+03:00', { reason: 'B only' });
  return { a, b, patients: { pa, pa2, pb } };
}

let fixture: Awaited<ReturnType<typeof twoClinics>>;
beforeAll(async () => {
  fixture = await twoClinics();
});

const get = async <T>(url: string, org = fixture.a) => {
  const res = await org.c.call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};

describe('billing reports', () => {
  it('the day report sums the day’s entries: refunds subtract, voids of discounts undo them', async () => {
    const { a } = fixture;
    const day = '2026-03-04';
    const of = a.entries.filter((e) => e.day === day);
    const r = await get<DayReport>(`/api/mo/billing/reports/day?day=${day}`);
    expect(r.day).toBe(day);
    expect(r.totals).toEqual(sumBy(of, drawer));
    // 25,000 + 30,000 − 10,000 + 15,000 in dinars; 5,000 cents in dollars.
    expect(r.totals).toEqual([
      { currency: 'IQD', amount: 60_000 },
      { currency: 'USD', amount: 5_000 },
    ]);
    expect(r.payments).toEqual(sumBy(of, (e) => (e.kind === 'payment' ? e.amount : null)));
    expect(r.refunds).toEqual(sumBy(of, (e) => (e.kind === 'refund' ? e.amount : null)));
    const charged = a.charges.filter((c) => c.day === day);
    expect(r.charged).toEqual(
      (['IQD', 'USD'] as const)
        .map((currency) => ({
          currency,
          amount: charged.filter((c) => c.currency === currency).reduce((s, c) => s + c.amount, 0),
        }))
        .filter((m) => charged.some((c) => c.currency === m.currency)),
    );
    const adjusted = (kind: EntryKind) =>
      sumBy(of, (e) =>
        e.kind === kind ? e.amount : e.kind === 'void' && e.reversesKind === kind ? -e.amount : null,
      );
    expect(r.discounted).toEqual(adjusted('discount'));
    expect(r.discounted).toEqual([{ currency: 'IQD', amount: 0 }]);
    expect(r.exempted).toEqual([{ currency: 'IQD', amount: 35_000 }]);
    expect(r.receiptCount).toBe(of.filter((e) => e.kind === 'payment').length);

    const split = (key: (e: Entry) => string) => {
      const sums = new Map<string, number>();
      for (const e of of) {
        const d = drawer(e);
        if (d !== null) sums.set(`${key(e)}/${e.currency}`, (sums.get(`${key(e)}/${e.currency}`) ?? 0) + d);
      }
      return Object.fromEntries(sums);
    };
    const asMap = (sums: DayReport['byMethod']) =>
      Object.fromEntries(sums.map((s) => [`${s.key}/${s.currency}`, s.amount]));
    expect(asMap(r.byMethod)).toEqual(split((e) => e.method!));
    expect(asMap(r.byService)).toEqual(split((e) => String(e.serviceId)));
    expect(asMap(r.byDoctor)).toEqual(split((e) => (e.doctorId === null ? 'none' : String(e.doctorId))));
    expect(r.byService.find((s) => s.key === String(a.consult))?.label).toBe('كشفية');
    expect(r.byDoctor.find((s) => s.key === 'none')).toMatchObject({ currency: 'USD', amount: 5_000 });
  });

  it('a day is the clinic’s calendar day: 23:30 in Baghdad on the 4th, 00:30 on the 5th; today by default', async () => {
    const { a } = fixture;
    const fourth = await get<DayReport>('/api/mo/billing/reports/day?day=2026-03-04');
    expect(fourth.byDoctor.find((s) => s.key === String(a.doctorA.id) && s.currency === 'IQD')?.amount).toBe(
      25_000 + 20_000 + 15_000,
    );
    // The clock is 00:30 on the 5th in Baghdad: today.
    const today = await get<DayReport>('/api/mo/billing/reports/day');
    expect(today.day).toBe('2026-03-05');
    expect(today.totals).toEqual([{ currency: 'IQD', amount: 7_000 }]);
    expect(today.receiptCount).toBe(1);
  });

  it('another organization’s money never shows', async () => {
    const { b } = fixture;
    const r = await get<DayReport>('/api/mo/billing/reports/day?day=2026-03-04', b);
    expect(r.totals).toEqual([{ currency: 'IQD', amount: 50_000 }]);
    expect(r.discounted).toEqual([{ currency: 'IQD', amount: 7_000 }]);
    expect(r.charged).toEqual([{ currency: 'IQD', amount: 176_000 }]);
    const balances = await get<BalancesReport>('/api/mo/billing/reports/balances', b);
    expect(balances.patients.map((p) => p.patient.id)).toEqual([fixture.patients.pb.id]);
    const gaps = await get<{ last: number; missing: number[] }>(
      '/api/mo/billing/reports/receipt-gaps?year=2026',
      b,
    );
    expect(gaps).toEqual({ year: 2026, last: 1, missing: [] });
  });

  it('the month report lists every day, each the sum of its entries, and the month’s totals', async () => {
    const { a } = fixture;
    const r = await get<MonthReport>('/api/mo/billing/reports/month?month=2026-03');
    expect(r.days).toHaveLength(31);
    expect(r.days[0]!.day).toBe('2026-03-01');
    expect(r.days.at(-1)!.day).toBe('2026-03-31');
    for (const d of r.days) {
      const of = a.entries.filter((e) => e.day === d.day);
      expect(d.totals, d.day).toEqual(sumBy(of, drawer));
      expect(d.receiptCount, d.day).toBe(of.filter((e) => e.kind === 'payment').length);
    }
    expect(r.days.find((d) => d.day === '2026-03-02')).toEqual({
      day: '2026-03-02',
      totals: [],
      receiptCount: 0,
    });
    const march = a.entries.filter((e) => e.day.startsWith('2026-03'));
    expect(r.totals).toEqual(sumBy(march, drawer));
    // February's payment stays in February.
    const feb = await get<MonthReport>('/api/mo/billing/reports/month?month=2026-02');
    expect(feb.days).toHaveLength(28);
    expect(feb.totals).toEqual([{ currency: 'IQD', amount: 25_000 }]);
  });

  it('the shares report: net paid per doctor and service, the service’s percent or the doctor’s, floored', async () => {
    const { a } = fixture;
    const org = a.orgId;
    await t.database.db.execute(sql`
      INSERT INTO doctor_shares (org_id, doctor_id, service_id, percent) VALUES
        (${org}, ${a.doctorA.id}, NULL, 50), (${org}, ${a.doctorA.id}, ${a.oct}, 33)`);
    const r = await get<SharesReport>('/api/mo/billing/reports/shares?from=2026-03-01&to=2026-03-31');
    const doctorA = r.doctors.find((d) => d.doctor.id === a.doctorA.id)!;
    const paid = (serviceId: number, currency: Currency) =>
      a.entries
        .filter((e) => e.doctorId === a.doctorA.id && e.serviceId === serviceId && e.currency === currency)
        .filter((e) => e.day >= '2026-03-01' && e.day <= '2026-03-31')
        .reduce((s, e) => s + (drawer(e) ?? 0), 0);
    const octPaid = paid(a.oct, 'IQD'); // 40,000 + 30,000 − 10,000
    expect(octPaid).toBe(60_000);
    expect(doctorA.lines).toEqual([
      expect.objectContaining({
        serviceId: a.consult,
        paid: paid(a.consult, 'IQD'),
        percent: 50,
        share: 20_000,
      }),
      expect.objectContaining({ serviceId: a.oct, paid: octPaid, percent: 33, share: 19_800 }),
    ]);
    expect(doctorA.totals).toEqual([{ currency: 'IQD', paid: 100_000, share: 39_800 }]);
    // No share set: 0 percent. The doctor-less USD payment belongs to no doctor.
    const doctorB = r.doctors.find((d) => d.doctor.id === a.doctorB.id)!;
    expect(doctorB.lines).toEqual([expect.objectContaining({ paid: 7_000, percent: 0, share: 0 })]);
    expect(r.doctors).toHaveLength(2);
    expect(shareOf(333, 33)).toBe(109);
    expect(shareOf(-333, 33)).toBe(-110);
  });

  it('the balances report lists who owes, per currency, with the oldest day owed and the totals', async () => {
    const { a, patients } = fixture;
    const r = await get<BalancesReport>('/api/mo/billing/reports/balances');
    const owed = a.charges.filter((c) => c.balance > 0);
    const owedIn = (list: ChargeRow[]) =>
      (['IQD', 'USD'] as const)
        .map((currency) => ({
          currency,
          amount: list.filter((c) => c.currency === currency).reduce((s, c) => s + c.balance, 0),
        }))
        .filter((m) => list.some((c) => c.currency === m.currency));
    const expected = [patients.pa, patients.pa2]
      .map((p) => {
        const mine = owed.filter((c) => c.patientId === p.id);
        return {
          patient: { id: p.id, name: p.name, fileNumber: p.fileNumber },
          balances: owedIn(mine),
          oldestDay: mine.map((c) => c.day).sort()[0]!,
        };
      })
      .filter((p) => p.balances.length > 0);
    expect(r.patients).toEqual(expected);
    // pa: OCT 40,000 − 30,000 paid + 10,000 refunded (the discount voided) and 13,000 left of the early visit.
    expect(r.patients[0]).toMatchObject({ balances: [{ currency: 'IQD', amount: 33_000 }] });
    expect(r.totals).toEqual(owedIn(owed));
  });

  it('the adjustments report: discounts, exemptions, refunds and voids with who, why, patient and service', async () => {
    const { a, patients } = fixture;
    const r = await get<AdjustmentsReport>(
      '/api/mo/billing/reports/adjustments?from=2026-03-01&to=2026-03-31',
    );
    const expected = a.entries.filter((e) => e.kind !== 'payment' && e.day.startsWith('2026-03'));
    expect(r.entries.map((e) => e.id)).toEqual(
      [...expected].sort((x, y) => y.at - x.at || y.id - x.id).map((e) => e.id),
    );
    const discount = r.entries.find((e) => e.kind === 'discount')!;
    expect(discount).toMatchObject({
      reason: 'Staff family',
      code: 'OCT',
      patient: { id: patients.pa.id, name: patients.pa.name },
      createdBy: { name: 'Admin User' },
    });
    expect(discount.reversedById).toBe(r.entries.find((e) => e.kind === 'void')!.id);
    expect(r.entries.find((e) => e.kind === 'exemption')).toMatchObject({
      category: 'charity',
      reason: 'Poor',
    });
    const totals = new Map<string, number>();
    for (const e of expected)
      totals.set(`${e.kind}/${e.currency}`, (totals.get(`${e.kind}/${e.currency}`) ?? 0) + e.amount);
    expect(Object.fromEntries(r.totals.map((x) => [`${x.kind}/${x.currency}`, x.amount]))).toEqual(
      Object.fromEntries(totals),
    );
    const none = await get<AdjustmentsReport>(
      '/api/mo/billing/reports/adjustments?from=2026-03-05&to=2026-03-31',
    );
    expect(none).toEqual({ from: '2026-03-05', to: '2026-03-31', entries: [], totals: [] });
  });

  it('reports a gap in the receipt numbers, up to the year’s counter', async () => {
    const { a } = fixture;
    const gapless = await get<{ last: number; missing: number[] }>('/api/mo/billing/reports/receipt-gaps');
    const payments = a.entries.filter((e) => e.kind === 'payment').length;
    expect(gapless).toEqual({ year: 2026, last: payments, missing: [] });
    // A number taken and lost (what the counter inside the payment's transaction prevents), and two more given.
    const org = a.orgId;
    await t.database.db.execute(sql`
      UPDATE org_counters k SET value = ${payments + 3} WHERE ${sameOrg('k', org)} AND k.name = 'receipt:2026'`);
    const pa = fixture.patients.pa;
    await t.database.db.execute(sql`
      INSERT INTO receipts (org_id, year, sequence, patient_id, method, currency, total, balance_after, shift_id,
                            idempotency_key, request_hash, day, created_by)
      VALUES (${org}, 2026, ${payments + 2}, ${pa.id}, 'cash', 'IQD', 1, 0, ${a.shift}, 'gap', 'h', '2026-06-01', ${a.adminId})`);
    const gaps = await get<{ last: number; missing: number[] }>(
      '/api/mo/billing/reports/receipt-gaps?year=2026',
    );
    expect(gaps).toEqual({ year: 2026, last: payments + 3, missing: [payments + 1, payments + 3] });
    expect(await get('/api/mo/billing/reports/receipt-gaps?year=2025')).toEqual({
      year: 2025,
      last: 0,
      missing: [],
    });
    // Numbers missing before the first receipt of a year, with no counter for it.
    await t.database.db.execute(sql`
      INSERT INTO receipts (org_id, year, sequence, patient_id, method, currency, total, balance_after, shift_id,
                            idempotency_key, request_hash, day, created_by)
      VALUES (${org}, 2027, 3, ${pa.id}, 'cash', 'IQD', 1, 0, ${a.shift}, 'gap-2027', 'h', '2027-01-02', ${a.adminId})`);
    expect(await get('/api/mo/billing/reports/receipt-gaps?year=2027')).toEqual({
      year: 2027,
      last: 3,
      missing: [1, 2],
    });
  });

  it('needs show financial reports (403), and refuses a bad month or period (422)', async () => {
    const org = await t.newOrg();
    const cashier = await userWith(t, org, ['show payments', 'take payments', 'refund']);
    const c = clinic(t, org, cashier.token);
    for (const url of [
      '/api/mo/billing/reports/day',
      '/api/mo/billing/reports/month',
      '/api/mo/billing/reports/shares?from=2026-03-01&to=2026-03-02',
      '/api/mo/billing/reports/balances',
      '/api/mo/billing/reports/adjustments?from=2026-03-01&to=2026-03-02',
      '/api/mo/billing/reports/receipt-gaps',
    ])
      expect((await c.call('GET', url)).statusCode, url).toBe(403);
    const reader = await userWith(t, org, ['show financial reports']);
    const r = clinic(t, org, reader.token);
    expect((await r.call('GET', '/api/mo/billing/reports/month')).statusCode).toBe(200);
    expect((await r.call('GET', '/api/mo/billing/reports/month?month=2026-13')).statusCode).toBe(422);
    expect(
      (await r.call('GET', '/api/mo/billing/reports/shares?from=2026-03-02&to=2026-03-01')).statusCode,
    ).toBe(422);
  });
});
