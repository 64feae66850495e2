import { z } from 'zod';
import { IOL_FORMULAS } from '../exams/biometry.ts';
import { AXIAL_LENGTH_BANDS } from '../clinical/outcomes.ts';
import { dataOf, idSchema, idTextSchema, isoDateSchema, versionSchema } from '../common/api.schemas.ts';
import { INCISION_SITES } from '../exams/operation.ts';

/**
 * The surgeon's loop (issue 55, docs/outcomes.md): the clinic's lens list, an operation's outcome (its linked
 * postoperative refraction), the audit, and the constants learned from the outcomes. Every path is under /api.
 *
 * | Call                                         | Permission                                  |
 * | -------------------------------------------- | ------------------------------------------- |
 * | GET  /api/iol-lenses                         | show iol lenses, or biometry/operation writers |
 * | GET  /api/iol-lenses/{id}                    | the same (with the constants' history)       |
 * | POST /api/iol-lenses                         | manage iol lenses                            |
 * | POST /api/iol-lenses/{id}                    | manage iol lenses (with `version`)           |
 * | POST /api/iol-lenses/{id}/optimise           | manage iol lenses: accept the optimised constant |
 * | GET  /api/outcomes/operations/{id}           | operation readers: the outcome of one operation |
 * | PUT  /api/outcomes/operations/{id}           | edit operation: choose its postoperative refraction |
 * | GET  /api/outcomes/audit                     | show outcomes                                |
 * | GET  /api/outcomes/constants                 | show outcomes                                |
 * | GET  /api/outcomes/settings                  | show outcomes                                |
 * | PUT  /api/outcomes/settings                  | manage iol lenses                            |
 */

/** Where a constant's value came from. */
export const CONSTANT_SOURCES = ['manufacturer', 'ulib', 'optimised', 'other'] as const;
export type ConstantSource = (typeof CONSTANT_SOURCES)[number];

/** The three constants of a lens, by the lens list's names (IOL_FORMULA_CONSTANT maps a formula to its own). */
export const LENS_CONSTANTS = ['aConstant', 'pACD', 'surgeonFactor'] as const;
export type LensConstantName = (typeof LENS_CONSTANTS)[number];

/** The same ranges the biometry form takes (exams/biometry.ts `lens`). */
export const LENS_CONSTANT_LIMITS: Record<LensConstantName, { min: number; max: number; step: number }> = {
  aConstant: { min: 112, max: 125, step: 0.01 },
  pACD: { min: 2.5, max: 7.5, step: 0.01 },
  surgeonFactor: { min: -2.5, max: 5, step: 0.01 },
};

const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-6;
const constantValue = (name: LensConstantName) => {
  const { min, max, step } = LENS_CONSTANT_LIMITS[name];
  return z
    .number('value.invalid')
    .min(min, 'value.min')
    .max(max, 'value.max')
    .refine((v) => onStep(v, step), 'value.step');
};

/** One constant as the lens list holds it: its value, its source and the day that source gave it. */
const constantInput = (name: LensConstantName) =>
  z
    .object({
      value: constantValue(name),
      source: z.enum(CONSTANT_SOURCES, 'value.invalid'),
      /** The day the source gave it (a ULIB table's date, the optimisation's day). */
      sourceDate: isoDateSchema('value').nullable().optional(),
    })
    .strict();

export const lensConstantSchema = z.object({
  value: z.number(),
  source: z.enum(CONSTANT_SOURCES),
  sourceDate: z.string().nullable(),
});
export type LensConstant = z.infer<typeof lensConstantSchema>;

/** `POST /api/iol-lenses`: a model, its maker, and whichever of its constants are known. */
export const iolLensCreateSchema = z
  .object({
    model: z.string('value.required').trim().min(1, 'value.required').max(120, 'value.too_long'),
    manufacturer: z.string('value.invalid').trim().max(120, 'value.too_long').default(''),
    /** Optic: one-piece in the bag, three-piece for the sulcus, and so on; free text. */
    description: z.string('value.invalid').trim().max(300, 'value.too_long').default(''),
    aConstant: constantInput('aConstant').nullable().optional(),
    pACD: constantInput('pACD').nullable().optional(),
    surgeonFactor: constantInput('surgeonFactor').nullable().optional(),
    isActive: z.boolean('value.invalid').default(true),
  })
  .strict();
export type IolLensCreate = z.input<typeof iolLensCreateSchema>;

/** `POST /api/iol-lenses/{id}`: the whole lens as the form holds it, with the version it read. */
export const iolLensUpdateSchema = iolLensCreateSchema.extend({ version: versionSchema }).strict();
export type IolLensUpdate = z.input<typeof iolLensUpdateSchema>;

