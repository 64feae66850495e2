import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, okSchema } from '@basira/shared/common/api.schemas';
import {
  LETTER_PERMISSIONS,
  LETTER_TEMPLATE_READ,
  LETTER_TEMPLATE_WRITE,
  letterCreateSchema,
  letterListSchema,
  letterQuerySchema,
  letterResponseSchema,
  letterTemplateCreateSchema,
  letterTemplateListSchema,
  letterTemplateResponseSchema,
  letterTemplateUpdateSchema,
  letterUpdateSchema,
} from '@basira/shared/letters/letters.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { LettersService } from './letters.service.ts';

/** Letter templates (edited on the print-settings screen) and the letters made from them on the board. */
export const lettersRoutes: FastifyPluginAsyncZod<{ letters: LettersService }> = async (app, { letters }) => {
  const tags = ['letters'];

  app.get(
    '/api/mo/letter-template',
    {
      config: { permission: LETTER_TEMPLATE_READ },
      schema: { tags, response: { 200: letterTemplateListSchema } },
    },
    async (request) => ({ data: await letters.listTemplates(request.org.id) }),
  );

  app.post(
    '/api/mo/letter-template',
    {
      config: {
        audit: { action: 'letter_template.created', entity: 'letter_template' },
        permission: LETTER_TEMPLATE_WRITE,
      },
      schema: { tags, body: letterTemplateCreateSchema, response: { 201: letterTemplateResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await letters.createTemplate(contextOf(request), request.body) }),
  );

  app.get(
    '/api/mo/letter-template/:id',
    {
      config: { permission: LETTER_TEMPLATE_READ },
      schema: { tags, params: idParamsSchema, response: { 200: letterTemplateResponseSchema } },
    },
    async (request) => ({ data: await letters.getTemplate(request.org.id, request.params.id) }),
  );

  app.post(
    '/api/mo/letter-template/:id',
    {
      config: {
        audit: { action: 'letter_template.updated', entity: 'letter_template' },
        permission: LETTER_TEMPLATE_WRITE,
      },
      schema: {
        tags,
        params: idParamsSchema,
        body: letterTemplateUpdateSchema,
        response: { 200: letterTemplateResponseSchema },
      },
    },
    async (request) => ({
      data: await letters.updateTemplate(contextOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/mo/letter-template/:id',
    {
      config: {
        audit: { action: 'letter_template.deleted', entity: 'letter_template' },
        permission: LETTER_TEMPLATE_WRITE,
      },
      schema: { tags, params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await letters.removeTemplate(contextOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/api/mo/letter',
    {
      config: {
        audit: { action: 'letter.listed', entity: 'patient', patientFrom: 'patientId' },
        permission: LETTER_PERMISSIONS.show,
      },
      schema: { tags, querystring: letterQuerySchema, response: { 200: letterListSchema } },
    },
    async (request) => letters.listLetters(contextOf(request), request.query.patientId, request.query.page),
  );

  app.post(
    '/api/mo/letter',
    {
      config: {
        audit: { action: 'letter.created', entity: 'letter', patientFrom: 'patientId' },
        permission: LETTER_PERMISSIONS.add,
      },
      schema: { tags, body: letterCreateSchema, response: { 201: letterResponseSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await letters.createLetter(contextOf(request), request.org.name, request.body) }),
  );

  app.get(
    '/api/mo/letter/:id',
    {
      config: { audit: { action: 'letter.viewed', entity: 'letter' }, permission: LETTER_PERMISSIONS.show },
      schema: { tags, params: idParamsSchema, response: { 200: letterResponseSchema } },
    },
    async (request) => ({ data: await letters.getLetter(contextOf(request), request.params.id) }),
  );

  app.post(
    '/api/mo/letter/:id',
    {
      config: { audit: { action: 'letter.updated', entity: 'letter' }, permission: LETTER_PERMISSIONS.edit },
      schema: {
        tags,
        params: idParamsSchema,
        body: letterUpdateSchema,
        response: { 200: letterResponseSchema },
      },
    },
    async (request) => ({
      data: await letters.updateLetter(contextOf(request), request.params.id, request.body),
    }),
  );
};
