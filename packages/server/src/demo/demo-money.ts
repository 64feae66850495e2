import { sql } from 'drizzle-orm';
import { addToDay, localDay, zonedDateTimeToIso } from '@basira/shared/dates/calendar';
import type { Currency } from '@basira/shared/money/money';
import type { DrawerCell, PaymentMethod, ServiceKind } from '@basira/shared/money/billing.schemas';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import type { VisitReason } from '@basira/shared/queue/queue.schemas';
import type { Db } from '../db/client.ts';
import {
  billingEntries,
  billingServices,
  billingSettings,
  cashierShifts,
  charges,
  doctorShares,
  orgCounters,
  queueEntries,
  receipts,
  roles,
} from '../db/schema.ts';
import { inOrg, sameOrg } from '../lib/tenant.ts';
import { Random } from './demo-random.ts';

/**
 * The demo clinic's money (docs/money.md): a price list, the free-return window, Reception's discount limit and the
 * doctors' shares, written before the visits (so that queueing charges them where the server does); then two
 * weeks of charges, payments, discounts, exemptions, a refund, receipts and the cashier's closed shifts, planned in
 * memory and written in bulk, every charge's balance equal to its amount plus its entries' due deltas.
 */

interface DemoService {
  code: string;
  nameAr: string;
  nameEn: string;
  kind: ServiceKind;
  priceIqd: number;
  priceUsd?: number;
  visitReason?: VisitReason;
  /** The doctor (by index among the demo's doctors) whose own price this is. */
  doctor?: number;
}

/** Prices in dinars and dollar cents. */
export const DEMO_PRICE_LIST: DemoService[] = [
  {
    code: 'CONS',
    nameAr: 'كشفية',
    nameEn: 'Consultation',
    kind: 'consultation',
    priceIqd: 25_000,
    visitReason: 'Examinations',
  },
  {
    code: 'CONS-ALI',
    nameAr: 'كشفية د. علي',
    nameEn: 'Consultation, Dr Ali',
    kind: 'consultation',
    priceIqd: 35_000,
    visitReason: 'Examinations',
    doctor: 0,
  },
  {
    code: 'SPEC',
    nameAr: 'كشفية نظارات',
    nameEn: 'Spectacles consultation',
    kind: 'consultation',
    priceIqd: 25_000,
    visitReason: 'Spectacles',
  },
  {
    code: 'FU',
    nameAr: 'مراجعة',
    nameEn: 'Follow-up',
    kind: 'follow_up',
    priceIqd: 15_000,
    visitReason: 'FollowUp',
  },
  { code: 'OCT', nameAr: 'فحص OCT', nameEn: 'OCT', kind: 'test', priceIqd: 40_000 },
  { code: 'VF', nameAr: 'فحص ساحة البصر', nameEn: 'Visual field', kind: 'test', priceIqd: 30_000 },
  {
    code: 'BIO',
    nameAr: 'فحص البايومتري (A-scan)',
    nameEn: 'Biometry (A-scan)',
    kind: 'test',
    priceIqd: 35_000,
    visitReason: 'Biometry',
  },
  {
    code: 'LASIK-A',
    nameAr: 'تقييم الليزك',
    nameEn: 'LASIK assessment',
    kind: 'test',
    priceIqd: 50_000,
    visitReason: 'Lasik',
  },
  { code: 'YAG', nameAr: 'ليزر ياك', nameEn: 'YAG laser', kind: 'procedure', priceIqd: 100_000 },
  {
    code: 'IVI',
    nameAr: 'زرق إبرة داخل العين',
    nameEn: 'Intravitreal injection',
    kind: 'procedure',
    priceIqd: 150_000,
    priceUsd: 12_000,
  },
  // The clinic quotes surgery in dollars; the dinar price is what it takes when a patient pays in dinars.
  {
    code: 'PHACO',
    nameAr: 'عملية ماء أبيض (فاكو)',
    nameEn: 'Phaco surgery',
    kind: 'surgery',
    priceIqd: 1_300_000,
    priceUsd: 90_000,
  },
];

export const DEMO_FREE_RETURN_DAYS = 10;
export const DEMO_RECEPTION_DISCOUNT_LIMIT = 10;
/** Doctors' shares: half of their consultations and follow-ups, 30 % of everything else. */
const CONSULTATION_SHARE = 50;
const OTHER_SHARE = 30;

