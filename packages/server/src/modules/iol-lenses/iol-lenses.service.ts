import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CONSTANT_SOURCES,
  LENS_CONSTANTS,
  type ConstantSource,
  type IolLens,
  type IolLensCreate,
  type IolLensDetail,
  type IolLensUpdate,
  type LensConstant,
  type LensConstantHistory,
  type LensConstantName,
} from '@basira/shared/outcomes/outcomes.schemas';
import { localDay } from '@basira/shared/dates/calendar';
import type { Db } from '../../db/client.ts';
import { iolLensConstantHistory, iolLenses, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, isUniqueViolation, notFound, pgConstraint } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';

/**
 * The clinic's lens list (issue 55, docs/outcomes.md): each model with its formula constants and where each came
 * from. A constant replaced, by an edit or by an accepted optimisation, leaves a history row, so a surgeon can see
 * what the plans of earlier operations were computed with.
 */

type LensRow = typeof iolLenses.$inferSelect;
/** The stored `constants` column: each constant the lens has, by name. */
type StoredConstants = Partial<Record<LensConstantName, LensConstant>>;

const isSource = (value: unknown): value is ConstantSource =>
  (CONSTANT_SOURCES as readonly unknown[]).includes(value);

/**
 * The stored constants as the contract has them. They are written only through `iolLensCreateSchema` and
 * `replaceLensConstant`; anything else in the column (a hand edit) is left out rather than answered malformed.
 */
function storedConstants(value: unknown): StoredConstants {
  const out: StoredConstants = {};
  if (!value || typeof value !== 'object') return out;
  for (const name of LENS_CONSTANTS) {
    const c = (value as Record<string, unknown>)[name] as Record<string, unknown> | null | undefined;
    if (!c || typeof c.value !== 'number' || !isSource(c.source)) continue;
    out[name] = {
      value: c.value,
      source: c.source,
      sourceDate: typeof c.sourceDate === 'string' ? c.sourceDate : null,
    };
  }
  return out;
}

