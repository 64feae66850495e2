import { and, eq, gt, sql } from 'drizzle-orm';
import { doseOfText, MEDICATION_FORMS, type MedicationForm } from '@basira/shared/exams/medication-schedule';
import type { Db } from '../../db/client.ts';
import { examRecords, organizations } from '../../db/schema.ts';
import { inOrg } from '../../lib/tenant.ts';

/**
 * Older consultations hold each medicine's dose as the doctor typed it ("1 drop", "2", "١ حبة",
 * "half a tablet", "1 cm"); now a dose is a number (`dose`) of a unit (`doseUnit`). This upgrade, run at start,
 * reads each such dose with the schedule's own parser (`doseOfText`). A dose it cannot read as one number of a
 * unit within that unit's range ("1-2", "a thin film", "11 drops") is moved, as typed, to the start of the
 * medicine's instructions (never lost: the schedule prints them as typed) and the dose left empty. `derived` keeps
 * the schedule as it was printed; the version is not bumped (the record says what it said).
 *
 * It runs until it has once finished (`runOnce`, `data_upgrades`): a clinic's 300,000 consultations take seconds to
 * scan, and no record can hold a text dose after it, since the consultation's schema refuses one. A start that stops
 * half-way marks nothing, and the next start reads the rest again (an upgraded record is never read twice: it no
 * longer matches).
 */

/** Records whose medications hold a dose as text: the only ones read. */
const TEXT_DOSE = '$.medications[*].dose ? (@.type() == "string")';
/** Records read and rewritten per transaction. */
const PAGE = 500;

/** A medication of the record's JSON (unknown keys kept as they are). */
type StoredMedication = Record<string, unknown>;

/** The medicine with its text dose as a number and unit, or moved to its instructions; others unchanged. */
export function upgradedMedication(med: StoredMedication): StoredMedication {
  if (typeof med.dose !== 'string') return med;
  const typed = med.dose.trim();
  const form = MEDICATION_FORMS.find((f): f is MedicationForm => f === med.form) ?? null;
  const read = doseOfText(typed, form);
  if (read !== null)
    return read.dose === null ? { ...med, dose: null } : { ...med, dose: read.dose, doseUnit: read.doseUnit };
  const instructions = typeof med.instructions === 'string' ? med.instructions.trim() : '';
  return { ...med, dose: null, instructions: instructions === '' ? typed : `${typed}; ${instructions}` };
}

/**
 * Rewrites one organization's consultations that hold text doses; answers how many records it rewrote and how many
 * doses it moved to the instructions. Safe to run again: a rewritten record no longer matches.
 */
export async function upgradeOrganizationDoses(
  db: Db,
  orgId: number,
): Promise<{ records: number; movedToInstructions: number }> {
  let records = 0;
  let movedToInstructions = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: examRecords.id, data: examRecords.data })
      .from(examRecords)
      .where(
        inOrg(
          examRecords,
          orgId,
          and(
            eq(examRecords.type, 'consultation'),
            gt(examRecords.id, after),
            sql`jsonb_path_exists(${examRecords.data}, ${TEXT_DOSE}::jsonpath)`,
          ),
        ),
      )
      .orderBy(examRecords.id)
      .limit(PAGE);
    if (rows.length === 0) break;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const data = row.data as { medications?: unknown };
        if (!Array.isArray(data.medications)) continue;
        const medications = (data.medications as StoredMedication[]).map(upgradedMedication);
        movedToInstructions += medications.filter(
          (med, i) => med.instructions !== (data.medications as StoredMedication[])[i]!.instructions,
        ).length;
        // eslint-disable-next-line no-restricted-syntax -- a data migration (text doses become numbers), not an edit
        await tx
          .update(examRecords)
          .set({ data: { ...data, medications } })
          .where(inOrg(examRecords, orgId, eq(examRecords.id, row.id)));
        records++;
      }
    });
    after = rows.at(-1)!.id;
  }
  return { records, movedToInstructions };
}

/** Every organization's consultations with text doses, rewritten (run once, at start: `runOnce`). */
export async function upgradeStoredDoses(db: Db): Promise<void> {
  const all = await db.select({ id: organizations.id }).from(organizations);
  for (const org of all) await upgradeOrganizationDoses(db, org.id);
}
