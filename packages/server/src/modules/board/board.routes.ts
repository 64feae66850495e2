import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boardParamsSchema,
  boardResponseSchema,
  boardVisitsQuerySchema,
  boardVisitsSchema,
} from '@basira/shared/queue/board.schemas';
import { patientQueueParamsSchema, worklistSchema } from '@basira/shared/queue/queue.schemas';
import type { PermissionName } from '@basira/shared/permissions/permissions';
import { contextOf } from '../../plugins/auth.ts';
import type { QueueListsService } from '../queue/queue-lists.service.ts';
import type { BoardService } from './board.service.ts';

/** The board's reads and the doctor page serve whoever may open or show a board. */
const BOARD_READERS: PermissionName[] = ['open board', 'show board'];

export const boardRoutes: FastifyPluginAsyncZod<{ board: BoardService; lists: QueueListsService }> = async (
  app,
  { board, lists },
) => {
  const tags = ['board'];

  app.post(
    '/api/mo/patient/open/board/:patientId/:queueId',
    {
      config: {
        audit: { action: 'board.opened', entity: 'queue', idParam: 'queueId', patientFrom: 'patientId' },
        permission: 'open board',
      },
      schema: { tags, params: boardParamsSchema, response: { 200: boardResponseSchema } },
    },
    async (request) => ({
      data: await board.open(
        contextOf(request),
        request.params.patientId,
        request.params.queueId,
        request.principal?.permissions ?? [],
      ),
    }),
  );

  app.post(
    '/api/mo/patient/open/board/show/:patientId/:queueId',
    {
      config: {
        audit: { action: 'board.viewed', entity: 'queue', idParam: 'queueId', patientFrom: 'patientId' },
        permission: 'show board',
      },
      schema: { tags, params: boardParamsSchema, response: { 200: boardResponseSchema } },
    },
    async (request) => ({
      data: await board.show(
        contextOf(request),
        request.params.patientId,
        request.params.queueId,
        request.principal?.permissions ?? [],
      ),
    }),
  );

  app.get(
    '/api/mo/board/:patientId/visits',
    {
      config: {
        audit: {
          action: 'board.visits_viewed',
          entity: 'patient',
          idParam: 'patientId',
          patientFrom: 'patientId',
        },
        permission: BOARD_READERS,
      },
      schema: {
        tags,
        params: patientQueueParamsSchema,
        querystring: boardVisitsQuerySchema,
        response: { 200: boardVisitsSchema },
      },
    },
    async (request) =>
      board.visits(
        contextOf(request),
        request.params.patientId,
        request.query.page,
        request.query.exceptQueueId,
      ),
  );

  app.get(
    '/api/mo/doctor/worklist',
    { config: { permission: BOARD_READERS }, schema: { tags, response: { 200: worklistSchema } } },
    async (request) => ({ data: await lists.worklist(contextOf(request)) }),
  );
};
