import { count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  DrawerCell,
  MoneyValue,
  PaymentMethod,
  Shift,
  ShiftClose,
  ShiftOpen,
} from '@basira/shared/money/billing.schemas';
import type { Currency } from '@basira/shared/money/money';
import { localDay } from '@basira/shared/dates/calendar';
import type { Db } from '../../db/client.ts';
import { billingEntries, cashierShifts, receipts } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { all, refOf, sortCells, userNames, type ShiftRow } from './billing-common.ts';

const cellKey = (c: { method: string; currency: string }) => `${c.method}:${c.currency}`;

/** Cashiers' shifts: the drawer from its float at opening to the count at closing. */
export class BillingShiftsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** What the drawer should hold: the floats in cash, plus every payment and minus every refund, per method and currency. */
  async expected(db: Db, orgId: number, shift: ShiftRow): Promise<DrawerCell[]> {
    const moves = await db
      .select({
        method: billingEntries.method,
        currency: billingEntries.currency,
        amount: sql<string>`sum(${billingEntries.drawerDelta})`,
      })
      .from(billingEntries)
      .where(inOrg(billingEntries, orgId, eq(billingEntries.shiftId, shift.id)))
      .groupBy(billingEntries.method, billingEntries.currency);
    const cells = new Map<string, DrawerCell>();
    for (const f of shift.floats as MoneyValue[])
      cells.set(cellKey({ method: 'cash', currency: f.currency }), {
        method: 'cash',
        currency: f.currency,
        amount: f.amount,
      });
    for (const m of moves) {
      const cell = {
        method: m.method as PaymentMethod,
        currency: m.currency as Currency,
        amount: Number(m.amount),
      };
      const had = cells.get(cellKey(cell));
      cells.set(cellKey(cell), { ...cell, amount: cell.amount + (had?.amount ?? 0) });
    }
    return sortCells([...cells.values()]);
  }

  private async toShifts(orgId: number, rows: ShiftRow[], db: Db = this.db): Promise<Shift[]> {
    if (rows.length === 0) return [];
    const names = await userNames(
      db,
      orgId,
      rows.flatMap((r) => [r.userId, r.closedBy]),
    );
    return Promise.all(
      rows.map(async (r) => {
        const [receiptCount] = await db
          .select({ n: count() })
          .from(receipts)
          .where(inOrg(receipts, orgId, eq(receipts.shiftId, r.id)));
        const counted = r.counted as DrawerCell[] | null;
        const expected = r.closedAt ? (r.expected as DrawerCell[]) : await this.expected(db, orgId, r);
        return {
          id: r.id,
          cashier: refOf(names, r.userId)!,
          openedAt: r.openedAt.toISOString(),
          floats: r.floats as MoneyValue[],
          closedAt: r.closedAt?.toISOString() ?? null,
          closedBy: refOf(names, r.closedBy),
          expected,
          counted,
          differences: counted ? differences(expected, counted) : null,
          note: r.note,
          receiptCount: receiptCount?.n ?? 0,
          version: r.version,
        };
      }),
    );
  }

  private async row(db: Db, orgId: number, id: number, lock = false): Promise<ShiftRow> {
    const query = db
      .select()
      .from(cashierShifts)
      .where(inOrg(cashierShifts, orgId, eq(cashierShifts.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('Shift');
    return row;
  }

  async open(scope: RequestContext, input: ShiftOpen): Promise<Shift> {
    const now = this.clock.now();
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(cashierShifts)
          .values({
            orgId: scope.orgId,
            userId: scope.userId!,
            openedAt: now,
            day: localDay(now, scope.timeZone),
            floats: input.floats,
          })
          .returning();
        await recordAudit(tx, scope, {
          action: 'billing.shift_opened',
          entity: 'cashier_shift',
          entityId: row!.id,
          details: { floats: input.floats },
        });
        return (await this.toShifts(scope.orgId, [row!], tx))[0]!;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('billing.shift_already_open', 'You already have an open shift; close it first.');
      throw error;
    }
  }

  async current(scope: RequestContext): Promise<Shift | null> {
    const [row] = await this.db
      .select()
      .from(cashierShifts)
      .where(
        inOrg(
          cashierShifts,
          scope.orgId,
          eq(cashierShifts.userId, scope.userId!),
          isNull(cashierShifts.closedAt),
        ),
      );
    return row ? (await this.toShifts(scope.orgId, [row]))[0]! : null;
  }

  /** One shift: a cashier's own, or anyone's for who reads the financial reports. */
  async one(scope: RequestContext, id: number, seesAll: boolean): Promise<Shift> {
    const row = await this.row(this.db, scope.orgId, id);
    // Another cashier's shift is as absent as another organization's to someone who may not see it.
    if (!seesAll && row.userId !== scope.userId) throw notFound('Shift');
    return (await this.toShifts(scope.orgId, [row]))[0]!;
  }

  async list(
    orgId: number,
    query: { status: 'open' | 'closed' | 'all'; day?: string | undefined },
  ): Promise<Shift[]> {
    const conditions: (SQL | undefined)[] = [
      query.status === 'open' ? isNull(cashierShifts.closedAt) : undefined,
      query.status === 'closed' ? isNotNull(cashierShifts.closedAt) : undefined,
      query.day ? eq(cashierShifts.day, query.day) : undefined,
    ];
    const rows = await this.db
      .select()
      .from(cashierShifts)
      .where(inOrg(cashierShifts, orgId, all(...conditions)))
      .orderBy(desc(cashierShifts.openedAt), desc(cashierShifts.id))
      .limit(500);
    return this.toShifts(orgId, rows);
  }

  /**
   * Closing: what was expected and what was counted, frozen into the row, with a note when they differ. A cashier
   * closes their own; another's forgotten shift is closed by someone who reads the financial reports.
   */
  async close(scope: RequestContext, id: number, input: ShiftClose, seesAll: boolean): Promise<Shift> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await this.row(tx, scope.orgId, id, true);
      if (row.userId !== scope.userId && !seesAll)
        throw new AppError('forbidden', "Closing another cashier's shift needs 'show financial reports'.");
      if (row.closedAt) throw new AppError('billing.shift_closed', 'This shift is closed already.');
      if (row.version !== input.version)
        throw new AppError('stale_version', 'This shift changed; the current one is attached.', undefined, {
          data: (await this.toShifts(scope.orgId, [row], tx))[0],
        });
      const expected = await this.expected(tx, scope.orgId, row);
      // Every cell expected or counted, a cell left out counting 0.
      const countedByKey = new Map(input.counted.map((c) => [cellKey(c), c.amount]));
      const keys = new Set([...expected.map(cellKey), ...input.counted.map(cellKey)]);
      const counted = sortCells(
        [...keys].map((key) => {
          const [method, currency] = key.split(':') as [PaymentMethod, Currency];
          return { method, currency, amount: countedByKey.get(key) ?? 0 };
        }),
      );
      const diff = differences(expected, counted);
      const note = input.note?.trim() || null;
      if (diff.some((d) => d.amount !== 0) && !note)
        throw fieldError(
          'note',
          'note.required',
          'The count differs from what is expected: say why in a note.',
        );
      const [closed] = await tx
        .update(cashierShifts)
        .set({
          closedAt: now,
          closedBy: scope.userId,
          expected,
          counted,
          note,
          version: sql`${cashierShifts.version} + 1`,
        })
        .where(inOrg(cashierShifts, scope.orgId, eq(cashierShifts.id, id)))
        .returning();
      await recordAudit(tx, scope, {
        action: 'billing.shift_closed',
        entity: 'cashier_shift',
        entityId: id,
        details: { cashierId: row.userId, expected, counted, differences: diff, note },
      });
      return (await this.toShifts(scope.orgId, [closed!], tx))[0]!;
    });
  }
}

/** counted − expected per cell (a cell missing from either counts 0 there). */
export function differences(expected: DrawerCell[], counted: DrawerCell[]): DrawerCell[] {
  const cells = new Map<string, DrawerCell>();
  for (const e of expected) cells.set(cellKey(e), { ...e, amount: -e.amount });
  for (const c of counted) {
    const had = cells.get(cellKey(c));
    cells.set(cellKey(c), { ...c, amount: c.amount + (had?.amount ?? 0) });
  }
  return sortCells([...cells.values()]);
}
