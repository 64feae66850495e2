import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema, pageQuerySchema } from '@basira/shared/common/api.schemas';
import {
  doctorListSchema,
  patientQueueParamsSchema,
  queueCreateSchema,
  queueEntryDetailResponseSchema,
  queueEntryResponseSchema,
  queueFilterQuerySchema,
  queueIdParamsSchema,
  queueListSchema,
  queuePageSchema,
  queueRewaitSchema,
  queueTicketSchema,
  queueUpdateSchema,
} from '@basira/shared/queue/queue.schemas';
import { ACTION_PERMISSION, ACTION_SEGMENT, BELL_PERMISSIONS } from '@basira/shared/queue/queue-states';
import { printRequirementOf } from '@basira/shared/print/printing.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { QueueListsService } from './queue-lists.service.ts';
import type { QueueService } from './queue.service.ts';
import { AUDIT_ACTION, type QueueTransitionsService } from './queue-transitions.service.ts';

export interface QueueRoutesOptions {
  queue: QueueService;
  lists: QueueListsService;
  transitions: QueueTransitionsService;
}

/**
 * The status calls of spec section 7, by path segment, and a booking's arrival and no-show (docs/appointments.md);
 * re-waiting has a body (below), opening is the board's.
 */
const STATUS_CALLS = (['cancel', 'finish', 'wait', 'arrive', 'noshow'] as const).map((action) => ({
  segment: ACTION_SEGMENT[action],
  action,
}));

export const queueRoutes: FastifyPluginAsyncZod<QueueRoutesOptions> = async (
  app,
  { queue, lists, transitions },
) => {
  const tags = ['queue'];

  app.get(
    '/api/mo/queue',
    {
      config: { permission: 'show queues' },
      schema: { tags, querystring: pageQuerySchema.pick({ page: true }), response: { 200: queuePageSchema } },
    },
    async (request) => lists.list(contextOf(request), request.query.page),
  );

  app.get(
    '/api/mo/queue/all/:patientId',
    {
      config: {
        audit: {
          action: 'queue.history_viewed',
          entity: 'patient',
          idParam: 'patientId',
          patientFrom: 'patientId',
        },
        permission: 'show queues',
      },
      schema: {
        tags,
        params: patientQueueParamsSchema,
        querystring: pageQuerySchema.pick({ page: true }),
        response: { 200: queuePageSchema },
      },
    },
    async (request) => lists.history(contextOf(request), request.params.patientId, request.query.page),
  );

  app.get(
    '/api/mo/queue/filter',
    {
      config: { permission: 'show queues' },
      schema: { tags, querystring: queueFilterQuerySchema, response: { 200: queuePageSchema } },
    },
    async (request) => lists.filter(contextOf(request), request.query),
  );

  app.get(
    '/api/mo/queue/filterLast',
    {
      config: { permission: 'show queues' },
      schema: { tags, querystring: queueFilterQuerySchema, response: { 200: queuePageSchema } },
    },
    async (request) => lists.filterLast(contextOf(request), request.query),
  );

  app.get(
    '/api/mo/queue/rewaiting',
    { config: { permission: BELL_PERMISSIONS }, schema: { tags, response: { 200: queueListSchema } } },
    async (request) => ({ data: await lists.rewaiting(contextOf(request)) }),
  );

  app.get(
    '/api/mo/queue/doctors',
    {
      // The price list and the doctors' shares name doctors too (docs/money.md), and so do the operation record
      // (its surgeon) and the outcomes audit (its surgeon filter; docs/outcomes.md).
      config: {
        permission: [
          'add queue',
          'edit queue',
          'show queues',
          'manage prices',
          'show financial reports',
          'add operation',
          'edit operation',
          'show outcomes',
        ],
      },
      schema: { tags, response: { 200: doctorListSchema } },
    },
    async (request) => ({ data: await queue.doctors(request.org.id) }),
  );

  app.get(
    '/api/mo/queue/ticket/:id',
    {
      config: {
        audit: { action: 'queue.ticket_printed', entity: 'queue' },
        permission: printRequirementOf('queue'),
      },
      schema: { tags, params: queueIdParamsSchema, response: { 200: queueTicketSchema } },
    },
    async (request) => ({
      data: await queue.ticket(contextOf(request), request.org.name, request.params.id),
    }),
  );

  app.post(
    '/api/mo/queue',
    {
      config: {
        audit: { action: 'queue.created', entity: 'queue', patientFrom: 'patientId' },
        permission: 'add queue',
      },
      schema: { tags, body: queueCreateSchema, response: { 201: queueEntryResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await queue.create(contextOf(request), request.body) }),
  );

  for (const { segment, action } of STATUS_CALLS)
    app.post(
      `/api/mo/queue/${segment}/:id`,
      {
        config: {
          audit: { action: AUDIT_ACTION[action], entity: 'queue' },
          permission: ACTION_PERMISSION[action],
        },
        schema: { tags, params: queueIdParamsSchema, response: { 200: queueEntryResponseSchema } },
      },
      async (request) => ({ data: await transitions.move(contextOf(request), request.params.id, action) }),
    );

  app.post(
    `/api/mo/queue/${ACTION_SEGMENT.rewait}/:id`,
    {
      config: {
        audit: { action: AUDIT_ACTION.rewait, entity: 'queue' },
        permission: ACTION_PERMISSION.rewait,
      },
      schema: {
        tags,
        params: queueIdParamsSchema,
        body: queueRewaitSchema,
        response: { 200: queueEntryResponseSchema },
      },
    },
    async (request) => ({
      data: await transitions.move(contextOf(request), request.params.id, 'rewait', {
        date: new Date(request.body.date),
        note: request.body.note,
      }),
    }),
  );

  app.post(
    '/api/mo/queue/:id',
    {
      config: { audit: { action: 'queue.updated', entity: 'queue' }, permission: 'edit queue' },
      schema: {
        tags,
        params: queueIdParamsSchema,
        body: queueUpdateSchema,
        response: { 200: queueEntryResponseSchema },
      },
    },
    async (request) => ({ data: await queue.update(contextOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/api/mo/queue/:id',
    {
      // The update screen loads the entry it edits.
      config: {
        audit: { action: 'queue.viewed', entity: 'queue' },
        permission: ['show queues', 'edit queue'],
      },
      schema: { tags, params: queueIdParamsSchema, response: { 200: queueEntryDetailResponseSchema } },
    },
    async (request) => ({ data: await queue.view(contextOf(request), request.params.id) }),
  );

  app.delete(
    '/api/mo/queue/:id',
    {
      config: { audit: { action: 'queue.deleted', entity: 'queue' }, permission: 'delete queue' },
      schema: { tags, params: queueIdParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await queue.remove(contextOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
