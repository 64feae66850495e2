import { and, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import { WEEK_STARTS_ON, type DashboardSummary } from '@basira/shared/dashboard/dashboard.schemas';
import { QUEUE_STATUS, queueStatuses, type QueueStatusId } from '@basira/shared/queue/queue-states';
import type { Db } from '../../db/client.ts';
import { patients, queueEntries, queueStatusEvents } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RequestContext } from '../../types.ts';
import {
  addToDay,
  dayRange,
  localDay,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from '@basira/shared/dates/calendar';
import { inOrg } from '../../lib/tenant.ts';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** The dashboard's figures, four indexed queries run together; 'today' is the organization's day. */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async summary(scope: RequestContext): Promise<DashboardSummary> {
    const now = this.clock.now();
    const day = localDay(now, scope.timeZone);
    const { start, end } = dayRange(day, scope.timeZone);
    const [byStatus, [recalls], [registered], averageWaitMinutesToday] = await Promise.all([
      this.todayByStatus(scope.orgId, start, end),
      this.recalls(scope.orgId, now),
      this.newPatients(scope, day),
      this.averageWait(scope.orgId, start, end),
    ]);
    const counts = new Map(byStatus.map((r) => [r.status, Number(r.n)]));
    return {
      day,
      timeZone: scope.timeZone,
      today: {
        total: [...counts.values()].reduce((a, b) => a + b, 0),
        byStatus: queueStatuses().map((status) => ({
          status,
          count: counts.get(status.id as QueueStatusId) ?? 0,
        })),
      },
      newPatients: { week: Number(registered?.week ?? 0), month: Number(registered?.month ?? 0) },
      recallsDue: Number(recalls?.due ?? 0),
      recallsUpcoming: Number(recalls?.upcoming ?? 0),
      averageWaitMinutesToday,
    };
  }

  private todayByStatus(orgId: number, start: Date, end: Date) {
    return this.db
      .select({ status: queueEntries.status, n: sql<number>`count(*)::int` })
      .from(queueEntries)
      .where(inOrg(queueEntries, orgId, gte(queueEntries.date, start), lt(queueEntries.date, end)))
      .groupBy(queueEntries.status);
  }

  /** Recalls still waiting: fallen due, and booked for later; one scan of the recalls' index. */
  private recalls(orgId: number, now: Date) {
    return this.db
      .select({
        due: sql<number>`count(*) FILTER (WHERE ${lte(queueEntries.date, now)})::int`,
        upcoming: sql<number>`count(*) FILTER (WHERE ${gt(queueEntries.date, now)})::int`,
      })
      .from(queueEntries)
      .where(
        inOrg(
          queueEntries,
          orgId,
          eq(queueEntries.isRewaiting, true),
          eq(queueEntries.status, QUEUE_STATUS.Waiting),
        ),
      );
  }

  /**
   * Patients registered this week and this month, in one scan from the earlier of the two starts (a week can
   * start in the month before).
   */
  private newPatients(scope: RequestContext, day: string) {
    const week = startOfDay(startOfWeek(day, WEEK_STARTS_ON), scope.timeZone);
    const month = startOfDay(startOfMonth(day), scope.timeZone);
    const since = (from: Date) => sql<number>`count(*) FILTER (WHERE ${gte(patients.createdAt, from)})::int`;
    return this.db
      .select({ week: since(week), month: since(month) })
      .from(patients)
      .where(
        inOrg(
          patients,
          scope.orgId,
          isNull(patients.deletedAt),
          gte(patients.createdAt, week < month ? week : month),
        ),
      );
  }

  /**
   * Mean wait of today's openings: from the moment the entry was due in Waiting (the later of entering Waiting
   * and its date) to being opened, read from the status history.
   */
  private async averageWait(orgId: number, start: Date, end: Date): Promise<number | null> {
    const e = queueStatusEvents;
    const openedToday = and(inOrg(e, orgId), eq(e.action, 'open'), gte(e.at, start), lt(e.at, end));
    const result = await this.db.execute(sql`
      SELECT avg(GREATEST(0, EXTRACT(EPOCH FROM (at - GREATEST(prev_at, COALESCE(prev_due, prev_at)))))) / 60 AS minutes
      FROM (
        SELECT ${e.action} AS action, ${e.at} AS at,
               lag(${e.at}) OVER w AS prev_at, lag(${e.dueAt}) OVER w AS prev_due
        FROM ${e}
        WHERE ${inOrg(e, orgId)} AND ${e.queueId} IN (SELECT ${e.queueId} FROM ${e} WHERE ${openedToday})
        WINDOW w AS (PARTITION BY ${e.queueId} ORDER BY ${e.at}, ${e.id})
      ) history
      WHERE action = 'open' AND at >= ${start.toISOString()}::timestamptz AND at < ${end.toISOString()}::timestamptz
        AND prev_at IS NOT NULL`);
    const minutes = rowsOf(result)[0]?.minutes;
    return minutes === null || minutes === undefined ? null : Math.round(Number(minutes) * 10) / 10;
  }

  /**
   * Visits per day (canceled ones left out) and finished ones, for the last `days` days, today included. Each
   * visit falls in its day by the days' starts, found in one sorted array (`width_bucket`), not by converting
   * every visit's time to the clinic's zone: 30 days of a large clinic are 82,000 visits (bench/list-pages).
   */
  async visitsPerDay(scope: RequestContext, days: number) {
    const today = localDay(this.clock.now(), scope.timeZone);
    const first = addToDay(today, -(days - 1));
    const dayList = Array.from({ length: days }, (_, i) => addToDay(first, i));
    const starts = [...dayList, addToDay(today, 1)].map((d) => startOfDay(d, scope.timeZone));
    const startsArray = `{${starts.map((start) => start.toISOString()).join(',')}}`;
    const q = queueEntries;
    const result = await this.db.execute(sql`
      SELECT width_bucket(${q.date}, ${startsArray}::timestamptz[]) AS bucket,
             count(*) FILTER (WHERE ${q.status} <> ${QUEUE_STATUS.Canceled})::int AS visits,
             count(*) FILTER (WHERE ${q.status} = ${QUEUE_STATUS.Finished})::int AS finished
      FROM ${q}
      WHERE ${inOrg(q, scope.orgId, gte(q.date, starts[0]!), lt(q.date, starts.at(-1)!))}
      GROUP BY 1`);
    const byBucket = new Map(rowsOf(result).map((r) => [Number(r.bucket), r]));
    return dayList.map((day, i) => {
      const row = byBucket.get(i + 1);
      return { day, visits: Number(row?.visits ?? 0), finished: Number(row?.finished ?? 0) };
    });
  }
}
