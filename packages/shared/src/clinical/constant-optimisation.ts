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
 * bisection on the formula's own refraction-for-power, iol-formula.ts); the optimised constant is the mean over
 * the eyes, as the biometers and Hoffer's and Holladay's back-calculations do.
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
  /** The mean of the back-calculated constants: the optimised constant. */
  constant: number;
  /** Eyes used (with a back-calculated constant). */
  n: number;
  /** Eyes given but left out: no constant within the bounds, or a measurement missing. */
  excluded: number;
  /** Sample SD of the back-calculated constants. */
  sd: number;
  /** 95 % confidence interval of the mean: constant ± t(0.975, n − 1)·SD/√n. */
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
  const constant = mean(constants);
  const sd = sampleSd(constants);
  const half =
    (tCritical(constants.length - 1, options.confidence ?? 0.95) * sd) / Math.sqrt(constants.length);
  const errors = (k: number) =>
    solved.map(({ eye }) => eye.achievedSE - predictedRefraction(formula, eye.biometry, k, eye.power));
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
