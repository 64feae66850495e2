import { z } from 'zod';
import { predictedRefraction } from '../clinical/iol-formula.ts';
import { formatDiopters } from '../clinical/rounding.ts';
import { astigmatismFromKeratometry } from '../clinical/sia.ts';
import { IOL_FORMULAS, type IolFormula } from './biometry.ts';
import { defineExam, type DeriveContext } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import { axis, checks, choice, date, group, note, num, ref, text } from './fields.ts';

/**
 * The operation record (issue 55, docs/outcomes.md): a cataract or other anterior-segment operation on one eye,
 * the lens implanted and the biometry plan it was calculated with. The predicted refraction of the implanted power
 * is taken from the plan (its measurements and the constant the plan used), never retyped; the outcome (the
 * refraction 3–12 weeks after) is linked to it by the outcomes module, not stored in it.
 */

export const OPERATION_PROCEDURES = [
  'phaco',
  'ecce',
  'sics',
  'phacoTrabeculectomy',
  'phacoVitrectomy',
  'secondaryIol',
  'iolExchange',
  'yagCapsulotomy',
  'trabeculectomy',
  'other',
] as const;
/** A procedure as a summary writes it: clinical shorthand, the same in either language; `other` says nothing. */
const PROCEDURE_SHORTHAND: Record<(typeof OPERATION_PROCEDURES)[number], string> = {
  phaco: 'Phaco',
  ecce: 'ECCE',
  sics: 'SICS',
  phacoTrabeculectomy: 'Phaco+Trab',
  phacoVitrectomy: 'Phaco+PPV',
  secondaryIol: '2ry IOL',
  iolExchange: 'IOL exch',
  yagCapsulotomy: 'YAG',
  trabeculectomy: 'Trab',
  other: '',
};
/**
 * The procedures the refractive and complication audit counts: those that take the cataract out (and put a lens in,
 * whose prediction is measured). A YAG capsulotomy, a trabeculectomy alone, a secondary lens or a lens exchange
 * are operations too, but the national cataract audits leave them out: counted, a YAG months later would be a
 * second "operation" of the eye and dilute the posterior capsule rupture rate.
 */
export const CATARACT_PROCEDURES = [
  'phaco',
  'ecce',
  'sics',
  'phacoTrabeculectomy',
  'phacoVitrectomy',
] as const satisfies readonly (typeof OPERATION_PROCEDURES)[number][];

/** A cataract operation: a cataract procedure, or, where the record names none, a lens implanted. */
export function isCataractOperation(data: {
  operation?: { procedure?: string | null } | null;
  lens?: { power?: number | null } | null;
}): boolean {
  const procedure = data.operation?.procedure;
  if (procedure == null) return data.lens?.power != null;
  return (CATARACT_PROCEDURES as readonly string[]).includes(procedure);
}

export const ANAESTHESIA_KINDS = [
  'topical',
  'intracameral',
  'subTenon',
  'peribulbar',
  'retrobulbar',
  'general',
] as const;
/** Where the main incision is made; the mean SIA is a surgeon's per site. */
export const INCISION_SITES = [
  'temporal',
  'superior',
  'superotemporal',
  'superonasal',
  'nasal',
  'inferior',
] as const;
export const LENS_PLACEMENTS = ['bag', 'sulcus', 'anteriorChamber', 'none'] as const;
/** Coded complications (the national cataract audits' list); `posteriorCapsuleRupture` is the audit's rate. */
export const OPERATION_COMPLICATIONS = [
  'posteriorCapsuleRupture',
  'vitreousLoss',
  'droppedNucleus',
  'zonularDialysis',
  'irisTrauma',
  'descemetDetachment',
  'woundBurn',
  'suprachoroidalHaemorrhage',
  'other',
] as const;
export type OperationComplication = (typeof OPERATION_COMPLICATIONS)[number];

/**
 * What the server reads for an operation's derivation (DeriveContext.operation): the plan's biometry of the
 * operated eye with the constants it was calculated with, and the lens model's names. Absent parts are absent.
 */
export interface OperationPlanContext {
  plan?: {
    biometryId: number;
    /** The plan's measurements of the operated eye (absent when the plan has none for it). */
    eye?: {
      axialLength: number;
      meanK: number;
      k1?: number | null;
      k1Axis?: number | null;
      k2?: number | null;
      k2Axis?: number | null;
      /** The constants the plan's results used: its A-constant, and its pACD and surgeon factor (entered or converted). */
      constants: Partial<Record<IolFormula, number>>;
      recommendedFormula?: IolFormula;
      /** The power the plan chose (its `lens.iolPower`) and the lens model it named. */
      plannedPower?: number | null;
      lensModel?: string | null;
      targetRefraction?: number | null;
    };
  };
  lens?: { model: string; manufacturer: string };
}

export const OPERATION_WARNING_CODES = [
  'planWithoutEye',
  'planWithoutConstant',
  'powerDiffersFromPlan',
] as const;

