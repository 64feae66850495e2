import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PatientMerge } from '@basira/shared/patients/patients.schemas';
import type { Db } from '../../db/client.ts';
import {
  billingEntries,
  charges,
  examRecords,
  letters,
  patientDocuments,
  patients,
  printLog,
  queueEntries,
  receipts,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../types.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { lastVisitSql } from '../queue/queue-view.ts';
import type { PatientsService } from './patients.service.ts';

/** Optional fields the survivor takes from the merged record when it has none of its own. */
const FILLABLE = [
  'phone2',
  'phone2National',
  'nationalId',
  'address',
  'occupation',
  'referralSource',
  'guardianName',
  'guardianPhone',
  'notes',
] as const;

/**
 * Two records of one person become one: the administrator picks the survivor; the other's visits, documents
 * and exam records move to it, the other is soft-deleted with `merged_into_id` (never restorable), audited.
 */
export class PatientMergeService {
  constructor(
    private readonly db: Db,
    private readonly patientsService: PatientsService,
    private readonly clock: Clock,
  ) {}

  async merge(scope: RequestContext, input: PatientMerge) {
    const result = await this.db.transaction(async (tx) => {
      // Both rows locked in id order, so two merges of the same pair cannot deadlock.
      const rows = await tx
        .select()
        .from(patients)
        .where(inOrg(patients, scope.orgId, inArray(patients.id, [input.survivorId, input.mergedId])))
        .orderBy(asc(patients.id))
        .for('update');
      const survivor = rows.find((r) => r.id === input.survivorId);
      const merged = rows.find((r) => r.id === input.mergedId);
      if (!survivor || !merged) throw notFound('Patient');
      for (const row of [survivor, merged])
        if (row.deletedAt)
          throw new AppError('patient.deleted', `Patient ${row.fileNumber} is deleted; restore it first.`);

      const now = this.clock.now();
      // Re-parenting by a merge changes no content a colleague edits: their open forms stay valid (no version bump).
      // eslint-disable-next-line no-restricted-syntax -- the owner link only, see above
      const visits = await tx
        .update(queueEntries)
        .set({ patientId: survivor.id, updatedAt: now })
        .where(inOrg(queueEntries, scope.orgId, eq(queueEntries.patientId, merged.id)))
        .returning({ id: queueEntries.id });
      const documents = await tx
        .update(patientDocuments)
        .set({ patientId: survivor.id })
        .where(inOrg(patientDocuments, scope.orgId, eq(patientDocuments.patientId, merged.id)))
        .returning({ id: patientDocuments.id });
      // eslint-disable-next-line no-restricted-syntax -- the owner link only, as for the visits
      const exams = await tx
        .update(examRecords)
        .set({ patientId: survivor.id })
        .where(inOrg(examRecords, scope.orgId, eq(examRecords.patientId, merged.id)))
        .returning({ id: examRecords.id });
      // The prints follow their records (the board's prescription history), and the letters their patient.
      await tx
        .update(printLog)
        .set({ patientId: survivor.id })
        .where(inOrg(printLog, scope.orgId, eq(printLog.patientId, merged.id)));
      await tx
        .update(letters)
        .set({ patientId: survivor.id })
        .where(inOrg(letters, scope.orgId, eq(letters.patientId, merged.id)));
      // The money follows the person: the debt and the receipts. Money rows are append-only (migration 0033); this
      // transaction alone may move their owner link (migration 0035, docs/money.md).
      await tx.execute(sql`SELECT set_config('basira.patient_merge', 'on', true)`);
      for (const table of [charges, billingEntries, receipts])
        await tx
          .update(table)
          .set({ patientId: survivor.id })
          .where(inOrg(table, scope.orgId, eq(table.patientId, merged.id)));

      const fill: Partial<typeof patients.$inferInsert> = {};
      for (const key of FILLABLE)
        if (survivor[key] === null && merged[key] !== null) Object.assign(fill, { [key]: merged[key] });
      if (!survivor.phone2 && merged.phone !== survivor.phone) {
        fill.phone2 = merged.phone;
        fill.phone2National = merged.phoneNational;
      }
      const gone = async () => notFound('Patient');
      await updateVersioned(
        tx,
        patients,
        { orgId: scope.orgId, id: survivor.id, expected: undefined },
        {
          ...fill,
          lastQueueAt: lastVisitSql(scope.orgId, survivor.id, now),
          updatedAt: now,
          updatedBy: scope.userId,
        },
        gone,
      );
      await updateVersioned(
        tx,
        patients,
        { orgId: scope.orgId, id: merged.id, expected: undefined },
        { deletedAt: now, deletedBy: scope.userId, mergedIntoId: survivor.id, updatedAt: now },
        gone,
      );
      const moved = { visits: visits.length, documents: documents.length, exams: exams.length };
      await recordAudit(tx, scope, {
        action: 'patient.merged',
        entity: 'patient',
        entityId: survivor.id,
        patientId: survivor.id,
        details: {
          mergedId: merged.id,
          mergedFileNumber: merged.fileNumber,
          survivorFileNumber: survivor.fileNumber,
          moved,
          filled: Object.keys(fill),
        },
      });
      await recordAudit(tx, scope, {
        action: 'patient.merged_away',
        entity: 'patient',
        entityId: merged.id,
        patientId: merged.id,
        details: { survivorId: survivor.id },
      });
      const [fresh] = await tx
        .select()
        .from(patients)
        .where(inOrg(patients, scope.orgId, eq(patients.id, survivor.id)));
      return { survivor: fresh!, moved, mergedId: merged.id };
    });
    await this.patientsService.publish(scope.orgId, result.survivor.id, 'merged');
    await this.patientsService.publish(scope.orgId, result.mergedId, 'merged');
    return { survivor: this.patientsService.view(result.survivor, scope), moved: result.moved };
  }
}
