import { queryOptions } from '@tanstack/react-query';
import { examSchemas } from '@basira/shared/exams/exam-definition';
import { biometry } from '@basira/shared/exams/biometry';
import { iolLensListResponseSchema } from '@basira/shared/outcomes/outcomes.schemas';
import { doctorListSchema } from '@basira/shared/queue/queue.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../lib/query-keys.ts';

/**
 * What a `ref` field picks from (fields.ts `ref(...)`): the clinic's active lenses, the doctors, the patient's
 * biometry records. The lens list is under its own root (`iolLenses`), which its settings screen refreshes.
 */
export const IOL_LENSES_KEY = ['iolLenses'] as const;

export const activeLensesQuery = queryOptions({
  queryKey: [...IOL_LENSES_KEY, 'active'],
  queryFn: async ({ signal }) =>
    (await apiRequest('iol-lenses', { schema: iolLensListResponseSchema, signal, query: { active: 'true' } }))
      .data,
  staleTime: 5 * 60_000,
});

/** The doctors (the queue's list, under the queue's key: it is not refetched on queue events). */
export const refDoctorsQuery = queryOptions({
  queryKey: [QUERY_ROOTS.queue, 'doctors'],
  queryFn: async () => (await apiRequest('mo/queue/doctors', { schema: doctorListSchema })).data,
  staleTime: 5 * 60_000,
});

const biometrySchemas = examSchemas(biometry);
export type BiometryRecord = (typeof biometrySchemas.record)['_output'];

/** The patient's live biometry records, newest first (the index's first page: a plan is a recent record). */
export const patientBiometryQuery = (patientId: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.exams, 'biometry', 'plans', patientId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('mo/exam/biometry', {
          schema: biometrySchemas.page,
          signal,
          query: { patientId, page: 1 },
        })
      ).data,
  });

/** One biometry record (an operation's plan), as the exam form reads it. */
export const biometryRecordQuery = (id: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.exams, 'biometry', 'plan', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(`mo/exam/biometry/${id}`, { schema: biometrySchemas.recordResponse, signal })).data,
  });
