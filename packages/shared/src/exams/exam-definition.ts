import { z } from 'zod';
import { dataOf, idSchema, pageOf, versionSchema } from '../common/api.schemas.ts';
import type { PrescribingContext } from '../prescribing/prescription-facts.ts';
import type { OperationPlanContext } from './operation.ts';
import type { ExamPermissions, ExamType } from './exam-types.ts';
import { userRefSchema } from '../queue/queue.schemas.ts';
import { fieldsShape, storedShape, type Fields, type ValuesOf } from './fields.ts';

/**
 * What a derivation may need beyond the record (a type asks for it with `derive.usesContext`; the server fills it
 * on save, and answers the same to the form so that its live values are the saved ones): what the prescription is
 * checked against, and the titles of the diagnosis codes the record names.
 */
export interface DeriveContext {
  prescribing?: PrescribingContext;
  /** The titles of the diagnosis codes the record names (by code); the server fills it, the live form need not. */
  diagnoses?: Readonly<Record<string, { titleEn: string; titleAr: string }>>;
  /** An operation's plan (its biometry record's eye) and its lens model's names, by the record's `ref` fields. */
  operation?: OperationPlanContext;
}

/** A field the author must fill because of what was derived, with what it answers. */
export interface Confirmation {
  path: (string | number)[];
  /** The author's words, or null while they are missing. */
  given: string | null;
  /** The codes of the warnings it answers. */
  answers: string[];
}

/**
 * What other features read from a type's records, named by what it is rather than by the type's word: the letters'
 * merge values (the server's letters.service.ts) find the visit's records by it. A type that provides one keeps
 * the fields it stands for:
 * - `diagnoses`: coded diagnoses (`diagnoses[]`: code, text, eye; their titles in `derived.diagnoses`) and a
 *   `referral` (to, reason);
 * - `acuity`: unaided acuities (`vision.<eye>.unaided`) and prescribed readings with theirs (`readings[]`);
 * - `visualFunction`: colour vision (`colour`) and the visual field (`field`).
 */
export type ExamProvision = 'diagnoses' | 'acuity' | 'visualFunction';

/**
 * One exam type, described once: the server validates and stores with it, the web app builds its form, index,
 * board line and print view from it. `type` is the API's and the routes' word (`/api/mo/exam/followUp`).
 */
export interface ExamDefinition<F extends Fields = Fields, D = unknown> {
  type: string;
  permissions: ExamPermissions;
  /** The record's sections, in form order; each top-level key is a section. */
  fields: F;
  /** Rules across fields (a cylinder needs its axis, at most one final reading); issues name their path. */
  check?: (data: ValuesOf<F>, issue: (path: (string | number)[], message: string) => void) => void;
  /**
   * What clinicians compute by hand, computed by the shared functions and stored with the record, unrounded.
   * `previous` is the patient's latest earlier record of the same type (progression is measured against it).
   */
  derive?: {
    schema: z.ZodType<D>;
    compute: (data: ValuesOf<F>, previous: ValuesOf<F> | undefined, context?: DeriveContext) => D;
    /** Whether `compute` reads the previous record (the server then looks it up; otherwise it does not). */
    usesPrevious?: boolean;
    /** Whether `compute` reads a DeriveContext (the server then builds it; otherwise it does not). */
    usesContext?: boolean;
    /**
     * What the derived values ask the author to confirm before the record is saved (a reason to give a
     * contraindicated drug): each is a field (`path`) that must be filled, and the warnings it answers. Unfilled,
     * it is a 422 `value.reason_required` on its path, on the server and in the form alike; filled, the server
     * audits it with the save.
     */
    confirm?: (data: ValuesOf<F>, derived: D) => Confirmation[];
  };
  /** What other features read from its records (ExamProvision); none by default. */
  provides?: readonly ExamProvision[];
  /** The board's and the index's one line: what a clinician reads at a glance. */
  summary: (data: ValuesOf<F>, derived: D | undefined) => string;
}

/** Keeps the type's literal word (`'spectacles'`), so `ExamType` is the union of the registry's words. */
export function defineExam<const T extends ExamType, const F extends Fields, D = undefined>(
  definition: ExamDefinition<F, D> & { type: T },
): ExamDefinition<F, D> & { type: T } {
  return definition;
}

/** Keys every record answer carries beside the exam's own fields; a definition may not use them. */
export const RECORD_KEYS = [
  'id',
  'type',
  'patientId',
  'queueId',
  'version',
  'createdBy',
  'updatedBy',
  'createdAt',
  'updatedAt',
  'derived',
] as const;

export const EXAM_RECORDS_PER_PAGE = 25;

/** The request and answer schemas of a type, all from its fields. */
export function examSchemas<F extends Fields, D>(definition: ExamDefinition<F, D>) {
  const fields = fieldsShape(definition.fields);
  // Cross-field rules run even when a field is wrong, so a 422 names every problem at once; a value of the wrong
  // shape that trips a rule is already reported by its own field.
  const checked = <T extends z.ZodObject>(schema: T) =>
    schema.superRefine(
      (data, ctx) => {
        try {
          definition.check?.(data as ValuesOf<F>, (path, message) =>
            ctx.addIssue({ code: 'custom', path, message }),
          );
        } catch {
          // reported by the field's own error
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    );
  const record = z.object({
    id: z.number().int(),
    type: z.literal(definition.type),
    patientId: z.number().int(),
    queueId: z.number().int().nullable(),
    version: z.number().int(),
    createdBy: userRefSchema.nullable(),
    updatedBy: userRefSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    ...storedShape(definition.fields),
    derived: definition.derive ? definition.derive.schema.nullable() : z.null(),
  });
  return {
    /** `POST /api/mo/exam/{type}`: the patient, the visit, and any of the fields. */
    create: checked(z.object({ patientId: idSchema, queueId: idSchema, ...fields })),
    /** `POST /api/mo/exam/{type}/{id}`: the whole record as the form holds it, with the version it read. */
    update: checked(z.object({ version: versionSchema, ...fields })),
    /** The fields alone (the web form's validator). */
    data: checked(z.object(fields)),
    record,
    recordResponse: dataOf(record),
    page: pageOf(record),
  };
}

export type ExamData<Def> = Def extends ExamDefinition<infer F, unknown> ? ValuesOf<F> : never;
