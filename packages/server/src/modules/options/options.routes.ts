import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, okSchema } from '@basira/shared/common/api.schemas';
import { READ_EXAMS } from '@basira/shared/exams/exam-types';
import {
  optionCreateSchema,
  optionListQuerySchema,
  optionListSchema,
  optionResponseSchema,
  optionUpdateSchema,
} from '@basira/shared/exams/options.schemas';
import type { PermissionName } from '@basira/shared/permissions/permissions';
import { contextOf } from '../../plugins/auth.ts';
import type { OptionsService } from './options.service.ts';

/** The lists are read by every exam form, and by their editors. */
const READ_OPTIONS: PermissionName[] = ['show options', 'edit options', ...READ_EXAMS];

export const optionsRoutes: FastifyPluginAsyncZod<{ options: OptionsService }> = async (app, { options }) => {
  const tags = ['exam options'];

  app.get(
    '/api/mo/option',
    {
      config: { permission: READ_OPTIONS },
      schema: { tags, querystring: optionListQuerySchema, response: { 200: optionListSchema } },
    },
    async (request) => ({ data: await options.list(request.org.id, request.query.category) }),
  );

  app.post(
    '/api/mo/option',
    {
      config: { audit: { action: 'option.created', entity: 'option' }, permission: 'edit options' },
      schema: { tags, body: optionCreateSchema, response: { 201: optionResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await options.create(contextOf(request), request.body) }),
  );

  app.post(
    '/api/mo/option/:id',
    {
      config: { audit: { action: 'option.updated', entity: 'option' }, permission: 'edit options' },
      schema: {
        tags,
        params: idParamsSchema,
        body: optionUpdateSchema,
        response: { 200: optionResponseSchema },
      },
    },
    async (request) => ({ data: await options.update(contextOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/mo/option/:id',
    {
      config: { audit: { action: 'option.deleted', entity: 'option' }, permission: 'edit options' },
      schema: { tags, params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await options.remove(contextOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
