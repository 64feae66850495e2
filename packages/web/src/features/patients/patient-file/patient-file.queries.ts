import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  patientFileResponseSchema,
  patientFileVisitsSchema,
  type PatientFile,
} from '@basira/shared/patients/patient-file.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/**
 * `GET /api/mo/patient/{id}/file` and its visit pages. Kept under the board's root, which live events refresh
 * per patient (a queue move, an exam saved, the record edited), as they do the board.
 */
export const patientFileQuery = (id: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.board, id, 'file'],
    queryFn: async () =>
      (await apiRequest(`mo/patient/${id}/file`, { schema: patientFileResponseSchema })).data as PatientFile,
  });

export const patientFileVisitsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.board, id, 'file', 'visits', page],
    queryFn: () =>
      apiRequest(`mo/patient/${id}/visits`, { schema: patientFileVisitsSchema, query: { page } }),
    placeholderData: keepPreviousData,
  });
