import {
  IOL_CONSTANT_BOUNDS,
  predictedRefraction,
  type IolBiometry,
  type IolFormula,
} from './iol-formula.ts';
import { mean, sampleSd, tCritical } from './statistics.ts';

/**
 * Lens constants learned from the clinic's outcomes (docs/outcomes.md §3): for each eye, the constant with which
 * the formula would have predicted exactly the achieved spherical equivalent for the implanted power (solved by
 * bisection on the formula's own refraction-for-power, iol-formula.ts). The optimised constant is the one that makes
 * the mean prediction error of those eyes zero; the mean of the per-eye constants, the biometers' shortcut, misses
 * that when the eyes' lenses differ (docs/outcomes.md §3).
 */

/** The fewest eyes (first eyes with an outcome) a constant is optimised from by default. */
export const MIN_EYES_FOR_OPTIMISATION = 20;

export type BackCalculation =
  | { ok: true; constant: number }
  /** invalidInput: a measurement or power is missing or not finite; noSolution: no constant within the bounds. */
  | { ok: false; reason: 'invalidInput' | 'noSolution' };

/** One operated eye: its biometry, the implanted power (D) and the achieved spherical equivalent (D). */
export interface OptimisationEye {
  biometry: IolBiometry;
  power: number;
  achievedSE: number;
}

/**
 * The constant of `formula` that makes its predicted refraction for `power` equal `achievedSE`, within
 * `bounds` (IOL_CONSTANT_BOUNDS by default), to 1e-9, by bisection. The refraction moves one way with each
 * constant (a deeper lens position weakens the lens: more hyperopic with a plus lens, more myopic with a minus
 * lens), so one sign change between the bounds is all that is relied on; a lens near 0 D hardly depends on its
 * position, so its constant is often not found (noSolution).
 */
export function backCalculateConstant(
  formula: IolFormula,
  eye: OptimisationEye,
  bounds: { min: number; max: number } = IOL_CONSTANT_BOUNDS[formula],
): BackCalculation {
  const { biometry, power, achievedSE } = eye;
  if (
    ![biometry.axialLength, biometry.meanK, power, achievedSE].every(Number.isFinite) ||
    !(biometry.axialLength > 0 && biometry.meanK > 0)
  )
    return { ok: false, reason: 'invalidInput' };
  const miss = (constant: number) => predictedRefraction(formula, biometry, constant, power) - achievedSE;
  let lo = bounds.min;
  let hi = bounds.max;
  let missLo = miss(lo);
  const missHi = miss(hi);
  if (!Number.isFinite(missLo) || !Number.isFinite(missHi)) return { ok: false, reason: 'noSolution' };
  if (missLo === 0) return { ok: true, constant: lo };
  if (missHi === 0) return { ok: true, constant: hi };
  if (Math.sign(missLo) === Math.sign(missHi)) return { ok: false, reason: 'noSolution' };
  for (let i = 0; i < 200 && hi - lo > 1e-9; i++) {
    const mid = (lo + hi) / 2;
    const missMid = miss(mid);
    if (!Number.isFinite(missMid)) return { ok: false, reason: 'noSolution' };
    if (Math.sign(missMid) === Math.sign(missLo)) {
      lo = mid;
      missLo = missMid;
    } else hi = mid;
  }
  return { ok: true, constant: (lo + hi) / 2 };
}

export interface ConstantOptimisation {
  ok: true;
  formula: IolFormula;
  /** The constant that makes the mean prediction error of these eyes zero: the optimised constant. */
  constant: number;
  /** Eyes used (with a back-calculated constant). */
  n: number;
  /** Eyes given but left out: no constant within the bounds, or a measurement missing. */
  excluded: number;
  /** Sample SD of the back-calculated constants. */
  sd: number;
  /**
   * 95 % confidence interval, by the delta method: constant ± t(0.975, n − 1) · SD(errors)/√n / |d mean error / d
   * constant|, the errors' scatter at the optimised constant turned into the constant's.
   */
  confidenceInterval: [number, number];
  current: number;
  /** Mean prediction error (achieved − predicted SE, D) on these eyes with the current and with the optimised constant. */
  meanErrorBefore: number;
  meanErrorAfter: number;
  /** Mean absolute prediction error (D) on these eyes with the current and with the optimised constant. */
  meanAbsoluteErrorBefore: number;
  meanAbsoluteErrorAfter: number;
}

