import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@basira/shared/common/api.schemas';
import { countryListSchema } from '@basira/shared/countries/countries.schemas';
import {
  duplicateCandidatesSchema,
  patientMergeResultSchema,
  patientPageSchema,
  patientResponseSchema,
  type PatientMerge,
  type PatientSort,
} from '@basira/shared/patients/patients.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../lib/query-keys.ts';
import type { PatientBody } from './patient-form-values.ts';

export const PATIENTS_KEY = [QUERY_ROOTS.patients] as const;

export interface PatientFilters {
  search: string;
  page: number;
  isMale?: '0' | '1' | undefined;
  ageFrom?: number | undefined;
  ageTo?: number | undefined;
  lastVisitFrom?: string | undefined;
  lastVisitTo?: string | undefined;
  sort?: PatientSort | undefined;
}

/** `GET /api/mo/patient/filter?page=`: 25 a page with meta. */
export const patientPageQuery = (filters: PatientFilters) =>
  queryOptions({
    queryKey: [...PATIENTS_KEY, 'filter', filters],
    queryFn: ({ signal }) =>
      apiRequest('mo/patient/filter', {
        schema: patientPageSchema,
        signal,
        query: {
          page: filters.page,
          search: filters.search || undefined,
          isMale: filters.isMale,
          ageFrom: filters.ageFrom,
          ageTo: filters.ageTo,
          lastVisitFrom: filters.lastVisitFrom,
          lastVisitTo: filters.lastVisitTo,
          sort: filters.sort,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/mo/patient/deleted` (Administrator): soft-deleted records, restorable. */
export const deletedPatientsQuery = (page: number) =>
  queryOptions({
    queryKey: [...PATIENTS_KEY, 'deleted', page],
    queryFn: () => apiRequest('mo/patient/deleted', { schema: patientPageSchema, query: { page } }),
    placeholderData: keepPreviousData,
  });

export const patientQuery = (id: number) =>
  queryOptions({
    queryKey: [...PATIENTS_KEY, id],
    queryFn: async () => (await apiRequest(`mo/patient/${id}`, { schema: patientResponseSchema })).data,
    staleTime: 0,
  });

/** `GET /api/mo/country`: reference data, the same for everyone. */
export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: async () => (await apiRequest('mo/country', { schema: countryListSchema })).data,
  staleTime: Infinity,
});

/** The check the form makes before saving a new patient (it never blocks saving). */
export function fetchDuplicates(query: {
  name?: string;
  phone?: string;
  countryId: number;
  birthDate?: string;
  /** `'1'` when the birth date stands for an age typed in the form. */
  birthDateApproximate?: '1';
}) {
  return apiRequest('mo/patient/duplicates', { schema: duplicateCandidatesSchema, query }).then(
    (r) => r.data,
  );
}

export function useSavePatient(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PatientBody) =>
      (
        await apiRequest(id === null ? 'mo/patient' : `mo/patient/${id}`, {
          method: 'POST',
          body,
          schema: patientResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PATIENTS_KEY }),
  });
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`mo/patient/delete/${id}`, { method: 'DELETE', schema: okSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PATIENTS_KEY }),
  });
}

export function useRestorePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiRequest(`mo/patient/restore/${id}`, { method: 'POST', schema: patientResponseSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PATIENTS_KEY }),
  });
}

export function useMergePatients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PatientMerge) =>
      (await apiRequest('mo/patient/merge', { method: 'POST', body, schema: patientMergeResultSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PATIENTS_KEY }),
  });
}
