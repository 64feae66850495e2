import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { BiometryDerived } from '@basira/shared/exams/biometry';
import type { DeriveContext, ExamDefinition } from '@basira/shared/exams/exam-definition';
import { mapLeaves, unknownRefError, type RefTarget } from '@basira/shared/exams/fields';
import { operationPlanContext } from '@basira/shared/exams/operation-plan';
import type { Db } from '../../db/client.ts';
import { examRecords, iolLenses, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';

type Data = Record<string, unknown>;

/** Every `ref` id of a record with its path, by what it names. */
function refsOf(definition: ExamDefinition, data: Data): { to: RefTarget; id: number; path: string }[] {
  const refs: { to: RefTarget; id: number; path: string }[] = [];
  mapLeaves(definition.fields, data, 'ref', (value, path, leaf) => {
    if (leaf.kind === 'ref' && typeof value === 'number')
      refs.push({ to: leaf.to, id: value, path: path.join('.') });
    return value;
  });
  return refs;
}

/**
 * What each kind of `ref` may name: a lens of the organization's list, a user of the organization, a live
 * biometry record of the same patient. One query per kind named, all errors at once.
 */
const KNOWN: Record<
  RefTarget,
  (db: Db, orgId: number, patientId: number, ids: number[]) => Promise<number[]>
> = {
  iolLens: async (db, orgId, _patientId, ids) =>
    (
      await db
        .select({ id: iolLenses.id })
        .from(iolLenses)
        .where(inOrg(iolLenses, orgId, inArray(iolLenses.id, ids)))
    ).map((r) => r.id),
  user: async (db, orgId, _patientId, ids) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(inOrg(users, orgId, inArray(users.id, ids)))
    ).map((r) => r.id),
  biometry: async (db, orgId, patientId, ids) =>
    (
      await db
        .select({ id: examRecords.id })
        .from(examRecords)
        .where(
          inOrg(
            examRecords,
            orgId,
            inArray(examRecords.id, ids),
            eq(examRecords.patientId, patientId),
            eq(examRecords.type, 'biometry'),
            isNull(examRecords.deletedAt),
          ),
        )
    ).map((r) => r.id),
};

/** A `ref` id that names nothing the record may name is a 422 `value.unknown_<to>` on its path. */
export async function assertKnownRefs(
  db: Db,
  definition: ExamDefinition,
  orgId: number,
  patientId: number,
  data: Data,
): Promise<void> {
  const refs = refsOf(definition, data);
  if (!refs.length) return;
  const errors: Record<string, string[]> = {};
  for (const to of new Set(refs.map((r) => r.to))) {
    const wanted = refs.filter((r) => r.to === to);
    const known = new Set(await KNOWN[to](db, orgId, patientId, [...new Set(wanted.map((r) => r.id))]));
    for (const { id, path } of wanted) if (!known.has(id)) errors[path] = [unknownRefError(to)];
  }
  if (Object.keys(errors).length) throw new AppError('validation', 'The given data was invalid.', errors);
}

/**
 * The operation's part of the derive context (DeriveContext.operation): the plan's biometry of the operated eye
 * and the lens model's names, read by the record's `ref('biometry')` and `ref('iolLens')` values. The operated eye
 * is the record's `operation.eye` (the one type with a plan). Undefined for a record that names neither.
 */
export async function operationContext(
  db: Db,
  definition: ExamDefinition,
  orgId: number,
  patientId: number,
  data: Data,
): Promise<DeriveContext['operation']> {
  const refs = refsOf(definition, data);
  const biometryId = refs.find((r) => r.to === 'biometry')?.id;
  const lensId = refs.find((r) => r.to === 'iolLens')?.id;
  if (biometryId === undefined && lensId === undefined) return undefined;
  const eye = (data.operation as { eye?: 'right' | 'left' | null } | undefined)?.eye;
  const [plan] =
    biometryId === undefined
      ? []
      : await db
          .select({ id: examRecords.id, data: examRecords.data, derived: examRecords.derived })
          .from(examRecords)
          .where(
            and(
              inOrg(examRecords, orgId, eq(examRecords.id, biometryId), eq(examRecords.patientId, patientId)),
              eq(examRecords.type, 'biometry'),
              isNull(examRecords.deletedAt),
            ),
          );
  const [lens] =
    lensId === undefined
      ? []
      : await db
          .select({ model: iolLenses.model, manufacturer: iolLenses.manufacturer })
          .from(iolLenses)
          .where(inOrg(iolLenses, orgId, eq(iolLenses.id, lensId)));
  return {
    ...(plan
      ? {
          plan: operationPlanContext(
            {
              id: plan.id,
              data: plan.data as Parameters<typeof operationPlanContext>[0]['data'],
              derived: plan.derived as BiometryDerived | null,
            },
            eye,
          ),
        }
      : {}),
    ...(lens ? { lens } : {}),
  };
}
