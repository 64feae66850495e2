import { gte, lte, sql } from 'drizzle-orm';
import { WEEK_STARTS_ON, type DashboardSummary } from '@basira/shared/dashboard/dashboard.schemas';
import { QUEUE_STATUS, QUEUE_STATUS_IDS, queueStatuses } from '@basira/shared/queue/queue-states';
import type { Db } from '../../db/client.ts';
import { patientDayCounts, queueDayCounts, queueEntries, queueStatusEvents } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RequestContext } from '../../types.ts';
import { addToDay, dayRange, localDay, startOfMonth, startOfWeek } from '@basira/shared/dates/calendar';
import {
  instantName,
  literalDay,
  literalInstant,
  runPrepared,
  runPreparedSql,
  type Value,
  statementName,
} from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';

/** What the dashboard's one statement answers (`summary`); `minutes` is null on a day with no visit opened. */
interface SummaryRow {
  statuses: number[];
  due: number;
  upcoming: number;
  week: number;
  month: number;
  minutes: number | null;
}

/** The statuses of a visit that happened or is happening (migration 0037's day counts count the same). */
const VISIT_STATUSES = [QUEUE_STATUS.Waiting, QUEUE_STATUS.WithDoctor, QUEUE_STATUS.Finished] as const;

/**
 * The dashboard's figures in one statement, each from its own index: today's visits by status, the recalls not yet
 * seen (recalled to a day, Booked, or re-waited in the building, Waiting; fallen due, and to come), the patients registered this week and this month (from the days'
 * counts their triggers keep, migration 0024; a week can start in the month before), and the mean wait of today's
 * openings (from the moment the entry was due in Waiting, the later of entering Waiting and its date, to being
 * opened: `waited_from`, written with each opening, migration 0025). One statement, prepared: four queries run
 * together took four of the pool's connections a request, and building their SQL was a large share of the server's
 * time (bench/list-pages). Today's bounds and the week's and month's first days are written into its text, as
 * the queue's today is (`literalInstant`, `literalDay`; the statement is named by the day's bounds): bound, PostgreSQL
 * planned it on every call, and planning was a large part of its time; written in, it keeps the generic plan.
 * Only the organization and now are bound; now is read in the recalls' aggregates alone, not in a condition that
 * a plan depends on. The wait is averaged as `double precision` seconds (`date_part`), not `numeric`
 * (`EXTRACT`): the same minutes to a tenth, without a numeric per opening.
 */
function summaryStatement(day: { start: Date; end: Date; week: string; month: string }) {
  return (value: Value) => {
    const q = queueEntries;
    const e = queueStatusEvents;
    const c = patientDayCounts;
    const [orgId, now] = [value('orgId'), value('now')];
    const [start, end] = [literalInstant(day.start), literalInstant(day.end)];
    const [week, month] = [literalDay(day.week), literalDay(day.month)];
    const byStatus = sql.join(
      QUEUE_STATUS_IDS.map((id) => sql`count(*) FILTER (WHERE ${q.status} = ${sql.raw(String(id))})::int`),
      sql`, `,
    );
    return sql`
    SELECT today.statuses, recalls.due, recalls.upcoming, registered.week, registered.month, wait.minutes
    FROM (
      SELECT ARRAY[${byStatus}] AS statuses FROM ${q}
      WHERE ${q.orgId} = ${orgId}::int AND ${q.date} >= ${start} AND ${q.date} < ${end}
    ) today, (
      SELECT count(*) FILTER (WHERE ${q.date} <= ${now}::timestamptz)::int AS due,
             count(*) FILTER (WHERE ${q.date} > ${now}::timestamptz)::int AS upcoming
      FROM ${q}
      WHERE ${q.orgId} = ${orgId}::int AND ${q.isRewaiting}
        AND ${q.status} IN (${sql.raw(String(QUEUE_STATUS.Booked))}, ${sql.raw(String(QUEUE_STATUS.Waiting))})
    ) recalls, (
      SELECT coalesce(sum(${c.registered}) FILTER (WHERE ${c.day} >= ${week}), 0)::int AS week,
             coalesce(sum(${c.registered}) FILTER (WHERE ${c.day} >= ${month}), 0)::int AS month
      FROM ${c} WHERE ${c.orgId} = ${orgId}::int AND ${c.day} >= least(${week}, ${month})
    ) registered, (
      SELECT avg(GREATEST(0, date_part('epoch', ${e.at} - ${e.waitedFrom}))) / 60 AS minutes
      FROM ${e}
      WHERE ${e.orgId} = ${orgId}::int AND ${e.action} = 'open' AND ${e.at} >= ${start}
        AND ${e.at} < ${end} AND ${e.waitedFrom} IS NOT NULL
    ) wait`;
  };
}

