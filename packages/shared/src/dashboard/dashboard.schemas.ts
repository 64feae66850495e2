import { z } from 'zod';
import { dataOf, queryIntSchema } from '../common/api.schemas.ts';
import { queueStatusSchema } from '../queue/queue.schemas.ts';

/** The week the dashboard counts from starts on Saturday, as in Iraq (0 = Sunday … 6 = Saturday). */
export const WEEK_STARTS_ON = 6;
export const VISITS_CHART_DAYS_DEFAULT = 30;

/** `GET /api/mo/dashboard`. Every "today" is the organization's day in its time zone. */
export const dashboardSummarySchema = dataOf(
  z.object({
    day: z.string(),
    timeZone: z.string(),
    today: z.object({
      total: z.number().int(),
      byStatus: z.array(z.object({ status: queueStatusSchema, count: z.number().int() })),
    }),
    newPatients: z.object({ week: z.number().int(), month: z.number().int() }),
    /** Re-waiting entries still Waiting whose date has come. */
    recallsDue: z.number().int(),
    /** Re-waiting entries still Waiting with a later date. */
    recallsUpcoming: z.number().int(),
    /** Mean minutes from being due in Waiting to being opened by a doctor, over today's openings; null: none. */
    averageWaitMinutesToday: z.number().nullable(),
  }),
);
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>['data'];

/** `GET /api/mo/dashboard/visits?days=30`: loaded lazily for the chart. */
export const visitsChartQuerySchema = z.object({
  days: queryIntSchema(1, 366).default(VISITS_CHART_DAYS_DEFAULT),
});
export const visitsChartSchema = dataOf(
  z.array(
    z.object({
      day: z.string(),
      /** Entries of that day, canceled ones left out. */
      visits: z.number().int(),
      finished: z.number().int(),
    }),
  ),
);
