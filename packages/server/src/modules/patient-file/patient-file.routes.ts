import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, pageQuerySchema } from '@basira/shared/common/api.schemas';
import {
  patientFileResponseSchema,
  patientFileVisitsSchema,
} from '@basira/shared/patients/patient-file.schemas';
import { READ_PATIENT_FILE } from '@basira/shared/patients/patient-file-access';
import { patientTrendsResponseSchema } from '@basira/shared/trends/trends.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { PatientFileService } from './patient-file.service.ts';
import type { PatientTrendsService } from './patient-trends.service.ts';

export const patientFileRoutes: FastifyPluginAsyncZod<{
  patientFile: PatientFileService;
  patientTrends: PatientTrendsService;
}> = async (app, { patientFile, patientTrends }) => {
  const tags = ['patients'];

  app.get(
    '/api/mo/patient/:id/file',
    {
      config: {
        audit: { action: 'patient.file.viewed', entity: 'patient', patientFrom: 'entity' },
        permission: READ_PATIENT_FILE,
      },
      schema: { tags, params: idParamsSchema, response: { 200: patientFileResponseSchema } },
    },
    async (request) => ({
      data: await patientFile.read(
        contextOf(request),
        request.params.id,
        request.principal?.permissions ?? [],
      ),
    }),
  );

  app.get(
    '/api/mo/patient/:id/visits',
    {
      config: {
        audit: { action: 'patient.visits_viewed', entity: 'patient', patientFrom: 'entity' },
        permission: READ_PATIENT_FILE,
      },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuerySchema.pick({ page: true }),
        response: { 200: patientFileVisitsSchema },
      },
    },
    async (request) => patientFile.visitsPage(contextOf(request), request.params.id, request.query.page),
  );

  app.get(
    '/api/mo/patient/:id/trends',
    {
      config: {
        audit: { action: 'patient.trends_viewed', entity: 'patient', patientFrom: 'entity' },
        permission: READ_PATIENT_FILE,
      },
      schema: { tags, params: idParamsSchema, response: { 200: patientTrendsResponseSchema } },
    },
    async (request) => ({
      data: await patientTrends.read(
        contextOf(request),
        request.params.id,
        request.principal?.permissions ?? [],
      ),
    }),
  );
};
