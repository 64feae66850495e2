import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deriveContextResponseSchema } from '@basira/shared/prescribing/prescribing.schemas';
import { idParamsSchema, okSchema, pageQuerySchema, idTextSchema } from '@basira/shared/common/api.schemas';
import { examSchemas } from '@basira/shared/exams/exam-definition';
import { readersOf } from '@basira/shared/exams/exam-types';
import { EXAM_DEFINITIONS, examDefinition } from '@basira/shared/exams/registry';
import { contextOf } from '../../plugins/auth.ts';
import type { ExamsService } from './exams.service.ts';

const listQuerySchema = pageQuerySchema.extend({ patientId: idTextSchema.optional() });
const contextQuerySchema = z.object({
  patientId: idTextSchema,
  queueId: idTextSchema,
  recordId: idTextSchema.optional(),
});

/**
 * Five calls per exam type, registered from the registry: each route has its own schema (so validation and the
 * API description are the type's) and its own permission from the type's definition.
 */
export const examsRoutes: FastifyPluginAsyncZod<{ exams: ExamsService }> = async (app, { exams }) => {
  for (const { type } of EXAM_DEFINITIONS) {
    const definition = examDefinition(type);
    const schemas = examSchemas(definition);
    const { permissions } = definition;
    const base = `/api/mo/exam/${type}`;
    const tags = [`exam ${type}`];

    app.get(
      base,
      {
        config: {
          audit: { action: 'exam.listed', entity: type, patientFrom: 'patientId' },
          permission: readersOf(definition.permissions),
        },
        schema: { tags, querystring: listQuerySchema, response: { 200: schemas.page } },
      },
      async (request) => exams.list(contextOf(request), definition, request.query),
    );

    app.post(
      base,
      {
        config: {
          audit: { action: 'exam.created', entity: type, patientFrom: 'patientId' },
          permission: permissions.add,
        },
        schema: { tags, body: schemas.create, response: { 201: schemas.recordResponse } },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await exams.create(
            contextOf(request),
            definition,
            request.body as z.infer<typeof schemas.create>,
          ),
        }),
    );

    // What the type's form computes its live values with: the same context a save reads (a type that asks for one).
    if (definition.derive?.usesContext)
      app.get(
        `${base}/context`,
        {
          config: {
            audit: { action: 'exam.context_viewed', entity: type, patientFrom: 'patientId' },
            permission: [...new Set([...permissions.add, ...permissions.edit])],
          },
          schema: { tags, querystring: contextQuerySchema, response: { 200: deriveContextResponseSchema } },
        },
        async (request) => {
          const context = await exams.formContext(contextOf(request), definition, {
            patientId: request.query.patientId,
            queueId: request.query.queueId,
            recordId: request.query.recordId ?? null,
          });
          // The shared types' arrays are readonly; the answer's schema is the same shape.
          return { data: context as z.infer<typeof deriveContextResponseSchema>['data'] };
        },
      );

    app.get(
      `${base}/:id`,
      {
        config: {
          audit: { action: 'exam.viewed', entity: type },
          permission: readersOf(definition.permissions),
        },
        schema: { tags, params: idParamsSchema, response: { 200: schemas.recordResponse } },
      },
      async (request) => ({ data: await exams.get(contextOf(request), definition, request.params.id) }),
    );

    app.post(
      `${base}/:id`,
      {
        config: { audit: { action: 'exam.updated', entity: type }, permission: permissions.edit },
        schema: {
          tags,
          params: idParamsSchema,
          body: schemas.update,
          response: { 200: schemas.recordResponse },
        },
      },
      async (request) => ({
        data: await exams.update(
          contextOf(request),
          definition,
          request.params.id,
          request.body as z.infer<typeof schemas.update>,
        ),
      }),
    );

    app.delete(
      `${base}/:id`,
      {
        config: {
          audit: { action: 'exam.deleted', entity: type },
          permission: permissions.delete,
        },
        schema: { tags, params: idParamsSchema, response: { 200: okSchema } },
      },
      async (request) => {
        await exams.remove(contextOf(request), definition, request.params.id);
        return { data: { ok: true as const } };
      },
    );
  }
};
