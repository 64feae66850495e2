import { radiusFromK } from './keratometry.ts';
import {
  iolLensOptions,
  type IolFormulaResult,
  type IolLensOption,
  type IolLensOptionsSettings,
} from './lens-options.ts';

/**
 * Holladay 1 IOL power formula: Holladay JT, Prager TC, Chandler TY, Musgrove KH, Lewis JW, Ruiz RS. A three-part
 * system for refining intraocular lens power calculations. J Cataract Refract Surg 1988;14:17–24 (the formulas of
 * its appendix, p. 24). Closed forms as printed in the Tomey UD-8000 manual §4.1.3 "HOLLADAY formula"
 * (easymanua.ls/tomey/ud-8000/manual?p=311):
 *
 *   r = 337.5 / K;  Alm = L + 0.2 (retinal thickness);  na = 1.336;  nc = 4/3;  V = 12 mm
 *   Rag = r, but 7 mm when r < 7;  AG = 12.5·L / 23.45, at most 13.5
 *   ACD = 0.56 + Rag − √(Rag² − AG²/4)  (anatomic ACD: corneal height + 0.56 mm);  ELP = ACD + SF
 *   P   = 1000·na·(na·r − (nc−1)·Alm − 0.001·REF·(V·(na·r − (nc−1)·Alm) + Alm·r))
 *         / ((Alm − ELP)·(na·r − (nc−1)·ELP − 0.001·REF·(V·(na·r − (nc−1)·ELP) + ELP·r)))
 *   REF = (1000·na·(na·r − (nc−1)·Alm) − P·(Alm − ELP)·(na·r − (nc−1)·ELP))
 *         / (na·(V·(na·r − (nc−1)·Alm) + Alm·r) − 0.001·P·(Alm − ELP)·(V·(na·r − (nc−1)·ELP) + ELP·r))
 *
 * The 7 mm and 13.5 mm limits are those of Holladay's published program as coded in OpenEyes OphInBiometry and
 * in a public JavaScript calculator (HolladayIOL / Holl, "J Cat Refr Surg Jan 1988 p. 24"); with them the
 * radicand is always positive. The clamped radius only places the lens: the optics use r. Every result
 * unrounded. Inputs outside the domain (not finite, axial length or K not positive) give NaN.
 */

export interface Holladay1Input {
  /** Axial length, mm. */
  axialLength: number;
  /** Mean keratometry (K1 + K2) / 2, dioptres at the 1.3375 index. */
  meanK: number;
  /** Surgeon factor, mm (see surgeonFactorFromAConstant in iol-constants.ts when only A is known). */
  surgeonFactor: number;
}

export interface Holladay1Intermediates {
  /** r = 337.5 / K, mm. */
  cornealRadius: number;
  /** Rag: the radius used for the corneal height, at least 7 mm. */
  heightRadius: number;
  /** AG = 12.5·L / 23.45, at most 13.5 mm. */
  anteriorSegment: number;
  /** Corneal height Rag − √(Rag² − AG²/4), mm. */
  cornealHeight: number;
  /** Anatomic ACD = 0.56 + corneal height, mm. */
  anatomicAcd: number;
  /** ELP = anatomic ACD + surgeon factor, mm. */
  elp: number;
  /** Alm = L + 0.2, mm. */
  opticalAxialLength: number;
}

/** Spectacle vertex distance, mm. */
const V = 12;
const NA = 1.336;
/** nc − 1 with nc = 4/3. */
const NCM1 = 1 / 3;
const RETINAL_THICKNESS = 0.2;

function inDomain({ axialLength, meanK, surgeonFactor }: Holladay1Input): boolean {
  return axialLength > 0 && meanK > 0 && Number.isFinite(axialLength + meanK + surgeonFactor);
}

export function holladay1Intermediates(input: Holladay1Input): Holladay1Intermediates {
  const ok = inDomain(input);
  const L = ok ? input.axialLength : Number.NaN;
  const r = radiusFromK(input.meanK);
  const rag = Math.max(7, r);
  const ag = Math.min(13.5, (12.5 * L) / 23.45);
  const cornealHeight = rag - Math.sqrt(rag * rag - (ag * ag) / 4);
  const anatomicAcd = 0.56 + cornealHeight;
  return {
    cornealRadius: ok ? r : Number.NaN,
    heightRadius: ok ? rag : Number.NaN,
    anteriorSegment: ag,
    cornealHeight,
    anatomicAcd,
    elp: anatomicAcd + input.surgeonFactor,
    opticalAxialLength: L + RETINAL_THICKNESS,
  };
}

/** The IOL power (D) that leaves the target spectacle refraction `targetRefraction` (D). */
export function holladay1PowerForTarget(input: Holladay1Input, targetRefraction: number): number {
  const { cornealRadius: r, elp: C, opticalAxialLength: Alm } = holladay1Intermediates(input);
  const REF = targetRefraction;
  const x = NA * r - NCM1 * Alm;
  const y = NA * r - NCM1 * C;
  return (
    (1000 * NA * (x - 0.001 * REF * (V * x + Alm * r))) / ((Alm - C) * (y - 0.001 * REF * (V * y + C * r)))
  );
}

/** The IOL power (D) for emmetropia. */
export function holladay1EmmetropicPower(input: Holladay1Input): number {
  return holladay1PowerForTarget(input, 0);
}

/** The spectacle refraction (D) an IOL of `iolPower` (D) is predicted to leave. */
export function holladay1PredictedRefraction(input: Holladay1Input, iolPower: number): number {
  const { cornealRadius: r, elp: C, opticalAxialLength: Alm } = holladay1Intermediates(input);
  const P = iolPower;
  const x = NA * r - NCM1 * Alm;
  const y = NA * r - NCM1 * C;
  return (
    (1000 * NA * x - P * (Alm - C) * y) / (NA * (V * x + Alm * r) - 0.001 * P * (Alm - C) * (V * y + C * r))
  );
}

/** The 0.5 D powers around the power for target with their predicted refraction (rule of `iolLensOptions`). */
export function holladay1LensOptions(
  input: Holladay1Input,
  targetRefraction: number,
  settings: IolLensOptionsSettings = {},
): IolLensOption[] {
  return iolLensOptions(
    holladay1PowerForTarget(input, targetRefraction),
    (power) => holladay1PredictedRefraction(input, power),
    settings,
  );
}

/** Emmetropic power, power for target and the nearby lens options, all unrounded. */
export function holladay1(input: Holladay1Input, targetRefraction = 0): IolFormulaResult {
  return {
    emmetropicPower: holladay1EmmetropicPower(input),
    powerForTarget: holladay1PowerForTarget(input, targetRefraction),
    options: holladay1LensOptions(input, targetRefraction),
  };
}
