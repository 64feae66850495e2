import { createHash } from 'node:crypto';
import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PaymentCreate, PaymentMethod, Receipt } from '@basira/shared/money/billing.schemas';
import type { Currency } from '@basira/shared/money/money';
import { localDay } from '@basira/shared/dates/calendar';
import type { Db } from '../../db/client.ts';
import { billingEntries, charges, patients, receipts } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { statementName } from '../../lib/prepared.ts';
import { inOrg, sameOrg } from '../../lib/tenant.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit, writeAudited } from '../audit/audit.service.ts';
import { findLivePatient } from '../patients/patients.service.ts';
import { openShiftOf, refOf, staleCharge, userNames } from './billing-common.ts';
import { receiptNumber } from './billing-charges.service.ts';

type ReceiptRow = typeof receipts.$inferSelect;

/** The payment as a fixed text: the same payment sent again hashes the same whatever its keys' order. */
export function requestHash(input: PaymentCreate): string {
  const canonical = JSON.stringify([
    input.patientId,
    input.method,
    input.wallet,
    input.currency,
    input.lines.map((l) => [l.chargeId, l.version, l.amount]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Payments (one receipt each) and receipts. */
export class BillingPaymentsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A receipt as printed: its lines are its payment entries with the charges' names. */
  async receipt(orgId: number, id: number, db: Db = this.db): Promise<Receipt> {
    const [row] = await db
      .select({ receipt: receipts, name: patients.name, fileNumber: patients.fileNumber })
      .from(receipts)
      .innerJoin(patients, eq(patients.id, receipts.patientId))
      .where(inOrg(receipts, orgId, eq(receipts.id, id)));
    if (!row) throw notFound('Receipt');
    return this.toReceipt(orgId, row.receipt, { name: row.name, fileNumber: row.fileNumber }, db);
  }

  private async toReceipt(
    orgId: number,
    r: ReceiptRow,
    patient: { name: string; fileNumber: number },
    db: Db,
  ): Promise<Receipt> {
    const lines = await db
      .select({ entry: billingEntries, code: charges.code, nameAr: charges.nameAr, nameEn: charges.nameEn })
      .from(billingEntries)
      .innerJoin(charges, eq(charges.id, billingEntries.chargeId))
      .where(
        inOrg(billingEntries, orgId, eq(billingEntries.receiptId, r.id), eq(billingEntries.kind, 'payment')),
      )
      .orderBy(asc(billingEntries.id));
    const names = await userNames(db, orgId, [r.createdBy, ...lines.map((l) => l.entry.doctorId)]);
    return {
      id: r.id,
      number: receiptNumber(r.year, r.sequence),
      year: r.year,
      sequence: r.sequence,
      patient: { id: r.patientId, name: patient.name, fileNumber: patient.fileNumber },
      method: r.method as PaymentMethod,
      wallet: r.wallet,
      currency: r.currency as Currency,
      total: r.total,
      lines: lines.map((l) => ({
        chargeId: l.entry.chargeId,
        code: l.code,
        nameAr: l.nameAr,
        nameEn: l.nameEn,
        doctor: refOf(names, l.entry.doctorId),
        amount: l.entry.amount,
        balanceAfter: l.entry.balanceAfter ?? 0,
      })),
      balanceAfter: r.balanceAfter,
      cashier: refOf(names, r.createdBy)!,
      shiftId: r.shiftId,
      printCount: r.printCount,
      createdAt: r.createdAt.toISOString(),
    };
  }

  /** `GET /receipts/{id}`: a read of the patient's data, audited. */
  async view(scope: RequestContext, id: number): Promise<Receipt> {
    const receipt = await this.receipt(scope.orgId, id);
    await recordAudit(this.db, scope, {
      action: 'billing.receipt_viewed',
      entity: 'receipt',
      entityId: id,
      patientId: receipt.patient.id,
    });
    return receipt;
  }

  /** The receipt an idempotency key already made: the same answer, or 422 when the key came with another payment. */
  private async replay(orgId: number, key: string, hash: string): Promise<Receipt | null> {
    const [row] = await this.db
      .select({ id: receipts.id, requestHash: receipts.requestHash })
      .from(receipts)
      .where(inOrg(receipts, orgId, eq(receipts.idempotencyKey, key)));
    if (!row) return null;
    if (row.requestHash !== hash)
      throw new AppError(
        'billing.idempotency_mismatch',
        'This payment key was already used for a different payment.',
      );
    return this.receipt(orgId, row.id);
  }

  /**
   * One payment, one receipt, in one transaction: the caller's open shift, each charge locked and checked (its
   * version, currency, balance), then one statement that takes the year's receipt number, writes the receipt, its
   * entries, the charges' new balances and the audit row; the number's counter row is locked from that statement
   * to the commit only. A retry with the same key answers the receipt it made.
   */
  async pay(scope: RequestContext, key: string, input: PaymentCreate): Promise<Receipt> {
    const hash = requestHash(input);
    const prior = await this.replay(scope.orgId, key, hash);
    if (prior) return prior;
    const now = this.clock.now();
    const day = localDay(now, scope.timeZone);
    const year = Number(day.slice(0, 4));
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const shift = await openShiftOf(tx, scope.orgId, scope.userId!);
        await findLivePatient(tx, scope.orgId, input.patientId);
        const ids = input.lines.map((l) => l.chargeId);
        // Locked in id order, so two payments over the same charges queue rather than deadlock.
        const rows = await tx
          .select()
          .from(charges)
          .where(
            inOrg(charges, scope.orgId, inArray(charges.id, ids), eq(charges.patientId, input.patientId)),
          )
          .orderBy(asc(charges.id))
          .for('update');
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const [i, line] of input.lines.entries()) {
          const charge = byId.get(line.chargeId);
          if (!charge) throw notFound('Charge');
          if (charge.voided)
            throw new AppError('billing.charge_voided', 'This charge was voided; it takes nothing more.');
          if (charge.version !== line.version) throw await staleCharge(tx, scope.orgId, charge.id);
          if (charge.currency !== input.currency) throw fieldError(`lines.${i}.chargeId`, 'lines.currency');
          if (line.amount > charge.balance) throw fieldError(`lines.${i}.amount`, 'amount.over_balance');
        }
        const [owed] = await tx
          .select({ amount: sql<string>`coalesce(sum(${charges.balance}), 0)` })
          .from(charges)
          .where(
            inOrg(
              charges,
              scope.orgId,
              eq(charges.patientId, input.patientId),
              eq(charges.currency, input.currency),
              gt(charges.balance, 0),
              eq(charges.voided, false),
            ),
          );
        const total = input.lines.reduce((sum, l) => sum + l.amount, 0);
        const [receipt] = await writeAudited(
          tx,
          receipts,
          {
            name: statementName('billing_payment'),
            write: (value) => sql`
              INSERT INTO ${receipts} (org_id, year, sequence, patient_id, method, wallet, currency, total, balance_after,
                                       shift_id, idempotency_key, request_hash, day, created_by, created_at)
              VALUES (${value('orgId')}::int, ${value('year')}::smallint, (SELECT value FROM counter),
                      ${value('patientId')}::int, ${value('method')}::text, ${value('wallet')}::text,
                      ${value('currency')}::text, ${value('total')}::bigint, ${value('balanceAfter')}::bigint,
                      ${value('shiftId')}::int, ${value('key')}::text, ${value('hash')}::text, ${value('day')}::date,
                      ${value('userId')}::int, ${value('now')}::timestamptz)
              RETURNING *`,
            alsoWrite: (value) => [
              sql`
              INSERT INTO ${billingEntries} (org_id, charge_id, patient_id, kind, amount, currency, due_delta, drawer_delta,
                                             method, wallet, receipt_id, balance_after, shift_id, service_id, doctor_id,
                                             day, created_by, created_at)
              SELECT w.org_id, c.id, c.patient_id, 'payment', l.amount, w.currency, -l.amount, l.amount, w.method,
                     w.wallet, w.id, c.balance - l.amount, w.shift_id, c.service_id, c.doctor_id, w.day,
                     w.created_by, w.created_at
              FROM w
              CROSS JOIN unnest(${value('chargeIds')}::int[], ${value('amounts')}::bigint[]) WITH ORDINALITY
                AS l(charge_id, amount, n)
              JOIN ${charges} c ON c.id = l.charge_id AND ${sameOrg('c', sql`w.org_id`)}
              ORDER BY l.n`,
              sql`
              UPDATE ${charges} c SET balance = c.balance - l.amount, version = c.version + 1
              FROM w, unnest(${value('chargeIds')}::int[], ${value('amounts')}::bigint[]) AS l(charge_id, amount)
              WHERE c.id = l.charge_id AND ${sameOrg('c', sql`w.org_id`)}`,
            ],
            values: {
              orgId: scope.orgId,
              year,
              patientId: input.patientId,
              method: input.method,
              wallet: input.wallet,
              currency: input.currency,
              total,
              balanceAfter: Number(owed?.amount ?? 0) - total,
              shiftId: shift.id,
              key,
              hash,
              day,
              userId: scope.userId,
              now: now.toISOString(),
              chargeIds: input.lines.map((l) => l.chargeId),
              amounts: input.lines.map((l) => l.amount),
            },
            counter: `receipt:${year}`,
          },
          scope,
          {
            action: 'billing.paid',
            entity: 'receipt',
            details: { method: input.method, currency: input.currency, total, lines: input.lines },
            at: now,
          },
        );
        return receipt!.id;
      });
    } catch (error) {
      // The same key sent twice at once: the second waited on the first's locks and then failed (a stale version,
      // the key's unique index); the first's receipt is its answer.
      const winner = await this.replay(scope.orgId, key, hash);
      if (winner) return winner;
      throw error;
    }
    return this.receipt(scope.orgId, id);
  }

  /** Counts a print: the first is the original, every later one a copy. */
  async print(scope: RequestContext, id: number): Promise<Receipt & { copy: boolean }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(receipts)
        .set({ printCount: sql`${receipts.printCount} + 1` })
        .where(inOrg(receipts, scope.orgId, eq(receipts.id, id)))
        .returning({ printCount: receipts.printCount, patientId: receipts.patientId });
      if (!row) throw notFound('Receipt');
      const before = row.printCount - 1;
      await recordAudit(tx, scope, {
        action: 'billing.receipt_printed',
        entity: 'receipt',
        entityId: id,
        patientId: row.patientId,
        details: { copy: before > 0, printCount: row.printCount },
      });
      const receipt = await this.receipt(scope.orgId, id, tx);
      return { ...receipt, printCount: before, copy: before > 0 };
    });
  }
}
