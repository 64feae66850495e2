import type { IolFormula } from '../exams/biometry.ts';
import { hofferQPowerForTarget, hofferQPredictedRefraction } from './hoffer-q.ts';
import { holladay1PowerForTarget, holladay1PredictedRefraction } from './holladay1.ts';
import { srktPowerForTarget, srktPredictedRefraction } from './srkt.ts';

/**
 * The three IOL formulas behind one call, by the name the biometry record uses (`IOL_FORMULAS` in
 * exams/biometry.ts), each with the one constant it is personalised by: the SRK/T A-constant, the Hoffer Q pACD
 * (mm) or the Holladay 1 surgeon factor (mm). The outcome audit and the constant optimisation (outcomes.ts,
 * constant-optimisation.ts) use these, so the refraction predicted for an implanted power is the formula module's
 * own (srkt.ts, hoffer-q.ts, holladay1.ts), not a copy.
 */

export type { IolFormula };

/** The measurements a formula needs: axial length (mm) and mean K (D at the 1.3375 index). */
export interface IolBiometry {
  axialLength: number;
  meanK: number;
}

/** The constant each formula is personalised by, as the lens list names it. */
export const IOL_FORMULA_CONSTANT = {
  srkt: 'aConstant',
  hofferQ: 'pACD',
  holladay1: 'surgeonFactor',
} as const satisfies Record<IolFormula, string>;

/**
 * The range a back-calculated constant is searched in (docs/outcomes.md §3): wide enough for every lens in the
 * ULIB tables (A 112–122, pACD 3–7 mm, SF −1 to +3 mm), narrow enough to keep the effective lens position inside a
 * real eye, where each formula's refraction moves one way with its constant (iol-formula.test.ts).
 */
export const IOL_CONSTANT_BOUNDS: Record<IolFormula, { min: number; max: number }> = {
  srkt: { min: 108, max: 126 },
  hofferQ: { min: 1, max: 9 },
  holladay1: { min: -3, max: 5 },
};

/** The spectacle refraction (D) the formula predicts for an IOL of `power` (D) with `constant`; unrounded. */
export function predictedRefraction(
  formula: IolFormula,
  biometry: IolBiometry,
  constant: number,
  power: number,
): number {
  const { axialLength, meanK } = biometry;
  switch (formula) {
    case 'srkt':
      return srktPredictedRefraction({ axialLength, meanK, aConstant: constant }, power);
    case 'hofferQ':
      return hofferQPredictedRefraction({ axialLength, meanK, pACD: constant }, power);
    case 'holladay1':
      return holladay1PredictedRefraction({ axialLength, meanK, surgeonFactor: constant }, power);
  }
}

/** The IOL power (D) the formula gives for the target spectacle refraction `target` (D) with `constant`. */
export function powerForTarget(
  formula: IolFormula,
  biometry: IolBiometry,
  constant: number,
  target: number,
): number {
  const { axialLength, meanK } = biometry;
  switch (formula) {
    case 'srkt':
      return srktPowerForTarget({ axialLength, meanK, aConstant: constant }, target);
    case 'hofferQ':
      return hofferQPowerForTarget({ axialLength, meanK, pACD: constant }, target);
    case 'holladay1':
      return holladay1PowerForTarget({ axialLength, meanK, surgeonFactor: constant }, target);
  }
}
