import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  diagnosisPageSchema,
  diagnosisResponseSchema,
  drugListSchema,
  drugResponseSchema,
  type DiagnosisRow,
  type DrugInput,
} from '@basira/shared/codes/codes.schemas';
import { okSchema } from '@basira/shared/common/api.schemas';
import { substanceListSchema } from '@basira/shared/prescribing/prescribing.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { CODES_KEY, DIAGNOSES_KEY } from '../../../lib/diagnosis-titles.ts';

const DRUGS_KEY = [...CODES_KEY, 'drug'] as const;
const SUBSTANCES_KEY = [...CODES_KEY, 'substance'] as const;

export const diagnosisPageQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: [...DIAGNOSES_KEY, search, page],
    queryFn: ({ signal }) =>
      apiRequest('mo/code/diagnosis', {
        schema: diagnosisPageSchema,
        signal,
        query: { search: search || undefined, page },
      }),
    placeholderData: keepPreviousData,
  });

export const drugListQuery = (search: string) =>
  queryOptions({
    queryKey: [...DRUGS_KEY, search],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('mo/code/drug', {
          schema: drugListSchema,
          signal,
          query: { search: search || undefined },
        })
      ).data,
    placeholderData: keepPreviousData,
  });

/**
 * `GET /api/mo/code/substance?search=`: ingredients, classes and excipients by name, and the ingredients of the
 * clinic's drugs by brand. The shipped names change only with a release, the brands with a formulary
 * edit (which refreshes this), so an answer is reused for a minute.
 */
export const substanceQuery = (search: string) =>
  queryOptions({
    queryKey: [...SUBSTANCES_KEY, search],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('mo/code/substance', {
          schema: substanceListSchema,
          signal,
          query: { search: search || undefined },
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** What the add form sends: the fields of `diagnosisCreateSchema`, as typed. */
export type DiagnosisDraft = Pick<DiagnosisRow, 'code' | 'titleEn' | 'titleAr'>;

export function useDiagnosisMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: DIAGNOSES_KEY });
  const path = (code: string) => `mo/code/diagnosis/${encodeURIComponent(code)}`;
  return {
    create: useMutation({
      mutationFn: async (body: DiagnosisDraft) =>
        (await apiRequest('mo/code/diagnosis', { method: 'POST', body, schema: diagnosisResponseSchema }))
          .data,
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (code: string) => apiRequest(path(code), { method: 'DELETE', schema: okSchema }),
      onSuccess,
    }),
    favourite: useMutation({
      mutationFn: async ({ code, favourite }: { code: string; favourite: boolean }) =>
        (
          await apiRequest(`${path(code)}/favourite`, {
            method: favourite ? 'POST' : 'DELETE',
            schema: diagnosisResponseSchema,
          })
        ).data,
      onSuccess,
    }),
  };
}

export function useDrugMutations() {
  const queryClient = useQueryClient();
  // A drug's brands name its ingredients in the substance search.
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: DRUGS_KEY }),
      queryClient.invalidateQueries({ queryKey: SUBSTANCES_KEY }),
    ]);
  return {
    save: useMutation({
      mutationFn: async ({ id, body }: { id: number | null; body: DrugInput }) =>
        (
          await apiRequest(id === null ? 'mo/code/drug' : `mo/code/drug/${id}`, {
            method: 'POST',
            body,
            schema: drugResponseSchema,
          })
        ).data,
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest(`mo/code/drug/${id}`, { method: 'DELETE', schema: okSchema }),
      onSuccess,
    }),
  };
}
