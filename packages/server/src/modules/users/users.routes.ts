import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, okSchema, pageQuerySchema } from '@basira/shared/common/api.schemas';
import {
  userCreateSchema,
  userPageSchema,
  userResponseSchema,
  userUpdateSchema,
} from '@basira/shared/users/users.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const tags = ['users'];

  app.get(
    '/api/user',
    {
      config: { permission: 'show users' },
      schema: { tags, querystring: pageQuerySchema, response: { 200: userPageSchema } },
    },
    async (request) => users.list(request.org.id, request.query.page, request.query.search),
  );

  app.post(
    '/api/user',
    {
      config: { audit: { action: 'user.created', entity: 'user' }, permission: 'add user' },
      schema: { tags, body: userCreateSchema, response: { 201: userResponseSchema } },
    },
    async (request, reply) => {
      const data = await users.create(contextOf(request), request.principal!, request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/api/user/:id',
    {
      config: { permission: 'show users' },
      schema: { tags, params: idParamsSchema, response: { 200: userResponseSchema } },
    },
    async (request) => ({ data: await users.get(request.org.id, request.params.id) }),
  );

  app.post(
    '/api/user/:id',
    {
      config: { audit: { action: 'user.updated', entity: 'user' }, permission: 'edit user' },
      schema: { tags, params: idParamsSchema, body: userUpdateSchema, response: { 200: userResponseSchema } },
    },
    async (request) => ({
      data: await users.update(contextOf(request), request.principal!, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/user/:id',
    {
      config: { audit: { action: 'user.deactivated', entity: 'user' }, permission: 'delete user' },
      schema: { tags, params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await users.deactivate(contextOf(request), request.principal!, request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
