import type { ValuesOf } from '@basira/shared/exams/fields';
import type { spectacles } from '@basira/shared/exams/spectacles';
import type { PrintPatient } from '@basira/shared/print/printing.schemas';

/** A spectacle record's field values (`ExamData` infers `never` for a definition with derived values). */
export type SpectacleValues = ValuesOf<(typeof spectacles)['fields']>;

const SAMPLE_AGE = 52;

/** The preview's patient: made up, of an age that needs an add; the name is in the page's language. */
export function samplePatient(name: string, today = new Date()): PrintPatient {
  return {
    id: 0,
    fileNumber: 1024,
    name,
    birthDate: `${today.getFullYear() - SAMPLE_AGE}-03-14`,
    birthDateApproximate: false,
    age: SAMPLE_AGE,
    isMale: 0,
    allergies: [],
  };
}

const va = (text: string, logMAR: number) => ({ text, notation: 'metre' as const, logMAR });

/**
 * A plausible final refraction that shows what the settings change: a cylinder with an axis under 100 (printed
 * `090`), an add, and a zero sphere on the left eye (written Plano or 0.00 by the `zeroAs` setting).
 */
export const SAMPLE_SPECTACLES: SpectacleValues = {
  vision: {
    right: { unaided: va('6/18', 0.48) },
    left: { unaided: va('6/9', 0.18) },
  },
  readings: [
    {
      kind: 'subjective',
      isFinal: true,
      right: { sphere: -2.25, cylinder: -0.75, axis: 90, add: 2, va: va('6/6', 0) },
      left: { sphere: 0, cylinder: -0.5, axis: 175, add: 2, va: va('6/6', 0) },
    },
  ],
  pd: { binocularDistance: 63, binocularNear: 60 },
  lens: {
    type: 'progressive',
    material: 'polycarbonate',
    treatments: ['antiReflective', 'blueFilter'],
  },
};
