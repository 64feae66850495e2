import { defineExam } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import { checks, choice, eyes, flag, group, list, note, num, text, va } from './fields.ts';

const AIDS = [
  'handMagnifier',
  'standMagnifier',
  'spectacleMagnifier',
  'nearTelescope',
  'distanceTelescope',
  'electronicMagnifier',
  'filters',
  'nonOptical',
] as const;

/** A low-vision assessment: acuity in logMAR, field, contrast, colour, the patient's goals and the aids tried. */
export const lowVision = defineExam({
  type: 'lowVision',
  permissions: EXAM_PERMISSIONS.lowVision,
  provides: ['visualFunction'],
  fields: {
    acuity: eyes({ distance: va(), near: va() }, { binocularDistance: va(), binocularNear: va() }),
    field: choice(['normal', 'centralLoss', 'peripheralLoss', 'extensiveLoss', 'totalLoss'] as const),
    contrast: group({
      test: choice(['pelliRobson', 'marsLetter', 'other'] as const),
      logCS: num({ unit: 'logCS', min: 0, max: 2.25, step: 0.05 }),
    }),
    colour: eyes({ result: text(40) }, { test: choice(['ishihara', 'hrr', 'farnsworthD15'] as const) }),
    goals: checks(['reading', 'writing', 'tv', 'faces', 'mobility', 'work', 'school'] as const),
    aids: list(
      group({
        type: choice(AIDS),
        magnification: num({ unit: 'x', min: 1, max: 20, step: 0.5 }),
        workingDistance: num({ unit: 'cm', min: 2, max: 100, step: 1 }),
        eye: choice(['right', 'left', 'both'] as const),
        achievedVa: va(),
        prescribed: flag(),
      }),
      10,
    ),
    referrals: checks(['rehabilitation', 'orientationMobility', 'education', 'social'] as const),
    note: note(),
  },
  summary(data) {
    const logMAR = (v: { logMAR: number } | null | undefined) => (v ? v.logMAR.toFixed(2) : '—');
    const prescribed = (data.aids ?? []).filter((a) => a.prescribed).length;
    const parts = [
      `logMAR R ${logMAR(data.acuity?.right?.distance)} · L ${logMAR(data.acuity?.left?.distance)}`,
    ];
    if (prescribed) parts.push(`aids ${prescribed}`);
    return parts.join(' · ');
  },
});
