import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { examSchemas } from '@basira/shared/exams/exam-definition';
import type { ExamType } from '@basira/shared/exams/exam-types';
import { examDefinition } from '@basira/shared/exams/registry';
import { letterPrintSchema } from '@basira/shared/letters/letters.schemas';
import {
  examPrintSchema,
  printLogResponseSchema,
  queuePrintSchema,
  type PrintLogCreate,
} from '@basira/shared/print/printing.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * Kept apart from the exam and queue roots: live events must not change the sheet on screen, whose version is
 * the one the print log records (a record changed meanwhile answers 409 when printed, and the page says so).
 */
const PRINT_KEY = ['print'] as const;

const examPrintOf = (type: ExamType) => examPrintSchema(examSchemas(examDefinition(type)).record);
export type ExamPrint = z.infer<ReturnType<typeof examPrintOf>>['data'];

export const examPrintQuery = (type: ExamType, id: number, printId: number | null) =>
  queryOptions({
    queryKey: [...PRINT_KEY, type, id, printId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`mo/print/${type}/${id}`, {
          schema: examPrintOf(type),
          query: { printId: printId ?? undefined },
          signal,
        })
      ).data,
    staleTime: Infinity,
  });

/** `GET /api/mo/print/queue/{id}`: the queue ticket with the organization's default print setting. */
export const ticketPrintQuery = (id: number) =>
  queryOptions({
    queryKey: [...PRINT_KEY, 'queue', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(`mo/print/queue/${id}`, { schema: queuePrintSchema, signal })).data,
    staleTime: Infinity,
  });

/** `POST /api/mo/print/log`: the sheet on screen is being printed. */
export function useLogPrint() {
  return useMutation({
    mutationFn: async (body: PrintLogCreate) =>
      (await apiRequest('mo/print/log', { method: 'POST', body, schema: printLogResponseSchema })).data,
  });
}

/** `GET /api/mo/print/letter/{id}?printId=`: a letter with the organization's default print setting. */
export const letterPrintQuery = (id: number, printId: number | null) =>
  queryOptions({
    queryKey: [...PRINT_KEY, 'letter', id, printId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`mo/print/letter/${id}`, {
          schema: letterPrintSchema,
          query: { printId: printId ?? undefined },
          signal,
        })
      ).data,
    staleTime: Infinity,
  });
