import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentsReportResponseSchema,
  balancesReportResponseSchema,
  dayQuerySchema,
  dayReportResponseSchema,
  monthQuerySchema,
  monthReportResponseSchema,
  periodQuerySchema,
  receiptGapsSchema,
  sharesReportResponseSchema,
  yearQuerySchema,
} from '@basira/shared/money/billing.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { BillingReportsService } from './billing-reports.service.ts';

const permission = 'show financial reports';

/** The financial reports (docs/money.md): read-only, for whoever holds 'show financial reports'. */
export const billingReportsRoutes: FastifyPluginAsyncZod<{ reports: BillingReportsService }> = async (
  app,
  { reports },
) => {
  const tags = ['billing'];

  app.get(
    '/api/mo/billing/reports/day',
    {
      config: { permission },
      schema: { tags, querystring: dayQuerySchema, response: { 200: dayReportResponseSchema } },
    },
    async (request) => ({ data: await reports.day(contextOf(request), request.query.day) }),
  );

  app.get(
    '/api/mo/billing/reports/month',
    {
      config: { permission },
      schema: { tags, querystring: monthQuerySchema, response: { 200: monthReportResponseSchema } },
    },
    async (request) => ({ data: await reports.month(contextOf(request), request.query.month) }),
  );

  app.get(
    '/api/mo/billing/reports/shares',
    {
      config: { permission },
      schema: { tags, querystring: periodQuerySchema, response: { 200: sharesReportResponseSchema } },
    },
    async (request) => ({
      data: await reports.shares(contextOf(request), request.query.from, request.query.to),
    }),
  );

  app.get(
    '/api/mo/billing/reports/balances',
    { config: { permission }, schema: { tags, response: { 200: balancesReportResponseSchema } } },
    async (request) => ({ data: await reports.balances(contextOf(request)) }),
  );

  app.get(
    '/api/mo/billing/reports/adjustments',
    {
      config: { permission },
      schema: { tags, querystring: periodQuerySchema, response: { 200: adjustmentsReportResponseSchema } },
    },
    async (request) => ({
      data: await reports.adjustments(contextOf(request), request.query.from, request.query.to),
    }),
  );

  app.get(
    '/api/mo/billing/reports/receipt-gaps',
    {
      config: { permission },
      schema: { tags, querystring: yearQuerySchema, response: { 200: receiptGapsSchema } },
    },
    async (request) => ({ data: await reports.receiptGaps(contextOf(request), request.query.year) }),
  );
};
