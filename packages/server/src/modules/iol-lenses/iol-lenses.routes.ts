import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@basira/shared/common/api.schemas';
import { EXAM_PERMISSIONS } from '@basira/shared/exams/exam-types';
import {
  iolLensCreateSchema,
  iolLensListQuerySchema,
  iolLensListResponseSchema,
  iolLensResponseSchema,
  iolLensUpdateSchema,
} from '@basira/shared/outcomes/outcomes.schemas';
import type { PermissionName } from '@basira/shared/permissions/permissions';
import { contextOf } from '../../plugins/auth.ts';
import type { IolLensesService } from './iol-lenses.service.ts';

/**
 * The list is read by its keepers and by whoever writes a biometry or an operation record: the lens is picked in
 * those forms (its constants fill the biometry's plan), and by the outcomes audit's readers (its lens filter).
 */
const READ_LENSES: PermissionName[] = [
  ...new Set<PermissionName>([
    'show iol lenses',
    'manage iol lenses',
    'show outcomes',
    ...EXAM_PERMISSIONS.biometry.add,
    ...EXAM_PERMISSIONS.biometry.edit,
    ...EXAM_PERMISSIONS.operation.add,
    ...EXAM_PERMISSIONS.operation.edit,
  ]),
];

export const iolLensesRoutes: FastifyPluginAsyncZod<{ lenses: IolLensesService }> = async (
  app,
  { lenses },
) => {
  const tags = ['iol lenses'];

  app.get(
    '/api/iol-lenses',
    {
      config: { permission: READ_LENSES },
      schema: { tags, querystring: iolLensListQuerySchema, response: { 200: iolLensListResponseSchema } },
    },
    async (request) => {
      const { active } = request.query;
      return {
        data: await lenses.list(request.org.id, active === undefined ? undefined : active === 'true'),
      };
    },
  );

  app.get(
    '/api/iol-lenses/:id',
    {
      config: { permission: READ_LENSES },
      schema: { tags, params: idParamsSchema, response: { 200: iolLensResponseSchema } },
    },
    async (request) => ({ data: await lenses.get(request.org.id, request.params.id) }),
  );

  app.post(
    '/api/iol-lenses',
    {
      config: { audit: { action: 'iol_lens.created', entity: 'iol_lens' }, permission: 'manage iol lenses' },
      schema: { tags, body: iolLensCreateSchema, response: { 201: iolLensResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await lenses.create(contextOf(request), request.body) }),
  );

  app.post(
    '/api/iol-lenses/:id',
    {
      config: { audit: { action: 'iol_lens.updated', entity: 'iol_lens' }, permission: 'manage iol lenses' },
      schema: {
        tags,
        params: idParamsSchema,
        body: iolLensUpdateSchema,
        response: { 200: iolLensResponseSchema },
      },
    },
    async (request) => ({ data: await lenses.update(contextOf(request), request.params.id, request.body) }),
  );
};
