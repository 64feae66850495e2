import { predictedRefraction, type IolBiometry, type IolFormula } from './iol-formula.ts';
import { sphericalEquivalent } from './refraction.ts';
import { mean, median, sampleSd } from './statistics.ts';
import { parseVisualAcuity } from './visual-acuity.ts';

/**
 * The refractive and visual outcome of cataract operations (docs/outcomes.md §1–§2): the prediction error of one
 * eye and the audit figures of a set of operations.
 */

/**
 * Benchmarks of the share of eyes within a prediction error: 55 % within ±0.50 D and 85 % within ±1.00 D (Gale RP,
 * Saldana M, Johnston RL, Zuberbuhler B, McKibbin M. Benchmark standards for refractive outcomes after NHS
 * cataract surgery. Eye 2009;23:149–152), and 80 % within ±0.50 D for a good service (Lundström M et al.,
 * Ophthalmology 2011, as issue 55 quotes it).
 */
export const OUTCOME_BENCHMARKS = {
  within050: 0.55,
  within100: 0.85,
  goodWithin050: 0.8,
} as const;

/** The prediction-error limits the audit counts, D. */
export const ERROR_LIMITS = [0.25, 0.5, 1, 2] as const;

/** The complication code of a posterior capsule rupture, the audit's complication rate. */
export const PCR_COMPLICATION = 'posteriorCapsuleRupture';

/** The acuity the visual outcome counts, as written on the chart. */
export const VISUAL_OUTCOME_THRESHOLD = '6/12';

/** Float noise allowed at a limit (an error of exactly 0.50 D is within ±0.50 D). */
const EPSILON = 1e-9;

/** Achieved spherical equivalent − predicted spherical equivalent, D: positive when the eye ended more hyperopic. */
export function predictionError(
  achieved: { sphere: number; cylinder?: number | null },
  predicted: number,
): number {
  return sphericalEquivalent(achieved.sphere, achieved.cylinder ?? 0) - predicted;
}

/** The prediction error of an implanted `power` (D) planned with `formula` and `constant`. */
export function predictionErrorForPower(
  formula: IolFormula,
  biometry: IolBiometry,
  constant: number,
  power: number,
  achieved: { sphere: number; cylinder?: number | null },
): number {
  return predictionError(achieved, predictedRefraction(formula, biometry, constant, power));
}

/**
 * The axial-length bands the audit groups by, the same limits as the formula recommended for them
 * (`recommendedIolFormula` in exams/biometry.ts): short below 22.0 mm, medium 22.0 to 26.0 mm inclusive, long above.
 */
export const AXIAL_LENGTH_BANDS = ['short', 'medium', 'long'] as const;
export type AxialLengthBand = (typeof AXIAL_LENGTH_BANDS)[number];

export function axialLengthBand(axialLength: number): AxialLengthBand | null {
  if (!(axialLength > 0) || !Number.isFinite(axialLength)) return null;
  if (axialLength < 22) return 'short';
  return axialLength <= 26 ? 'medium' : 'long';
}

/** One operation as the audit sees it. */
export interface AuditOperation {
  patientId: string;
  eye: 'right' | 'left';
  /** Date of the operation, ISO (YYYY-MM-DD…), compared as text. */
  date: string;
  /** The prediction error (D) when the operation has an outcome, else null. */
  predictionError: number | null;
  /** Corrected (best) distance acuity after the operation as typed (6/9, 20/40, 0.5, 0.2 logMAR, CF…). */
  correctedAcuity?: string | null;
  /** Uncorrected distance acuity after the operation as typed. */
  uncorrectedAcuity?: string | null;
  /** Complication codes. */
  complications: readonly string[];
  /** Whether this is the patient's first operated eye, when the caller knows it (else worked out from the set). */
  firstEye?: boolean;
}

export interface HistogramBin {
  /** Lower edge, D; −Infinity for the underflow bin. */
  from: number;
  /** Upper edge, D; Infinity for the overflow bin. */
  to: number;
  count: number;
}

export interface AuditStatistics {
  /** Operations counted (after the first-eye choice). */
  operations: number;
  /** Eyes with a prediction error. */
  n: number;
  meanError: number;
  sdError: number;
  meanAbsoluteError: number;
  medianAbsoluteError: number;
  /** Eyes within ±0.25, ±0.50, ±1.00 and ±2.00 D (inclusive): count and share of n. */
  within: Array<{ limit: number; count: number; share: number }>;
  histogram: HistogramBin[];
  /** Operations with a posterior capsule rupture: count and rate per 100 operations. */
  pcr: { count: number; per100: number };
  /** Operations with any complication: count and rate per 100 operations. */
  complications: { count: number; per100: number };
  /** Eyes whose acuity reaches the threshold (6/12) or better, of those with a readable acuity. */
  correctedReaching: { count: number; of: number; share: number };
  uncorrectedReaching: { count: number; of: number; share: number };
}