export function lensView(row: LensRow): IolLens {
  const constants = storedConstants(row.constants);
  return {
    id: row.id,
    model: row.model,
    manufacturer: row.manufacturer,
    description: row.description,
    aConstant: constants.aConstant ?? null,
    pACD: constants.pACD ?? null,
    surgeonFactor: constants.surgeonFactor ?? null,
    isActive: row.isActive,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The constants of a create or update body, as stored (an absent or null constant is not stored). */
function inputConstants(input: IolLensCreate): StoredConstants {
  const out: StoredConstants = {};
  for (const name of LENS_CONSTANTS) {
    const c = input[name];
    if (c) out[name] = { value: c.value, source: c.source, sourceDate: c.sourceDate ?? null };
  }
  return out;
}

function lensColumns(input: IolLensCreate) {
  return {
    model: input.model.trim(),
    manufacturer: (input.manufacturer ?? '').trim(),
    description: (input.description ?? '').trim(),
    constants: inputConstants(input),
    isActive: input.isActive ?? true,
  };
}

/** A model the organization already lists (the unique index is case-insensitive): a field error, never a 500. */
const duplicateModel = () =>
  new AppError('iol_lens.duplicate_model', 'The lens list already has a lens of this model.', {
    model: ['model.taken'],
  });

function isDuplicateModel(error: unknown): boolean {
  if (!isUniqueViolation(error)) return false;
  const constraint = pgConstraint(error);
  return constraint === undefined || constraint === 'iol_lenses_org_model_uq';
}

/** A history row to write: a constant's value before, and what replaced it. */
interface Replacement {
  constant: LensConstantName;
  before: LensConstant;
  after: number | null;
  eyes: number | null;
}

/** The constants whose value or source an edit changed (a changed day alone is a correction, not a new value). */
function replacements(before: StoredConstants, after: StoredConstants): Replacement[] {
  const out: Replacement[] = [];
  for (const constant of LENS_CONSTANTS) {
    const old = before[constant];
    const now = after[constant];
    if (!old) continue;
    if (now && now.value === old.value && now.source === old.source) continue;
    out.push({ constant, before: old, after: now?.value ?? null, eyes: null });
  }
  return out;
}

async function writeHistory(
  tx: Db,
  scope: RequestContext,
  lensId: number,
  rows: Replacement[],
  at: Date,
): Promise<void> {
  if (!rows.length) return;
  await tx.insert(iolLensConstantHistory).values(
    rows.map((r) => ({
      orgId: scope.orgId,
      lensId,
      constant: r.constant,
      value: r.before.value,
      source: r.before.source,
      sourceDate: r.before.sourceDate,
      replacedWith: r.after,
      eyes: r.eyes,
      replacedBy: scope.userId,
      replacedAt: at,
    })),
  );
}

/** The lens row, locked for the rest of the transaction (an edit reads the constants it replaces). */
async function lockLens(tx: Db, orgId: number, id: number): Promise<LensRow> {
  const [row] = await tx
    .select()
    .from(iolLenses)
    .where(inOrg(iolLenses, orgId, eq(iolLenses.id, id)))
    .for('update');
  if (!row) throw notFound('Lens');
  return row;
}

/**
 * The organization's lenses of these ids, hidden ones included (a record keeps naming a lens the clinic has since
 * stopped offering): for the `ref('iol_lens')` fields of the biometry and operation records, and the outcomes.
 */
export async function lensesByIds(
  db: Db,
  orgId: number,
  ids: readonly number[],
): Promise<Map<number, IolLens>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select()
    .from(iolLenses)
    .where(inOrg(iolLenses, orgId, inArray(iolLenses.id, wanted)));
  return new Map(rows.map((row) => [row.id, lensView(row)]));
}

/** A lens with its constants' history, newest first. */
export async function lensDetail(db: Db, orgId: number, id: number): Promise<IolLensDetail> {
  const [row] = await db
    .select()
    .from(iolLenses)
    .where(inOrg(iolLenses, orgId, eq(iolLenses.id, id)));
  if (!row) throw notFound('Lens');
  const history = await db
    .select({
      constant: iolLensConstantHistory.constant,
      value: iolLensConstantHistory.value,
      source: iolLensConstantHistory.source,
      sourceDate: iolLensConstantHistory.sourceDate,
      replacedAt: iolLensConstantHistory.replacedAt,
      replacedWith: iolLensConstantHistory.replacedWith,
      eyes: iolLensConstantHistory.eyes,
      userId: users.id,
      userName: users.name,
    })
    .from(iolLensConstantHistory)
    .leftJoin(
      users,
      sql`${users.id} = ${iolLensConstantHistory.replacedBy} AND ${users.orgId} = ${iolLensConstantHistory.orgId}`,
    )
    .where(inOrg(iolLensConstantHistory, orgId, eq(iolLensConstantHistory.lensId, id)))
    .orderBy(desc(iolLensConstantHistory.replacedAt), desc(iolLensConstantHistory.id));
  return {
    ...lensView(row),
    history: history.flatMap((h): LensConstantHistory[] =>
      (LENS_CONSTANTS as readonly string[]).includes(h.constant) && isSource(h.source)
        ? [
            {
              constant: h.constant as LensConstantName,
              value: h.value,
              source: h.source,
              sourceDate: h.sourceDate,
              replacedAt: h.replacedAt.toISOString(),
              replacedBy:
                h.userId === null || h.userName === null ? null : { id: h.userId, name: h.userName },
              replacedWith: h.replacedWith,
              eyes: h.eyes,
            },
          ]
        : [],
    ),
  };
}

/** A lens changed since the caller read it: 409 with the lens as it is now, for the screen to show. */
async function staleLens(db: Db, orgId: number, id: number): Promise<AppError> {
  return new AppError(
    'stale_version',
    'Someone else changed this lens; the current lens is attached. Review it and try again.',
    undefined,
    { data: await lensDetail(db, orgId, id) },
  );
}

export interface ReplaceConstantOptions {
  source: ConstantSource;
  /** The eyes an optimised value was learned from (null for another source). */
  eyes: number | null;
  /** The lens's version the caller read: a later change is a 409 with the current lens. */
  expectedVersion: number;
  /** When (the service's clock); the clinic's day of it is the new value's `sourceDate`. Default: now. */
  at?: Date;
}

/**
 * Replaces ONE constant of a lens (an accepted optimisation, modules/outcomes): the old value goes to the history
 * with the eyes the new one was learned from, the new one is dated the clinic's today, the version is bumped and
 * the audit row lands in the same transaction. Runs in the caller's transaction when given one.
 */
export async function replaceLensConstant(
  db: Db,
  scope: RequestContext,
  lensId: number,
  constantName: LensConstantName,
  value: number,
  { source, eyes, expectedVersion, at = new Date() }: ReplaceConstantOptions,
): Promise<IolLensDetail> {
  await db.transaction(async (tx) => {
    const row = await lockLens(tx, scope.orgId, lensId);
    const constants = storedConstants(row.constants);
    const old = constants[constantName];
    const replaced: LensConstant = { value, source, sourceDate: localDay(at, scope.timeZone) };
    await updateVersioned(
      tx,
      iolLenses,
      { orgId: scope.orgId, id: lensId, expected: expectedVersion },
      { constants: { ...constants, [constantName]: replaced }, updatedAt: at, updatedBy: scope.userId },
      () => staleLens(tx, scope.orgId, lensId),
    );
    if (old)
      await writeHistory(
        tx,
        scope,
        lensId,
        [{ constant: constantName, before: old, after: value, eyes }],
        at,
      );
    await recordAudit(tx, scope, {
      action: 'iol_lens.constant_optimised',
      entity: 'iol_lens',
      entityId: lensId,
      details: {
        model: row.model,
        constant: constantName,
        from: old?.value ?? null,
        to: value,
        source,
        eyes,
      },
      at,
    });
  });
  return lensDetail(db, scope.orgId, lensId);
}

export class IolLensesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The organization's lenses by model (case-insensitive); `active` keeps only those offered, or only hidden ones. */
  async list(orgId: number, active?: boolean): Promise<IolLens[]> {
    const rows = await this.db
      .select()
      .from(iolLenses)
      .where(inOrg(iolLenses, orgId, active === undefined ? undefined : eq(iolLenses.isActive, active)))
      .orderBy(asc(sql`lower(${iolLenses.model})`), asc(iolLenses.id));
    return rows.map(lensView);
  }

  get(orgId: number, id: number): Promise<IolLensDetail> {
    return lensDetail(this.db, orgId, id);
  }

  async create(scope: RequestContext, input: IolLensCreate): Promise<IolLensDetail> {
    const now = this.clock.now();
    try {
      const id = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(iolLenses)
          .values({
            orgId: scope.orgId,
            ...lensColumns(input),
            createdBy: scope.userId,
            updatedBy: scope.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: iolLenses.id, model: iolLenses.model });
        await recordAudit(tx, scope, {
          action: 'iol_lens.created',
          entity: 'iol_lens',
          entityId: row!.id,
          details: { model: row!.model },
          at: now,
        });
        return row!.id;
      });
      return await lensDetail(this.db, scope.orgId, id);
    } catch (error) {
      if (isDuplicateModel(error)) throw duplicateModel();
      throw error;
    }
  }

  /** Replaces the whole lens (the form's); every constant whose value or source changed leaves a history row. */
  async update(scope: RequestContext, id: number, input: IolLensUpdate): Promise<IolLensDetail> {
    const now = this.clock.now();
    try {
      await this.db.transaction(async (tx) => {
        const before = await lockLens(tx, scope.orgId, id);
        const columns = lensColumns(input);
        await updateVersioned(
          tx,
          iolLenses,
          { orgId: scope.orgId, id, expected: input.version },
          { ...columns, updatedAt: now, updatedBy: scope.userId },
          () => staleLens(tx, scope.orgId, id),
        );
        const replaced = replacements(storedConstants(before.constants), columns.constants);
        await writeHistory(tx, scope, id, replaced, now);
        await recordAudit(tx, scope, {
          action: 'iol_lens.updated',
          entity: 'iol_lens',
          entityId: id,
          details: {
            model: columns.model,
            ...(before.model !== columns.model ? { formerModel: before.model } : {}),
            replaced: replaced.map((r) => ({ constant: r.constant, from: r.before.value, to: r.after })),
          },
          at: now,
        });
      });
    } catch (error) {
      if (isDuplicateModel(error)) throw duplicateModel();
      throw error;
    }
    return lensDetail(this.db, scope.orgId, id);
  }
}
