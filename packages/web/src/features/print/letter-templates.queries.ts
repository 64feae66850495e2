import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@basira/shared/common/api.schemas';
import {
  letterTemplateListSchema,
  letterTemplateResponseSchema,
  type LetterTemplateCreate,
  type LetterTemplateUpdate,
} from '@basira/shared/letters/letters.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export const LETTER_TEMPLATES_KEY = ['letterTemplates'] as const;

/** `GET /mo/letter-template`: the organization's letter templates. */
export const letterTemplatesQuery = queryOptions({
  queryKey: LETTER_TEMPLATES_KEY,
  queryFn: async ({ signal }) =>
    (await apiRequest('mo/letter-template', { schema: letterTemplateListSchema, signal })).data,
  staleTime: 0,
});

export function useSaveLetterTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: number | null;
      body: LetterTemplateCreate | LetterTemplateUpdate;
    }) =>
      (
        await apiRequest(id === null ? 'mo/letter-template' : `mo/letter-template/${id}`, {
          method: 'POST',
          body,
          schema: letterTemplateResponseSchema,
        })
      ).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LETTER_TEMPLATES_KEY }),
  });
}

export function useDeleteLetterTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`mo/letter-template/${id}`, { method: 'DELETE', schema: okSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LETTER_TEMPLATES_KEY }),
  });
}
