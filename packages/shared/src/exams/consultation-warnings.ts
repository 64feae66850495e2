import { needsReason } from '../prescribing/prescription-check.ts';

/** What the row logic reads of a stored warning (prescribing.schemas.ts `prescriptionWarningSchema`). */
export interface MedicationWarningRef {
  code: string;
  severity?: string | undefined;
  /** The medication a warning is about (an allergy, a condition, an age). */
  medication?: number | undefined;
  /** The medications a warning is about together (two drugs of one class in one eye). */
  medications?: readonly number[] | undefined;
}

/**
 * The one reading of a consultation's warnings per medication, for the server and the form alike: the server
 * asks a reason with it on save (`consultation.derive.confirm`, read by exams.service.ts), the form shows it on
 * the medication's row and holds its save with it (exam-types/consultation.tsx). Before, the form listed a pair's
 * warning on both of its rows while the reason was asked only for a warning naming the row alone (`medication`),
 * in two places written apart. The more complete reading is kept: a medication is held by every contraindication
 * it is part of, a pair's too, since giving either drug of a contraindicated pair is the decision the doctor
 * answers for. (No pair rule is contraindicated today, so no save changes; a future one will not slip through.)
 *
 * `warnings`: those about medication `index`, its own and its pairs', in their order (most severe first).
 * `answers`: the codes of those that hold it until a reason is given (contraindications), empty if none.
 */
export function medicationWarnings<W extends MedicationWarningRef>(
  warnings: readonly W[],
  index: number,
): { warnings: W[]; answers: string[] } {
  const about = warnings.filter((w) => w.medication === index || (w.medications?.includes(index) ?? false));
  return { warnings: about, answers: about.filter(needsReason).map((w) => w.code) };
}
