import { z } from 'zod';
import { hofferQ, hofferQPredictedRefraction } from '../clinical/hoffer-q.ts';
import { holladay1, holladay1PredictedRefraction } from '../clinical/holladay1.ts';
import {
  pacdFromAConstant,
  surgeonFactorFromAConstant,
  surgeonFactorFromPacd,
} from '../clinical/iol-constants.ts';
import { cornealAstigmatism } from '../clinical/keratometry.ts';
import type { IolFormulaResult } from '../clinical/lens-options.ts';
import { formatDiopters } from '../clinical/rounding.ts';
import { srkt, srktPredictedRefraction } from '../clinical/srkt.ts';
import { merged, withDefined } from '../common/objects.ts';
import { meanKOf, perEye, perEyeSchema } from './common-fields.ts';
import { defineExam } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import { axis, choice, eyes, note, num, ref, text } from './fields.ts';

/** The three IOL formulas, in the order the form and the print show them (short eyes first). */
export const IOL_FORMULAS = ['hofferQ', 'holladay1', 'srkt'] as const;
export type IolFormula = (typeof IOL_FORMULAS)[number];

/**
 * The formula recommended for an axial length (mm): Hoffer Q below 22.0 mm, Holladay 1 from 22.0 to 26.0 mm
 * inclusive, SRK/T above 26.0 mm (Hoffer KJ, JCRS 1993;19:700–712; Aristodemou P et al., JCRS 2011;37:63–71, the
 * UK NHS study of 8108 eyes; see docs/exams.md).
 */
export function recommendedIolFormula(axialLength: number): IolFormula {
  if (axialLength < 22) return 'hofferQ';
  return axialLength <= 26 ? 'holladay1' : 'srkt';
}

/** A spread of the three powers for the target from which the record warns, D. */
export const FORMULA_SPREAD_WARNING_D = 1;
/** A difference of the two eyes' axial lengths above which the record warns (re-measure), mm. */
export const AXIAL_LENGTH_DIFFERENCE_WARNING_MM = 0.3;
/** A difference of the two eyes' mean K above which the record warns (re-measure), D. */
export const MEAN_K_DIFFERENCE_WARNING_D = 1;

export const BIOMETRY_WARNING_CODES = ['formulaSpread', 'axialLengthDifference', 'meanKDifference'] as const;

const lensOption = z.object({ power: z.number(), predictedRefraction: z.number() });
const formulaResult = z.object({
  emmetropicPower: z.number(),
  powerForTarget: z.number(),
  options: z.array(lensOption),
});
const eyeDerived = z.object({
  meanK: z.number(),
  cornealAstigmatism: z.number(),
  astigmatismAxis: z.number().nullable(),
  astigmatismKind: z.string().nullable(),
  srkt: formulaResult.optional(),
  hofferQ: formulaResult.optional(),
  holladay1: formulaResult.optional(),
  /** The pACD (mm) and surgeon factor (mm) the Hoffer Q and Holladay 1 results used. */
  pACD: z.number().optional(),
  surgeonFactor: z.number().optional(),
  /** "entered": both constants as entered; "aConstant": at least one converted from the A-constant. */
  constantsFrom: z.enum(['entered', 'aConstant', 'pACD']).optional(),
  recommendedFormula: z.enum(IOL_FORMULAS).optional(),
  /** The largest difference between the formulas' powers for the target, D. */
  formulaSpread: z.number().optional(),
  /**
   * The lens power written in the record: `predictedRefraction` by SRK/T (as before the other formulas came; by
   * the recommended formula when there is no A-constant), and by each formula in `byFormula`.
   */
  chosen: lensOption
    .extend({
      byFormula: z
        .object({
          hofferQ: z.number().optional(),
          holladay1: z.number().optional(),
          srkt: z.number().optional(),
        })
        .optional(),
    })
    .optional(),
});
const warning = z.object({
  code: z.enum(BIOMETRY_WARNING_CODES),
  eye: z.enum(['right', 'left']).optional(),
  /** The spread (D), or the difference between the eyes (mm for axial length, D for mean K). */
  value: z.number(),
});
const derivedSchema = perEyeSchema(eyeDerived).extend({
  /** Records saved before the warnings came have none. */
  warnings: z.array(warning).optional(),
});
export type BiometryEyeDerived = z.infer<typeof eyeDerived>;
export type BiometryWarning = z.infer<typeof warning>;
export type BiometryDerived = z.infer<typeof derivedSchema>;

