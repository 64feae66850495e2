import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamsSchema, idTextSchema } from '@basira/shared/common/api.schemas';
import { holdsAny, type PermissionName } from '@basira/shared/permissions/permissions';
import {
  IDEMPOTENCY_HEADER,
  accountResponseSchema,
  balancesQuerySchema,
  balancesSchema,
  billingSettingsResponseSchema,
  billingSettingsUpdateSchema,
  chargeCreateSchema,
  chargeResponseSchema,
  chargeVoidSchema,
  currentShiftResponseSchema,
  discountCreateSchema,
  doctorShareListSchema,
  doctorSharesUpdateSchema,
  entryReverseSchema,
  exemptionCreateSchema,
  idempotencyKeySchema,
  paymentCreateSchema,
  receiptPrintSchema,
  receiptResponseSchema,
  serviceCreateSchema,
  serviceListSchema,
  serviceResponseSchema,
  serviceUpdateSchema,
  shiftCloseSchema,
  shiftListQuerySchema,
  shiftListSchema,
  shiftOpenSchema,
  shiftResponseSchema,
  visitParamsSchema,
} from '@basira/shared/money/billing.schemas';
import { AppError } from '../../lib/errors.ts';
import { contextOf } from '../../plugins/auth.ts';
import type { BillingChargesService, Caller } from './billing-charges.service.ts';
import type { BillingPaymentsService } from './billing-payments.service.ts';
import type { BillingPricesService } from './billing-prices.service.ts';
import type { BillingShiftsService } from './billing-shifts.service.ts';

const BASE = '/api/mo/billing';
const MANAGE_PRICES: PermissionName = 'manage prices';
const SHOW_PAYMENTS: PermissionName = 'show payments';
const TAKE_PAYMENTS: PermissionName = 'take payments';
const REFUND: PermissionName = 'refund';
const REPORTS: PermissionName = 'show financial reports';

const callerOf = (request: FastifyRequest): Caller => ({
  userId: request.principal!.user.id,
  permissions: request.principal!.permissions,
});
const seesAllShifts = (request: FastifyRequest) => holdsAny(request.principal!.permissions, REPORTS);

const patientParamsSchema = z.object({ patientId: idTextSchema });

