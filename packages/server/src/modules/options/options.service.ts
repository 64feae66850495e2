import { asc, eq, max } from 'drizzle-orm';
import { OPTION_CATEGORIES, OPTION_SEEDS } from '@basira/shared/exams/exam-options';
import type { ExamOption, OptionCreate, OptionUpdate } from '@basira/shared/exams/options.schemas';
import type { Db } from '../../db/client.ts';
import { organizationsWithout } from '../../lib/organizations.ts';
import { examOptions } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { runPrepared, statementName } from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';

type Row = typeof examOptions.$inferSelect;

/** The columns an option's view reads (`view`); the list reads no others. */
const viewColumns = {
  id: examOptions.id,
  category: examOptions.category,
  labelAr: examOptions.labelAr,
  labelEn: examOptions.labelEn,
  position: examOptions.position,
  isActive: examOptions.isActive,
  version: examOptions.version,
};

const view = (row: Pick<Row, keyof typeof viewColumns>): ExamOption => ({
  id: row.id,
  category: row.category as ExamOption['category'],
  labelAr: row.labelAr,
  labelEn: row.labelEn,
  position: row.position,
  isActive: row.isActive,
  version: row.version,
});

/** A new organization's lists: the seeds of shared/exams/exam-options, in order. */
export async function seedOptions(db: Db, orgId: number): Promise<void> {
  const rows = OPTION_CATEGORIES.flatMap(({ key }) =>
    OPTION_SEEDS[key].map((seed, position) => ({
      orgId,
      category: key,
      labelAr: seed.ar,
      labelEn: seed.en,
      position,
    })),
  );
  await db.insert(examOptions).values(rows);
}

/** At start: organizations made before the lists existed get them once. */
export async function seedMissingOptions(db: Db): Promise<void> {
  for (const orgId of await organizationsWithout(db, examOptions)) await seedOptions(db, orgId);
}

/** The clinic's pick lists of the exam forms; editing a list never changes a record (records keep the label). */
export class OptionsService {
  constructor(private readonly db: Db) {}

  async list(orgId: number, category?: string): Promise<ExamOption[]> {
    // Prepared: every exam form reads the lists (a few hundred rows).
    const rows = await runPrepared(
      this.db,
      statementName('exam_options', { one: Boolean(category) }),
      (bind) => {
        const org = bind('orgId', orgId);
        const only = category ? bind('category', category) : undefined;
        return () =>
          this.db
            .select(viewColumns)
            .from(examOptions)
            .where(inOrg(examOptions, org, only === undefined ? undefined : eq(examOptions.category, only)))
            .orderBy(asc(examOptions.category), asc(examOptions.position), asc(examOptions.id));
      },
    );
    return rows.map(view);
  }

  private async row(orgId: number, id: number, db: Db = this.db): Promise<Row> {
    const [row] = await db
      .select()
      .from(examOptions)
      .where(inOrg(examOptions, orgId, eq(examOptions.id, id)));
    if (!row) throw notFound('Option');
    return row;
  }

  async create(ctx: RequestContext, input: OptionCreate): Promise<ExamOption> {
    return this.db.transaction(async (tx) => {
      const [last] = await tx
        .select({ position: max(examOptions.position) })
        .from(examOptions)
        .where(inOrg(examOptions, ctx.orgId, eq(examOptions.category, input.category)));
      const [row] = await tx
        .insert(examOptions)
        .values({ orgId: ctx.orgId, ...input, position: (last?.position ?? -1) + 1 })
        .returning();
      await recordAudit(tx, ctx, { action: 'option.created', entity: 'option', entityId: row!.id });
      return view(row!);
    });
  }

  async update(ctx: RequestContext, id: number, input: OptionUpdate): Promise<ExamOption> {
    const { version, ...changes } = input;
    return this.db.transaction(async (tx) => {
      await this.row(ctx.orgId, id, tx);
      const row = await updateVersioned(
        tx,
        examOptions,
        { orgId: ctx.orgId, id, expected: version },
        changes,
        async () =>
          new AppError('stale_version', 'Someone else changed this value; reload and try again.', undefined, {
            data: view(await this.row(ctx.orgId, id, tx)),
          }),
      );
      await recordAudit(tx, ctx, {
        action: 'option.updated',
        entity: 'option',
        entityId: id,
        details: changes,
      });
      return view(row);
    });
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.row(ctx.orgId, id, tx);
      await tx.delete(examOptions).where(inOrg(examOptions, ctx.orgId, eq(examOptions.id, id)));
      await recordAudit(tx, ctx, {
        action: 'option.deleted',
        entity: 'option',
        entityId: id,
        details: { category: row.category, labelAr: row.labelAr, labelEn: row.labelEn },
      });
    });
  }
}
