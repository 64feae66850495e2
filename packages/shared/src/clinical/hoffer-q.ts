import {
  iolLensOptions,
  type IolFormulaResult,
  type IolLensOption,
  type IolLensOptionsSettings,
} from './lens-options.ts';

/**
 * Hoffer Q IOL power formula: Hoffer KJ. The Hoffer Q formula: a comparison of theoretic and regression formulas.
 * J Cataract Refract Surg 1993;19:700–712; errata 1994;20:677 and 2007;33:2–3. Equations as printed in the Tomey
 * UD-800 / UD-8000 / AL-100 operator manuals §4.1 "Hoffer Q formula" (easymanua.ls/tomey/ud-8000/manual?p=313,
 * …/ud-800/manual?p=129, …/al-100/manual?p=111), which carry the corrected formula:
 *
 *   ACD = pACD + 0.3·(L − 23.5) + (tan K)² + 0.1·M·(23.5 − L)²·tan(0.1·(G − L)²) − 0.99166
 *   L ≤ 23.0 → M = +1, G = 28;  L > 23.0 → M = −1, G = 23.5;  L > 31 → L = 31;  L < 18.5 → L = 18.5
 *   P  = 1336 / (AL − ACD − 0.05) − 1.336 / (1.336 / (K + R) − (ACD + 0.05) / 1000),  R = Rx / (1 − 0.012·Rx)
 *   Rx = Rc / (1 + 0.012·Rc),  Rc = 1.336 / (1.336 / (1336 / (AL − ACD − 0.05) − P) + (ACD + 0.05) / 1000) − K
 *
 * Decisions: the tangents take degrees (tan K is the tangent of K degrees); M and G follow the measured axial
 * length, and the 18.5 / 31 mm clamp applies only to the ACD prediction, the optics using the measured length, as
 * coded in the R package enbrown/iol-calculations (R/Hoffer.Q.R) and in a public JavaScript calculator
 * (HofferQiol / HoffQ, "revised 9/24/02"); the check values for 12 and 36 mm eyes in enbrown's tests.csv confirm
 * it. K is the mean keratometry at the 1.3375 index, used as the corneal power directly; vertex 12 mm; every
 * result unrounded. Inputs outside the domain (not finite, axial length or K not positive) give NaN.
 */

export interface HofferQInput {
  /** Axial length, mm. */
  axialLength: number;
  /** Mean keratometry (K1 + K2) / 2, dioptres at the 1.3375 index. */
  meanK: number;
  /** Personalised ACD constant, mm (see pacdFromAConstant in iol-constants.ts when only A is known). */
  pACD: number;
}

export interface HofferQIntermediates {
  /** The axial length used for the ACD prediction: the measured one clamped to 18.5–31 mm. */
  clampedAxialLength: number;
  /** +1 for an axial length up to 23.0 mm, −1 above. */
  m: number;
  /** 28 for an axial length up to 23.0 mm, 23.5 above. */
  g: number;
  /** The predicted post-operative ACD (the ELP), mm. */
  elp: number;
}

/** Spectacle vertex distance, m. */
const V = 0.012;
const NA = 1.336;
/** The corneal principal plane lies 0.05 mm behind the vertex. */
const PRINCIPAL = 0.05;

const DEG = Math.PI / 180;

function inDomain({ axialLength, meanK, pACD }: HofferQInput): boolean {
  return axialLength > 0 && meanK > 0 && Number.isFinite(axialLength + meanK + pACD);
}

export function hofferQIntermediates(input: HofferQInput): HofferQIntermediates {
  if (!inDomain(input))
    return { clampedAxialLength: Number.NaN, m: Number.NaN, g: Number.NaN, elp: Number.NaN };
  const short = input.axialLength <= 23;
  const m = short ? 1 : -1;
  const g = short ? 28 : 23.5;
  const L = Math.min(31, Math.max(18.5, input.axialLength));
  const tanK = Math.tan(input.meanK * DEG);
  const elp =
    input.pACD +
    0.3 * (L - 23.5) +
    tanK * tanK +
    0.1 * m * (23.5 - L) ** 2 * Math.tan(0.1 * (g - L) ** 2 * DEG) -
    0.99166;
  return { clampedAxialLength: L, m, g, elp };
}

/** The IOL power (D) that leaves the target spectacle refraction `targetRefraction` (D). */
export function hofferQPowerForTarget(input: HofferQInput, targetRefraction: number): number {
  const { elp: C } = hofferQIntermediates(input);
  const R = targetRefraction / (1 - V * targetRefraction);
  return 1336 / (input.axialLength - C - PRINCIPAL) - NA / (NA / (input.meanK + R) - (C + PRINCIPAL) / 1000);
}

/** The IOL power (D) for emmetropia. */
export function hofferQEmmetropicPower(input: HofferQInput): number {
  return hofferQPowerForTarget(input, 0);
}

/** The spectacle refraction (D) an IOL of `iolPower` (D) is predicted to leave. */
export function hofferQPredictedRefraction(input: HofferQInput, iolPower: number): number {
  const { elp: C } = hofferQIntermediates(input);
  const corneal =
    NA / (NA / (1336 / (input.axialLength - C - PRINCIPAL) - iolPower) + (C + PRINCIPAL) / 1000) -
    input.meanK;
  return corneal / (1 + V * corneal);
}

/** The 0.5 D powers around the power for target with their predicted refraction (rule of `iolLensOptions`). */
export function hofferQLensOptions(
  input: HofferQInput,
  targetRefraction: number,
  settings: IolLensOptionsSettings = {},
): IolLensOption[] {
  return iolLensOptions(
    hofferQPowerForTarget(input, targetRefraction),
    (power) => hofferQPredictedRefraction(input, power),
    settings,
  );
}

/** Emmetropic power, power for target and the nearby lens options, all unrounded. */
export function hofferQ(input: HofferQInput, targetRefraction = 0): IolFormulaResult {
  return {
    emmetropicPower: hofferQEmmetropicPower(input),
    powerForTarget: hofferQPowerForTarget(input, targetRefraction),
    options: hofferQLensOptions(input, targetRefraction),
  };
}
