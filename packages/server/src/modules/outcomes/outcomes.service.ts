import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { localDay } from '@basira/shared/dates/calendar';
import { IOL_FORMULA_CONSTANT } from '@basira/shared/clinical/iol-formula';
import {
  auditStatistics,
  axialLengthBand,
  firstEyes,
  OUTCOME_BENCHMARKS,
} from '@basira/shared/clinical/outcomes';
import {
  MIN_EYES_FOR_OPTIMISATION,
  optimiseConstant,
  type OptimisationEye,
} from '@basira/shared/clinical/constant-optimisation';
import { meanSia } from '@basira/shared/clinical/sia';
import type { IolFormula } from '@basira/shared/exams/biometry';
import { INCISION_SITES, isCataractOperation } from '@basira/shared/exams/operation';
import type {
  Audit,
  AuditEye,
  auditQuerySchema,
  ConstantOptimisationRow,
  IolLensDetail,
  OperationOutcome,
  optimiseConstantSchema,
  outcomeSettingsUpdateSchema,
} from '@basira/shared/outcomes/outcomes.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  examRecords,
  operationOutcomes,
  outcomeSettings,
  patients,
  queueEntries,
  users,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';
import { lensesByIds, replaceLensConstant } from '../iol-lenses/iol-lenses.service.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  formulaOf,
  operationDay,
  outcomeOf,
  type OperationRow,
  type SpectaclesRow,
} from './outcome-of-operation.ts';

type AuditQuery = z.output<typeof auditQuerySchema>;
type OptimiseInput = z.output<typeof optimiseConstantSchema>;
type SettingsUpdate = z.output<typeof outcomeSettingsUpdateSchema>;
type Settings = { minimumEyes: number; version: number };

/** JSON has no NaN nor Infinity: a figure without eyes is null. */
const finite = (value: number) => (Number.isFinite(value) ? value : null);

/** One operation of the audit with what the lists and filters read of it. */
interface Operated {
  row: OperationRow;
  outcome: OperationOutcome;
  patientName: string;
  surgeon: { id: number; name: string } | null;
  firstEye: boolean;
}

/**
 * An optimised value is kept on the lens list's step (0.01): the lens form sends the constants back on each edit,
 * and its schema refuses a value off the step.
 */
const onStep = (value: number) => Math.round(value * 100) / 100;

