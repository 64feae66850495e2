import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@basira/shared/common/api.schemas';
import {
  printSettingListSchema,
  printSettingResponseSchema,
  type PrintSettingCreate,
  type PrintSettingUpdate,
} from '@basira/shared/print/print-settings.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export const PRINT_SETTINGS_KEY = ['printSettings'] as const;

/** `GET /mo/printSetting`: the organization's settings, the default first. */
export const printSettingsQuery = queryOptions({
  queryKey: PRINT_SETTINGS_KEY,
  queryFn: async () => (await apiRequest('mo/printSetting', { schema: printSettingListSchema })).data,
  staleTime: 0,
});

/** `GET /mo/printSetting/{id}`: one setting as it is now (opened for editing). */
export const printSettingQuery = (id: number) =>
  queryOptions({
    queryKey: [...PRINT_SETTINGS_KEY, id],
    queryFn: async () =>
      (await apiRequest(`mo/printSetting/${id}`, { schema: printSettingResponseSchema })).data,
    staleTime: 0,
  });

/** A logo of 1 MB travels as about 1.4 MB of JSON: more time than a plain form. */
const SAVE_TIMEOUT_MS = 120_000;

export function useCreatePrintSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PrintSettingCreate) =>
      (
        await apiRequest('mo/printSetting', {
          method: 'POST',
          body,
          schema: printSettingResponseSchema,
          timeoutMs: SAVE_TIMEOUT_MS,
        })
      ).data,
    onSuccess: (saved) => {
      // The form opens the new setting at once, from the cache.
      queryClient.setQueryData(printSettingQuery(saved.id).queryKey, saved);
      // Not awaited: the caller's own callbacks come first (the list read again may replace the form).
      void queryClient.invalidateQueries({ queryKey: PRINT_SETTINGS_KEY });
    },
  });
}

export function useUpdatePrintSetting(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PrintSettingUpdate) =>
      (
        await apiRequest(`mo/printSetting/${id}`, {
          method: 'POST',
          body,
          schema: printSettingResponseSchema,
          timeoutMs: SAVE_TIMEOUT_MS,
        })
      ).data,
    onSuccess: (saved) => queryClient.setQueryData(printSettingQuery(saved.id).queryKey, saved),
    // Making one the default changes the others too (and a 409 means the list is old): it is read again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PRINT_SETTINGS_KEY }),
  });
}

export function useDeletePrintSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`mo/printSetting/delete/${id}`, { method: 'DELETE', schema: okSchema }),
    // The list only: the deleted one's own query, still on screen for a moment, would answer 404.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PRINT_SETTINGS_KEY, exact: true }),
  });
}
