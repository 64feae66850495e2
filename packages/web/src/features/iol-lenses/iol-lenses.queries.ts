import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  iolLensListResponseSchema,
  iolLensResponseSchema,
  type IolLensCreate,
  type IolLensUpdate,
} from '@basira/shared/outcomes/outcomes.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** The lens list's root key: the exam forms' pickers read the active lenses under it too (features/exams). */
export const IOL_LENSES_KEY = ['iolLenses'] as const;

/** Every lens of the clinic, active or not (the settings screen). */
export const allLensesQuery = queryOptions({
  queryKey: [...IOL_LENSES_KEY, 'all'],
  queryFn: async ({ signal }) =>
    (await apiRequest('iol-lenses', { schema: iolLensListResponseSchema, signal })).data,
});

/** One lens with its constants' history (the edit dialog). */
export const lensDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...IOL_LENSES_KEY, 'detail', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(`iol-lenses/${id}`, { schema: iolLensResponseSchema, signal })).data,
    staleTime: 0,
  });

export type LensSave = { id: null; body: IolLensCreate } | { id: number; body: IolLensUpdate };

export function useSaveLens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: LensSave) =>
      (
        await apiRequest(id === null ? 'iol-lenses' : `iol-lenses/${id}`, {
          method: 'POST',
          body,
          schema: iolLensResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IOL_LENSES_KEY }),
  });
}
