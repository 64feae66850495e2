import { z } from 'zod';
import { lasikSafety } from '../clinical/lasik.ts';
import { formatSphericalEquivalent } from '../clinical/rounding.ts';
import { sphericalEquivalent } from '../clinical/refraction.ts';
import {
  checkTomography,
  meanKOf,
  perEye,
  perEyeSchema,
  sphCylFields,
  tomographyFields,
} from './common-fields.ts';
import { defineExam } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import { checks, choice, eyes, flag, group, note, num, text, va } from './fields.ts';

const eyeDerived = z.object({
  meanK: z.number().optional(),
  residualStromalBed: z.number().optional(),
  percentTissueAltered: z.number().optional(),
  lowResidualBed: z.boolean().optional(),
  highTissueAltered: z.boolean().optional(),
});

/** The decision as a summary writes it: a mark, the same in either language, never the stored value. */
const OUTCOME_SHORTHAND: Record<'candidate' | 'notCandidate' | 'alternative', string> = {
  candidate: '✓',
  notCandidate: '✗',
  alternative: 'alt',
};

/** The pre-operative refractive surgery assessment: history, refraction, tomography, plan and safety. */
export const lasik = defineExam({
  type: 'lasik',
  permissions: EXAM_PERMISSIONS.lasik,
  fields: {
    history: group({
      contactLens: choice(['none', 'soft', 'toric', 'rgp'] as const),
      lensOutDays: num({ unit: 'days', min: 0, max: 365, step: 1 }),
      previousSurgery: checks(['lasik', 'prk', 'smile', 'cxl', 'rk', 'cataract'] as const),
      contraindications: checks([
        'pregnancy',
        'lactation',
        'autoimmune',
        'diabetes',
        'keloid',
        'herpes',
        'dryEye',
        'eyeRubbing',
        'atopy',
        'unstableRefraction',
      ] as const),
      stableForYear: flag(),
      dominantEye: choice(['right', 'left'] as const),
    }),
    vision: eyes({ ucva: va(), bcva: va('LasikBestCorrection') }),
    manifest: eyes(sphCylFields),
    cycloplegic: eyes(sphCylFields),
    oldGlasses: eyes(sphCylFields, { note: note('LasikOldGlasses') }),
    tomography: eyes(tomographyFields),
    measurements: eyes({
      cct: num({ unit: 'um', min: 300, max: 800, step: 1 }),
      scotopicPupil: num({ unit: 'mm', min: 2, max: 10, step: 0.1 }),
      wtw: num({ unit: 'mm', min: 9, max: 14, step: 0.1 }),
      acd: num({ unit: 'mm', min: 1.5, max: 5, step: 0.01 }),
      schirmer: num({ unit: 'mmPer5min', min: 0, max: 35, step: 1 }),
      tbut: num({ unit: 's', min: 0, max: 60, step: 1 }),
      iop: num({ unit: 'mmHg', min: 1, max: 80, step: 1 }),
    }),
    plan: eyes({
      procedure: choice(['lasik', 'femtoLasik', 'prk', 'lasek', 'smile', 'icl'] as const),
      opticalZone: num({ unit: 'mm', min: 5, max: 8, step: 0.1 }),
      flapThickness: num({ unit: 'um', min: 80, max: 200, step: 1 }),
      ablationDepth: num({ unit: 'um', min: 0, max: 250, step: 1 }),
    }),
    decision: group({
      outcome: choice(['candidate', 'notCandidate', 'alternative'] as const),
      reason: text(300),
    }),
    note: note('LasikNote'),
  },
  check(data, issue) {
    for (const side of ['right', 'left'] as const) {
      checkTomography(data.tomography?.[side], ['tomography', side], issue);
      for (const block of ['manifest', 'cycloplegic', 'oldGlasses'] as const) {
        const eye = data[block]?.[side];
        if (eye?.cylinder && eye.axis == null) issue([block, side, 'axis'], 'value.required');
      }
    }
  },
  derive: {
    schema: perEyeSchema(eyeDerived),
    compute: (data) =>
      perEye((side) => {
        const meanK = meanKOf(data.tomography?.[side]);
        const safety = lasikSafety({
          cct: data.measurements?.[side]?.cct,
          flap: data.plan?.[side]?.flapThickness,
          ablation: data.plan?.[side]?.ablationDepth,
        });
        if (meanK === undefined && !safety) return undefined;
        return { ...(meanK !== undefined ? { meanK } : {}), ...(safety ?? {}) };
      }),
  },
  summary(data, derived) {
    const se = (side: 'right' | 'left') => {
      const m = data.manifest?.[side];
      return m?.sphere != null
        ? formatSphericalEquivalent(sphericalEquivalent(m.sphere, m.cylinder ?? 0))
        : '—';
    };
    const flags = (['right', 'left'] as const).flatMap((side) => {
      const d = derived?.[side];
      return d?.lowResidualBed || d?.highTissueAltered ? [`${side === 'right' ? 'R' : 'L'} ⚠`] : [];
    });
    const parts = [`SE R ${se('right')} · L ${se('left')}`];
    if (data.decision?.outcome) parts.push(OUTCOME_SHORTHAND[data.decision.outcome]);
    return [...parts, ...flags].join(' · ');
  },
});