type Service = DemoService & { id: number; doctorId: number | null };

/** The price list, the settings and the shares, before any visit is queued. */
export async function seedPriceList(
  db: Db,
  orgId: number,
  { doctorIds, receptionRoleId }: { doctorIds: number[]; receptionRoleId: number },
): Promise<Service[]> {
  const made = await db
    .insert(billingServices)
    .values(
      DEMO_PRICE_LIST.map((s) => ({
        orgId,
        code: s.code,
        nameAr: s.nameAr,
        nameEn: s.nameEn,
        kind: s.kind,
        visitReason: s.visitReason ?? null,
        doctorId: s.doctor === undefined ? null : doctorIds[s.doctor]!,
        priceIqd: s.priceIqd,
        priceUsd: s.priceUsd ?? null,
      })),
    )
    .returning({ id: billingServices.id, doctorId: billingServices.doctorId });
  const services = DEMO_PRICE_LIST.map((s, i) => ({ ...s, ...made[i]! }));
  await db.insert(billingSettings).values({ orgId, freeReturnDays: DEMO_FREE_RETURN_DAYS });
  // The role was just made by the loader; no one has edited it, so no version to compare.
  await db.execute(sql`
    UPDATE ${roles} r SET discount_limit_percent = ${DEMO_RECEPTION_DISCOUNT_LIMIT}
    WHERE ${sameOrg('r', orgId)} AND r.id = ${receptionRoleId}`);
  await db
    .insert(doctorShares)
    .values(
      doctorIds.flatMap((doctorId) => [
        { orgId, doctorId, serviceId: null, percent: OTHER_SHARE },
        ...services
          .filter((s) => s.kind === 'consultation' || s.kind === 'follow_up')
          .map((s) => ({ orgId, doctorId, serviceId: s.id, percent: CONSULTATION_SHARE })),
      ]),
    );
  return services;
}

interface PlannedCharge {
  id?: number;
  queueId: number;
  patientId: number;
  service: Service;
  doctorId: number | null;
  currency: Currency;
  listAmount: number;
  amount: number;
  freeReturnOf: PlannedCharge | null;
  balance: number;
  voided: boolean;
  day: string;
  at: Date;
  entries: number;
  /** Made when the visit was queued (the server charges a visit of today): only its entries are written here. */
  existing: boolean;
}
interface PlannedReceipt {
  id?: number;
  year: number;
  sequence: number;
  patientId: number;
  method: PaymentMethod;
  wallet: string | null;
  currency: Currency;
  total: number;
  balanceAfter: number;
  shift: PlannedShift;
  day: string;
  at: Date;
}
interface PlannedEntry {
  id?: number;
  charge: PlannedCharge;
  kind: 'payment' | 'discount' | 'exemption' | 'refund' | 'void';
  amount: number;
  dueDelta: number;
  drawerDelta: number;
  method: PaymentMethod | null;
  wallet: string | null;
  percent: number | null;
  category: string | null;
  reason: string | null;
  receipt: PlannedReceipt | null;
  balanceAfter: number | null;
  shift: PlannedShift | null;
  reverses: PlannedEntry | null;
  day: string;
  at: Date;
}
interface PlannedShift {
  id?: number;
  day: string;
  openedAt: Date;
  closedAt: Date;
  cells: Map<string, DrawerCell>;
  note: string | null;
}

const FLOAT_IQD = 100_000;
const DISCOUNT_REASONS = ['مريض دائم للعيادة', 'طالب جامعي', 'قريب أحد الموظفين', 'ظرف مادي صعب'];
const EXEMPTIONS: [string, string][] = [
  ['charity', 'عائلة متعففة، بتوجيه الطبيب'],
  ['staff', 'من موظفي العيادة'],
];

/**
 * The money of the demo's past visits (its two weeks, and the earlier visits of its patients' histories): each visit
 * not canceled is charged (unless queueing already charged it) its visit reason's service, free when it returns to a charged consultation with the
 * same doctor within the window; some get a test or a procedure beside it. Most are paid at once (cash mostly, some
 * card, some Zain Cash or FIB transfers, the dollar-priced ones in dollars), a few in part, a few discounted or
 * exempted with a reason, one refunded and its charge voided. Reception keeps one shift a day, closed at the end of
 * it, counted short by 1,000 dinars on one day. A canceled visit's charge made at queueing is voided.
 */
