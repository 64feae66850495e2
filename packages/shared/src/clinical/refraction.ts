import { normalizeAxis } from './rounding.ts';

/** A spherocylindrical prescription in dioptres; axis in degrees (1..180 once normalised). */
export interface SphCyl {
  sphere: number;
  cylinder: number;
  axis: number;
}

/** S + C/2, unrounded (0.25 D inputs give 0.125 D steps; round only for display). */
export function sphericalEquivalent(sphere: number, cylinder = 0): number {
  return sphere + cylinder / 2;
}

/** Plus ⇄ minus cylinder form: S' = S + C, C' = −C, axis turned 90° (90 → 180, 170 → 080). */
export function transpose(rx: SphCyl): SphCyl {
  if (rx.cylinder === 0) return { sphere: rx.sphere, cylinder: 0, axis: normalizeAxis(rx.axis) };
  return { sphere: rx.sphere + rx.cylinder, cylinder: -rx.cylinder, axis: normalizeAxis(rx.axis + 90) };
}

/** Near prescription: the add goes on the sphere; cylinder and axis are unchanged. */
export function nearRx(distance: SphCyl, add: number): SphCyl {
  return { sphere: distance.sphere + add, cylinder: distance.cylinder, axis: distance.axis };
}

/** Effective power of a lens `d` metres nearer the eye: F / (1 − d·F). */
function toCornea(power: number, d: number): number {
  return power / (1 - d * power);
}

/** Effective power of a lens `d` metres further from the eye: F / (1 + d·F). */
function toSpectacle(power: number, d: number): number {
  return power / (1 + d * power);
}

/** Compensates each principal meridian (S and S + C) separately; a cylinder is not a power of its own. */
function perMeridian(rx: SphCyl, vertexMm: number, effective: (power: number, d: number) => number): SphCyl {
  const d = vertexMm / 1000;
  const sphere = effective(rx.sphere, d);
  const cylinder = rx.cylinder === 0 ? 0 : effective(rx.sphere + rx.cylinder, d) - sphere;
  return { sphere, cylinder, axis: rx.axis };
}

/** Spectacle-plane Rx at `vertexMm` → corneal plane (contact lens): −6.00 @ 12 mm → −5.597. */
export function vertexToCornea(rx: SphCyl, vertexMm: number): SphCyl {
  return perMeridian(rx, vertexMm, toCornea);
}

/** Corneal-plane Rx → spectacle plane at `vertexMm` (the inverse of vertexToCornea). */
export function vertexToSpectacle(rx: SphCyl, vertexMm: number): SphCyl {
  return perMeridian(rx, vertexMm, toSpectacle);
}

/**
 * Prentice's rule: prism dioptres = |decentration (mm) × power (D) / 10|, magnitude only. Base direction:
 * a plus lens's base points toward its optical centre, a minus lens's away from it (5 mm below the centre of
 * a +6.00 lens: 3Δ base up). For a spherocylinder pass the power in the meridian of decentration.
 */
export function prenticePrism(decentrationMm: number, power: number): number {
  return Math.abs((decentrationMm * power) / 10);
}
