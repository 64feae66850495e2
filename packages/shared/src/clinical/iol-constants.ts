/**
 * Published conversions between IOL constants, for a lens whose record has only an A-constant (or only a pACD).
 * All are the linear regressions of Holladay JT, Prager TC, Chandler TY, Musgrove KH, Lewis JW, Ruiz RS.
 * A three-part system for refining intraocular lens power calculations. J Cataract Refract Surg 1988;14:17–24,
 * as quoted by Haigis (ocusoft.de/serv/ioltxt/hofferqe.htm: "pACD = ACD-const = 0.58357 * A-const - 63.896",
 * the conversion Hoffer recommends for Hoffer Q, personal communication 1998) and coded in the R package
 * enbrown/iol-calculations (R/constants.R: A → pACD 0.58357·A − 63.896, A → SF 0.5663·A − 65.60,
 * pACD → SF 0.9704·pACD − 3.595). They are approximations: an optimised constant of the lens itself is better.
 */

/** Hoffer Q personalised ACD (mm) from the SRK/T A-constant: pACD = 0.58357·A − 63.896. */
export function pacdFromAConstant(aConstant: number): number {
  return 0.58357 * aConstant - 63.896;
}

/** Holladay 1 surgeon factor (mm) from the A-constant: SF = 0.5663·A − 65.60. */
export function surgeonFactorFromAConstant(aConstant: number): number {
  return 0.5663 * aConstant - 65.6;
}

/** Holladay 1 surgeon factor (mm) from the Hoffer Q pACD: SF = 0.9704·pACD − 3.595. */
export function surgeonFactorFromPacd(pACD: number): number {
  return 0.9704 * pACD - 3.595;
}
