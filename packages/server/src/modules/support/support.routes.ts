import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { idParamsSchema } from '@basira/shared/common/api.schemas';
import { holdsAny } from '@basira/shared/permissions/permissions';
import {
  SUPPORT_DESK,
  supportCreateSchema,
  supportListQuerySchema,
  supportPageSchema,
  supportResponseSchema,
  supportUpdateSchema,
} from '@basira/shared/support/support.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { SupportService, SupportViewer } from './support.service.ts';

/** The desk reads every request; anyone else only what they reported. */
const viewerOf = (request: FastifyRequest): SupportViewer => ({
  userId: request.principal!.user.id,
  isDesk: holdsAny(request.principal!.permissions, SUPPORT_DESK),
});

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  const tags = ['support'];

  app.post(
    '/api/hd/support',
    {
      config: {
        audit: { action: 'support.created', entity: 'support_request' },
        permission: 'authenticated',
      },
      schema: { tags, body: supportCreateSchema, response: { 201: supportResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await support.create(contextOf(request), request.body) }),
  );

  app.get(
    '/api/hd/support',
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: supportListQuerySchema, response: { 200: supportPageSchema } },
    },
    async (request) => support.list(request.org.id, viewerOf(request), request.query),
  );

  app.get(
    '/api/hd/support/:id',
    {
      config: { permission: 'authenticated' },
      schema: { tags, params: idParamsSchema, response: { 200: supportResponseSchema } },
    },
    async (request) => ({ data: await support.get(request.org.id, viewerOf(request), request.params.id) }),
  );

  app.post(
    '/api/hd/support/:id',
    {
      config: { audit: { action: 'support.updated', entity: 'support_request' }, permission: SUPPORT_DESK },
      schema: {
        tags,
        params: idParamsSchema,
        body: supportUpdateSchema,
        response: { 200: supportResponseSchema },
      },
    },
    async (request) => ({ data: await support.update(contextOf(request), request.params.id, request.body) }),
  );
};