export type ConstantOptimisationResult =
  | ConstantOptimisation
  | { ok: false; reason: 'tooFewEyes'; n: number; minimumEyes: number; excluded: number };

/**
 * The constant between `lo` and `hi` at which the mean error is zero, by bisection. Each eye's error is zero at its
 * own back-calculated constant and moves one way through it, so between the least and the greatest of them the
 * mean error changes sign when the eyes' lenses all move the same way with the constant (plus lenses: all but
 * the rarest eyes); when it does not bracket a root (plus and minus lenses mixed) the caller falls back.
 */
function zeroOfMeanError(meanError: (k: number) => number, lo: number, hi: number): number | undefined {
  let errorLo = meanError(lo);
  const errorHi = meanError(hi);
  if (errorLo === 0) return lo;
  if (errorHi === 0) return hi;
  if (!Number.isFinite(errorLo) || !Number.isFinite(errorHi) || Math.sign(errorLo) === Math.sign(errorHi))
    return undefined;
  for (let i = 0; i < 200 && hi - lo > 1e-10; i++) {
    const mid = (lo + hi) / 2;
    const errorMid = meanError(mid);
    if (Math.sign(errorMid) === Math.sign(errorLo)) {
      lo = mid;
      errorLo = errorMid;
    } else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The optimised constant of `formula` from `eyes` (first eyes with an outcome, of one lens model), against the
 * `current` constant. Refused (`tooFewEyes`) when fewer than `minimumEyes` eyes have a back-calculated constant.
 */
export function optimiseConstant(
  formula: IolFormula,
  eyes: readonly OptimisationEye[],
  current: number,
  options: { minimumEyes?: number; bounds?: { min: number; max: number }; confidence?: number } = {},
): ConstantOptimisationResult {
  const minimumEyes = Math.max(2, options.minimumEyes ?? MIN_EYES_FOR_OPTIMISATION);
  const solved = eyes.flatMap((eye) => {
    const result = backCalculateConstant(formula, eye, options.bounds);
    return result.ok ? [{ eye, constant: result.constant }] : [];
  });
  const excluded = eyes.length - solved.length;
  if (solved.length < minimumEyes)
    return { ok: false, reason: 'tooFewEyes', n: solved.length, minimumEyes, excluded };
  const constants = solved.map((s) => s.constant);
  const errors = (k: number) =>
    solved.map(({ eye }) => eye.achievedSE - predictedRefraction(formula, eye.biometry, k, eye.power));
  const meanError = (k: number) => mean(errors(k));
  const constant =
    zeroOfMeanError(meanError, Math.min(...constants), Math.max(...constants)) ?? mean(constants);
  const sd = sampleSd(constants);
  // The interval by the delta method: the mean error's standard error, over how fast it moves with the constant.
  const step = (Math.max(...constants) - Math.min(...constants)) * 1e-4 || 1e-4;
  const slope = (meanError(constant + step) - meanError(constant - step)) / (2 * step);
  const half =
    (tCritical(constants.length - 1, options.confidence ?? 0.95) * sampleSd(errors(constant))) /
    Math.sqrt(constants.length) /
    Math.abs(slope);
  const before = errors(current);
  const after = errors(constant);
  return {
    ok: true,
    formula,
    constant,
    n: constants.length,
    excluded,
    sd,
    confidenceInterval: [constant - half, constant + half],
    current,
    meanErrorBefore: mean(before),
    meanErrorAfter: mean(after),
    meanAbsoluteErrorBefore: mean(before.map(Math.abs)),
    meanAbsoluteErrorAfter: mean(after.map(Math.abs)),
  };
}