/**
 * The `length` days up to `last`, oldest first: the chart's, the same for every request of a day, so the last list
 * made is kept (making it on every request was a visible part of the chart's server time; bench/list-pages).
 */
let lastDays: { key: string; days: readonly string[] } | undefined;
function daysUpTo(last: string, length: number): readonly string[] {
  const key = `${last}/${length}`;
  if (lastDays?.key !== key) {
    const first = addToDay(last, -(length - 1));
    lastDays = { key, days: Array.from({ length }, (_, i) => addToDay(first, i)) };
  }
  return lastDays.days;
}

/** The dashboard's figures; 'today' is the organization's day. */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async summary(scope: RequestContext): Promise<DashboardSummary> {
    const now = this.clock.now();
    const day = localDay(now, scope.timeZone);
    const { start, end } = dayRange(day, scope.timeZone);
    const statement = summaryStatement({
      start,
      end,
      week: startOfWeek(day, WEEK_STARTS_ON),
      month: startOfMonth(day),
    });
    const [row] = await runPreparedSql<SummaryRow>(
      this.db,
      statementName('dashboard_summary', { day: instantName(start, end) }),
      statement,
      { orgId: scope.orgId, now: now.toISOString() },
    );
    // Aggregates without GROUP BY: always one row.
    const { statuses, week, month, due, upcoming, minutes } = row!;
    return {
      day,
      timeZone: scope.timeZone,
      today: {
        // Visits that happened or are happening (Waiting, WithDoctor, Finished), as the chart's days count them: a
        // booking not arrived, a no-show and a canceled visit are shown by status but are not visits.
        total: VISIT_STATUSES.reduce((sum, id) => sum + (statuses[QUEUE_STATUS_IDS.indexOf(id)] ?? 0), 0),
        byStatus: queueStatuses().map((status) => ({
          status,
          count: statuses[QUEUE_STATUS_IDS.indexOf(status.id)] ?? 0,
        })),
      },
      newPatients: { week, month },
      recallsDue: due,
      recallsUpcoming: upcoming,
      averageWaitMinutesToday: minutes === null ? null : Math.round(minutes * 10) / 10,
    };
  }

  /**
   * Visits per day (canceled ones left out) and finished ones, for the last `days` days, today included: read from
   * the days' counts the visits' triggers keep (`queue_day_counts`, migration 0023). Counting the visits themselves
   * read every visit's index entry of those days, costly for a large clinic on every call (bench/list-pages).
   */
  async visitsPerDay(scope: RequestContext, days: number) {
    const today = localDay(this.clock.now(), scope.timeZone);
    const chartDays = daysUpTo(today, days);
    // Prepared: the dashboard asks for it on every sign-in; building it per request was a share of its server time.
    const rows = await runPrepared(this.db, statementName('dashboard_visits_per_day'), (bind) => {
      const [orgId, first, last] = [
        bind('orgId', scope.orgId),
        bind('first', chartDays[0]!),
        bind('today', today),
      ];
      const c = queueDayCounts;
      return () =>
        this.db
          .select({ day: c.day, visits: c.visits, finished: c.finished })
          .from(c)
          .where(inOrg(c, orgId, gte(c.day, first), lte(c.day, last)));
    });
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return chartDays.map((day) => {
      const row = byDay.get(day);
      return { day, visits: row?.visits ?? 0, finished: row?.finished ?? 0 };
    });
  }
}
