import { radiusFromK } from './keratometry.ts';
import { roundToStep } from './rounding.ts';

/**
 * SRK/T IOL power formula: Retzlaff JA, Sanders DR, Kraff MC. J Cataract Refract Surg 1990;16:333–340
 * (erratum p. 528), in the closed forms printed in the Tomey UD-800/UD-8000 manuals §4.1. Decisions: corrected
 * axial length coefficient 1.716, no cap on corneal height, every result unrounded.
 */

export interface SrktInput {
  /** Axial length, mm. */
  axialLength: number;
  /** Mean keratometry (K1 + K2) / 2, dioptres at the 1.3375 index. */
  meanK: number;
  aConstant: number;
}

export interface SrktIntermediates {
  /** r = 337.5 / K, mm. */
  cornealRadius: number;
  /** LCOR, mm (the axial length itself up to 24.2 mm). */
  correctedAxialLength: number;
  /** Cw, mm. */
  cornealWidth: number;
  /** H, mm. */
  cornealHeight: number;
  acdConstant: number;
  offset: number;
  /** C = H + Offset, the estimated post-operative ACD, mm. */
  elp: number;
  retinalThickness: number;
  /** LOPT = L + RETHICK, mm. */
  opticalAxialLength: number;
}

/** Vertex distance of the spectacle refraction, mm. */
const V = 12;
/** Refractive index of aqueous and vitreous. */
const NA = 1.336;
/** Corneal refractive index minus one (nc = 1.333). */
const NCM1 = 0.333;

export function srktIntermediates(input: SrktInput): SrktIntermediates {
  const L = input.axialLength;
  const K = input.meanK;
  const r = radiusFromK(K);
  const lcor = L <= 24.2 ? L : -3.446 + 1.716 * L - 0.0237 * L * L;
  const cw = -5.41 + 0.58412 * lcor + 0.098 * K;
  const h = r - Math.sqrt(Math.max(0, r * r - (cw * cw) / 4));
  const acdConstant = 0.62467 * input.aConstant - 68.747;
  const offset = acdConstant - 3.336;
  const retinalThickness = 0.65696 - 0.02029 * L;
  return {
    cornealRadius: r,
    correctedAxialLength: lcor,
    cornealWidth: cw,
    cornealHeight: h,
    acdConstant,
    offset,
    elp: h + offset,
    retinalThickness,
    opticalAxialLength: L + retinalThickness,
  };
}

/** The IOL power (D) for emmetropia. */
export function srktEmmetropicPower(input: SrktInput): number {
  const { cornealRadius: r, elp: C, opticalAxialLength: LOPT } = srktIntermediates(input);
  return (1000 * NA * (NA * r - NCM1 * LOPT)) / ((LOPT - C) * (NA * r - NCM1 * C));
}

/** The IOL power (D) that leaves the target spectacle refraction `targetRefraction` (D). */
export function srktPowerForTarget(input: SrktInput, targetRefraction: number): number {
  const { cornealRadius: r, elp: C, opticalAxialLength: LOPT } = srktIntermediates(input);
  const REF = targetRefraction;
  const numerator =
    1000 * NA * (NA * r - NCM1 * LOPT - 0.001 * REF * (V * (NA * r - NCM1 * LOPT) + LOPT * r));
  const denominator = (LOPT - C) * (NA * r - NCM1 * C - 0.001 * REF * (V * (NA * r - NCM1 * C) + C * r));
  return numerator / denominator;
}

/** The spectacle refraction (D) an IOL of `iolPower` (D) is predicted to leave. */
export function srktPredictedRefraction(input: SrktInput, iolPower: number): number {
  const { cornealRadius: r, elp: C, opticalAxialLength: LOPT } = srktIntermediates(input);
  const P = iolPower;
  const numerator = 1000 * NA * (NA * r - NCM1 * LOPT) - P * (LOPT - C) * (NA * r - NCM1 * C);
  const denominator =
    NA * (V * (NA * r - NCM1 * LOPT) + LOPT * r) - 0.001 * P * (LOPT - C) * (V * (NA * r - NCM1 * C) + C * r);
  return numerator / denominator;
}

export interface SrktLensOption {
  power: number;
  /** Unrounded predicted spectacle refraction with this lens. */
  predictedRefraction: number;
}

/**
 * The available powers around the power for target (on the `step` grid, centred on that power rounded to the
 * step, ties away from zero), ascending, each with its predicted refraction. An even count puts the extra
 * power on the side of the unrounded power. A count below 5 is raised to 5; inputs with no finite power give [];
 * a step that is not positive throws.
 */
export function srktLensOptions(
  input: SrktInput,
  targetRefraction: number,
  options: { step?: number; count?: number } = {},
): SrktLensOption[] {
  const step = options.step ?? 0.5;
  const count = Math.max(5, Math.floor(options.count ?? 7));
  const forTarget = srktPowerForTarget(input, targetRefraction);
  if (!Number.isFinite(forTarget)) return [];
  const centre = Math.round(roundToStep(forTarget, step) / step);
  const below = count % 2 === 1 ? (count - 1) / 2 : forTarget >= centre * step ? count / 2 - 1 : count / 2;
  return Array.from({ length: count }, (_, i) => {
    const power = roundToStep((centre - below + i) * step, step);
    return { power, predictedRefraction: srktPredictedRefraction(input, power) };
  });
}

export interface SrktResult {
  emmetropicPower: number;
  powerForTarget: number;
  options: SrktLensOption[];
}

/** Emmetropic power, power for target and the nearby lens options, all unrounded. */
export function srkt(input: SrktInput, targetRefraction = 0): SrktResult {
  return {
    emmetropicPower: srktEmmetropicPower(input),
    powerForTarget: srktPowerForTarget(input, targetRefraction),
    options: srktLensOptions(input, targetRefraction),
  };
}
