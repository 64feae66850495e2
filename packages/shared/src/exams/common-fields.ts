import { z } from 'zod';
import { meanK } from '../clinical/keratometry.ts';
import { axis, diopters, num, text, type ValuesOf } from './fields.ts';

/** Sphere, cylinder and axis of one eye: a refraction without add or prism (manifest, old glasses). */
export const sphCylFields = {
  sphere: diopters(-30, 30),
  cylinder: diopters(-10, 10),
  axis: axis(),
} as const;

/** Keratometry in dioptres as tomographers report it (two decimals); keratoconic corneas reach the 70s. */
const kReading = () => num({ unit: 'D', min: 30, max: 85, step: 0.01 });

/** Corneal tomography of one eye (LASIK work-up and keratoconus monitoring share it). */
export const tomographyFields = {
  k1: kReading(),
  k1Axis: axis(),
  k2: kReading(),
  k2Axis: axis(),
  kmax: num({ unit: 'D', min: 30, max: 100, step: 0.01 }),
  posteriorK: num({ unit: 'D', min: -12, max: 0, step: 0.01 }),
  thinnestPachymetry: num({ unit: 'um', min: 200, max: 800, step: 1 }),
  badD: num({ min: -5, max: 30, step: 0.01 }),
  device: text(80),
} as const;

type Tomography = ValuesOf<typeof tomographyFields>;

/** Kmax ≥ K2 ≥ K1 (K1 is the flat meridian by convention). */
export function checkTomography(
  eye: Tomography | undefined,
  path: (string | number)[],
  issue: (path: (string | number)[], message: string) => void,
): void {
  if (!eye) return;
  if (eye.k1 != null && eye.k2 != null && eye.k2 < eye.k1) issue([...path, 'k2'], 'value.k2_below_k1');
  const steepest = Math.max(eye.k1 ?? -Infinity, eye.k2 ?? -Infinity);
  if (eye.kmax != null && eye.kmax < steepest) issue([...path, 'kmax'], 'value.kmax_below_k');
}

export const meanKOf = (eye: { k1?: number | null; k2?: number | null } | undefined) =>
  eye?.k1 != null && eye?.k2 != null ? meanK(eye.k1, eye.k2) : undefined;

/** Each side's derived values, present only for the eyes that have them. */
export function perEye<T>(compute: (side: 'right' | 'left') => T | undefined): { right?: T; left?: T } {
  const right = compute('right');
  const left = compute('left');
  return { ...(right !== undefined ? { right } : {}), ...(left !== undefined ? { left } : {}) };
}

export const perEyeSchema = <T extends z.ZodType>(side: T) =>
  z.object({ right: side.optional(), left: side.optional() });