/** A constant's earlier value, kept when it is replaced (by an edit or an accepted optimisation). */
export const lensConstantHistorySchema = z.object({
  constant: z.enum(LENS_CONSTANTS),
  value: z.number(),
  source: z.enum(CONSTANT_SOURCES),
  sourceDate: z.string().nullable(),
  /** When it stopped being the lens's value, and who replaced it. */
  replacedAt: z.string(),
  replacedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** What replaced it. */
  replacedWith: z.number().nullable(),
  /** For an optimised value that replaced it: the eyes it was learned from. */
  eyes: z.number().int().nullable(),
});
export type LensConstantHistory = z.infer<typeof lensConstantHistorySchema>;

export const iolLensSchema = z.object({
  id: z.number().int(),
  model: z.string(),
  manufacturer: z.string(),
  description: z.string(),
  aConstant: lensConstantSchema.nullable(),
  pACD: lensConstantSchema.nullable(),
  surgeonFactor: lensConstantSchema.nullable(),
  isActive: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type IolLens = z.infer<typeof iolLensSchema>;

export const iolLensDetailSchema = iolLensSchema.extend({ history: z.array(lensConstantHistorySchema) });
export type IolLensDetail = z.infer<typeof iolLensDetailSchema>;

export const iolLensListResponseSchema = dataOf(z.array(iolLensSchema));
export const iolLensResponseSchema = dataOf(iolLensDetailSchema);
/** `GET /api/iol-lenses?active=true`: only the lenses offered in the forms. */
export const iolLensListQuerySchema = z.object({ active: z.enum(['true', 'false']).optional() }).strict();

/** `POST /api/iol-lenses/{id}/optimise`: accept the constant the outcomes give for this formula. */
export const optimiseConstantSchema = z
  .object({
    formula: z.enum(IOL_FORMULAS, 'value.invalid'),
    /** The lens's version the surgeon read (the constant it was shown against). */
    version: versionSchema,
  })
  .strict();

// ---- one operation's outcome -------------------------------------------------------------------------------------

/** The weeks after an operation a refraction counts as its outcome (inclusive): 3 to 12. */
export const OUTCOME_WINDOW_DAYS = { from: 21, to: 84 } as const;

/** A spectacles record of the operated eye that could be the outcome. */
export const outcomeCandidateSchema = z.object({
  spectaclesId: z.number().int(),
  /** The record's visit day (YYYY-MM-DD) and the days after the operation. */
  date: z.string(),
  daysAfter: z.number().int(),
  /** Inside the 3–12 week window. */
  inWindow: z.boolean(),
  /** The reading the outcome is taken from (the final one, else the prescribed reading). */
  sphere: z.number(),
  cylinder: z.number().nullable(),
  axis: z.number().nullable(),
  isFinal: z.boolean(),
  correctedAcuity: z.string().nullable(),
  uncorrectedAcuity: z.string().nullable(),
});
export type OutcomeCandidate = z.infer<typeof outcomeCandidateSchema>;

const astigmatismSchema = z.object({ magnitude: z.number(), axis: z.number().nullable() });

export const operationOutcomeSchema = z.object({
  operationId: z.number().int(),
  patientId: z.number().int(),
  eye: z.enum(['right', 'left']).nullable(),
  /** The operation's day, YYYY-MM-DD. */
  date: z.string(),
  candidates: z.array(outcomeCandidateSchema),
  /** The linked refraction: chosen by the surgeon, else the earliest final one in the window (`default`). */
  chosen: z.object({ spectaclesId: z.number().int(), by: z.enum(['default', 'surgeon']) }).nullable(),
  predictedRefraction: z.number().nullable(),
  achievedSE: z.number().nullable(),
  /** achievedSE − predictedRefraction, D; null without both. */
  predictionError: z.number().nullable(),
  correctedAcuity: z.string().nullable(),
  uncorrectedAcuity: z.string().nullable(),
  /** Surgically induced astigmatism (plan's keratometry → postoperative refraction at the cornea). */
  sia: astigmatismSchema.nullable(),
});
export type OperationOutcome = z.infer<typeof operationOutcomeSchema>;
export const operationOutcomeResponseSchema = dataOf(operationOutcomeSchema);

/** `PUT /api/outcomes/operations/{id}`: the spectacles record chosen as the outcome, or null for the default. */
export const outcomeChoiceSchema = z.object({ spectaclesId: idSchema.nullable() }).strict();

// ---- the audit -------------------------------------------------------------------------------------------------

const boolText = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `GET /api/outcomes/audit` and `/constants`: the set of operations, every filter optional. */
export const auditQuerySchema = z
  .object({
    surgeonId: idTextSchema.optional(),
    lensId: idTextSchema.optional(),
    formula: z.enum(IOL_FORMULAS).optional(),
    band: z.enum(AXIAL_LENGTH_BANDS).optional(),
    /** Operation days, inclusive. */
    from: isoDateSchema('from').optional(),
    to: isoDateSchema('to').optional(),
    /** Only each patient's first operated eye (default true: second eyes are not independent). */
    firstEyesOnly: boolText.default(true),
  })
  .strict();
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** One eye of the audit, for the list under the figures. */
export const auditEyeSchema = z.object({
  operationId: z.number().int(),
  patientId: z.number().int(),
  /** The operation record's visit (its page is `/operation/{patientId}/{queueId}/{operationId}`). */
  queueId: z.number().int().nullable(),
  patientName: z.string(),
  eye: z.enum(['right', 'left']),
  date: z.string(),
  surgeon: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lensModel: z.string().nullable(),
  formula: z.enum(IOL_FORMULAS).nullable(),
  axialLength: z.number().nullable(),
  power: z.number().nullable(),
  predictedRefraction: z.number().nullable(),
  achievedSE: z.number().nullable(),
  predictionError: z.number().nullable(),
  firstEye: z.boolean(),
  complications: z.array(z.string()),
});
export type AuditEye = z.infer<typeof auditEyeSchema>;

const share = z.object({ count: z.number().int(), of: z.number().int(), share: z.number().nullable() });
const doubleAngle = z.object({ x: z.number(), y: z.number() });

export const auditSchema = z.object({
  /** Operations counted (after the first-eye choice) and those with an outcome. */
  operations: z.number().int(),
  n: z.number().int(),
  /** Null where there is no eye to compute it from (JSON has no NaN). */
  meanError: z.number().nullable(),
  sdError: z.number().nullable(),
  meanAbsoluteError: z.number().nullable(),
  medianAbsoluteError: z.number().nullable(),
  within: z.array(z.object({ limit: z.number(), count: z.number().int(), share: z.number().nullable() })),
  /** Bins of 0.25 D from −2.00 to +2.00; the first and last are open (from or to null). */
  histogram: z.array(
    z.object({ from: z.number().nullable(), to: z.number().nullable(), count: z.number().int() }),
  ),
  pcr: z.object({ count: z.number().int(), per100: z.number().nullable() }),
  complications: z.object({ count: z.number().int(), per100: z.number().nullable() }),
  correctedReaching: share,
  uncorrectedReaching: share,
  benchmarks: z.object({ within050: z.number(), within100: z.number(), goodWithin050: z.number() }),
  /** The mean SIA per incision site, with each eye's double-angle point for the plot. */
  sia: z.array(
    z.object({
      site: z.enum(INCISION_SITES).nullable(),
      n: z.number().int(),
      mean: astigmatismSchema.nullable(),
      meanMagnitude: z.number().nullable(),
      centroid: doubleAngle.nullable(),
      points: z.array(doubleAngle),
    }),
  ),
  eyes: z.array(auditEyeSchema),
});
export type Audit = z.infer<typeof auditSchema>;
export const auditResponseSchema = dataOf(auditSchema);

// ---- constants learned from outcomes -------------------------------------------------------------------------

export const constantOptimisationSchema = z.object({
  lensId: z.number().int(),
  lensModel: z.string(),
  formula: z.enum(IOL_FORMULAS),
  constant: z.enum(LENS_CONSTANTS),
  /** The lens list's value now (null when the lens has none for this formula: nothing to compare with). */
  current: z.number().nullable(),
  /** Eyes with an outcome planned with this lens and formula, and the fewest the clinic optimises from. */
  eyes: z.number().int(),
  minimumEyes: z.number().int(),
  /** Null when refused (too few eyes, or no current constant). */
  optimised: z
    .object({
      value: z.number(),
      n: z.number().int(),
      excluded: z.number().int(),
      sd: z.number(),
      confidenceInterval: z.tuple([z.number(), z.number()]),
      meanErrorBefore: z.number(),
      meanErrorAfter: z.number(),
      meanAbsoluteErrorBefore: z.number(),
      meanAbsoluteErrorAfter: z.number(),
    })
    .nullable(),
  refused: z.enum(['tooFewEyes', 'noCurrentConstant']).nullable(),
});
export type ConstantOptimisationRow = z.infer<typeof constantOptimisationSchema>;
export const constantsResponseSchema = dataOf(z.array(constantOptimisationSchema));

// ---- settings --------------------------------------------------------------------------------------------------

export const outcomeSettingsSchema = z.object({
  /** The fewest first eyes with an outcome a constant is optimised from (20 by default). */
  minimumEyes: z.number().int(),
  version: z.number().int(),
});
export const outcomeSettingsUpdateSchema = z
  .object({
    minimumEyes: z.number('value.invalid').int('value.step').min(10, 'value.min').max(500, 'value.max'),
    version: versionSchema,
  })
  .strict();
export const outcomeSettingsResponseSchema = dataOf(outcomeSettingsSchema);
