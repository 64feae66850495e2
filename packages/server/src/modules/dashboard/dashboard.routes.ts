import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardSummarySchema,
  visitsChartQuerySchema,
  visitsChartSchema,
} from '@basira/shared/dashboard/dashboard.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { DashboardService } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  const tags = ['dashboard'];

  app.get(
    '/api/mo/dashboard',
    { config: { permission: 'dashboard' }, schema: { tags, response: { 200: dashboardSummarySchema } } },
    async (request) => ({ data: await dashboard.summary(contextOf(request)) }),
  );

  app.get(
    '/api/mo/dashboard/visits',
    {
      config: { permission: 'dashboard' },
      schema: { tags, querystring: visitsChartQuerySchema, response: { 200: visitsChartSchema } },
    },
    async (request) => ({ data: await dashboard.visitsPerDay(contextOf(request), request.query.days) }),
  );
};
