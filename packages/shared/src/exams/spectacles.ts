import { z } from 'zod';
import { formatAxis, formatDiopters } from '../clinical/rounding.ts';
import { nearRx, sphericalEquivalent, transpose, type SphCyl } from '../clinical/refraction.ts';
import { cornealPlaneRefraction } from '../clinical/vertex.ts';
import { defineExam } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import { sphCylFields } from './common-fields.ts';
import { checks, choice, diopters, eyes, flag, group, list, note, num, va, type ValuesOf } from './fields.ts';

export const REFRACTION_KINDS = [
  'auto',
  'retinoscopy',
  'subjective',
  'cycloplegic',
  'currentGlasses',
] as const;
export const PRISM_BASES = ['up', 'down', 'in', 'out'] as const;

/** One eye of a refraction (FHIR VisionPrescription's lens specification, with the VA it gave). */
export const rxFields = {
  ...sphCylFields,
  add: diopters(0.25, 4),
  prism: num({ unit: 'prism', min: 0, max: 20, step: 0.25 }),
  prismBase: choice(PRISM_BASES),
  va: va(),
} as const;

const reading = eyes(rxFields, { kind: choice(REFRACTION_KINDS), isFinal: flag() });
type Reading = ValuesOf<{ r: typeof reading }>['r'];
type EyeRx = NonNullable<NonNullable<Reading>['right']>;

const pdMm = (min: number, max: number) => num({ unit: 'mm', min, max, step: 0.5 });

const sphCyl = z.object({ sphere: z.number(), cylinder: z.number(), axis: z.number() });
const eyeDerived = z.object({
  sphericalEquivalent: z.number(),
  transposed: sphCyl,
  near: sphCyl.optional(),
  /**
   * The refraction at the corneal plane for the record's vertex distance (12 mm when none), each principal meridian
   * converted separately, unrounded (vertex.ts). The form shows it from ±4.00 D (`needsCornealPlane`). Left out
   * when a meridian has no finite corneal power (exactly 1/d).
   */
  cornealPlane: sphCyl.optional(),
});
const derivedSchema = z.object({
  readings: z.array(z.object({ right: eyeDerived.optional(), left: eyeDerived.optional() })),
});
type EyeDerived = z.infer<typeof eyeDerived>;

/** A cylinder without an axis is read as 0 power (no meridian); a sphere alone is a full prescription. */
function asSphCyl(eye: EyeRx | undefined): SphCyl | null {
  if (!eye || eye.sphere == null) return null;
  return { sphere: eye.sphere, cylinder: eye.cylinder ?? 0, axis: eye.axis ?? 180 };
}

function deriveEye(
  eye: EyeRx | undefined,
  vertexDistance: number | null | undefined,
): EyeDerived | undefined {
  const rx = asSphCyl(eye);
  if (!rx) return undefined;
  const cornealPlane = cornealPlaneRefraction(rx, vertexDistance);
  return {
    sphericalEquivalent: sphericalEquivalent(rx.sphere, rx.cylinder),
    transposed: transpose(rx),
    ...(eye?.add != null ? { near: nearRx(rx, eye.add) } : {}),
    ...(Number.isFinite(cornealPlane.sphere) && Number.isFinite(cornealPlane.cylinder)
      ? { cornealPlane }
      : {}),
  };
}

/** The reading a prescription is written from: the one marked final, else the latest subjective, else the last. */
export function prescribedReading<R extends { kind?: string | null; isFinal?: boolean | null }>(
  readings: readonly R[] | undefined,
): R | undefined {
  if (!readings?.length) return undefined;
  return (
    readings.find((r) => r.isFinal) ??
    [...readings].reverse().find((r) => r.kind === 'subjective') ??
    readings[readings.length - 1]
  );
}

export function rxText(eye: EyeRx | undefined): string {
  if (!eye || eye.sphere == null) return '—';
  const cyl = eye.cylinder ? ` ${formatDiopters(eye.cylinder)} × ${formatAxis(eye.axis ?? 180)}` : '';
  return `${formatDiopters(eye.sphere)}${cyl}`;
}

export const spectacles = defineExam({
  type: 'spectacles',
  permissions: EXAM_PERMISSIONS.spectacles,
  provides: ['acuity'],
  fields: {
    vision: eyes({ unaided: va(), pinhole: va(), nearUnaided: va() }),
    readings: list(reading, 8),
    pd: group({
      binocularDistance: pdMm(40, 85),
      binocularNear: pdMm(35, 80),
      monocular: eyes({ distance: pdMm(20, 45), near: pdMm(18, 42) }),
    }),
    lens: group({
      vertexDistance: num({ unit: 'mm', min: 5, max: 25, step: 1 }),
      type: choice(['singleVision', 'bifocal', 'progressive', 'office', 'nearOnly'] as const),
      material: choice(['cr39', 'polycarbonate', 'trivex', 'highIndex', 'glass'] as const),
      treatments: checks([
        'antiReflective',
        'blueFilter',
        'photochromic',
        'tinted',
        'polarized',
        'hardCoat',
      ] as const),
    }),
    notes: eyes({ note: note({ right: 'spectaclesRight', left: 'spectaclesLeft' }) }),
    note: note('spectaclesNote'),
  },
  check(data, issue) {
    const finals = (data.readings ?? []).flatMap((r, i) => (r.isFinal ? [i] : []));
    for (const i of finals.slice(1)) issue(['readings', i, 'isFinal'], 'value.one_final');
    (data.readings ?? []).forEach((r, i) => {
      for (const side of ['right', 'left'] as const) {
        const eye = r[side];
        if (!eye) continue;
        if (eye.cylinder && eye.axis == null) issue(['readings', i, side, 'axis'], 'value.required');
        if (eye.prism && !eye.prismBase) issue(['readings', i, side, 'prismBase'], 'value.required');
      }
    });
  },
  derive: {
    schema: derivedSchema,
    compute: (data) => ({
      readings: (data.readings ?? []).map((r) => {
        const right = deriveEye(r.right, data.lens?.vertexDistance);
        const left = deriveEye(r.left, data.lens?.vertexDistance);
        return { ...(right ? { right } : {}), ...(left ? { left } : {}) };
      }),
    }),
  },
  summary(data) {
    const reading = prescribedReading(data.readings);
    if (!reading) return '';
    const add = reading.right?.add ?? reading.left?.add;
    return `R ${rxText(reading.right)} · L ${rxText(reading.left)}${add != null ? ` · Add ${formatDiopters(add)}` : ''}`;
  },
});
