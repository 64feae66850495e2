import { vertexToCornea, type SphCyl } from './refraction.ts';

/**
 * Surgically induced astigmatism by vector analysis (docs/outcomes.md §4): Alpins NA, A new method of analyzing
 * vectors for changes in astigmatism, J Cataract Refract Surg 1993;19:524–533, and Astigmatism analysis by the
 * Alpins method, J Cataract Refract Surg 2001;27:31–49; Holladay JT, Cravy TV, Koch DD, Calculating the surgically
 * induced refractive change following ocular surgery, J Cataract Refract Surg 1992;18:429–443.
 *
 * An astigmatism is a magnitude (D, ≥ 0) at the axis of its steep meridian (the plus-cylinder axis). On the
 * double-angle plot it is the point x = M·cos 2θ, y = M·sin 2θ, where vectors add: SIA = postoperative −
 * preoperative, and the magnitude and axis come back as M = √(x² + y²), θ = ½·atan2(y, x). Axes are unrounded
 * degrees in (0, 180] (0 written 180, as on the chart); a zero astigmatism has no axis (null).
 */

export interface Astigmatism {
  /** D, ≥ 0. */
  magnitude: number;
  /** Steep meridian (plus-cylinder axis), degrees in (0, 180]; null when the magnitude is 0. */
  axis: number | null;
}

/** A point of the double-angle plot, D. */
export interface DoubleAngleVector {
  x: number;
  y: number;
}

const DEG = Math.PI / 180;
/** Below this magnitude (D) an astigmatism is taken as none: its axis is float noise. */
const ZERO = 1e-9;

/** Degrees in (0, 180], unrounded: 0 → 180, −10 → 170, 190 → 10. */
function axisOf(degrees: number): number {
  const a = ((degrees % 180) + 180) % 180;
  return a < 1e-9 || 180 - a < 1e-9 ? 180 : a;
}

export function toDoubleAngle({ magnitude, axis }: Astigmatism): DoubleAngleVector {
  if (magnitude === 0 || axis === null) return { x: 0, y: 0 };
  return { x: magnitude * Math.cos(2 * axis * DEG), y: magnitude * Math.sin(2 * axis * DEG) };
}

export function fromDoubleAngle({ x, y }: DoubleAngleVector): Astigmatism {
  const magnitude = Math.hypot(x, y);
  if (magnitude < ZERO) return { magnitude: 0, axis: null };
  return { magnitude, axis: axisOf(Math.atan2(y, x) / DEG / 2) };
}

/**
 * The corneal astigmatism of keratometry K1@axis1, K2@axis2 (D, degrees): |K2 − K1| at the steeper K's axis, or
 * 90° from the other K's axis when only that one is known; no axis when neither is (or the Ks are equal).
 */
export function astigmatismFromKeratometry(
  k1: number,
  k1Axis: number | null | undefined,
  k2: number,
  k2Axis: number | null | undefined,
): Astigmatism {
  const magnitude = Math.abs(k2 - k1);
  const known = (axis: number | null | undefined) =>
    axis != null && Number.isFinite(axis) ? axis : undefined;
  const [steep, flat] = k1 > k2 ? [known(k1Axis), known(k2Axis)] : [known(k2Axis), known(k1Axis)];
  const axis = steep ?? (flat === undefined ? undefined : flat + 90);
  if (magnitude === 0 || axis === undefined) return { magnitude, axis: null };
  // the axis as measured, unrounded (cornealAstigmatism in keratometry.ts rounds it for display)
  return { magnitude, axis: axisOf(axis) };
}

/**
 * The refractive astigmatism of a spectacle refraction at the corneal plane (each principal meridian
 * vertex-converted from `vertexMm`, 12 by default), in plus-cylinder form: −1.00 × 180 is 1.00 D at 90, which is
 * what a cornea steep at 90 leaves.
 */
export function astigmatismFromRefraction(rx: SphCyl, vertexMm = 12): Astigmatism {
  const atCornea = vertexToCornea(rx, vertexMm);
  const magnitude = Math.abs(atCornea.cylinder);
  if (magnitude < ZERO) return { magnitude: 0, axis: null };
  return { magnitude, axis: axisOf(atCornea.cylinder > 0 ? rx.axis : rx.axis + 90) };
}

export interface SurgicallyInducedAstigmatism extends Astigmatism {
  /** The SIA on the double-angle plot, D. */
  vector: DoubleAngleVector;
}

/** SIA = postoperative − preoperative astigmatism, as double-angle vectors. */
export function surgicallyInducedAstigmatism(
  preoperative: Astigmatism,
  postoperative: Astigmatism,
): SurgicallyInducedAstigmatism {
  const pre = toDoubleAngle(preoperative);
  const post = toDoubleAngle(postoperative);
  const vector = { x: post.x - pre.x, y: post.y - pre.y };
  return { ...fromDoubleAngle(vector), vector };
}

export interface MeanSia {
  n: number;
  /** The vector mean (centroid): the arithmetic mean of x and y, converted back to magnitude and axis. */
  mean: Astigmatism;
  centroid: DoubleAngleVector;
  /** The arithmetic mean of the magnitudes, whatever their axes. */
  meanMagnitude: number;
  /** One double-angle point per eye, for the plot, in the order given. */
  points: DoubleAngleVector[];
}

/** The mean SIA of a set of eyes (a surgeon's, for one incision site). An empty set gives n 0 and NaN means. */
export function meanSia(sias: readonly Astigmatism[]): MeanSia {
  const points = sias.map(toDoubleAngle);
  const n = points.length;
  if (n === 0)
    return {
      n,
      mean: { magnitude: Number.NaN, axis: null },
      centroid: { x: Number.NaN, y: Number.NaN },
      meanMagnitude: Number.NaN,
      points,
    };
  const centroid = {
    x: points.reduce((s, p) => s + p.x, 0) / n,
    y: points.reduce((s, p) => s + p.y, 0) / n,
  };
  return {
    n,
    mean: fromDoubleAngle(centroid),
    centroid,
    meanMagnitude: sias.reduce((s, a) => s + a.magnitude, 0) / n,
    points,
  };
}
