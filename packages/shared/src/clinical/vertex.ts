import { vertexToCornea, type SphCyl } from './refraction.ts';

/**
 * The spectacle refraction at the corneal plane (contact-lens power) for the biometry / spectacles records. The
 * optics are `vertexToCornea` of refraction.ts (docs/clinical-optics.md §3.3: each principal meridian converted
 * separately, F / (1 − d·F), axis unchanged, cylinder = Fc(S + C) − Fc(S) with the sign as written); this module adds
 * the default vertex distance and the rule for when the conversion is worth showing.
 */

/** Vertex distance assumed when the record gives none, mm. */
export const DEFAULT_VERTEX_DISTANCE_MM = 12;

/**
 * Strongest-meridian power (absolute, D) from which the corneal-plane refraction is shown (docs/clinical-optics.md
 * §3.3).
 */
export const CORNEAL_PLANE_THRESHOLD = 4;

/**
 * The refraction at the corneal plane for a spectacle refraction worn at `vertexDistanceMm` (default 12 mm when
 * missing), unrounded. A refraction with a power of exactly 1/d in a meridian has no finite corneal power.
 */
export function cornealPlaneRefraction(rx: SphCyl, vertexDistanceMm?: number | null): SphCyl {
  return vertexToCornea(rx, vertexDistanceMm ?? DEFAULT_VERTEX_DISTANCE_MM);
}

/** The principal-meridian power (S or S + C) of larger magnitude, with its sign (the sphere on a tie). */
export function strongestMeridian(rx: Pick<SphCyl, 'sphere' | 'cylinder'>): number {
  const other = rx.sphere + rx.cylinder;
  return Math.abs(other) > Math.abs(rx.sphere) ? other : rx.sphere;
}

/** Whether the strongest meridian reaches ±4.00 D, where the corneal-plane refraction is shown beside it. */
export function needsCornealPlane(rx: Pick<SphCyl, 'sphere' | 'cylinder'>): boolean {
  return Math.abs(strongestMeridian(rx)) >= CORNEAL_PLANE_THRESHOLD;
}
