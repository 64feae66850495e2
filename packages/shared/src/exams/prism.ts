import { defineExam } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import { checks, choice, eyes, flag, group, note, num, text, va } from './fields.ts';
import { PRISM_BASES } from './spectacles.ts';

const prismDioptres = (max: number, step = 1) => num({ unit: 'prism', min: 0, max, step });

/** A measured deviation at one distance: horizontal base in or out, vertical base up or down over one eye. */
const deviation = () =>
  group({
    horizontal: prismDioptres(90),
    horizontalBase: choice(['in', 'out'] as const),
    vertical: prismDioptres(50, 0.5),
    verticalBase: choice(['upRight', 'upLeft', 'downRight', 'downLeft'] as const),
  });

const DIRECTION_ABBREVIATIONS: Record<string, string> = { eso: 'E', exo: 'X', hyper: 'H', hypo: 'Hypo' };

/**
 * The orthoptic (squint) assessment and the prism glasses prescribed. The spec's prism screens carry the squint
 * lists, and the queue's print reuses `print squint`, so either permission family grants it.
 */
export const prism = defineExam({
  type: 'prism',
  permissions: EXAM_PERMISSIONS.prism,
  fields: {
    title: text(200, { options: 'SquintTitles' }),
    examinations: note('SquintTypeOfExaminations'),
    vision: eyes({ bestCorrected: va('SquintBestCorrections') }),
    classification: group({
      deviation: choice(['ortho', 'phoria', 'tropia'] as const),
      direction: choice(['eso', 'exo', 'hyper', 'hypo'] as const),
      constancy: choice(['constant', 'intermittent'] as const),
      laterality: choice(['right', 'left', 'alternating'] as const),
      patterns: checks([
        'aPattern',
        'vPattern',
        'dvd',
        'duane',
        'brown',
        'nystagmus',
        'fourthNervePalsy',
      ] as const),
    }),
    coverTest: group({ withGlasses: flag(), near: deviation(), distance: deviation() }),
    cornealReflex: group({
      method: choice(['hirschberg', 'krimsky'] as const),
      prism: prismDioptres(90),
      base: choice(PRISM_BASES),
      finding: text(200),
    }),
    fusion: group({
      nearBaseOut: prismDioptres(45),
      nearBaseIn: prismDioptres(45),
      distanceBaseOut: prismDioptres(45),
      distanceBaseIn: prismDioptres(45),
      verticalUp: prismDioptres(25, 0.5),
      verticalDown: prismDioptres(25, 0.5),
    }),
    binocular: group({
      stereoTest: choice(['tno', 'titmus', 'lang', 'frisby', 'randot'] as const),
      stereoAcuity: num({ unit: 'arcsec', min: 15, max: 4000, step: 1 }),
      worth4Dot: choice(['fusion', 'suppressionRight', 'suppressionLeft', 'diplopia'] as const),
      npc: num({ unit: 'cm', min: 0, max: 50, step: 0.5 }),
    }),
    headPosture: group({
      turn: choice(['none', 'right', 'left'] as const),
      tilt: choice(['none', 'right', 'left'] as const),
      chin: choice(['level', 'up', 'down'] as const),
    }),
    motility: eyes({ finding: text(300) }),
    glasses: eyes(
      {
        amount: num({ unit: 'prism', min: 0, max: 20, step: 0.5 }),
        base: choice(PRISM_BASES),
        note: note({ right: 'prismRight', left: 'prismLeft' }),
      },
      { prismType: choice(['groundIn', 'fresnel'] as const) },
    ),
    prismNote: note('prismNote'),
    squintNote: note('SquintNote'),
  },
  check(data, issue) {
    for (const side of ['right', 'left'] as const) {
      const eye = data.glasses?.[side];
      if (eye?.amount && !eye.base) issue(['glasses', side, 'base'], 'value.required');
    }
  },
  summary(data) {
    const c = data.classification;
    const kind =
      c?.deviation === 'ortho'
        ? 'Ortho'
        : c?.direction
          ? `${c.constancy === 'intermittent' ? '(' : ''}${DIRECTION_ABBREVIATIONS[c.direction]}${c.deviation === 'tropia' ? 'T' : ''}${c.constancy === 'intermittent' ? ')' : ''}`
          : '';
    const amount = (
      label: string,
      d: { horizontal?: number | null; horizontalBase?: string | null } | undefined,
    ) =>
      d?.horizontal
        ? `${label} ${d.horizontal}Δ ${d.horizontalBase === 'in' ? 'BI' : d.horizontalBase === 'out' ? 'BO' : ''}`.trim()
        : '';
    return [data.title ?? '', kind, amount('N', data.coverTest?.near), amount('D', data.coverTest?.distance)]
      .filter(Boolean)
      .join(' · ');
  },
});
