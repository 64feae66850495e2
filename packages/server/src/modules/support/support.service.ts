import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageMeta } from '@basira/shared/common/api.schemas';
import {
  SUPPORT_DESK,
  SUPPORT_NOTIFICATION_TYPE,
  type SupportCreate,
  type SupportListQuery,
  type SupportRequest,
  type SupportStatus,
  type SupportType,
  type SupportUpdate,
} from '@basira/shared/support/support.schemas';
import type { Db } from '../../db/client.ts';
import { supportRequests, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isoTime } from '../../lib/iso-time.ts';
import { pageWithTotal, totalColumn } from '../../lib/pages.ts';
import { asIs, runPrepared, statementName, type Bind, type Built } from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';

const PER_PAGE = 25;
/** How much of a text a notification quotes. */
const EXCERPT = 80;

const reporter = alias(users, 'reporter');
const answerer = alias(users, 'answerer');

/** Who is reading: the desk (`show support`) reads every request, anyone else only their own. */
export interface SupportViewer {
  userId: number | null;
  isDesk: boolean;
}

type Selected = {
  row: Omit<typeof supportRequests.$inferSelect, 'createdAt' | 'updatedAt'> & {
    createdAt: string;
    updatedAt: string;
  };
  reporterName: string | null;
  answererName: string | null;
};

