import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { holdsAny } from '@basira/shared/permissions/permissions';
import type {
  Account,
  Charge,
  ChargeCreate,
  ChargeVoid,
  DiscountCreate,
  EntryReverse,
  ExemptionCreate,
  MoneyValue,
  PaymentMethod,
} from '@basira/shared/money/billing.schemas';
import type { Currency } from '@basira/shared/money/money';
import { localDay } from '@basira/shared/dates/calendar';
import type { Db } from '../../db/client.ts';
import {
  billingEntries,
  billingServices,
  charges,
  patients,
  queueEntries,
  receipts,
  roles,
  userRoles,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findLivePatient } from '../patients/patients.service.ts';
import {
  chargeById,
  chargesWhere,
  lockCharge,
  openShiftOf,
  staleCharge,
  type ChargeRow,
  type EntryRow,
} from './billing-common.ts';

/** Who asks: their id and the permissions their roles grant (a discount over the limit needs `give discounts`). */
export interface Caller {
  userId: number;
  permissions: readonly string[];
}

type NewEntry = Omit<
  typeof billingEntries.$inferInsert,
  'orgId' | 'chargeId' | 'patientId' | 'serviceId' | 'doctorId' | 'day' | 'currency'
>;

const alreadyReversed = () =>
  new AppError('billing.already_reversed', 'This entry was already refunded or voided.');
const chargeVoided = () =>
  new AppError('billing.charge_voided', 'This charge was voided; it takes nothing more.');

