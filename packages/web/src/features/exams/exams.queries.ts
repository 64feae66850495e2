import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@basira/shared/common/api.schemas';
import { examSchemas } from '@basira/shared/exams/exam-definition';
import {
  examOptionSchema,
  optionListSchema,
  type ExamOption,
  type OptionCreate,
  type OptionUpdate,
} from '@basira/shared/exams/options.schemas';
import { examDefinition } from '@basira/shared/exams/registry';
import { type ExamType } from '@basira/shared/exams/exam-types';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../lib/query-keys.ts';

export const EXAMS_KEY = [QUERY_ROOTS.exams] as const;
const OPTIONS_KEY = ['examOptions'] as const;

const schemasOf = (type: ExamType) => examSchemas(examDefinition(type));
export type ExamRecord = z.infer<ReturnType<typeof schemasOf>['record']>;
type ExamSchemas = ReturnType<typeof schemasOf>;
/** A save's body: exactly the create or update schema's fields (the server refuses any other key). */
export type ExamSave =
  { id: null; body: z.input<ExamSchemas['create']> } | { id: number; body: z.input<ExamSchemas['update']> };

export const examPageQuery = (type: ExamType, patientId: number, page: number, search: string) =>
  queryOptions({
    queryKey: [...EXAMS_KEY, type, 'page', patientId, page, search],
    queryFn: ({ signal }) =>
      apiRequest(`mo/exam/${type}`, {
        schema: schemasOf(type).page,
        signal,
        query: { patientId, page, search: search || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const examRecordQuery = (type: ExamType, id: number) =>
  queryOptions({
    queryKey: [...EXAMS_KEY, type, 'record', id],
    queryFn: async () =>
      (await apiRequest(`mo/exam/${type}/${id}`, { schema: schemasOf(type).recordResponse })).data,
    staleTime: 0,
  });

/** The patient's latest record of a type (copy forward), or null. */
export async function latestRecord(type: ExamType, patientId: number): Promise<ExamRecord | null> {
  const page = await apiRequest(`mo/exam/${type}`, {
    schema: schemasOf(type).page,
    query: { patientId, page: 1 },
  });
  return page.data[0] ?? null;
}

export function useSaveExam(type: ExamType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: ExamSave) =>
      (
        await apiRequest(id === null ? `mo/exam/${type}` : `mo/exam/${type}/${id}`, {
          method: 'POST',
          body,
          schema: schemasOf(type).recordResponse,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...EXAMS_KEY, type] }),
  });
}

export function useDeleteExam(type: ExamType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`mo/exam/${type}/${id}`, { method: 'DELETE', schema: okSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...EXAMS_KEY, type] }),
  });
}

/** Every pick list at once: a form uses several, and they change rarely. */
export const examOptionsQuery = queryOptions({
  queryKey: OPTIONS_KEY,
  queryFn: async () => (await apiRequest('mo/option', { schema: optionListSchema })).data,
  staleTime: 5 * 60_000,
});

export function useSaveOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: null; body: OptionCreate } | { id: number; body: OptionUpdate }) =>
      (
        await apiRequest(id === null ? 'mo/option' : `mo/option/${id}`, {
          method: 'POST',
          body,
          schema: z.object({ data: examOptionSchema }),
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPTIONS_KEY }),
  });
}

export function useDeleteOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (option: ExamOption) =>
      apiRequest(`mo/option/${option.id}`, { method: 'DELETE', schema: okSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPTIONS_KEY }),
  });
}