export interface AuditOptions {
  /** Only the first operated eye of each patient (default false: both eyes). */
  firstEyesOnly?: boolean;
  /** Histogram bin width and range, D (default 0.25 from −2.00 to +2.00). */
  binWidth?: number;
  histogramRange?: number;
  /** The acuity counted as a good visual outcome (default 6/12), in any notation visual-acuity.ts reads. */
  acuityThreshold?: string;
}

/**
 * The first operated eye of each patient: the earliest operation by date, the right eye first on the same day
 * (immediately sequential bilateral surgery). An operation's own `firstEye`, when given, wins.
 */
export function firstEyes<T extends AuditOperation>(operations: readonly T[]): T[] {
  const first = new Map<string, T>();
  for (const op of operations) {
    const held = first.get(op.patientId);
    if (!held || op.date < held.date || (op.date === held.date && op.eye === 'right' && held.eye === 'left'))
      first.set(op.patientId, op);
  }
  const chosen = new Set(first.values());
  return operations.filter((op) => op.firstEye ?? chosen.has(op));
}

/**
 * Histogram of errors: bins of `width` from −range to +range, each [from, to) except the last [from, to],
 * then an underflow bin (< −range) first and an overflow bin (> +range) last.
 */
export function errorHistogram(errors: readonly number[], width = 0.25, range = 2): HistogramBin[] {
  if (!(width > 0) || !(range > 0)) throw new RangeError('bin width and range must be positive');
  const count = Math.round((2 * range) / width);
  const bins: HistogramBin[] = [
    { from: -Infinity, to: -range, count: 0 },
    ...Array.from({ length: count }, (_, i) => ({
      from: -range + i * width,
      to: i === count - 1 ? range : -range + (i + 1) * width,
      count: 0,
    })),
    { from: range, to: Infinity, count: 0 },
  ];
  for (const e of errors) {
    if (e < -range - EPSILON) bins[0]!.count++;
    else if (e > range + EPSILON) bins[count + 1]!.count++;
    else bins[1 + Math.min(count - 1, Math.max(0, Math.floor((e + range) / width + EPSILON)))]!.count++;
  }
  return bins;
}

function share(count: number, of: number): number {
  return of === 0 ? Number.NaN : count / of;
}

function reaching(acuities: readonly (string | null | undefined)[], thresholdLogMAR: number) {
  const read = acuities.flatMap((text) => {
    const va = text ? parseVisualAcuity(text) : null;
    return va ? [va.logMAR] : [];
  });
  // chart labels are rounded values of the 0.1 log series (6/12 is 0.301, "0.3 logMAR"): 0.01 logMAR tolerance
  const count = read.filter((logMAR) => logMAR <= thresholdLogMAR + 0.01).length;
  return { count, of: read.length, share: share(count, read.length) };
}

/** The audit figures of a set of operations (docs/outcomes.md §2). Empty sets give counts of 0 and NaN figures. */
export function auditStatistics(
  operations: readonly AuditOperation[],
  options: AuditOptions = {},
): AuditStatistics {
  const counted = options.firstEyesOnly ? firstEyes(operations) : [...operations];
  const errors = counted.flatMap((op) =>
    op.predictionError !== null && Number.isFinite(op.predictionError) ? [op.predictionError] : [],
  );
  const absolute = errors.map(Math.abs);
  const n = errors.length;
  const threshold = parseVisualAcuity(options.acuityThreshold ?? VISUAL_OUTCOME_THRESHOLD);
  if (!threshold) throw new RangeError(`not an acuity: ${options.acuityThreshold}`);
  const pcr = counted.filter((op) => op.complications.includes(PCR_COMPLICATION)).length;
  const anyComplication = counted.filter((op) => op.complications.length > 0).length;
  const per100 = (c: number) => (counted.length === 0 ? Number.NaN : (100 * c) / counted.length);
  return {
    operations: counted.length,
    n,
    meanError: mean(errors),
    sdError: sampleSd(errors),
    meanAbsoluteError: mean(absolute),
    medianAbsoluteError: median(absolute),
    within: ERROR_LIMITS.map((limit) => {
      const count = absolute.filter((a) => a <= limit + EPSILON).length;
      return { limit, count, share: share(count, n) };
    }),
    histogram: errorHistogram(errors, options.binWidth, options.histogramRange),
    pcr: { count: pcr, per100: per100(pcr) },
    complications: { count: anyComplication, per100: per100(anyComplication) },
    correctedReaching: reaching(
      counted.map((op) => op.correctedAcuity),
      threshold.logMAR,
    ),
    uncorrectedReaching: reaching(
      counted.map((op) => op.uncorrectedAcuity),
      threshold.logMAR,
    ),
  };
}
