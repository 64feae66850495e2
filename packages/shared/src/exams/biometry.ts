import { z } from 'zod';
import { cornealAstigmatism } from '../clinical/keratometry.ts';
import { formatDiopters } from '../clinical/rounding.ts';
import { srkt, srktPredictedRefraction } from '../clinical/srkt.ts';
import { meanKOf, perEye, perEyeSchema } from './common-fields.ts';
import { defineExam } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import { axis, choice, eyes, note, num, text } from './fields.ts';

const lensOption = z.object({ power: z.number(), predictedRefraction: z.number() });
const eyeDerived = z.object({
  meanK: z.number(),
  cornealAstigmatism: z.number(),
  astigmatismAxis: z.number().nullable(),
  astigmatismKind: z.string().nullable(),
  srkt: z
    .object({ emmetropicPower: z.number(), powerForTarget: z.number(), options: z.array(lensOption) })
    .optional(),
  chosen: lensOption.optional(),
});

/** IOL power by SRK/T (Retzlaff et al. 1990) from each eye's axial length, keratometry and the lens's A-constant. */
export const biometry = defineExam({
  type: 'biometry',
  permissions: EXAM_PERMISSIONS.biometry,
  fields: {
    measurements: eyes(
      {
        axialLength: num({ unit: 'mm', min: 15, max: 40, step: 0.01 }),
        k1: num({ unit: 'D', min: 30, max: 60, step: 0.01 }),
        k1Axis: axis(),
        k2: num({ unit: 'D', min: 30, max: 60, step: 0.01 }),
        k2Axis: axis(),
        acd: num({ unit: 'mm', min: 1.5, max: 5.5, step: 0.01 }),
        lensThickness: num({ unit: 'mm', min: 2, max: 7, step: 0.01 }),
        wtw: num({ unit: 'mm', min: 9, max: 14, step: 0.01 }),
        eyeStatus: choice(['phakic', 'pseudophakic', 'aphakic'] as const),
      },
      { device: choice(['iolMaster', 'lenstar', 'contactAScan', 'immersionAScan', 'other'] as const) },
    ),
    lens: eyes({
      lensModel: text(120),
      aConstant: num({ min: 112, max: 125, step: 0.01 }),
      targetRefraction: num({ unit: 'D', min: -10, max: 5, step: 0.01, signed: true }),
      iolPower: num({ unit: 'D', min: -10, max: 40, step: 0.5, signed: true }),
    }),
    note: note('BiometryNote'),
    down: note('BiometryDown'),
  },
  check(data, issue) {
    for (const side of ['right', 'left'] as const) {
      const m = data.measurements?.[side];
      if (m?.k1 != null && m.k2 != null && m.k2 < m.k1)
        issue(['measurements', side, 'k2'], 'value.k2_below_k1');
    }
  },
  derive: {
    schema: perEyeSchema(eyeDerived),
    compute: (data) =>
      perEye((side) => {
        const m = data.measurements?.[side];
        const lens = data.lens?.[side];
        const meanK = meanKOf(m);
        if (!m || meanK === undefined) return undefined;
        const astigmatism = cornealAstigmatism(m.k1!, m.k1Axis ?? undefined, m.k2!, m.k2Axis ?? undefined);
        const input =
          m.axialLength != null && lens?.aConstant != null
            ? { axialLength: m.axialLength, meanK, aConstant: lens.aConstant }
            : undefined;
        return {
          meanK,
          cornealAstigmatism: astigmatism.power,
          astigmatismAxis: astigmatism.steepAxis,
          astigmatismKind: astigmatism.kind,
          ...(input ? { srkt: srkt(input, lens?.targetRefraction ?? 0) } : {}),
          ...(input && lens?.iolPower != null
            ? {
                chosen: {
                  power: lens.iolPower,
                  predictedRefraction: srktPredictedRefraction(input, lens.iolPower),
                },
              }
            : {}),
        };
      }),
  },
  summary(data, derived) {
    const eye = (side: 'right' | 'left') => {
      const chosen = derived?.[side]?.chosen ?? undefined;
      const al = data.measurements?.[side]?.axialLength;
      if (chosen) return `${formatDiopters(chosen.power)} D (${formatDiopters(chosen.predictedRefraction)})`;
      return al != null ? `AL ${al.toFixed(2)}` : '—';
    };
    return `R ${eye('right')} · L ${eye('left')}`;
  },
});