type LensConstants = {
  aConstant?: number | null;
  pACD?: number | null;
  surgeonFactor?: number | null;
};

/**
 * The Hoffer Q pACD and Holladay 1 surgeon factor to calculate with, and where they came from. The rule: an
 * entered constant is used as entered; a missing one is converted from the A-constant (iol-constants.ts) when
 * there is one. `constantsFrom` is "entered" when both were entered, "aConstant" when either was converted from
 * the A-constant (so also when only one was entered). Without an A-constant a missing surgeon factor is
 * converted from the entered pACD ("pACD"); a missing pACD without an A-constant leaves Hoffer Q out.
 */
export function iolConstants(lens: LensConstants | undefined): {
  pACD?: number;
  surgeonFactor?: number;
  constantsFrom?: 'entered' | 'aConstant' | 'pACD';
} {
  const a = lens?.aConstant ?? undefined;
  const enteredPacd = lens?.pACD ?? undefined;
  const enteredSf = lens?.surgeonFactor ?? undefined;
  const pACD = enteredPacd ?? (a !== undefined ? pacdFromAConstant(a) : undefined);
  const surgeonFactor =
    enteredSf ??
    (a !== undefined
      ? surgeonFactorFromAConstant(a)
      : enteredPacd !== undefined
        ? surgeonFactorFromPacd(enteredPacd)
        : undefined);
  const constantsFrom =
    enteredPacd !== undefined && enteredSf !== undefined
      ? 'entered'
      : a !== undefined
        ? 'aConstant'
        : enteredPacd !== undefined
          ? 'pACD'
          : undefined;
  return withDefined({}, { pACD, surgeonFactor, constantsFrom });
}

const finite = (result: IolFormulaResult): IolFormulaResult | undefined =>
  Number.isFinite(result.emmetropicPower) && Number.isFinite(result.powerForTarget) ? result : undefined;

/** |a − b| without the float noise of two 0.01 steps (23.5 − 23.2 is 0.3, not 0.30000000000000071). */
/** The first predicted refraction there is (a record without an A-constant and its recommended formula). */
const powersOf = (byFormula: Partial<Record<IolFormula, number>> | undefined) =>
  byFormula ? IOL_FORMULAS.map((f) => byFormula[f]).find((v) => v !== undefined) : undefined;

const difference = (a: number, b: number) => Math.round(Math.abs(a - b) * 1e6) / 1e6;