const view = ({ row, reporterName, answererName }: Selected): SupportRequest => ({
  id: row.id,
  type: row.type as SupportType,
  details: row.details,
  status: row.status as SupportStatus,
  reporter:
    row.reporterId !== null && reporterName !== null ? { id: row.reporterId, name: reporterName } : null,
  answer: row.answer,
  answeredBy:
    row.answeredBy !== null && answererName !== null ? { id: row.answeredBy, name: answererName } : null,
  version: row.version,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The start of a text, on one line. */
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1)}…` : line;
};

const withReporter = and(
  eq(reporter.id, supportRequests.reporterId),
  eq(reporter.orgId, supportRequests.orgId),
);
const withAnswerer = and(
  eq(answerer.id, supportRequests.answeredBy),
  eq(answerer.orgId, supportRequests.orgId),
);
/** A request's columns with its times read as the API writes them (`isoTime`), and the two names. */
const requestColumns = {
  row: {
    ...getTableColumns(supportRequests),
    createdAt: isoTime(supportRequests.createdAt),
    updatedAt: isoTime(supportRequests.updatedAt),
  },
  reporterName: reporter.name,
  answererName: answerer.name,
};

/** What the viewer may read: the desk reads every request, others their own. */
const visible = (orgId: number, viewer: SupportViewer, conditions: (SQL | undefined)[]) =>
  inOrg(
    supportRequests,
    orgId,
    viewer.isDesk ? undefined : eq(supportRequests.reporterId, viewer.userId ?? 0),
    ...conditions,
  );

/** The viewer with their user id bound (a reporter's page is prepared once for every reporter). */
const viewerOf = (viewer: SupportViewer, bind: Bind): SupportViewer =>
  viewer.isDesk ? viewer : { ...viewer, userId: bind('userId', viewer.userId) };

/** Requests with their reporter's and answerer's names; what the viewer may not read is left out. */
function selectRequests(db: Db, orgId: number, viewer: SupportViewer, ...conditions: (SQL | undefined)[]) {
  return db
    .select(requestColumns)
    .from(supportRequests)
    .leftJoin(reporter, withReporter)
    .leftJoin(answerer, withAnswerer)
    .where(visible(orgId, viewer, conditions));
}

/** A page of `selectRequests`, each row carrying the total of the matching requests (one statement). */
function selectRequestsWithTotal(
  db: Db,
  orgId: number,
  viewer: SupportViewer,
  conditions: (SQL | undefined)[],
) {
  const count = db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportRequests)
    .where(visible(orgId, viewer, conditions));
  const rows = db
    .select({ ...requestColumns, total: totalColumn(count) })
    .from(supportRequests)
    .leftJoin(reporter, withReporter)
    .leftJoin(answerer, withAnswerer)
    .where(visible(orgId, viewer, conditions));
  return { rows, count };
}

/**
 * The support desk: anyone signed in reports a bug, feedback or a feature wish; the desk (`show support`) is
 * told, answers and moves it along; the reporter is told of each answer or status change.
 */
export class SupportService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly notifications: NotificationsService,
  ) {}

  async list(
    orgId: number,
    viewer: SupportViewer,
    query: SupportListQuery,
  ): Promise<{ data: SupportRequest[]; meta: PageMeta }> {
    const conditions = (bind: Bind): Built<(SQL | undefined)[]> => {
      const type = query.type ? bind('type', query.type) : undefined;
      const status = query.status && query.status !== 'active' ? bind('status', query.status) : undefined;
      return () => [
        type ? eq(supportRequests.type, type) : undefined,
        query.status === 'active'
          ? inArray(supportRequests.status, ['open', 'in_progress'])
          : status === undefined
            ? undefined
            : eq(supportRequests.status, status),
      ];
    };
    const page = (bind: Bind) => {
      const [org, seen, matching] = [bind('orgId', orgId), viewerOf(viewer, bind), conditions(bind)];
      const offset = bind('offset', (query.page - 1) * PER_PAGE);
      return () =>
        selectRequestsWithTotal(this.db, org, seen, matching())
          .rows.orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
          .limit(PER_PAGE)
          .offset(offset);
    };
    // One prepared statement per shape: the desk or a reporter, and which filters are present.
    const status = query.status === 'active' ? 'active' : query.status ? 'one' : 'any';
    const name = statementName('support_page', { desk: viewer.isDesk, type: Boolean(query.type), status });
    const rows = await runPrepared(this.db, name, page);
    const count = () => selectRequestsWithTotal(this.db, orgId, viewer, conditions(asIs)()).count;
    return pageWithTotal(rows, query.page, PER_PAGE, count, view);
  }

  async get(orgId: number, viewer: SupportViewer, id: number, db: Db = this.db): Promise<SupportRequest> {
    const [found] = await selectRequests(db, orgId, viewer, eq(supportRequests.id, id));
    if (!found) throw notFound('Support request');
    return view(found);
  }

  async create(ctx: RequestContext, input: SupportCreate): Promise<SupportRequest> {
    const { item, told } = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(supportRequests)
        .values({
          orgId: ctx.orgId,
          type: input.type,
          details: input.details,
          reporterId: ctx.userId || null,
        })
        .returning();
      await recordAudit(tx, ctx, {
        action: 'support.created',
        entity: 'support_request',
        entityId: row!.id,
        details: { type: input.type },
      });
      const desk = await this.notifications.holders(tx, ctx.orgId, [SUPPORT_DESK], ctx.userId);
      const told = await this.notifications.write(tx, ctx.orgId, desk, {
        type: SUPPORT_NOTIFICATION_TYPE[input.type],
        details: `${ctx.userName ?? ''}: ${excerpt(input.details)}`,
        targetId: row!.id,
      });
      return { item: await this.get(ctx.orgId, { userId: ctx.userId, isDesk: true }, row!.id, tx), told };
    });
    await this.notifications.announce(ctx.orgId, told);
    return item;
  }

  /** The desk answers or moves a request; the reporter is told when either changed (unless it was them). */
  async update(ctx: RequestContext, id: number, input: SupportUpdate): Promise<SupportRequest> {
    const desk: SupportViewer = { userId: ctx.userId, isDesk: true };
    const { item, told } = await this.db.transaction(async (tx) => {
      const current = await this.get(ctx.orgId, desk, id, tx);
      const changes: Partial<typeof supportRequests.$inferInsert> = {};
      if (input.status !== undefined && input.status !== current.status) changes.status = input.status;
      const answer = input.answer === undefined ? current.answer : input.answer || null;
      if (answer !== current.answer)
        Object.assign(changes, {
          answer,
          answeredBy: answer === null ? null : ctx.userId || null,
          answeredAt: answer === null ? null : this.clock.now(),
        });
      await updateVersioned(
        tx,
        supportRequests,
        { orgId: ctx.orgId, id, expected: input.version },
        changes,
        async () =>
          new AppError(
            'stale_version',
            'Someone else changed this request; reload and try again.',
            undefined,
            { data: await this.get(ctx.orgId, desk, id, tx) },
          ),
      );
      await recordAudit(tx, ctx, {
        action: 'support.updated',
        entity: 'support_request',
        entityId: id,
        details: { status: changes.status, answered: 'answer' in changes },
      });
      const reporterId = current.reporter?.id;
      const changed = changes.status !== undefined || 'answer' in changes;
      const told =
        changed && reporterId !== undefined && reporterId !== ctx.userId
          ? await this.notifications.write(tx, ctx.orgId, [reporterId], {
              type: 'active request',
              details: `${ctx.userName ?? ''}: ${
                'answer' in changes && answer !== null
                  ? excerpt(answer)
                  : `[${changes.status ?? current.status}] ${excerpt(current.details)}`
              }`,
              targetId: id,
            })
          : [];
      return { item: await this.get(ctx.orgId, desk, id, tx), told };
    });
    await this.notifications.announce(ctx.orgId, told);
    return item;
  }
}
