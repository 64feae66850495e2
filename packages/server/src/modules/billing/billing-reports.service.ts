import { sql, type SQL } from 'drizzle-orm';
import { addToDay, localDay } from '@basira/shared/dates/calendar';
import {
  CURRENCIES,
  type AdjustmentsReport,
  type BalancesReport,
  type DayReport,
  type EntryKind,
  type MonthReport,
  type SharesReport,
} from '@basira/shared/money/billing.schemas';
import type { Currency } from '@basira/shared/money/money';
import type { Db } from '../../db/client.ts';
import {
  billingEntries,
  billingServices,
  charges,
  doctorShares,
  orgCounters,
  patients,
  receipts,
  users,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { isoTime } from '../../lib/iso-time.ts';
import { sameOrg } from '../../lib/tenant.ts';
import type { RequestContext } from '../../types.ts';

type Money = { amount: number; currency: Currency };
type Sum = { key: string; label: string; currency: Currency; amount: number };

/** The patients the balances report lists (largest debt first); its totals count every patient who owes. */
export const BALANCES_LIMIT = 500;
/** The adjustments report lists the newest so many entries; its totals count all of the period. */
export const ADJUSTMENTS_LIMIT = 1000;
/** A year with more missing receipt numbers than this is broken beyond a list: the first ones are listed. */
export const GAPS_LIMIT = 10_000;

/** pg answers bigint and numeric as text, PGlite as numbers: every figure goes through this. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

const currencyOrder = (c: string) => CURRENCIES.indexOf(c as Currency);
const byCurrency = <T extends { currency: Currency }>(a: T, b: T) =>
  currencyOrder(a.currency) - currencyOrder(b.currency);

/** Adds `amount` to the money of its currency. */
function add(into: Map<Currency, number>, currency: Currency, amount: number) {
  into.set(currency, (into.get(currency) ?? 0) + amount);
}
const moneyOf = (sums: Map<Currency, number>): Money[] =>
  [...sums].map(([currency, amount]) => ({ currency, amount })).sort(byCurrency);

/** Sums by key and currency, kept with their label. */
class Sums {
  private readonly sums = new Map<string, Sum>();
  add(key: string, label: string, currency: Currency, amount: number) {
    const id = `${key}\u0000${currency}`;
    const sum = this.sums.get(id);
    if (sum) sum.amount += amount;
    else this.sums.set(id, { key, label, currency, amount });
  }
  /** Largest first within a currency, so the report reads top down. */
  list(): Sum[] {
    return [...this.sums.values()].sort(
      (a, b) => byCurrency(a, b) || b.amount - a.amount || a.key.localeCompare(b.key),
    );
  }
}

/**
 * floor(paid × percent / 100) in exact integers: the clinic keeps the fraction of a minor unit. BigInt: a year's
 * takings times a percent can pass 2^53.
 */
export function shareOf(paid: number, percent: number): number {
  const product = BigInt(paid) * BigInt(percent);
  let quotient = product / 100n;
  if (product % 100n !== 0n && product < 0n) quotient -= 1n;
  return Number(quotient);
}

/**
 * The financial reports (docs/money.md). Every figure is read from the money tables' own day column (the clinic's
 * calendar day, written with the row), never from timestamps, so no time-zone arithmetic happens here; each query
 * reads one of the day indexes (`billing_entries_day_idx`, `charges_day_idx`, `receipts_day_idx`) or the partial
 * `charges_owed_cover_idx`. Reports are read rarely and over ranges, so they are planned per call (plain
 * statements).
 */
export class BillingReportsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    return ((await this.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  today(scope: RequestContext): string {
    return localDay(this.clock.now(), scope.timeZone);
  }

  /**
   * A day's takings. Net takings are Σ drawer_delta (payments in, refunds out); by method, service and doctor are
   * the same net sums split by the entry's method, service and doctor (copied from the charge onto every entry).
   * `charged` is Σ amount of the charges made that day, voided or not (a void shows in the adjustments report and,
   * when it cancels a discount or an exemption, in those figures of its own day); `discounted` and `exempted` are
   * the day's discounts and exemptions minus that day's voids of such entries.
   */
  async day(scope: RequestContext, day = this.today(scope)): Promise<DayReport> {
    const orgId = sql`${scope.orgId}::int`;
    const e = billingEntries;
    const grouped = await this.rows<{
      kind: EntryKind;
      currency: Currency;
      method: string | null;
      service_id: number;
      doctor_id: number | null;
      reverses_kind: EntryKind | null;
      amount: string | number;
      drawer: string | number;
      service_name: string | null;
      doctor_name: string | null;
    }>(sql`
      WITH g AS (
        SELECT e.kind, e.currency, coalesce(e.method, r.method) AS method, e.service_id, e.doctor_id,
               r.kind AS reverses_kind, sum(e.amount) AS amount, sum(e.drawer_delta) AS drawer
        FROM ${e} e
        LEFT JOIN ${e} r ON r.id = e.reverses_id AND ${sameOrg('r', orgId)}
        WHERE ${sameOrg('e', orgId)} AND e.day = ${day}::date
        GROUP BY 1, 2, 3, 4, 5, 6)
      SELECT g.*, s.name_ar AS service_name, u.name AS doctor_name
      FROM g
      LEFT JOIN ${billingServices} s ON s.id = g.service_id AND ${sameOrg('s', orgId)}
      LEFT JOIN ${users} u ON u.id = g.doctor_id AND ${sameOrg('u', orgId)}`);
    const [charged, receiptCount] = await Promise.all([
      this.rows<{ currency: Currency; amount: string | number }>(sql`
        SELECT c.currency, sum(c.amount) AS amount FROM ${charges} c
        WHERE ${sameOrg('c', orgId)} AND c.day = ${day}::date GROUP BY 1`),
      this.rows<{ count: string | number }>(sql`
        SELECT count(*) AS count FROM ${receipts} r WHERE ${sameOrg('r', orgId)} AND r.day = ${day}::date`),
    ]);

    const totals = new Map<Currency, number>();
    const payments = new Map<Currency, number>();
    const refunds = new Map<Currency, number>();
    const discounted = new Map<Currency, number>();
    const exempted = new Map<Currency, number>();
    const byMethod = new Sums();
    const byService = new Sums();
    const byDoctor = new Sums();
    for (const row of grouped) {
      const amount = num(row.amount);
      const drawer = num(row.drawer);
      if (row.kind === 'payment' || row.kind === 'refund') {
        add(totals, row.currency, drawer);
        add(row.kind === 'payment' ? payments : refunds, row.currency, amount);
        byMethod.add(row.method ?? 'none', row.method ?? '', row.currency, drawer);
        byService.add(String(row.service_id), row.service_name ?? '', row.currency, drawer);
        byDoctor.add(
          row.doctor_id === null ? 'none' : String(row.doctor_id),
          row.doctor_name ?? '',
          row.currency,
          drawer,
        );
      } else if (row.kind === 'discount') add(discounted, row.currency, amount);
      else if (row.kind === 'exemption') add(exempted, row.currency, amount);
      else if (row.kind === 'void' && row.reverses_kind === 'discount')
        add(discounted, row.currency, -amount);
      else if (row.kind === 'void' && row.reverses_kind === 'exemption') add(exempted, row.currency, -amount);
    }
    return {
      day,
      totals: moneyOf(totals),
      payments: moneyOf(payments),
      refunds: moneyOf(refunds),
      byMethod: byMethod.list(),
      byService: byService.list(),
      byDoctor: byDoctor.list(),
      charged: charged.map((r) => ({ currency: r.currency, amount: num(r.amount) })).sort(byCurrency),
      discounted: moneyOf(discounted),
      exempted: moneyOf(exempted),
      receiptCount: num(receiptCount[0]?.count),
    };
  }

  /** Each day's net takings and receipts of a month, every day listed (a day without money has empty totals). */
  async month(scope: RequestContext, month = this.today(scope).slice(0, 7)): Promise<MonthReport> {
    const orgId = sql`${scope.orgId}::int`;
    const first = `${month}-01`;
    const last = addToDay(addToDay(first, 1, 'month'), -1);
    const [takings, counts] = await Promise.all([
      this.rows<{ day: string; currency: Currency; amount: string | number }>(sql`
        SELECT e.day::text AS day, e.currency, sum(e.drawer_delta) AS amount FROM ${billingEntries} e
        WHERE ${sameOrg('e', orgId)} AND e.day BETWEEN ${first}::date AND ${last}::date
          AND e.kind IN ('payment', 'refund')
        GROUP BY 1, 2`),
      this.rows<{ day: string; count: string | number }>(sql`
        SELECT r.day::text AS day, count(*) AS count FROM ${receipts} r
        WHERE ${sameOrg('r', orgId)} AND r.day BETWEEN ${first}::date AND ${last}::date
        GROUP BY 1`),
    ]);
    const perDay = new Map<string, Map<Currency, number>>();
    const totals = new Map<Currency, number>();
    for (const row of takings) {
      const sums = perDay.get(row.day) ?? new Map<Currency, number>();
      perDay.set(row.day, sums);
      add(sums, row.currency, num(row.amount));
      add(totals, row.currency, num(row.amount));
    }
    const receiptsPerDay = new Map(counts.map((r) => [r.day, num(r.count)]));
    const days: MonthReport['days'] = [];
    for (let day = first; day <= last; day = addToDay(day, 1))
      days.push({
        day,
        totals: moneyOf(perDay.get(day) ?? new Map()),
        receiptCount: receiptsPerDay.get(day) ?? 0,
      });
    return { month, days, totals: moneyOf(totals) };
  }

  /**
   * Each doctor's share over a period: the net paid (payments − refunds) of entries naming the doctor, per service
   * and currency, with the doctor's percent for that service, else their percent for every service (`service_id`
   * null), else 0; share = floor(paid × percent / 100) per line, the totals summing the lines.
   */
  async shares(scope: RequestContext, from: string, to: string): Promise<SharesReport> {
    const orgId = sql`${scope.orgId}::int`;
    const rows = await this.rows<{
      doctor_id: number;
      doctor_name: string;
      service_id: number;
      code: string;
      name_ar: string;
      name_en: string;
      currency: Currency;
      paid: string | number;
      percent: number | null;
    }>(sql`
      WITH g AS (
        SELECT e.doctor_id, e.service_id, e.currency, sum(e.drawer_delta) AS paid
        FROM ${billingEntries} e
        WHERE ${sameOrg('e', orgId)} AND e.day BETWEEN ${from}::date AND ${to}::date
          AND e.kind IN ('payment', 'refund') AND e.doctor_id IS NOT NULL
        GROUP BY 1, 2, 3)
      SELECT g.doctor_id, u.name AS doctor_name, g.service_id, s.code, s.name_ar, s.name_en, g.currency, g.paid,
             coalesce(own.percent, every.percent) AS percent
      FROM g
      JOIN ${users} u ON u.id = g.doctor_id AND ${sameOrg('u', orgId)}
      JOIN ${billingServices} s ON s.id = g.service_id AND ${sameOrg('s', orgId)}
      LEFT JOIN ${doctorShares} own
        ON own.doctor_id = g.doctor_id AND own.service_id = g.service_id AND ${sameOrg('own', orgId)}
      LEFT JOIN ${doctorShares} every
        ON every.doctor_id = g.doctor_id AND every.service_id IS NULL AND ${sameOrg('every', orgId)}
      ORDER BY u.name, g.doctor_id, s.code, g.currency`);
    const doctors = new Map<number, SharesReport['doctors'][number]>();
    for (const row of rows) {
      const paid = num(row.paid);
      const percent = row.percent ?? 0;
      const share = shareOf(paid, percent);
      let doctor = doctors.get(row.doctor_id);
      if (!doctor) {
        doctor = { doctor: { id: row.doctor_id, name: row.doctor_name }, lines: [], totals: [] };
        doctors.set(row.doctor_id, doctor);
      }
      doctor.lines.push({
        serviceId: row.service_id,
        code: row.code,
        nameAr: row.name_ar,
        nameEn: row.name_en,
        currency: row.currency,
        paid,
        percent,
        share,
      });
      const total = doctor.totals.find((t) => t.currency === row.currency);
      if (total) {
        total.paid += paid;
        total.share += share;
      } else doctor.totals.push({ currency: row.currency, paid, share });
    }
    for (const doctor of doctors.values()) doctor.totals.sort(byCurrency);
    return { from, to, doctors: [...doctors.values()] };
  }

  /**
   * The patients who owe, from the partial index of charges still owed (`charges_owed_cover_idx`, read alone):
   * the `BALANCES_LIMIT` largest debts (dinars first, then dollars), with the oldest day owed; the totals count
   * every patient.
   */
  async balances(scope: RequestContext): Promise<BalancesReport> {
    const orgId = sql`${scope.orgId}::int`;
    // One pass over the owed charges for the list and the totals: two took twice as long (bench/billing).
    const listed = await this.rows<{
      patient_id: number;
      name: string;
      file_number: number;
      iqd: string | number | null;
      usd: string | number | null;
      oldest: string;
      total_iqd: string | number | null;
      total_usd: string | number | null;
    }>(sql`
      WITH per AS (
        SELECT c.patient_id,
               sum(c.balance) FILTER (WHERE c.currency = 'IQD') AS iqd,
               sum(c.balance) FILTER (WHERE c.currency = 'USD') AS usd,
               min(c.day)::text AS oldest
        FROM ${charges} c
        WHERE ${sameOrg('c', orgId)} AND c.balance > 0
        GROUP BY 1),
      top AS (SELECT * FROM per ORDER BY iqd DESC NULLS LAST, usd DESC NULLS LAST, patient_id LIMIT ${BALANCES_LIMIT}),
      totals AS (SELECT sum(per.iqd) AS total_iqd, sum(per.usd) AS total_usd FROM per)
      SELECT top.*, p.name, p.file_number, totals.*
      FROM top JOIN ${patients} p ON p.id = top.patient_id AND ${sameOrg('p', orgId)} CROSS JOIN totals
      ORDER BY top.iqd DESC NULLS LAST, top.usd DESC NULLS LAST, top.patient_id`);
    const first = listed[0];
    return {
      patients: listed.map((row) => ({
        patient: { id: row.patient_id, name: row.name, fileNumber: row.file_number },
        balances: [
          ...(row.iqd === null ? [] : [{ currency: 'IQD' as const, amount: num(row.iqd) }]),
          ...(row.usd === null ? [] : [{ currency: 'USD' as const, amount: num(row.usd) }]),
        ],
        oldestDay: row.oldest,
      })),
      totals: [
        ...(first?.total_iqd == null ? [] : [{ currency: 'IQD' as const, amount: num(first.total_iqd) }]),
        ...(first?.total_usd == null ? [] : [{ currency: 'USD' as const, amount: num(first.total_usd) }]),
      ],
    };
  }

  /**
   * Discounts, exemptions, refunds and voids of a period, newest first (the newest `ADJUSTMENTS_LIMIT`), with who
   * gave them, why, the patient and the service as charged; the totals per kind and currency count all of them.
   */
  async adjustments(scope: RequestContext, from: string, to: string): Promise<AdjustmentsReport> {
    const orgId = sql`${scope.orgId}::int`;
    const e = billingEntries;
    const inPeriod = sql`e.day BETWEEN ${from}::date AND ${to}::date
      AND e.kind IN ('discount', 'exemption', 'refund', 'void')`;
    const [listed, totals] = await Promise.all([
      this.rows<{
        id: number;
        charge_id: number;
        kind: EntryKind;
        amount: string | number;
        currency: Currency;
        due_delta: string | number;
        method: 'cash' | 'card' | 'transfer' | null;
        wallet: string | null;
        percent: number | null;
        category: 'staff' | 'relative' | 'charity' | 'other' | null;
        reason: string | null;
        receipt_id: number | null;
        reverses_id: number | null;
        reversed_by_id: number | null;
        created_by: number | null;
        created_by_name: string | null;
        created_at: string;
        patient_id: number;
        patient_name: string;
        file_number: number;
        code: string;
        name_ar: string;
        name_en: string;
      }>(sql`
        SELECT e.id, e.charge_id, e.kind, e.amount, e.currency, e.due_delta, e.method, e.wallet, e.percent,
               e.category, e.reason, e.receipt_id, e.reverses_id, x.id AS reversed_by_id, e.created_by,
               u.name AS created_by_name, ${isoTime(sql`e.created_at`)} AS created_at,
               e.patient_id, p.name AS patient_name, p.file_number, c.code, c.name_ar, c.name_en
        FROM ${e} e
        JOIN ${charges} c ON c.id = e.charge_id AND ${sameOrg('c', orgId)}
        JOIN ${patients} p ON p.id = e.patient_id AND ${sameOrg('p', orgId)}
        LEFT JOIN ${users} u ON u.id = e.created_by AND ${sameOrg('u', orgId)}
        LEFT JOIN ${e} x ON x.reverses_id = e.id AND ${sameOrg('x', orgId)}
        WHERE ${sameOrg('e', orgId)} AND ${inPeriod}
        ORDER BY e.created_at DESC, e.id DESC
        LIMIT ${ADJUSTMENTS_LIMIT}`),
      this.rows<{ kind: EntryKind; currency: Currency; amount: string | number }>(sql`
        SELECT e.kind, e.currency, sum(e.amount) AS amount FROM ${e} e
        WHERE ${sameOrg('e', orgId)} AND ${inPeriod}
        GROUP BY 1, 2`),
    ]);
    const kinds: EntryKind[] = ['discount', 'exemption', 'refund', 'void'];
    return {
      from,
      to,
      entries: listed.map((row) => ({
        id: row.id,
        chargeId: row.charge_id,
        kind: row.kind,
        amount: num(row.amount),
        currency: row.currency,
        dueDelta: num(row.due_delta),
        method: row.method,
        wallet: row.wallet,
        percent: row.percent,
        category: row.category,
        reason: row.reason,
        receiptId: row.receipt_id,
        reversesId: row.reverses_id,
        reversedById: row.reversed_by_id,
        createdBy: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
        createdAt: row.created_at,
        patient: { id: row.patient_id, name: row.patient_name, fileNumber: row.file_number },
        code: row.code,
        nameAr: row.name_ar,
        nameEn: row.name_en,
      })),
      totals: totals
        .map((r) => ({ kind: r.kind, currency: r.currency, amount: num(r.amount) }))
        .sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || byCurrency(a, b)),
    };
  }

  /**
   * The receipt numbers missing in a year: 1 up to the last number given (the counter `receipt:YYYY`, or the
   * highest receipt should the counter be behind), less the receipts there are. Numbers are taken in the payment's
   * transaction, so there should be none; a gap is reported, never filled.
   */
  async receiptGaps(
    scope: RequestContext,
    year = Number(this.today(scope).slice(0, 4)),
  ): Promise<{ year: number; last: number; missing: number[] }> {
    const orgId = sql`${scope.orgId}::int`;
    // The gaps between consecutive numbers, read in order from the number index (receipts_number_uq) with lead():
    // one pass over the year's numbers. Checking each of 1..last for a receipt took a second for a year of a large
    // clinic (bench/billing).
    const [row] = await this.rows<{ last: string | number; missing: number[] | null }>(sql`
      WITH last AS (
        SELECT greatest(
          (SELECT max(k.value) FROM ${orgCounters} k
           WHERE ${sameOrg('k', orgId)} AND k.name = ${`receipt:${year}`}),
          (SELECT max(r.sequence) FROM ${receipts} r WHERE ${sameOrg('r', orgId)} AND r.year = ${year}::int),
          0) AS n),
      numbers AS (
        SELECT 0 AS n UNION ALL
        SELECT g.sequence FROM ${receipts} g WHERE ${sameOrg('g', orgId)} AND g.year = ${year}::int),
      steps AS (
        SELECT numbers.n, lead(numbers.n, 1, last.n + 1) OVER (ORDER BY numbers.n) AS next
        FROM numbers, last)
      SELECT last.n AS last, (
        SELECT array_agg(m.n ORDER BY m.n) FROM (
          SELECT generate_series(steps.n + 1, steps.next - 1) AS n FROM steps WHERE steps.next > steps.n + 1
          ORDER BY 1
          LIMIT ${GAPS_LIMIT}) m) AS missing
      FROM last`);
    return { year, last: num(row?.last), missing: (row?.missing ?? []).map(Number) };
  }
}
