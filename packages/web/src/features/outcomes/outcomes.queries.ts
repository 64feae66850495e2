import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  auditResponseSchema,
  constantsResponseSchema,
  iolLensListResponseSchema,
  iolLensResponseSchema,
  operationOutcomeResponseSchema,
  outcomeSettingsResponseSchema,
  type AuditQuery,
} from '@basira/shared/outcomes/outcomes.schemas';
import type { IolFormula } from '@basira/shared/exams/biometry';
import { doctorListSchema } from '@basira/shared/queue/queue.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../lib/query-keys.ts';

/**
 * Under the exams' root: an operation or a spectacles record saved (a live event) changes the outcomes, the
 * audit and the constants learned from them.
 */
export const OUTCOMES_KEY = [QUERY_ROOTS.exams, 'outcomes'] as const;
const LENSES_KEY = ['iol-lenses'] as const;

/** The audit's filters as the query string takes them (every one optional, `firstEyesOnly` as text). */
export type AuditFilters = {
  [K in keyof AuditQuery]?: string;
};

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: [...OUTCOMES_KEY, 'audit', filters],
    queryFn: async ({ signal }) =>
      (await apiRequest('outcomes/audit', { schema: auditResponseSchema, query: filters, signal })).data,
  });

export const constantsQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: [...OUTCOMES_KEY, 'constants', filters],
    queryFn: async ({ signal }) =>
      (await apiRequest('outcomes/constants', { schema: constantsResponseSchema, query: filters, signal }))
        .data,
  });

export const outcomeSettingsQuery = queryOptions({
  queryKey: [...OUTCOMES_KEY, 'settings'],
  queryFn: async () =>
    (await apiRequest('outcomes/settings', { schema: outcomeSettingsResponseSchema })).data,
  staleTime: 0,
});

export function useSaveOutcomeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { minimumEyes: number; version: number }) =>
      (await apiRequest('outcomes/settings', { method: 'PUT', body, schema: outcomeSettingsResponseSchema }))
        .data,
    // The minimum changes which constants are refused: the whole outcomes part is read again (a 409 too).
    onSettled: () => queryClient.invalidateQueries({ queryKey: OUTCOMES_KEY }),
  });
}

/** The surgeons the audit may be narrowed to (the queue's list of doctors). */
export const outcomeDoctorsQuery = queryOptions({
  queryKey: [...OUTCOMES_KEY, 'doctors'],
  queryFn: async () => (await apiRequest('mo/queue/doctors', { schema: doctorListSchema })).data,
  staleTime: 5 * 60_000,
});

/** Every lens of the list (inactive ones too: old operations were planned with them). */
export const outcomeLensesQuery = queryOptions({
  queryKey: [...LENSES_KEY, 'list', 'all'],
  queryFn: async () => (await apiRequest('iol-lenses', { schema: iolLensListResponseSchema })).data,
  staleTime: 0,
});

/** Accept the constant the outcomes give: the lens list's value is replaced (its old one kept in the history). */
export function useAcceptOptimisedConstant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ lensId, ...body }: { lensId: number; formula: IolFormula; version: number }) =>
      (
        await apiRequest(`iol-lenses/${lensId}/optimise`, {
          method: 'POST',
          body,
          schema: iolLensResponseSchema,
        })
      ).data,
    // A refusal too: a 409 means the lens changed meanwhile, and the table must compare with what is now saved.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: LENSES_KEY }),
        queryClient.invalidateQueries({ queryKey: OUTCOMES_KEY }),
      ]),
  });
}

export const operationOutcomeQuery = (operationId: number) =>
  queryOptions({
    queryKey: [...OUTCOMES_KEY, 'operation', operationId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`outcomes/operations/${operationId}`, {
          schema: operationOutcomeResponseSchema,
          signal,
        })
      ).data,
  });

/** Choose the operation's postoperative refraction, or null to go back to the default one. */
export function useChooseOutcome(operationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (spectaclesId: number | null) =>
      (
        await apiRequest(`outcomes/operations/${operationId}`, {
          method: 'PUT',
          body: { spectaclesId },
          schema: operationOutcomeResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(operationOutcomeQuery(operationId).queryKey, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OUTCOMES_KEY }),
  });
}