export class OutcomesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  // ---- reading ------------------------------------------------------------------------------------------------

  /** The org's live operation records (one, by `id`), with their patient's and surgeon's names and their day. */
  private async operations(ctx: RequestContext, id?: number) {
    const rows = await this.db
      .select({
        id: examRecords.id,
        patientId: examRecords.patientId,
        queueId: examRecords.queueId,
        data: examRecords.data,
        derived: examRecords.derived,
        createdAt: examRecords.createdAt,
        visitAt: queueEntries.date,
        patientName: patients.name,
      })
      .from(examRecords)
      .innerJoin(patients, eq(patients.id, examRecords.patientId))
      .leftJoin(queueEntries, eq(queueEntries.id, examRecords.queueId))
      .where(
        inOrg(
          examRecords,
          ctx.orgId,
          eq(examRecords.type, 'operation'),
          isNull(examRecords.deletedAt),
          isNull(patients.deletedAt),
          id === undefined ? undefined : eq(examRecords.id, id),
        ),
      )
      .orderBy(asc(examRecords.id));
    return rows.map((r) => ({
      row: {
        id: r.id,
        patientId: r.patientId,
        queueId: r.queueId,
        data: r.data as OperationRow['data'],
        derived: r.derived as OperationRow['derived'],
        recordDay: localDay(r.visitAt ?? r.createdAt, ctx.timeZone),
      },
      patientName: r.patientName,
    }));
  }

  /** The live spectacles records of these patients, in one query. */
  private async spectacles(ctx: RequestContext, patientIds: number[]): Promise<SpectaclesRow[]> {
    if (!patientIds.length) return [];
    const rows = await this.db
      .select({
        id: examRecords.id,
        patientId: examRecords.patientId,
        data: examRecords.data,
        createdAt: examRecords.createdAt,
        visitAt: queueEntries.date,
      })
      .from(examRecords)
      .leftJoin(queueEntries, eq(queueEntries.id, examRecords.queueId))
      .where(
        inOrg(
          examRecords,
          ctx.orgId,
          eq(examRecords.type, 'spectacles'),
          isNull(examRecords.deletedAt),
          inArray(examRecords.patientId, [...new Set(patientIds)]),
        ),
      );
    return rows.map((r) => ({
      id: r.id,
      patientId: r.patientId,
      data: r.data as SpectaclesRow['data'],
      recordDay: localDay(r.visitAt ?? r.createdAt, ctx.timeZone),
    }));
  }

  /** The surgeons' choices of these operations (all of the org's when none are named). */
  private async choices(ctx: RequestContext, operationIds?: number[]): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ operationId: operationOutcomes.operationId, spectaclesId: operationOutcomes.spectaclesId })
      .from(operationOutcomes)
      .where(
        inOrg(
          operationOutcomes,
          ctx.orgId,
          operationIds ? inArray(operationOutcomes.operationId, operationIds) : undefined,
        ),
      );
    return new Map(rows.map((r) => [r.operationId, r.spectaclesId]));
  }

  /** Every live operation of the org with its outcome and whether it is the patient's first operated eye. */
  /** The org's cataract operations (the audit's and the constants'), each with its outcome and first-eye mark. */
  private async operated(ctx: RequestContext): Promise<Operated[]> {
    const ops = (await this.operations(ctx)).filter((o) => isCataractOperation(o.row.data));
    const [spectacles, choices, surgeons] = await Promise.all([
      this.spectacles(
        ctx,
        ops.map((o) => o.row.patientId),
      ),
      this.choices(ctx),
      this.db.select({ id: users.id, name: users.name }).from(users).where(inOrg(users, ctx.orgId)),
    ]);
    const byPatient = groupBy(spectacles, (s) => s.patientId);
    const names = new Map(surgeons.map((u) => [u.id, u.name]));
    const all = ops.map(({ row, patientName }) => {
      const surgeonId = row.data.operation?.surgeonId ?? null;
      return {
        row,
        outcome: outcomeOf(row, byPatient.get(row.patientId) ?? [], choices.get(row.id)),
        patientName,
        surgeon:
          surgeonId !== null && names.has(surgeonId) ? { id: surgeonId, name: names.get(surgeonId)! } : null,
        firstEye: false,
      };
    });
    // First eyes among all of the org's operations of an eye, whatever the filters keep.
    const withEye = all.filter((o) => o.outcome.eye !== null);
    const first = new Set(
      firstEyes(
        withEye.map((o) => ({
          ref: o,
          patientId: String(o.row.patientId),
          eye: o.outcome.eye!,
          date: o.outcome.date,
          predictionError: null,
          complications: [],
        })),
      ).map((f) => f.ref),
    );
    for (const o of withEye) o.firstEye = first.has(o);
    return withEye;
  }

  private filtered(all: Operated[], query: Partial<AuditQuery>): Operated[] {
    return all.filter(({ row, outcome }) => {
      if (query.surgeonId !== undefined && row.data.operation?.surgeonId !== query.surgeonId) return false;
      if (query.lensId !== undefined && row.data.lens?.lensId !== query.lensId) return false;
      if (query.formula !== undefined && formulaOf(row) !== query.formula) return false;
      if (query.band !== undefined) {
        const al = row.derived?.axialLength;
        if (al === undefined || axialLengthBand(al) !== query.band) return false;
      }
      if (query.from !== undefined && outcome.date < query.from) return false;
      if (query.to !== undefined && outcome.date > query.to) return false;
      return true;
    });
  }

  // ---- one operation ------------------------------------------------------------------------------------------

  async operationOutcome(ctx: RequestContext, id: number): Promise<OperationOutcome> {
    const [op] = await this.operations(ctx, id);
    if (!op) throw notFound('Operation');
    const [spectacles, choices] = await Promise.all([
      this.spectacles(ctx, [op.row.patientId]),
      this.choices(ctx, [id]),
    ]);
    return outcomeOf(op.row, spectacles, choices.get(id));
  }

  /** The surgeon's choice of the outcome (a candidate spectacles record), or back to the default with null. */
  async chooseOutcome(
    ctx: RequestContext,
    id: number,
    spectaclesId: number | null,
  ): Promise<OperationOutcome> {
    const current = await this.operationOutcome(ctx, id);
    if (spectaclesId !== null && !current.candidates.some((c) => c.spectaclesId === spectaclesId))
      throw fieldError('spectaclesId', 'value.unknown_spectacles');
    await this.db.transaction(async (tx) => {
      await tx
        .delete(operationOutcomes)
        .where(inOrg(operationOutcomes, ctx.orgId, eq(operationOutcomes.operationId, id)));
      if (spectaclesId !== null)
        await tx.insert(operationOutcomes).values({
          orgId: ctx.orgId,
          operationId: id,
          spectaclesId,
          chosenBy: ctx.userId,
          chosenAt: this.clock.now(),
        });
      await recordAudit(tx, ctx, {
        action: 'operation.outcome_chosen',
        entity: 'operation',
        entityId: id,
        patientId: current.patientId,
        details: { before: current.chosen, spectaclesId },
      });
    });
    return this.operationOutcome(ctx, id);
  }

  // ---- the audit ----------------------------------------------------------------------------------------------

  async audit(ctx: RequestContext, query: AuditQuery): Promise<Audit> {
    const set = this.filtered(await this.operated(ctx), query);
    const stats = auditStatistics(
      set.map((o) => ({
        patientId: String(o.row.patientId),
        eye: o.outcome.eye!,
        date: o.outcome.date,
        predictionError: o.outcome.predictionError,
        correctedAcuity: o.outcome.correctedAcuity,
        uncorrectedAcuity: o.outcome.uncorrectedAcuity,
        complications: o.row.data.complications?.codes ?? [],
        firstEye: o.firstEye,
      })),
      { firstEyesOnly: query.firstEyesOnly },
    );
    const counted = query.firstEyesOnly ? set.filter((o) => o.firstEye) : set;
    const reaching = (r: { count: number; of: number; share: number }) => ({ ...r, share: finite(r.share) });
    return {
      operations: stats.operations,
      n: stats.n,
      meanError: finite(stats.meanError),
      sdError: finite(stats.sdError),
      meanAbsoluteError: finite(stats.meanAbsoluteError),
      medianAbsoluteError: finite(stats.medianAbsoluteError),
      within: stats.within.map((w) => ({ ...w, share: finite(w.share) })),
      histogram: stats.histogram.map((b) => ({ from: finite(b.from), to: finite(b.to), count: b.count })),
      pcr: { count: stats.pcr.count, per100: finite(stats.pcr.per100) },
      complications: { count: stats.complications.count, per100: finite(stats.complications.per100) },
      correctedReaching: reaching(stats.correctedReaching),
      uncorrectedReaching: reaching(stats.uncorrectedReaching),
      benchmarks: { ...OUTCOME_BENCHMARKS },
      sia: siaBySite(counted),
      eyes: counted.map(auditEye),
    };
  }

  // ---- constants ----------------------------------------------------------------------------------------------

  async constants(ctx: RequestContext, query: AuditQuery): Promise<ConstantOptimisationRow[]> {
    const set = this.filtered(await this.operated(ctx), query);
    const { minimumEyes } = await this.settings(ctx.orgId);
    const groups = new Map<string, { lensId: number; formula: IolFormula; eyes: OptimisationEye[] }>();
    for (const o of set) {
      const eye = optimisationEye(o);
      if (!eye) continue;
      const key = `${eye.lensId}:${eye.formula}`;
      const group = groups.get(key) ?? { lensId: eye.lensId, formula: eye.formula, eyes: [] };
      group.eyes.push(eye.eye);
      groups.set(key, group);
    }
    if (!groups.size) return [];
    const byId = await lensesByIds(
      this.db,
      ctx.orgId,
      [...groups.values()].map((g) => g.lensId),
    );
    return [...groups.values()]
      .flatMap(({ lensId, formula, eyes }) => {
        const lens = byId.get(lensId);
        if (!lens) return [];
        const constant = IOL_FORMULA_CONSTANT[formula];
        const current = lens[constant]?.value ?? null;
        const result = optimiseConstant(formula, eyes, current ?? Number.NaN, { minimumEyes });
        const row: ConstantOptimisationRow = {
          lensId,
          lensModel: lens.model,
          formula,
          constant,
          current,
          eyes: eyes.length,
          minimumEyes,
          optimised: null,
          refused: null,
        };
        if (!result.ok) row.refused = 'tooFewEyes';
        else if (current === null) row.refused = 'noCurrentConstant';
        else
          row.optimised = {
            value: result.constant,
            n: result.n,
            excluded: result.excluded,
            sd: result.sd,
            confidenceInterval: result.confidenceInterval,
            meanErrorBefore: result.meanErrorBefore,
            meanErrorAfter: result.meanErrorAfter,
            meanAbsoluteErrorBefore: result.meanAbsoluteErrorBefore,
            meanAbsoluteErrorAfter: result.meanAbsoluteErrorAfter,
          };
        return [row];
      })
      .sort((a, b) => a.lensModel.localeCompare(b.lensModel) || a.formula.localeCompare(b.formula));
  }

  /**
   * Accepts the constant the outcomes give for a lens and formula: worked out again over all the first eyes with
   * an outcome of that lens and formula (no other filter), refused with too few eyes or no constant to replace.
   */
  async optimise(ctx: RequestContext, lensId: number, input: OptimiseInput): Promise<IolLensDetail> {
    const lens = (await lensesByIds(this.db, ctx.orgId, [lensId])).get(lensId);
    if (!lens) throw notFound('Lens');
    const eyes = (await this.operated(ctx)).flatMap((o) => {
      const eye = optimisationEye(o);
      return eye && eye.lensId === lensId && eye.formula === input.formula ? [eye.eye] : [];
    });
    const { minimumEyes } = await this.settings(ctx.orgId);
    const constant = IOL_FORMULA_CONSTANT[input.formula];
    const current = lens[constant]?.value ?? null;
    const result = optimiseConstant(input.formula, eyes, current ?? Number.NaN, { minimumEyes });
    if (!result.ok)
      throw new AppError(
        'outcomes.too_few_eyes',
        `The constant is learned from at least ${result.minimumEyes} first eyes with an outcome; this lens and formula have ${result.n}.`,
        { formula: ['outcomes.too_few_eyes'] },
      );
    if (current === null)
      throw new AppError(
        'outcomes.no_current_constant',
        `The lens has no ${constant} to replace; enter one on the lens list first.`,
        { formula: ['outcomes.no_current_constant'] },
      );
    return replaceLensConstant(this.db, ctx, lensId, constant, onStep(result.constant), {
      source: 'optimised',
      eyes: result.n,
      expectedVersion: input.version,
      at: this.clock.now(),
    });
  }

  // ---- settings -----------------------------------------------------------------------------------------------

  async settings(orgId: number, db: Db = this.db): Promise<Settings> {
    const [row] = await db
      .select({ minimumEyes: outcomeSettings.minimumEyes, version: outcomeSettings.version })
      .from(outcomeSettings)
      .where(inOrg(outcomeSettings, orgId));
    return row ?? { minimumEyes: MIN_EYES_FOR_OPTIMISATION, version: 1 };
  }

  /** Versioned as the appointment settings: no row answers version 1, and the first save (version 1) makes it. */
  async updateSettings(ctx: RequestContext, input: SettingsUpdate): Promise<Settings> {
    const now = this.clock.now();
    const stale = async (db: Db) =>
      new AppError(
        'stale_version',
        'Someone else changed the outcome settings; the current ones are attached.',
        undefined,
        { data: await this.settings(ctx.orgId, db) },
      );
    try {
      return await this.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ version: outcomeSettings.version, minimumEyes: outcomeSettings.minimumEyes })
          .from(outcomeSettings)
          .where(inOrg(outcomeSettings, ctx.orgId))
          .for('update');
        if ((current?.version ?? 1) !== input.version) throw await stale(tx);
        const version = input.version + 1;
        await tx
          .insert(outcomeSettings)
          .values({
            orgId: ctx.orgId,
            minimumEyes: input.minimumEyes,
            version,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: outcomeSettings.orgId,
            set: { minimumEyes: input.minimumEyes, version, updatedAt: now },
          });
        await recordAudit(tx, ctx, {
          action: 'outcome.settings_updated',
          entity: 'outcome_settings',
          details: {
            before: { minimumEyes: current?.minimumEyes ?? MIN_EYES_FOR_OPTIMISATION },
            after: { minimumEyes: input.minimumEyes },
          },
        });
        return { minimumEyes: input.minimumEyes, version };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw await stale(this.db);
      throw error;
    }
  }
}

