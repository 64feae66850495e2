import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@basira/shared/common/api.schemas';
import { EXAM_PERMISSIONS, readersOf } from '@basira/shared/exams/exam-types';
import {
  auditQuerySchema,
  auditResponseSchema,
  constantsResponseSchema,
  iolLensResponseSchema,
  operationOutcomeResponseSchema,
  optimiseConstantSchema,
  outcomeChoiceSchema,
  outcomeSettingsResponseSchema,
  outcomeSettingsUpdateSchema,
} from '@basira/shared/outcomes/outcomes.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { OutcomesService } from './outcomes.service.ts';

/**
 * The surgeon's loop (issue 55, docs/outcomes.md): an operation's outcome and its choice, the audit, the constants
 * learned from the outcomes and accepting one, and the fewest eyes a constant is learned from.
 */
export const outcomesRoutes: FastifyPluginAsyncZod<{ outcomes: OutcomesService }> = async (
  app,
  { outcomes },
) => {
  const tags = ['outcomes'];

  app.get(
    '/api/outcomes/operations/:id',
    {
      config: { permission: readersOf(EXAM_PERMISSIONS.operation) },
      schema: { tags, params: idParamsSchema, response: { 200: operationOutcomeResponseSchema } },
    },
    async (request) => ({ data: await outcomes.operationOutcome(contextOf(request), request.params.id) }),
  );

  app.put(
    '/api/outcomes/operations/:id',
    {
      config: {
        audit: { action: 'operation.outcome_chosen', entity: 'operation' },
        permission: EXAM_PERMISSIONS.operation.edit,
      },
      schema: {
        tags,
        params: idParamsSchema,
        body: outcomeChoiceSchema,
        response: { 200: operationOutcomeResponseSchema },
      },
    },
    async (request) => ({
      data: await outcomes.chooseOutcome(contextOf(request), request.params.id, request.body.spectaclesId),
    }),
  );

  app.get(
    '/api/outcomes/audit',
    {
      config: { permission: 'show outcomes' },
      schema: { tags, querystring: auditQuerySchema, response: { 200: auditResponseSchema } },
    },
    async (request) => ({ data: await outcomes.audit(contextOf(request), request.query) }),
  );

  app.get(
    '/api/outcomes/constants',
    {
      config: { permission: 'show outcomes' },
      schema: { tags, querystring: auditQuerySchema, response: { 200: constantsResponseSchema } },
    },
    async (request) => ({ data: await outcomes.constants(contextOf(request), request.query) }),
  );

  app.post(
    '/api/iol-lenses/:id/optimise',
    {
      config: {
        audit: { action: 'iol_lens.constant_optimised', entity: 'iol_lens' },
        permission: 'manage iol lenses',
      },
      schema: {
        tags,
        params: idParamsSchema,
        body: optimiseConstantSchema,
        response: { 200: iolLensResponseSchema },
      },
    },
    async (request) => ({
      data: await outcomes.optimise(contextOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/outcomes/settings',
    {
      config: { permission: 'show outcomes' },
      schema: { tags, response: { 200: outcomeSettingsResponseSchema } },
    },
    async (request) => ({ data: await outcomes.settings(request.org.id) }),
  );

  app.put(
    '/api/outcomes/settings',
    {
      config: {
        audit: { action: 'outcome.settings_updated', entity: 'outcome_settings' },
        permission: 'manage iol lenses',
      },
      schema: { tags, body: outcomeSettingsUpdateSchema, response: { 200: outcomeSettingsResponseSchema } },
    },
    async (request) => ({ data: await outcomes.updateSettings(contextOf(request), request.body) }),
  );
};