/**
 * IOL power per eye by Hoffer Q, Holladay 1 and SRK/T from the axial length, keratometry and the lens's constants
 * (A-constant; pACD and surgeon factor entered or converted from it), the formula recommended for the axial
 * length, and warnings (the formulas disagree by 1 D or more; the two eyes' axial lengths or mean K differ).
 */
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
      /** A lens of the clinic's list: the form fills the model's name and constants from it (docs/outcomes.md). */
      lensId: ref('iolLens'),
      lensModel: text(120),
      aConstant: num({ min: 112, max: 125, step: 0.01 }),
      pACD: num({ unit: 'mm', min: 2.5, max: 7.5, step: 0.01 }),
      surgeonFactor: num({ unit: 'mm', min: -2.5, max: 5, step: 0.01 }),
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
    schema: derivedSchema,
    compute: (data) => {
      const eyes = perEye<BiometryEyeDerived>((side) => {
        const m = data.measurements?.[side];
        const lens = data.lens?.[side];
        const meanK = meanKOf(m);
        if (!m || meanK === undefined) return undefined;
        const astigmatism = cornealAstigmatism(m.k1!, m.k1Axis ?? undefined, m.k2!, m.k2Axis ?? undefined);
        const base: BiometryEyeDerived = {
          meanK,
          cornealAstigmatism: astigmatism.power,
          astigmatismAxis: astigmatism.steepAxis,
          astigmatismKind: astigmatism.kind,
        };
        const axialLength = m.axialLength ?? undefined;
        if (axialLength === undefined) return base;
        const target = lens?.targetRefraction ?? 0;
        const constants = iolConstants(lens);
        const srktInput =
          lens?.aConstant != null ? { axialLength, meanK, aConstant: lens.aConstant } : undefined;
        const hofferInput =
          constants.pACD !== undefined ? { axialLength, meanK, pACD: constants.pACD } : undefined;
        const holladayInput =
          constants.surgeonFactor !== undefined
            ? { axialLength, meanK, surgeonFactor: constants.surgeonFactor }
            : undefined;
        const results = {
          hofferQ: hofferInput && finite(hofferQ(hofferInput, target)),
          holladay1: holladayInput && finite(holladay1(holladayInput, target)),
          srkt: srktInput && finite(srkt(srktInput, target)),
        };
        const recommendedFormula = recommendedIolFormula(axialLength);
        const powers = IOL_FORMULAS.flatMap((f) => (results[f] ? [results[f].powerForTarget] : []));
        const formulaSpread = powers.length >= 2 ? Math.max(...powers) - Math.min(...powers) : undefined;
        const iolPower = lens?.iolPower ?? undefined;
        const byFormula =
          iolPower === undefined
            ? undefined
            : withDefined(
                {},
                {
                  hofferQ:
                    results.hofferQ && hofferInput
                      ? hofferQPredictedRefraction(hofferInput, iolPower)
                      : undefined,
                  holladay1:
                    results.holladay1 && holladayInput
                      ? holladay1PredictedRefraction(holladayInput, iolPower)
                      : undefined,
                  srkt: results.srkt && srktInput ? srktPredictedRefraction(srktInput, iolPower) : undefined,
                },
              );
        const chosenRefraction = byFormula?.srkt ?? byFormula?.[recommendedFormula] ?? powersOf(byFormula);
        return withDefined(base, {
          srkt: results.srkt,
          hofferQ: results.hofferQ,
          holladay1: results.holladay1,
          pACD: constants.pACD,
          surgeonFactor: constants.surgeonFactor,
          constantsFrom: constants.constantsFrom,
          recommendedFormula,
          formulaSpread,
          chosen:
            iolPower !== undefined && chosenRefraction !== undefined
              ? { power: iolPower, predictedRefraction: chosenRefraction, byFormula }
              : undefined,
        });
      });
      const warnings: BiometryWarning[] = [];
      for (const side of ['right', 'left'] as const) {
        const spread = eyes[side]?.formulaSpread;
        if (spread !== undefined && spread >= FORMULA_SPREAD_WARNING_D)
          warnings.push({ code: 'formulaSpread', eye: side, value: spread });
      }
      const alRight = data.measurements?.right?.axialLength;
      const alLeft = data.measurements?.left?.axialLength;
      if (alRight != null && alLeft != null) {
        const value = difference(alRight, alLeft);
        if (value > AXIAL_LENGTH_DIFFERENCE_WARNING_MM)
          warnings.push({ code: 'axialLengthDifference', value });
      }
      const kRight = eyes.right?.meanK;
      const kLeft = eyes.left?.meanK;
      if (kRight !== undefined && kLeft !== undefined) {
        const value = difference(kRight, kLeft);
        if (value > MEAN_K_DIFFERENCE_WARNING_D) warnings.push({ code: 'meanKDifference', value });
      }
      return merged(eyes, { warnings });
    },
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
