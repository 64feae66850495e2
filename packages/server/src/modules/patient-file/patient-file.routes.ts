import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, pageQuerySchema } from '@basira/shared/common/api.schemas';
import {
  patientFileResponseSchema,
  patientFileVisitsSchema,
} from '@basira/shared/patients/patient-file.schemas';
import { READ_PATIENT_FILE } from '@basira/shared/patients/patient-file-access';
import { contextOf } from '../../plugins/auth.ts';
import type { PatientFileService } from './patient-file.service.ts';

export const patientFileRoutes: FastifyPluginAsyncZod<{ patientFile: PatientFileService }> = async (
  app,
  { patientFile },
) => {
  const tags = ['patients'];

  app.get(
    '/api/mo/patient/:id/file',
    {
      config: { permission: READ_PATIENT_FILE },
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
      config: { permission: READ_PATIENT_FILE },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuerySchema.pick({ page: true }),
        response: { 200: patientFileVisitsSchema },
      },
    },
    async (request) => patientFile.visits(contextOf(request), request.params.id, request.query.page),
  );
};