const astigmatismSchema = z.object({ magnitude: z.number(), axis: z.number().nullable() });
const derivedSchema = z.object({
  /** The lens model's name and maker when the record was saved (the print shows them as they were). */
  lensModel: z.string().optional(),
  manufacturer: z.string().optional(),
  /** The formula the prediction used (the record's, else the plan's recommended) and its constant. */
  formula: z.enum(IOL_FORMULAS).optional(),
  constant: z.number().optional(),
  axialLength: z.number().optional(),
  meanK: z.number().optional(),
  plannedPower: z.number().optional(),
  /** The refraction the plan's formula predicts for the implanted power, D, unrounded. */
  predictedRefraction: z.number().optional(),
  /** The plan's corneal astigmatism of the operated eye (the SIA's preoperative vector). */
  preoperativeAstigmatism: astigmatismSchema.optional(),
  warnings: z.array(z.object({ code: z.enum(OPERATION_WARNING_CODES), value: z.number().optional() })),
});
export type OperationDerived = z.infer<typeof derivedSchema>;

const finiteOr = (value: number | null | undefined) =>
  value != null && Number.isFinite(value) ? value : undefined;

/** The operation's derived values from its record and the plan the server read (pure: the form computes the same). */
function deriveOperation(
  data: {
    lens?: { power?: number | null } | null;
    plan?: { biometryId?: number | null; formula?: IolFormula | null } | null;
  },
  context: DeriveContext | undefined,
): OperationDerived {
  const warnings: OperationDerived['warnings'] = [];
  const plan = context?.operation?.plan;
  const lens = context?.operation?.lens;
  const names = lens ? { lensModel: lens.model, manufacturer: lens.manufacturer } : {};
  if (!plan || data.plan?.biometryId == null) return { ...names, warnings };
  const eye = plan.eye;
  if (!eye) return { ...names, warnings: [{ code: 'planWithoutEye' }] };
  const formula = data.plan?.formula ?? eye.recommendedFormula;
  const constant = formula ? eye.constants[formula] : undefined;
  const power = finiteOr(data.lens?.power);
  const plannedPower = finiteOr(eye.plannedPower);
  if (formula && constant === undefined) warnings.push({ code: 'planWithoutConstant' });
  if (power !== undefined && plannedPower !== undefined && power !== plannedPower)
    warnings.push({ code: 'powerDiffersFromPlan', value: power - plannedPower });
  const prediction =
    formula && constant !== undefined && power !== undefined
      ? predictedRefraction(formula, { axialLength: eye.axialLength, meanK: eye.meanK }, constant, power)
      : undefined;
  const preoperative =
    eye.k1 != null && eye.k2 != null
      ? astigmatismFromKeratometry(eye.k1, eye.k1Axis, eye.k2, eye.k2Axis)
      : undefined;
  const result: OperationDerived = {
    ...names,
    axialLength: eye.axialLength,
    meanK: eye.meanK,
    warnings,
  };
  if (formula) result.formula = formula;
  if (constant !== undefined) result.constant = constant;
  if (plannedPower !== undefined) result.plannedPower = plannedPower;
  if (prediction !== undefined && Number.isFinite(prediction)) result.predictedRefraction = prediction;
  if (preoperative) result.preoperativeAstigmatism = preoperative;
  return result;
}

export const operation = defineExam({
  type: 'operation',
  permissions: EXAM_PERMISSIONS.operation,
  fields: {
    operation: group({
      eye: choice(['right', 'left'] as const),
      date: date(),
      surgeonId: ref('user'),
      assistant: text(120),
      anaesthesia: choice(ANAESTHESIA_KINDS),
      procedure: choice(OPERATION_PROCEDURES),
      procedureDetail: text(200),
    }),
    incision: group({
      site: choice(INCISION_SITES),
      size: num({ unit: 'mm', min: 0.5, max: 12, step: 0.05 }),
      axis: axis(),
    }),
    lens: group({
      lensId: ref('iolLens'),
      power: num({ unit: 'D', min: -10, max: 40, step: 0.5, signed: true }),
      placement: choice(LENS_PLACEMENTS),
    }),
    plan: group({
      biometryId: ref('biometry'),
      formula: choice(IOL_FORMULAS),
    }),
    complications: group({
      codes: checks(OPERATION_COMPLICATIONS),
      detail: text(500, { lines: 2 }),
    }),
    note: note(),
  },
  check(data, issue) {
    // The plan and the lens are an eye's: without the eye neither the prediction nor the audit can use them.
    if ((data.plan?.biometryId != null || data.lens?.power != null) && data.operation?.eye == null)
      issue(['operation', 'eye'], 'value.required');
    if (data.lens?.placement === 'none' && (data.lens.power != null || data.lens.lensId != null))
      issue(['lens', 'placement'], 'value.no_lens_with_power');
    if (data.complications?.codes?.includes('other') && !data.complications.detail?.trim())
      issue(['complications', 'detail'], 'value.required');
  },
  derive: {
    schema: derivedSchema,
    usesContext: true,
    compute: (data, _previous, context) => deriveOperation(data, context),
  },
  summary(data, derived) {
    const eye = data.operation?.eye === 'right' ? 'R' : data.operation?.eye === 'left' ? 'L' : '—';
    const procedure = data.operation?.procedure;
    const parts = [eye, procedure ? PROCEDURE_SHORTHAND[procedure] || '—' : '—'];
    const power = data.lens?.power;
    if (power != null) parts.push(`${derived?.lensModel ?? 'IOL'} ${formatDiopters(power)} D`.trim());
    if (derived?.predictedRefraction !== undefined)
      parts.push(`(${formatDiopters(derived.predictedRefraction)})`);
    return parts.join(' · ');
  },
});