/** The idempotency header, checked as a body field is: missing or malformed is a 422 naming it. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_HEADER]);
  if (!parsed.success)
    throw new AppError('validation', 'The payment needs a valid Idempotency-Key header.', {
      idempotencyKey: parsed.error.issues.map((i) => i.message),
    });
  return parsed.data;
}

export interface BillingRouteServices {
  prices: BillingPricesService;
  charges: BillingChargesService;
  payments: BillingPaymentsService;
  shifts: BillingShiftsService;
}

/** The clinic's money (docs/money.md), but for the reports (billing-reports.routes.ts). */
export const billingRoutes: FastifyPluginAsyncZod<BillingRouteServices> = async (
  app,
  { prices, charges, payments, shifts },
) => {
  const tags = ['billing'];

  // ----- The price list, settings and shares -----

  app.get(
    `${BASE}/services`,
    {
      config: { permission: [SHOW_PAYMENTS, TAKE_PAYMENTS, MANAGE_PRICES, 'open board', 'edit queue'] },
      schema: { tags, response: { 200: serviceListSchema } },
    },
    async (request) => ({ data: await prices.services(request.org.id) }),
  );

  app.post(
    `${BASE}/services`,
    {
      config: {
        permission: MANAGE_PRICES,
        audit: { action: 'billing.service_created', entity: 'billing_service' },
      },
      schema: { tags, body: serviceCreateSchema, response: { 201: serviceResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await prices.createService(contextOf(request), request.body) }),
  );

  app.post(
    `${BASE}/services/:id`,
    {
      config: {
        permission: MANAGE_PRICES,
        audit: { action: 'billing.service_updated', entity: 'billing_service' },
      },
      schema: {
        tags,
        params: idParamsSchema,
        body: serviceUpdateSchema,
        response: { 200: serviceResponseSchema },
      },
    },
    async (request) => ({
      data: await prices.updateService(contextOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    `${BASE}/settings`,
    {
      config: { permission: MANAGE_PRICES },
      schema: { tags, response: { 200: billingSettingsResponseSchema } },
    },
    async (request) => ({ data: await prices.settings(request.org.id) }),
  );

  app.post(
    `${BASE}/settings`,
    {
      config: {
        permission: MANAGE_PRICES,
        audit: { action: 'billing.settings_updated', entity: 'billing_settings' },
      },
      schema: { tags, body: billingSettingsUpdateSchema, response: { 200: billingSettingsResponseSchema } },
    },
    async (request) => ({ data: await prices.updateSettings(contextOf(request), request.body) }),
  );

  app.get(
    `${BASE}/shares`,
    {
      config: { permission: [MANAGE_PRICES, REPORTS] },
      schema: { tags, response: { 200: doctorShareListSchema } },
    },
    async (request) => ({ data: await prices.shares(request.org.id) }),
  );

  app.post(
    `${BASE}/shares`,
    {
      config: {
        permission: MANAGE_PRICES,
        audit: { action: 'billing.shares_updated', entity: 'billing_settings' },
      },
      schema: { tags, body: doctorSharesUpdateSchema, response: { 200: doctorShareListSchema } },
    },
    async (request) => ({ data: await prices.updateShares(contextOf(request), request.body) }),
  );

  // ----- Accounts, charges and their entries -----

  app.get(
    `${BASE}/patients/:patientId/account`,
    {
      config: {
        permission: SHOW_PAYMENTS,
        audit: {
          action: 'billing.account_viewed',
          entity: 'patient',
          idParam: 'patientId',
          patientFrom: 'patientId',
        },
      },
      schema: { tags, params: patientParamsSchema, response: { 200: accountResponseSchema } },
    },
    async (request) => ({ data: await charges.account(contextOf(request), request.params.patientId) }),
  );

  app.get(
    `${BASE}/balances`,
    {
      config: { permission: SHOW_PAYMENTS },
      schema: { tags, querystring: balancesQuerySchema, response: { 200: balancesSchema } },
    },
    async (request) => ({ data: await charges.balances(request.org.id, request.query.patientIds) }),
  );

  app.post(
    `${BASE}/visits/:queueId/charges`,
    {
      config: {
        permission: [TAKE_PAYMENTS, 'open board', 'edit queue'],
        audit: { action: 'billing.charged', entity: 'charge' },
      },
      schema: {
        tags,
        params: visitParamsSchema,
        body: chargeCreateSchema,
        response: { 201: chargeResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await charges.addCharge(contextOf(request), request.params.queueId, request.body) }),
  );

  app.post(
    `${BASE}/charges/:id/discount`,
    {
      config: { permission: TAKE_PAYMENTS, audit: { action: 'billing.discounted', entity: 'charge' } },
      schema: {
        tags,
        params: idParamsSchema,
        body: discountCreateSchema,
        response: { 200: chargeResponseSchema },
      },
    },
    async (request) => ({
      data: await charges.discount(contextOf(request), callerOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    `${BASE}/charges/:id/exemption`,
    {
      config: { permission: TAKE_PAYMENTS, audit: { action: 'billing.exempted', entity: 'charge' } },
      schema: {
        tags,
        params: idParamsSchema,
        body: exemptionCreateSchema,
        response: { 200: chargeResponseSchema },
      },
    },
    async (request) => ({
      data: await charges.exemption(contextOf(request), callerOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    `${BASE}/charges/:id/void`,
    {
      config: { permission: REFUND, audit: { action: 'billing.charge_voided', entity: 'charge' } },
      schema: {
        tags,
        params: idParamsSchema,
        body: chargeVoidSchema,
        response: { 200: chargeResponseSchema },
      },
    },
    async (request) => ({
      data: await charges.voidCharge(contextOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    `${BASE}/entries/:id/reverse`,
    {
      config: { permission: REFUND, audit: { action: 'billing.entry_reversed', entity: 'billing_entry' } },
      schema: {
        tags,
        params: idParamsSchema,
        body: entryReverseSchema,
        response: { 200: chargeResponseSchema },
      },
    },
    async (request) => ({ data: await charges.reverse(contextOf(request), request.params.id, request.body) }),
  );

  // ----- Payments and receipts -----

  app.post(
    `${BASE}/payments`,
    {
      config: {
        permission: TAKE_PAYMENTS,
        audit: { action: 'billing.paid', entity: 'receipt', patientFrom: 'patientId' },
      },
      schema: { tags, body: paymentCreateSchema, response: { 200: receiptResponseSchema } },
    },
    async (request) => ({
      data: await payments.pay(contextOf(request), idempotencyKeyOf(request), request.body),
    }),
  );

  app.get(
    `${BASE}/receipts/:id`,
    {
      config: {
        permission: [SHOW_PAYMENTS, TAKE_PAYMENTS],
        audit: { action: 'billing.receipt_viewed', entity: 'receipt' },
      },
      schema: { tags, params: idParamsSchema, response: { 200: receiptResponseSchema } },
    },
    async (request) => ({ data: await payments.view(contextOf(request), request.params.id) }),
  );

  app.post(
    `${BASE}/receipts/:id/print`,
    {
      config: {
        permission: [SHOW_PAYMENTS, TAKE_PAYMENTS],
        audit: { action: 'billing.receipt_printed', entity: 'receipt' },
      },
      schema: { tags, params: idParamsSchema, response: { 200: receiptPrintSchema } },
    },
    async (request) => ({ data: await payments.print(contextOf(request), request.params.id) }),
  );

  // ----- Cashiers' shifts -----

  app.get(
    `${BASE}/shifts/current`,
    {
      config: { permission: TAKE_PAYMENTS },
      schema: { tags, response: { 200: currentShiftResponseSchema } },
    },
    async (request) => ({ data: await shifts.current(contextOf(request)) }),
  );

  app.post(
    `${BASE}/shifts`,
    {
      config: {
        permission: TAKE_PAYMENTS,
        audit: { action: 'billing.shift_opened', entity: 'cashier_shift' },
      },
      schema: { tags, body: shiftOpenSchema, response: { 201: shiftResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await shifts.open(contextOf(request), request.body) }),
  );

  app.post(
    `${BASE}/shifts/:id/close`,
    {
      config: {
        permission: [TAKE_PAYMENTS, REPORTS],
        audit: { action: 'billing.shift_closed', entity: 'cashier_shift' },
      },
      schema: {
        tags,
        params: idParamsSchema,
        body: shiftCloseSchema,
        response: { 200: shiftResponseSchema },
      },
    },
    async (request) => ({
      data: await shifts.close(contextOf(request), request.params.id, request.body, seesAllShifts(request)),
    }),
  );

  app.get(
    `${BASE}/shifts`,
    {
      config: { permission: REPORTS },
      schema: { tags, querystring: shiftListQuerySchema, response: { 200: shiftListSchema } },
    },
    async (request) => ({ data: await shifts.list(request.org.id, request.query) }),
  );

  app.get(
    `${BASE}/shifts/:id`,
    {
      // A drawer's count, not a patient's data: its reading is recorded by the audit hook (`always`).
      config: {
        permission: [TAKE_PAYMENTS, REPORTS],
        audit: { action: 'billing.shift_viewed', entity: 'cashier_shift', always: true },
      },
      schema: { tags, params: idParamsSchema, response: { 200: shiftResponseSchema } },
    },
    async (request) => ({
      data: await shifts.one(contextOf(request), request.params.id, seesAllShifts(request)),
    }),
  );
};
