import { z } from 'zod';
import { checkTomography, meanKOf, perEye, perEyeSchema, tomographyFields } from './common-fields.ts';
import { defineExam } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import { choice, diopters, eyes, flag, note, num, text, va, axis } from './fields.ts';

const eyeDerived = z.object({
  meanK: z.number().optional(),
  /** Against the patient's previous keratoconus record: a Kmax rise of 1 D or more suggests progression. */
  kmaxChange: z.number().optional(),
  thinnestChange: z.number().optional(),
});

/** The commonly used progression signal (a clinical convention): Kmax up by at least 1 D since the last record. */
export const KMAX_PROGRESSION_D = 1;

/** Keratoconus monitoring (tomography, stage, progression) and contact or scleral lens fitting per eye. */
export const keratoconus = defineExam({
  type: 'keratoconus',
  permissions: EXAM_PERMISSIONS.keratoconus,
  fields: {
    tomography: eyes({
      ...tomographyFields,
      stage: choice(['1', '2', '3', '4'] as const),
    }),
    fitting: eyes({
      lensType: text(120, {
        options: { right: 'keratoconusRightLensTypes', left: 'keratoconusLeftLensTypes' },
      }),
      sag: text(40, { options: { right: 'sagRight', left: 'sagLeft' } }),
      limz: text(40, { options: { right: 'limzRight', left: 'limzLeft' } }),
      sz: text(40, { options: { right: 'szRight', left: 'szLeft' } }),
      baseCurve: num({ unit: 'mm', min: 5, max: 10, step: 0.01 }),
      diameter: num({ unit: 'mm', min: 8, max: 24, step: 0.1 }),
      power: diopters(-30, 30),
      overSphere: diopters(-20, 20),
      overCylinder: diopters(-10, 10),
      overAxis: axis(),
      centralClearance: num({ unit: 'um', min: 0, max: 800, step: 10 }),
      fit: choice(['optimal', 'tight', 'loose', 'decentered'] as const),
      vaWithLens: va(),
      finalLens: flag(),
    }),
    notes: note('KeratoconusNotes'),
  },
  check(data, issue) {
    for (const side of ['right', 'left'] as const) {
      checkTomography(data.tomography?.[side], ['tomography', side], issue);
      const fit = data.fitting?.[side];
      if (fit?.overCylinder && fit.overAxis == null) issue(['fitting', side, 'overAxis'], 'value.required');
    }
  },
  derive: {
    schema: perEyeSchema(eyeDerived),
    usesPrevious: true,
    compute: (data, previous) =>
      perEye((side) => {
        const now = data.tomography?.[side];
        const before = previous?.tomography?.[side];
        const meanK = meanKOf(now);
        const kmaxChange = now?.kmax != null && before?.kmax != null ? now.kmax - before.kmax : undefined;
        const thinnestChange =
          now?.thinnestPachymetry != null && before?.thinnestPachymetry != null
            ? now.thinnestPachymetry - before.thinnestPachymetry
            : undefined;
        if (meanK === undefined && kmaxChange === undefined && thinnestChange === undefined) return undefined;
        return {
          ...(meanK !== undefined ? { meanK } : {}),
          ...(kmaxChange !== undefined ? { kmaxChange } : {}),
          ...(thinnestChange !== undefined ? { thinnestChange } : {}),
        };
      }),
  },
  summary(data, derived) {
    const eye = (side: 'right' | 'left') => {
      const t = data.tomography?.[side];
      const change = derived?.[side]?.kmaxChange;
      const parts = [
        t?.kmax != null ? `Kmax ${t.kmax.toFixed(1)}` : '',
        change !== undefined ? `(${change >= 0 ? '+' : ''}${change.toFixed(1)})` : '',
        t?.stage ? `st ${t.stage}` : '',
      ].filter(Boolean);
      return parts.length ? parts.join(' ') : '—';
    };
    return `R ${eye('right')} · L ${eye('left')}`;
  },
});