/** Charges of a visit, discounts, exemptions, voids and refunds; a patient's account and balances. */
export class BillingChargesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private today(scope: RequestContext): string {
    return localDay(this.clock.now(), scope.timeZone);
  }

  /** `POST /visits/{queueId}/charges`: a test or procedure done during the visit, at the list's price. */
  async addCharge(scope: RequestContext, queueId: number, input: ChargeCreate): Promise<Charge> {
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      const [visit] = await tx
        .select({ patientId: queueEntries.patientId, doctorId: queueEntries.doctorId })
        .from(queueEntries)
        .where(inOrg(queueEntries, scope.orgId, eq(queueEntries.id, queueId)));
      if (!visit) throw notFound('Queue entry');
      await findLivePatient(tx, scope.orgId, visit.patientId);
      const [service] = await tx
        .select()
        .from(billingServices)
        .where(inOrg(billingServices, scope.orgId, eq(billingServices.id, input.serviceId)));
      if (!service || !service.active) throw fieldError('serviceId', 'serviceId.not_found');
      const price = input.currency === 'USD' ? service.priceUsd : service.priceIqd;
      if (price === null) throw fieldError('currency', 'currency.not_priced');
      const [row] = await tx
        .insert(charges)
        .values({
          orgId: scope.orgId,
          patientId: visit.patientId,
          queueId,
          serviceId: service.id,
          code: service.code,
          nameAr: service.nameAr,
          nameEn: service.nameEn,
          kind: service.kind,
          // A doctor's own price names that doctor; otherwise the visit's doctor did it.
          doctorId: service.doctorId ?? visit.doctorId,
          currency: input.currency,
          listAmount: price,
          amount: price,
          balance: price,
          day: localDay(now, scope.timeZone),
          createdBy: scope.userId,
          createdAt: now,
        })
        .returning({ id: charges.id });
      await recordAudit(tx, scope, {
        action: 'billing.charged',
        entity: 'charge',
        entityId: row!.id,
        patientId: visit.patientId,
        details: { queueId, serviceId: service.id, currency: input.currency, amount: price },
      });
      return row!.id;
    });
    return chargeById(this.db, scope.orgId, id);
  }

  /** The highest discount limit of the caller's roles, in percent of a charge. */
  private async discountLimit(tx: Db, orgId: number, userId: number): Promise<number> {
    const [row] = await tx
      .select({ limit: sql<number | null>`max(${roles.discountLimitPercent})` })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inOrg(userRoles, orgId, eq(userRoles.userId, userId)));
    return Number(row?.limit ?? 0);
  }

  /** A discount of `amount` on `charge` beyond the caller's limit needs `give discounts` (Administrator holds it). */
  private async assertWithinLimit(
    tx: Db,
    scope: RequestContext,
    caller: Caller,
    charge: ChargeRow,
    amount: number,
  ) {
    if (holdsAny(caller.permissions, 'give discounts')) return;
    const limit = await this.discountLimit(tx, scope.orgId, caller.userId);
    // In integers: amount / charge.amount > limit / 100.
    if (amount * 100 > limit * charge.amount)
      throw new AppError(
        'billing.discount_over_limit',
        `This discount is more than your limit of ${limit}% of the charge; someone who may give discounts must give it.`,
      );
  }

  /**
   * The common path of every change to one charge: its row locked, the version the caller read checked (409 with
   * the charge now), then `change` returns the entry to add; the balance and version move in the same transaction.
   */
  private async changeCharge(
    scope: RequestContext,
    id: number,
    version: number | undefined,
    change: (
      tx: Db,
      charge: ChargeRow,
    ) => Promise<{
      entry: NewEntry | null;
      voided?: boolean;
      action: string;
      details: Record<string, unknown>;
    }>,
  ): Promise<Charge> {
    const now = this.clock.now();
    try {
      await this.db.transaction(async (tx) => {
        const charge = await lockCharge(tx, scope.orgId, id);
        if (version !== undefined && charge.version !== version) throw await staleCharge(tx, scope.orgId, id);
        const { entry, voided, action, details } = await change(tx, charge);
        let entryId: number | null = null;
        if (entry) {
          const [written] = await tx
            .insert(billingEntries)
            .values({
              ...entry,
              orgId: scope.orgId,
              chargeId: charge.id,
              patientId: charge.patientId,
              currency: charge.currency,
              serviceId: charge.serviceId,
              doctorId: charge.doctorId,
              day: localDay(now, scope.timeZone),
              createdBy: scope.userId,
              createdAt: now,
            })
            .returning({ id: billingEntries.id });
          entryId = written!.id;
        }
        // The row is locked above: the balance moves with its entry, and the version tells every other screen.
        await tx
          .update(charges)
          .set({
            balance: sql`${charges.balance} + ${entry?.dueDelta ?? 0}`,
            version: sql`${charges.version} + 1`,
            ...(voided ? { voided: true } : {}),
          })
          .where(inOrg(charges, scope.orgId, eq(charges.id, id)));
        await recordAudit(tx, scope, {
          action,
          entity: 'charge',
          entityId: id,
          patientId: charge.patientId,
          details: { ...details, entryId },
        });
      });
    } catch (error) {
      // Two reversals of one entry at once: the unique index on reverses_id lets one through.
      if (isUniqueViolation(error)) throw alreadyReversed();
      throw error;
    }
    return chargeById(this.db, scope.orgId, id);
  }

  async discount(scope: RequestContext, caller: Caller, id: number, input: DiscountCreate): Promise<Charge> {
    return this.changeCharge(scope, id, input.version, async (tx, charge) => {
      if (charge.voided) throw chargeVoided();
      const amount = input.by === 'amount' ? input.value : Math.floor((charge.balance * input.value) / 100);
      if (amount > charge.balance) throw fieldError('value', 'value.over_balance');
      if (amount <= 0) throw fieldError('value', 'value.min');
      await this.assertWithinLimit(tx, scope, caller, charge, amount);
      return {
        entry: {
          kind: 'discount',
          amount,
          dueDelta: -amount,
          percent: input.by === 'percent' ? input.value : null,
          reason: input.reason,
        },
        action: 'billing.discounted',
        details: { by: input.by, value: input.value, amount, reason: input.reason },
      };
    });
  }

  async exemption(
    scope: RequestContext,
    caller: Caller,
    id: number,
    input: ExemptionCreate,
  ): Promise<Charge> {
    return this.changeCharge(scope, id, input.version, async (tx, charge) => {
      if (charge.voided) throw chargeVoided();
      if (charge.balance <= 0)
        throw new AppError('conflict', 'This charge owes nothing; there is nothing to exempt.');
      // An exemption is a discount of the whole balance: the limit applies as to 100 %.
      await this.assertWithinLimit(tx, scope, caller, charge, Math.max(charge.balance, charge.amount));
      return {
        entry: {
          kind: 'exemption',
          amount: charge.balance,
          dueDelta: -charge.balance,
          category: input.category,
          reason: input.reason,
        },
        action: 'billing.exempted',
        details: { category: input.category, amount: charge.balance, reason: input.reason },
      };
    });
  }

  /** A charge made in error; what was paid on it is refunded first, so a void never hides money taken. */
  async voidCharge(scope: RequestContext, id: number, input: ChargeVoid): Promise<Charge> {
    return this.changeCharge(scope, id, input.version, async (tx, charge) => {
      if (charge.voided) throw chargeVoided();
      const [paid] = await tx
        .select({
          net: sql<string>`coalesce(sum(CASE ${billingEntries.kind} WHEN 'payment' THEN ${billingEntries.amount} WHEN 'refund' THEN -${billingEntries.amount} ELSE 0 END), 0)`,
        })
        .from(billingEntries)
        .where(inOrg(billingEntries, scope.orgId, eq(billingEntries.chargeId, id)));
      if (Number(paid?.net ?? 0) > 0)
        throw new AppError(
          'billing.charge_has_payments',
          'This charge has payments; refund them before voiding it.',
        );
      return {
        // A charge that owes nothing (a free return, a full discount) is marked void without an entry: an entry
        // moves money, and there is none to move.
        entry:
          charge.balance > 0
            ? { kind: 'void', amount: charge.balance, dueDelta: -charge.balance, reason: input.reason }
            : null,
        voided: true,
        action: 'billing.charge_voided',
        details: { amount: charge.balance, reason: input.reason },
      };
    });
  }

  /** A payment is refunded out of the caller's open shift; a discount or exemption is voided. Once each. */
  async reverse(scope: RequestContext, id: number, input: EntryReverse): Promise<Charge> {
    const [target] = await this.db
      .select()
      .from(billingEntries)
      .where(inOrg(billingEntries, scope.orgId, eq(billingEntries.id, id)));
    if (!target) throw notFound('Entry');
    return this.changeCharge(scope, target.chargeId, undefined, async (tx, charge) => {
      const entry = target as EntryRow;
      if (entry.kind === 'refund' || entry.kind === 'void')
        throw new AppError('billing.already_reversed', 'A refund or a void is not reversed; it is final.');
      const [reversed] = await tx
        .select({ id: billingEntries.id })
        .from(billingEntries)
        .where(inOrg(billingEntries, scope.orgId, eq(billingEntries.reversesId, id)));
      if (reversed) throw alreadyReversed();
      if (charge.voided) throw chargeVoided();
      if (entry.kind === 'payment') {
        const shift = await openShiftOf(tx, scope.orgId, scope.userId!);
        return {
          entry: {
            kind: 'refund',
            amount: entry.amount,
            dueDelta: entry.amount,
            drawerDelta: -entry.amount,
            method: entry.method as PaymentMethod,
            wallet: entry.wallet,
            receiptId: entry.receiptId,
            shiftId: shift.id,
            reversesId: entry.id,
            reason: input.reason,
          },
          action: 'billing.refunded',
          details: { reverses: entry.id, amount: entry.amount, shiftId: shift.id, reason: input.reason },
        };
      }
      return {
        entry: {
          kind: 'void',
          amount: entry.amount,
          dueDelta: entry.amount,
          reversesId: entry.id,
          reason: input.reason,
        },
        action: 'billing.entry_voided',
        details: { reverses: entry.id, kind: entry.kind, amount: entry.amount, reason: input.reason },
      };
    });
  }

  /** A patient's account: balances per currency, every charge with its entries, the receipts. Audited. */
  async account(scope: RequestContext, patientId: number): Promise<Account> {
    await findLivePatient(this.db, scope.orgId, patientId);
    const [list, receiptRows] = await Promise.all([
      chargesWhere(this.db, scope.orgId, eq(charges.patientId, patientId)),
      this.db
        .select()
        .from(receipts)
        .where(inOrg(receipts, scope.orgId, eq(receipts.patientId, patientId)))
        .orderBy(desc(receipts.createdAt), desc(receipts.id)),
    ]);
    const owed = new Map<Currency, number>();
    for (const c of list)
      if (!c.voided && c.balance > 0) owed.set(c.currency, (owed.get(c.currency) ?? 0) + c.balance);
    await recordAudit(this.db, scope, {
      action: 'billing.account_viewed',
      entity: 'patient',
      entityId: patientId,
      patientId,
    });
    return {
      patientId,
      balances: [...owed].map(([currency, amount]) => ({ currency, amount })),
      charges: list,
      receipts: receiptRows.map((r) => ({
        id: r.id,
        number: receiptNumber(r.year, r.sequence),
        currency: r.currency as Currency,
        total: r.total,
        method: r.method as PaymentMethod,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /**
   * What each patient owes, per currency, from the partial index of charges still owed (`charges_owed_cover_idx`):
   * the queue's rows ask for a page of patients at a time. A deleted patient owes nothing here (their account is 404).
   */
  async balances(
    orgId: number,
    patientIds: number[],
  ): Promise<{ patientId: number; balances: MoneyValue[] }[]> {
    const ids = [...new Set(patientIds)];
    const rows = await this.db
      .select({
        patientId: charges.patientId,
        currency: charges.currency,
        amount: sql<string>`sum(${charges.balance})`,
      })
      .from(charges)
      .innerJoin(patients, and(eq(patients.id, charges.patientId), isNull(patients.deletedAt)))
      .where(
        inOrg(
          charges,
          orgId,
          inArray(charges.patientId, ids),
          gt(charges.balance, 0),
          eq(charges.voided, false),
        ),
      )
      .groupBy(charges.patientId, charges.currency);
    return ids.map((patientId) => ({
      patientId,
      balances: rows
        .filter((r) => r.patientId === patientId)
        .map((r) => ({ currency: r.currency as Currency, amount: Number(r.amount) }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
    }));
  }
}

/** `2026-000123`: the receipt's year and its number within the year. */
export const receiptNumber = (year: number, sequence: number) =>
  `${year}-${String(sequence).padStart(6, '0')}`;
