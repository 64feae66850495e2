import { normalizeAxis } from './rounding.ts';

/** The standard keratometric index (K = 337.5 / r); other instruments use 1.332, 1.3315 or 1.336. */
export const KERATOMETRIC_INDEX = 1.3375;

/** Corneal power (D) from the anterior radius (mm): (n − 1)·1000 / r. */
export function kFromRadius(radiusMm: number, index = KERATOMETRIC_INDEX): number {
  // index·1000 − 1000 is exact for 1.3375 (337.5), where (index − 1)·1000 gives 337.49999999999994.
  return (index * 1000 - 1000) / radiusMm;
}

/** Anterior radius (mm) from corneal power (D): (n − 1)·1000 / K. */
export function radiusFromK(k: number, index = KERATOMETRIC_INDEX): number {
  return (index * 1000 - 1000) / k;
}

/** Mean K in dioptres, (K1 + K2) / 2 (not the K of the mean radius). */
export function meanK(k1: number, k2: number): number {
  return (k1 + k2) / 2;
}

export type AstigmatismKind = 'with-the-rule' | 'against-the-rule' | 'oblique';

export interface CornealAstigmatism {
  /** |K2 − K1| in dioptres, ≥ 0. */
  power: number;
  /** The axis of the steeper K, 1..180; null when no axis is known or the cornea has no steeper meridian. */
  steepAxis: number | null;
  kind: AstigmatismKind | null;
}

/**
 * Corneal astigmatism at the steep meridian. With one axis only, the other meridian is taken 90° from it.
 * Equal Ks have no steep meridian, so axis and kind are null.
 */
export function cornealAstigmatism(
  k1: number,
  k1Axis: number | undefined,
  k2: number,
  k2Axis: number | undefined,
): CornealAstigmatism {
  const power = Math.abs(k2 - k1);
  const axis1 = k1Axis != null && Number.isFinite(k1Axis) ? k1Axis : undefined;
  const axis2 = k2Axis != null && Number.isFinite(k2Axis) ? k2Axis : undefined;
  const steep = k1 > k2 ? (axis1 ?? orthogonal(axis2)) : (axis2 ?? orthogonal(axis1));
  if (power === 0 || steep === undefined) return { power, steepAxis: null, kind: null };
  const steepAxis = normalizeAxis(steep);
  return { power, steepAxis, kind: astigmatismKind(steepAxis) };
}

function orthogonal(axis: number | undefined): number | undefined {
  return axis === undefined ? undefined : axis + 90;
}

/** By the steep meridian (eyedock `axisType`): 60–120 WTR, 1–30 or 150–180 ATR, else oblique. */
function astigmatismKind(steepAxis: number): AstigmatismKind {
  if (steepAxis >= 60 && steepAxis <= 120) return 'with-the-rule';
  if (steepAxis <= 30 || steepAxis >= 150) return 'against-the-rule';
  return 'oblique';
}
