import { sphericalEquivalent } from '@basira/shared/clinical/refraction';
import { predictionError } from '@basira/shared/clinical/outcomes';
import {
  astigmatismFromRefraction,
  surgicallyInducedAstigmatism,
  type Astigmatism,
} from '@basira/shared/clinical/sia';
import type { IolFormula } from '@basira/shared/exams/biometry';
import type { OperationDerived } from '@basira/shared/exams/operation';
import { prescribedReading } from '@basira/shared/exams/spectacles';
import {
  OUTCOME_WINDOW_DAYS,
  type OperationOutcome,
  type OutcomeCandidate,
} from '@basira/shared/outcomes/outcomes.schemas';

/**
 * One operation's outcome, worked out in memory from the records already read (pure: the single operation and
 * the audit of hundreds compute it the same way, from one query of the patients' spectacles records).
 */

type Eye = 'right' | 'left';

/** An operation record as this module reads it: its data's few fields, its derived values and its day. */
export interface OperationRow {
  id: number;
  patientId: number;
  queueId: number | null;
  data: {
    operation?: {
      eye?: Eye | null;
      date?: string | null;
      surgeonId?: number | null;
      procedure?: string | null;
    } | null;
    incision?: { site?: string | null } | null;
    lens?: { lensId?: number | null; power?: number | null } | null;
    complications?: { codes?: string[] | null } | null;
  };
  derived: Partial<OperationDerived> | null;
  /** The visit's day (the clinic's calendar), else the record's created day. */
  recordDay: string;
}

interface EyeReading {
  sphere?: number | null;
  cylinder?: number | null;
  axis?: number | null;
  va?: { text?: string | null } | null;
}

/** A spectacles record as this module reads it. */
export interface SpectaclesRow {
  id: number;
  patientId: number;
  data: {
    vision?: Partial<Record<Eye, { unaided?: { text?: string | null } | null } | null>> | null;
    readings?: Array<{ kind?: string | null; isFinal?: boolean | null } & Partial<Record<Eye, EyeReading>>>;
    lens?: { vertexDistance?: number | null } | null;
  };
  recordDay: string;
}

/** The operation's day: the day written in the record, else the day of its visit. */
export const operationDay = (op: OperationRow) => op.data.operation?.date ?? op.recordDay;

const dayNumber = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
export const daysBetween = (from: string, to: string) =>
  Math.round((dayNumber(to) - dayNumber(from)) / 86_400_000);

const inWindow = (daysAfter: number) =>
  daysAfter >= OUTCOME_WINDOW_DAYS.from && daysAfter <= OUTCOME_WINDOW_DAYS.to;

interface Candidate extends OutcomeCandidate {
  vertexDistance: number | null;
}

/** The spectacles records of the operated eye on or after the operation's day, in day order. */
function candidatesOf(op: OperationRow, eye: Eye, spectacles: readonly SpectaclesRow[]): Candidate[] {
  const day = operationDay(op);
  return spectacles
    .flatMap((record): Candidate[] => {
      if (record.patientId !== op.patientId) return [];
      const daysAfter = daysBetween(day, record.recordDay);
      if (daysAfter < 0) return [];
      const reading = prescribedReading(record.data.readings);
      const rx = reading?.[eye];
      if (!reading || rx?.sphere == null) return [];
      return [
        {
          spectaclesId: record.id,
          date: record.recordDay,
          daysAfter,
          inWindow: inWindow(daysAfter),
          sphere: rx.sphere,
          cylinder: rx.cylinder ?? null,
          axis: rx.axis ?? null,
          isFinal: reading.isFinal === true,
          correctedAcuity: rx.va?.text ?? null,
          uncorrectedAcuity: record.data.vision?.[eye]?.unaided?.text ?? null,
          vertexDistance: record.data.lens?.vertexDistance ?? null,
        },
      ];
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.spectaclesId - b.spectaclesId);
}

/**
 * The outcome of `op`: its candidates among `spectacles` (any patient's: the other patients' are skipped), the one
 * the surgeon chose (`choice`, when it is still a candidate), else the earliest final reading in the window.
 */
export function outcomeOf(
  op: OperationRow,
  spectacles: readonly SpectaclesRow[],
  choice: number | undefined,
): OperationOutcome {
  const eye = op.data.operation?.eye ?? null;
  const derived = op.derived ?? {};
  const predicted = derived.predictedRefraction ?? null;
  const all = eye ? candidatesOf(op, eye, spectacles) : [];
  const surgeon = choice === undefined ? undefined : all.find((c) => c.spectaclesId === choice);
  const fallback = all.find((c) => c.inWindow && c.isFinal);
  const picked = surgeon ?? fallback;
  const outcome: OperationOutcome = {
    operationId: op.id,
    patientId: op.patientId,
    eye,
    date: operationDay(op),
    candidates: all.map(({ vertexDistance: _v, ...c }) => c),
    chosen: picked ? { spectaclesId: picked.spectaclesId, by: surgeon ? 'surgeon' : 'default' } : null,
    predictedRefraction: predicted,
    achievedSE: null,
    predictionError: null,
    correctedAcuity: null,
    uncorrectedAcuity: null,
    sia: null,
  };
  if (!picked) return outcome;
  const achieved = { sphere: picked.sphere, cylinder: picked.cylinder };
  outcome.achievedSE = sphericalEquivalent(picked.sphere, picked.cylinder ?? 0);
  outcome.predictionError = predicted === null ? null : predictionError(achieved, predicted);
  outcome.correctedAcuity = picked.correctedAcuity;
  outcome.uncorrectedAcuity = picked.uncorrectedAcuity;
  const pre: Astigmatism | undefined = derived.preoperativeAstigmatism;
  if (pre) {
    const post = astigmatismFromRefraction(
      { sphere: picked.sphere, cylinder: picked.cylinder ?? 0, axis: picked.axis ?? 180 },
      picked.vertexDistance ?? undefined,
    );
    const { magnitude, axis } = surgicallyInducedAstigmatism(pre, post);
    outcome.sia = { magnitude, axis };
  }
  return outcome;
}

/** The formula an operation's prediction used (null when none). */
export const formulaOf = (op: OperationRow): IolFormula | null => op.derived?.formula ?? null;
