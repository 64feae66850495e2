import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, okSchema, pageQuerySchema } from '@basira/shared/common/api.schemas';
import {
  duplicateCandidatesSchema,
  duplicateQuerySchema,
  patientCreateSchema,
  patientFilterQuerySchema,
  patientMergeResultSchema,
  patientMergeSchema,
  patientPageSchema,
  patientResponseSchema,
  patientTypeaheadQuerySchema,
  patientTypeaheadSchema,
  patientUpdateSchema,
} from '@basira/shared/patients/patients.schemas';
import { READ_PATIENTS } from '@basira/shared/permissions/permissions';
import { contextOf } from '../../plugins/auth.ts';
import type { CountryDirectory } from './country-directory.ts';
import type { PatientMergeService } from './patient-merge.service.ts';
import type { PatientSearchService } from './patient-search.service.ts';
import type { PatientsService } from './patients.service.ts';

/** Reading patients serves the patient screens and the queue form's patient picker. */

export interface PatientsRoutesOptions {
  patients: PatientsService;
  search: PatientSearchService;
  merge: PatientMergeService;
  countries: CountryDirectory;
}

export const patientsRoutes: FastifyPluginAsyncZod<PatientsRoutesOptions> = async (
  app,
  { patients, search, merge, countries },
) => {
  const tags = ['patients'];

  app.get(
    '/api/mo/patient',
    {
      config: { permission: READ_PATIENTS },
      schema: { tags, querystring: patientTypeaheadQuerySchema, response: { 200: patientTypeaheadSchema } },
    },
    async (request) => ({ data: await search.typeahead(contextOf(request), request.query.search) }),
  );

  app.get(
    '/api/mo/patient/filter',
    {
      // The page's audit row names its patients (docs/audit.md); the service writes it.
      config: { audit: { action: 'patient.listed', entity: 'patient' }, permission: READ_PATIENTS },
      schema: { tags, querystring: patientFilterQuerySchema, response: { 200: patientPageSchema } },
    },
    async (request) => search.filter(contextOf(request), request.query),
  );

  app.get(
    '/api/mo/patient/duplicates',
    {
      config: { permission: READ_PATIENTS },
      schema: { tags, querystring: duplicateQuerySchema, response: { 200: duplicateCandidatesSchema } },
    },
    async (request) => ({ data: await search.duplicates(contextOf(request), request.query) }),
  );

  app.get(
    '/api/mo/patient/deleted',
    {
      config: { audit: { action: 'patient.deleted_listed', entity: 'patient' }, permission: 'Administrator' },
      schema: { tags, querystring: pageQuerySchema, response: { 200: patientPageSchema } },
    },
    async (request) => patients.listDeleted(contextOf(request), request.query.page),
  );

  app.post(
    '/api/mo/patient',
    {
      config: { audit: { action: 'patient.created', entity: 'patient' }, permission: 'add patient' },
      schema: { tags, body: patientCreateSchema(countries.isoOf), response: { 201: patientResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await patients.create(contextOf(request), request.body) }),
  );

  app.post(
    '/api/mo/patient/merge',
    {
      config: { audit: { action: 'patient.merged', entity: 'patient' }, permission: 'Administrator' },
      schema: { tags, body: patientMergeSchema, response: { 200: patientMergeResultSchema } },
    },
    async (request) => ({ data: await merge.merge(contextOf(request), request.body) }),
  );

  app.post(
    '/api/mo/patient/restore/:id',
    {
      config: {
        audit: { action: 'patient.restored', entity: 'patient', patientFrom: 'entity' },
        permission: 'Administrator',
      },
      schema: { tags, params: idParamsSchema, response: { 200: patientResponseSchema } },
    },
    async (request) => ({ data: await patients.restore(contextOf(request), request.params.id) }),
  );

  app.post(
    '/api/mo/patient/:id',
    {
      config: {
        audit: { action: 'patient.updated', entity: 'patient', patientFrom: 'entity' },
        permission: 'edit patient',
      },
      schema: {
        tags,
        params: idParamsSchema,
        body: patientUpdateSchema(countries.isoOf),
        response: { 200: patientResponseSchema },
      },
    },
    async (request) => ({ data: await patients.update(contextOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/api/mo/patient/:id',
    {
      config: {
        audit: { action: 'patient.viewed', entity: 'patient', patientFrom: 'entity' },
        permission: READ_PATIENTS,
      },
      schema: { tags, params: idParamsSchema, response: { 200: patientResponseSchema } },
    },
    async (request) => ({ data: await patients.get(contextOf(request), request.params.id) }),
  );

  app.delete(
    '/api/mo/patient/delete/:id',
    {
      config: {
        audit: { action: 'patient.deleted', entity: 'patient', patientFrom: 'entity' },
        permission: 'delete patient',
      },
      schema: { tags, params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await patients.remove(contextOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