/** Map.groupBy (ES2024, past the server's target). */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The lens list's `constants` jsonb, by constant. */

/** A first eye with an outcome, a lens, a formula with its constant, its biometry and power; else null. */
function optimisationEye(o: Operated): { lensId: number; formula: IolFormula; eye: OptimisationEye } | null {
  const { row, outcome } = o;
  const lensId = row.data.lens?.lensId;
  const power = row.data.lens?.power;
  const formula = formulaOf(row);
  const d = row.derived;
  if (!o.firstEye || outcome.achievedSE === null || lensId == null || power == null || !formula) return null;
  if (d?.constant === undefined || d.axialLength === undefined || d.meanK === undefined) return null;
  return {
    lensId,
    formula,
    eye: { biometry: { axialLength: d.axialLength, meanK: d.meanK }, power, achievedSE: outcome.achievedSE },
  };
}

function auditEye(o: Operated): AuditEye {
  const { row, outcome } = o;
  return {
    operationId: row.id,
    patientId: row.patientId,
    queueId: row.queueId,
    patientName: o.patientName,
    eye: outcome.eye!,
    date: operationDay(row),
    surgeon: o.surgeon,
    lensModel: row.derived?.lensModel ?? null,
    formula: formulaOf(row),
    axialLength: row.derived?.axialLength ?? null,
    power: row.data.lens?.power ?? null,
    predictedRefraction: outcome.predictedRefraction,
    achievedSE: outcome.achievedSE,
    predictionError: outcome.predictionError,
    firstEye: o.firstEye,
    complications: row.data.complications?.codes ?? [],
  };
}

/** The mean SIA per incision site, of the eyes with an outcome and a preoperative astigmatism. */
function siaBySite(eyes: Operated[]): Audit['sia'] {
  const withSia = eyes.filter((o) => o.outcome.sia !== null);
  const site = (o: Operated) => {
    const s = o.row.data.incision?.site;
    return (INCISION_SITES as readonly string[]).includes(s ?? '')
      ? (s as Audit['sia'][number]['site'])
      : null;
  };
  const groups = groupBy(withSia, site);
  return [...groups.entries()]
    .sort(
      ([a], [b]) => INCISION_SITES.indexOf(a ?? ('' as never)) - INCISION_SITES.indexOf(b ?? ('' as never)),
    )
    .map(([s, group]) => {
      const m = meanSia(group.map((o) => o.outcome.sia!));
      const centroid = Number.isFinite(m.centroid.x) ? m.centroid : null;
      return {
        site: s,
        n: m.n,
        mean: Number.isFinite(m.mean.magnitude) ? m.mean : null,
        meanMagnitude: finite(m.meanMagnitude),
        centroid,
        points: m.points,
      };
    });
}
