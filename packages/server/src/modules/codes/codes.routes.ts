import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  diagnosisCodeParamsSchema,
  diagnosisCreateSchema,
  diagnosisPageSchema,
  diagnosisQuerySchema,
  diagnosisResponseSchema,
  drugInputSchema,
  drugListSchema,
  drugQuerySchema,
  drugResponseSchema,
} from '@basira/shared/codes/codes.schemas';
import { idParamsSchema, okSchema } from '@basira/shared/common/api.schemas';
import { substanceListSchema, substanceQuerySchema } from '@basira/shared/prescribing/prescribing.schemas';
import { examDefinition, examTypesWithFields } from '@basira/shared/exams/registry';
import { PERMISSION_NAMES, type PermissionName } from '@basira/shared/permissions/permissions';
import { contextOf } from '../../plugins/auth.ts';
import type { CodesService } from './codes.service.ts';

/**
 * Every permission of the exam types whose forms pick from the code lists (a `drug` or a `diagnosisCode` field,
 * as their definitions say), in the catalogue's order.
 */
const PICKING = new Set<string>(
  examTypesWithFields(['drug', 'diagnosisCode']).flatMap((type) =>
    Object.values(examDefinition(type).permissions).flat(),
  ),
);
const PICKERS_PERMISSIONS = PERMISSION_NAMES.filter((name) => PICKING.has(name));

/** The lists are read by the pickers of the forms that use them and by their editors on the options screen. */
const READ_CODES: PermissionName[] = ['show options', 'edit options', ...PICKERS_PERMISSIONS];

/**
 * Substances (docs/prescribing.md) are picked where a patient's allergies are written (the patient form), where a
 * drug's ingredients are (the formulary) and where a prescription is.
 */
const READ_SUBSTANCES: PermissionName[] = ['add patient', 'edit patient', ...READ_CODES];

export const codesRoutes: FastifyPluginAsyncZod<{ codes: CodesService }> = async (app, { codes }) => {
  const tags = ['code lists'];

  app.get(
    '/api/mo/code/diagnosis',
    {
      config: { permission: READ_CODES },
      schema: { tags, querystring: diagnosisQuerySchema, response: { 200: diagnosisPageSchema } },
    },
    async (request) => codes.searchDiagnoses(request.org.id, request.query),
  );

  app.post(
    '/api/mo/code/diagnosis',
    {
      config: { audit: { action: 'diagnosis.created', entity: 'diagnosis' }, permission: 'edit options' },
      schema: { tags, body: diagnosisCreateSchema, response: { 201: diagnosisResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await codes.createDiagnosis(contextOf(request), request.body) }),
  );

  app.delete(
    '/api/mo/code/diagnosis/:code',
    {
      config: { audit: { action: 'diagnosis.deleted', entity: 'diagnosis' }, permission: 'edit options' },
      schema: { tags, params: diagnosisCodeParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await codes.removeDiagnosis(contextOf(request), request.params.code);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/mo/code/diagnosis/:code/favourite',
    {
      config: { audit: { action: 'diagnosis.favourited', entity: 'diagnosis' }, permission: 'edit options' },
      schema: { tags, params: diagnosisCodeParamsSchema, response: { 200: diagnosisResponseSchema } },
    },
    async (request) => ({ data: await codes.setFavourite(contextOf(request), request.params.code, true) }),
  );

  app.delete(
    '/api/mo/code/diagnosis/:code/favourite',
    {
      config: {
        audit: { action: 'diagnosis.unfavourited', entity: 'diagnosis' },
        permission: 'edit options',
      },
      schema: { tags, params: diagnosisCodeParamsSchema, response: { 200: diagnosisResponseSchema } },
    },
    async (request) => ({ data: await codes.setFavourite(contextOf(request), request.params.code, false) }),
  );

  app.get(
    '/api/mo/code/drug',
    {
      config: { permission: READ_CODES },
      schema: { tags, querystring: drugQuerySchema, response: { 200: drugListSchema } },
    },
    async (request) => ({ data: await codes.searchDrugs(request.org.id, request.query.search) }),
  );

  app.get(
    '/api/mo/code/substance',
    {
      config: { permission: READ_SUBSTANCES },
      schema: { tags, querystring: substanceQuerySchema, response: { 200: substanceListSchema } },
    },
    async (request) => ({ data: await codes.searchSubstances(request.org.id, request.query.search) }),
  );

  app.post(
    '/api/mo/code/drug',
    {
      config: { audit: { action: 'drug.created', entity: 'drug' }, permission: 'edit options' },
      schema: { tags, body: drugInputSchema, response: { 201: drugResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await codes.createDrug(contextOf(request), request.body) }),
  );

  app.post(
    '/api/mo/code/drug/:id',
    {
      config: { audit: { action: 'drug.updated', entity: 'drug' }, permission: 'edit options' },
      schema: { tags, params: idParamsSchema, body: drugInputSchema, response: { 200: drugResponseSchema } },
    },
    async (request) => ({
      data: await codes.updateDrug(contextOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/mo/code/drug/:id',
    {
      config: { audit: { action: 'drug.deleted', entity: 'drug' }, permission: 'edit options' },
      schema: { tags, params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await codes.removeDrug(contextOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
