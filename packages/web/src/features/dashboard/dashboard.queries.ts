import { queryOptions } from '@tanstack/react-query';
import type { ScreenData } from '../../lib/screen-data.ts';
import {
  dashboardSummarySchema,
  VISITS_CHART_DAYS_DEFAULT,
  visitsChartSchema,
} from '@basira/shared/dashboard/dashboard.schemas';
import { dayReportResponseSchema } from '@basira/shared/money/billing.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../lib/query-keys.ts';

export const dashboardQuery = queryOptions({
  queryKey: [QUERY_ROOTS.dashboard, 'summary'],
  queryFn: async () => (await apiRequest('mo/dashboard', { schema: dashboardSummarySchema })).data,
  refetchInterval: 5 * 60_000,
});

export const visitsChartQuery = (days = VISITS_CHART_DAYS_DEFAULT) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.dashboard, 'visits', days],
    queryFn: async () =>
      (await apiRequest('mo/dashboard/visits', { schema: visitsChartSchema, query: { days } })).data,
  });

/** Today's takings (holders of `show financial reports`): refreshed with the dashboard's summary. */
export const todayTakingsQuery = queryOptions({
  queryKey: [QUERY_ROOTS.dashboard, 'takings'],
  queryFn: async () => (await apiRequest('mo/billing/reports/day', { schema: dayReportResponseSchema })).data,
  refetchInterval: 5 * 60_000,
});

/** The day's figures, asked for by the dashboard route's loader (lib/screen-data.ts). */
export const dashboardData: ScreenData = (client) => void client.prefetchQuery(dashboardQuery);