export async function seedMoney(
  db: Db,
  orgId: number,
  {
    now,
    timeZone,
    services,
    cashierId,
    seed = 5202,
  }: { now: Date; timeZone: string; services: Service[]; cashierId: number; seed?: number },
): Promise<{ charges: number; entries: number; receipts: number; shifts: number }> {
  const rng = new Random(seed);
  const today = localDay(now, timeZone);
  const at = (day: string, time: string) => new Date(zonedDateTimeToIso(day, time, timeZone)!);
  const visits = (
    await db
      .select({
        id: queueEntries.id,
        patientId: queueEntries.patientId,
        doctorId: queueEntries.doctorId,
        reasons: queueEntries.examTypes,
        date: queueEntries.date,
        day: queueEntries.ticketDay,
        status: queueEntries.status,
      })
      .from(queueEntries)
      .where(
        inOrg(
          queueEntries,
          orgId,
          // Every past visit: the demo's two weeks, and the earlier visits of its patients' histories, which queueing
          // charged as well (a visit of months ago still owing is no clinic's books).
          sql`${queueEntries.ticketDay} <= ${today}::date`,
        ),
      )
      .orderBy(queueEntries.date, queueEntries.id)
  ).map((visit) => ({ ...visit, day: visit.day! })); // dated up to today: ticketed
  // The charges queueing made (the server charges a visit queued for today), by visit.
  const madeAtQueueing = new Map<number, PlannedCharge[]>();
  for (const c of await db
    .select({
      id: charges.id,
      queueId: charges.queueId,
      patientId: charges.patientId,
      serviceId: charges.serviceId,
      doctorId: charges.doctorId,
      currency: charges.currency,
      listAmount: charges.listAmount,
      amount: charges.amount,
      balance: charges.balance,
      voided: charges.voided,
      day: charges.day,
      createdAt: charges.createdAt,
    })
    .from(charges)
    .where(inOrg(charges, orgId))) {
    const service = services.find((s) => s.id === c.serviceId);
    if (c.queueId === null || !service) continue;
    const list = madeAtQueueing.get(c.queueId) ?? [];
    list.push({
      id: c.id,
      queueId: c.queueId,
      patientId: c.patientId,
      service,
      doctorId: c.doctorId,
      currency: c.currency as Currency,
      listAmount: c.listAmount,
      amount: c.amount,
      freeReturnOf: null,
      balance: c.balance,
      voided: c.voided,
      day: c.day,
      at: c.createdAt,
      entries: 0,
      existing: true,
    });
    madeAtQueueing.set(c.queueId, list);
  }

  const byCode = new Map(services.map((s) => [s.code, s]));
  const serviceFor = (reason: string, doctorId: number | null) =>
    services.find((s) => s.visitReason === reason && s.doctorId !== null && s.doctorId === doctorId) ??
    services.find((s) => s.visitReason === reason && s.doctorId === null);

  const planned: PlannedCharge[] = [];
  const entries: PlannedEntry[] = [];
  const receiptList: PlannedReceipt[] = [];
  const shifts = new Map<string, PlannedShift>();
  const shiftOf = (day: string) => {
    let shift = shifts.get(day);
    if (!shift) {
      shift = { day, openedAt: at(day, '08:30'), closedAt: at(day, '17:00'), cells: new Map(), note: null };
      shift.cells.set('cash/IQD', { method: 'cash', currency: 'IQD', amount: FLOAT_IQD });
      shifts.set(day, shift);
    }
    return shift;
  };
  const owed = (patientId: number, currency: Currency) =>
    planned
      .filter((c) => c.patientId === patientId && c.currency === currency)
      .reduce((sum, c) => sum + c.balance, 0);
  const entry = (
    charge: PlannedCharge,
    fields: Partial<PlannedEntry> & Pick<PlannedEntry, 'kind' | 'amount' | 'dueDelta' | 'at'>,
  ) => {
    const made: PlannedEntry = {
      charge,
      drawerDelta: 0,
      method: null,
      wallet: null,
      percent: null,
      category: null,
      reason: null,
      receipt: null,
      balanceAfter: null,
      shift: null,
      reverses: null,
      day: localDay(fields.at, timeZone),
      ...fields,
    };
    charge.balance += made.dueDelta;
    charge.entries += 1;
    if (made.shift && made.method) {
      const key = `${made.method}/${charge.currency}`;
      const cell = made.shift.cells.get(key) ?? { method: made.method, currency: charge.currency, amount: 0 };
      cell.amount += made.drawerDelta;
      made.shift.cells.set(key, cell);
      if (made.at > made.shift.closedAt) made.shift.closedAt = new Date(made.at.getTime() + 5 * 60_000);
    }
    entries.push(made);
    return made;
  };

  const lastConsultation = new Map<string, PlannedCharge>();
  const charge = (visit: (typeof visits)[number], service: Service, currency: Currency, minutes: number) => {
    const day = visit.day;
    const time = new Date(visit.date.getTime() + minutes * 60_000);
    const list = currency === 'USD' ? service.priceUsd! : service.priceIqd;
    const returning = lastConsultation.get(`${visit.patientId}/${visit.doctorId ?? 0}`);
    const free =
      (service.kind === 'consultation' || service.kind === 'follow_up') &&
      returning !== undefined &&
      addToDay(returning.day, DEMO_FREE_RETURN_DAYS) >= day;
    const made: PlannedCharge = {
      queueId: visit.id,
      patientId: visit.patientId,
      service,
      doctorId: visit.doctorId,
      currency,
      listAmount: list,
      amount: free ? 0 : list,
      freeReturnOf: free ? returning! : null,
      balance: free ? 0 : list,
      voided: false,
      day,
      at: time,
      entries: 0,
      existing: false,
    };
    if (service.kind === 'consultation' && !free)
      lastConsultation.set(`${visit.patientId}/${visit.doctorId ?? 0}`, made);
    planned.push(made);
    return made;
  };

  let refunded = false;
  let usdInjections = 0;
  let phaco = false;
  for (const visit of visits) {
    const queued = madeAtQueueing.get(visit.id);
    if (visit.status === QUEUE_STATUS.Canceled) {
      // A canceled visit's charge is voided (it owes nothing and was never paid).
      for (const c of queued ?? [])
        if (c.balance > 0 && !c.voided) {
          planned.push(c);
          entry(c, {
            kind: 'void',
            amount: c.balance,
            dueDelta: -c.balance,
            reason: 'ألغيت الزيارة',
            at: new Date(Math.min(visit.date.getTime() + 10 * 60_000, now.getTime())),
          });
          c.voided = true;
        }
      continue;
    }
    // Today's queue is under way: its visits are paid at the desk as the day goes.
    if (visit.day === today) continue;
    const reason = visit.reasons.find((r) => serviceFor(r, visit.doctorId));
    if (!queued && !reason) continue;
    if (queued) planned.push(...queued);
    const mine = queued ? [...queued] : [charge(visit, serviceFor(reason!, visit.doctorId)!, 'IQD', 1)];
    if (rng.chance(0.12)) mine.push(charge(visit, byCode.get(rng.pick(['OCT', 'VF']))!, 'IQD', 30));
    else if (rng.chance(0.03)) mine.push(charge(visit, byCode.get('YAG')!, 'IQD', 30));
    else if (usdInjections < 3 && rng.chance(0.04)) {
      usdInjections += 1;
      mine.push(charge(visit, byCode.get('IVI')!, 'USD', 30));
    } else if (!phaco && rng.chance(0.02)) {
      phaco = true;
      mine.push(charge(visit, byCode.get('PHACO')!, 'USD', 30));
    }

    const paidAt = new Date(visit.date.getTime() + rng.int(35, 70) * 60_000);
    const shift = shiftOf(visit.day);
    const outcome = rng.weighted({ paid: 78, partial: 6, discount: 7, exempt: 2, unpaid: 7 });
    const method = rng.weighted<PaymentMethod>({ cash: 75, card: 12, transfer: 13 });
    const wallet = method === 'transfer' ? rng.pick(['Zain Cash', 'FIB']) : null;
    for (const currency of ['IQD', 'USD'] as const) {
      const lines = mine.filter((c) => c.currency === currency && c.balance > 0);
      if (!lines.length || outcome === 'unpaid') continue;
      if (outcome === 'exempt') {
        const [category, reason] = rng.pick(EXEMPTIONS);
        for (const c of lines)
          entry(c, {
            kind: 'exemption',
            amount: c.balance,
            dueDelta: -c.balance,
            category,
            reason,
            at: paidAt,
          });
        continue;
      }
      if (outcome === 'discount')
        for (const c of lines) {
          const amount = Math.floor((c.balance * DEMO_RECEPTION_DISCOUNT_LIMIT) / 100);
          if (amount > 0)
            entry(c, {
              kind: 'discount',
              amount,
              dueDelta: -amount,
              percent: DEMO_RECEPTION_DISCOUNT_LIMIT,
              reason: rng.pick(DISCOUNT_REASONS),
              at: paidAt,
            });
        }
      // Dollars are paid in cash; a part payment leaves half, in whole thousands of dinars or whole dollars.
      const payMethod = currency === 'USD' ? 'cash' : method;
      const receipt: PlannedReceipt = {
        year: Number(visit.day.slice(0, 4)),
        sequence: 0,
        patientId: visit.patientId,
        method: payMethod,
        wallet: currency === 'USD' ? null : wallet,
        currency,
        total: 0,
        balanceAfter: 0,
        shift,
        day: visit.day,
        at: paidAt,
      };
      for (const c of lines) {
        const unit = currency === 'IQD' ? 1000 : 100;
        const amount =
          outcome === 'partial' ? Math.max(unit, Math.floor(c.balance / 2 / unit) * unit) : c.balance;
        receipt.total += amount;
        entry(c, {
          kind: 'payment',
          amount,
          dueDelta: -amount,
          drawerDelta: amount,
          method: payMethod,
          wallet: receipt.wallet,
          receipt,
          balanceAfter: c.balance - amount,
          shift,
          at: paidAt,
        });
      }
      receipt.balanceAfter = owed(visit.patientId, currency);
      receiptList.push(receipt);

      // One refund: a test paid for and not done, refunded and its charge voided before the patient leaves.
      const test = lines.find((c) => c.service.kind === 'test' && c.balance === 0);
      if (
        !refunded &&
        test &&
        outcome === 'paid' &&
        payMethod === 'cash' &&
        visit.day >= addToDay(today, -7)
      ) {
        refunded = true;
        const payment = entries.findLast((e) => e.charge === test && e.kind === 'payment')!;
        const later = new Date(paidAt.getTime() + 20 * 60_000);
        entry(test, {
          kind: 'refund',
          amount: payment.amount,
          dueDelta: payment.amount,
          drawerDelta: -payment.amount,
          method: 'cash',
          reason: 'تعطل جهاز الفحص، لم يُجرَ الفحص',
          shift,
          reverses: payment,
          at: later,
        });
        entry(test, {
          kind: 'void',
          amount: test.balance,
          dueDelta: -test.balance,
          reason: 'لم يُجرَ الفحص',
          at: new Date(later.getTime() + 60_000),
        });
        test.voided = true;
      }
    }
  }

  // Receipts numbered per year in the order they were given, from 1, without gaps.
  receiptList.sort((a, b) => a.at.getTime() - b.at.getTime());
  const lastNumber = new Map<number, number>();
  for (const r of receiptList) {
    r.sequence = (lastNumber.get(r.year) ?? 0) + 1;
    lastNumber.set(r.year, r.sequence);
  }
  // The cashier counts what is expected, but one day 1,000 dinars short.
  const shiftList = [...shifts.values()].sort((a, b) => a.day.localeCompare(b.day));
  const shortDay = shiftList.length > 2 ? shiftList[shiftList.length - 3] : undefined;
  if (shortDay) shortDay.note = 'نقص ١٠٠٠ دينار في الصندوق، خطأ في إرجاع الباقي';

  if (shiftList.length)
    (
      await db
        .insert(cashierShifts)
        .values(
          shiftList.map((s) => {
            const expected = [...s.cells.values()];
            const counted = expected.map((cell) =>
              s === shortDay && cell.method === 'cash' && cell.currency === 'IQD'
                ? { ...cell, amount: cell.amount - 1000 }
                : cell,
            );
            return {
              orgId,
              userId: cashierId,
              openedAt: s.openedAt,
              day: s.day,
              floats: [{ currency: 'IQD', amount: FLOAT_IQD }],
              closedAt: s.closedAt,
              closedBy: cashierId,
              expected,
              counted,
              note: s.note,
            };
          }),
        )
        .returning({ id: cashierShifts.id })
    ).forEach((row, i) => (shiftList[i]!.id = row.id));

  const newCharges = planned.filter((c) => !c.existing);
  // Free returns point at charges made before them: inserted in order, one batch per day.
  for (const day of [...new Set(newCharges.map((c) => c.day))].sort()) {
    const batch = newCharges.filter((c) => c.day === day && !c.freeReturnOf);
    const returns = newCharges.filter((c) => c.day === day && c.freeReturnOf);
    for (const list of [batch, returns]) {
      if (!list.length) continue;
      const rows = await db
        .insert(charges)
        .values(
          list.map((c) => ({
            orgId,
            patientId: c.patientId,
            queueId: c.queueId,
            serviceId: c.service.id,
            code: c.service.code,
            nameAr: c.service.nameAr,
            nameEn: c.service.nameEn,
            kind: c.service.kind,
            doctorId: c.doctorId,
            currency: c.currency,
            listAmount: c.listAmount,
            amount: c.amount,
            freeReturnOf: c.freeReturnOf?.id ?? null,
            balance: c.balance,
            voided: c.voided,
            day: c.day,
            version: 1 + c.entries,
            createdBy: cashierId,
            createdAt: c.at,
          })),
        )
        .returning({ id: charges.id });
      rows.forEach((row, i) => (list[i]!.id = row.id));
    }
  }

  if (receiptList.length)
    (
      await db
        .insert(receipts)
        .values(
          receiptList.map((r) => ({
            orgId,
            year: r.year,
            sequence: r.sequence,
            patientId: r.patientId,
            method: r.method,
            wallet: r.wallet,
            currency: r.currency,
            total: r.total,
            balanceAfter: r.balanceAfter,
            shiftId: r.shift.id!,
            idempotencyKey: `demo-${r.year}-${r.sequence}`,
            requestHash: 'demo',
            printCount: 1,
            day: r.day,
            createdBy: cashierId,
            createdAt: r.at,
          })),
        )
        .returning({ id: receipts.id })
    ).forEach((row, i) => (receiptList[i]!.id = row.id));

  // Entries that reverse another go in after it, for its id.
  for (const list of [entries.filter((e) => !e.reverses), entries.filter((e) => e.reverses)]) {
    if (!list.length) continue;
    const rows = await db
      .insert(billingEntries)
      .values(
        list.map((e) => ({
          orgId,
          chargeId: e.charge.id!,
          patientId: e.charge.patientId,
          kind: e.kind,
          amount: e.amount,
          currency: e.charge.currency,
          dueDelta: e.dueDelta,
          drawerDelta: e.drawerDelta,
          method: e.method,
          wallet: e.wallet,
          percent: e.percent,
          category: e.category,
          reason: e.reason,
          receiptId: e.receipt?.id ?? null,
          balanceAfter: e.balanceAfter,
          shiftId: e.shift?.id ?? null,
          reversesId: e.reverses?.id ?? null,
          serviceId: e.charge.service.id,
          doctorId: e.charge.doctorId,
          day: e.day,
          createdBy: cashierId,
          createdAt: e.at,
        })),
      )
      .returning({ id: billingEntries.id });
    rows.forEach((row, i) => (list[i]!.id = row.id));
  }

  // The charges queueing made move with their entries, as the payment code moves them (version: one per entry).
  for (const c of planned.filter((x) => x.existing && x.entries > 0))
    await db.execute(sql`
      UPDATE ${charges} c SET balance = ${c.balance}, voided = ${c.voided}, version = c.version + ${c.entries}
      WHERE ${sameOrg('c', orgId)} AND c.id = ${c.id!}`);

  if (lastNumber.size)
    await db
      .insert(orgCounters)
      .values([...lastNumber].map(([year, value]) => ({ orgId, name: `receipt:${year}`, value })))
      .onConflictDoUpdate({
        target: [orgCounters.orgId, orgCounters.name],
        set: { value: sql`greatest(${orgCounters.value}, excluded.value)` },
      });

  return {
    charges: newCharges.length,
    entries: entries.length,
    receipts: receiptList.length,
    shifts: shiftList.length,
  };
}
