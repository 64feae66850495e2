import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type {
  BillingEntry,
  Charge,
  DrawerCell,
  EntryKind,
  ExemptionCategory,
  PaymentMethod,
  ServiceKind,
} from '@basira/shared/money/billing.schemas';
import type { Currency } from '@basira/shared/money/money';
import type { Db } from '../../db/client.ts';
import { billingEntries, cashierShifts, charges, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';

export type ChargeRow = typeof charges.$inferSelect;
export type EntryRow = typeof billingEntries.$inferSelect;
export type ShiftRow = typeof cashierShifts.$inferSelect;

/** Users' names by id, for the `{ id, name }` references of answers (one query for a whole answer). */
export async function userNames(db: Db, orgId: number, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inOrg(users, orgId, inArray(users.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const refOf = (names: Map<number, string>, id: number | null) =>
  id === null ? null : { id, name: names.get(id) ?? '' };

export function toEntry(
  row: EntryRow,
  reversedBy: Map<number, number>,
  names: Map<number, string>,
): BillingEntry {
  return {
    id: row.id,
    chargeId: row.chargeId,
    kind: row.kind as EntryKind,
    amount: row.amount,
    currency: row.currency as Currency,
    dueDelta: row.dueDelta,
    method: row.method as PaymentMethod | null,
    wallet: row.wallet,
    percent: row.percent,
    category: row.category as ExemptionCategory | null,
    reason: row.reason,
    receiptId: row.receiptId,
    reversesId: row.reversesId,
    reversedById: reversedBy.get(row.id) ?? null,
    createdBy: refOf(names, row.createdBy),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Charges with their entries, oldest first: an account, one charge after a change, a stale charge's 409. */
export async function chargesWhere(db: Db, orgId: number, where: SQL): Promise<Charge[]> {
  const rows = await db
    .select()
    .from(charges)
    .where(inOrg(charges, orgId, where))
    .orderBy(asc(charges.createdAt), asc(charges.id));
  if (rows.length === 0) return [];
  const entries = await db
    .select()
    .from(billingEntries)
    .where(
      inOrg(
        billingEntries,
        orgId,
        inArray(
          billingEntries.chargeId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(billingEntries.id));
  const names = await userNames(db, orgId, [
    ...rows.flatMap((r) => [r.doctorId, r.createdBy]),
    ...entries.map((e) => e.createdBy),
  ]);
  const reversedBy = new Map<number, number>();
  for (const e of entries) if (e.reversesId !== null) reversedBy.set(e.reversesId, e.id);
  return rows.map((row) => ({
    id: row.id,
    patientId: row.patientId,
    queueId: row.queueId,
    serviceId: row.serviceId,
    code: row.code,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    kind: row.kind as ServiceKind,
    doctor: refOf(names, row.doctorId),
    currency: row.currency as Currency,
    listAmount: row.listAmount,
    amount: row.amount,
    freeReturnOf: row.freeReturnOf,
    balance: row.balance,
    voided: row.voided,
    day: row.day,
    version: row.version,
    createdBy: refOf(names, row.createdBy),
    createdAt: row.createdAt.toISOString(),
    entries: entries.filter((e) => e.chargeId === row.id).map((e) => toEntry(e, reversedBy, names)),
  }));
}

export async function chargeById(db: Db, orgId: number, id: number): Promise<Charge> {
  const [charge] = await chargesWhere(db, orgId, eq(charges.id, id));
  if (!charge) throw notFound('Charge');
  return charge;
}

/** A charge changed since the caller read it: 409 with the charge as it is now, for the screen to show. */
export async function staleCharge(db: Db, orgId: number, id: number): Promise<AppError> {
  return new AppError(
    'stale_version',
    'Someone else changed this charge; the current charge is attached. Review it and try again.',
    undefined,
    { data: await chargeById(db, orgId, id) },
  );
}

/** The charge's row, locked for the rest of the transaction (every entry on it goes through this lock). */
export async function lockCharge(tx: Db, orgId: number, id: number): Promise<ChargeRow> {
  const [row] = await tx
    .select()
    .from(charges)
    .where(inOrg(charges, orgId, eq(charges.id, id)))
    .for('update');
  if (!row) throw notFound('Charge');
  return row;
}

/** The caller's open shift, or 409 billing.no_open_shift. Shared-locked, so that it is not closed meanwhile. */
export async function openShiftOf(tx: Db, orgId: number, userId: number): Promise<ShiftRow> {
  const [shift] = await tx
    .select()
    .from(cashierShifts)
    .where(inOrg(cashierShifts, orgId, eq(cashierShifts.userId, userId), isNull(cashierShifts.closedAt)))
    .for('share');
  if (!shift)
    throw new AppError('billing.no_open_shift', 'Open your cashier shift before taking or refunding money.');
  return shift;
}

/** The order drawer cells are shown in: cash first, then card and transfer; IQD before USD in each. */
export function sortCells(cells: DrawerCell[]): DrawerCell[] {
  const methods = ['cash', 'card', 'transfer'];
  const currencies = ['IQD', 'USD'];
  return [...cells].sort(
    (a, b) =>
      methods.indexOf(a.method) - methods.indexOf(b.method) ||
      currencies.indexOf(a.currency) - currencies.indexOf(b.currency),
  );
}

/** A condition that is always present, for `and(...)` lists built piecemeal. */
export const all = (...conditions: (SQL | undefined)[]) => and(...conditions) as SQL;
