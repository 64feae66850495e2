import { queryOptions } from '@tanstack/react-query';
import { diagnosisPageSchema, type DiagnosisRow } from '@basira/shared/codes/codes.schemas';
import { apiRequest } from './api-client.ts';

/** Every query of the two code lists lives under this key (the options screen, the consultation's pickers). */
export const CODES_KEY = ['codes'] as const;
/** The diagnosis list's queries: a clinic's entry added or removed refreshes every one of them. */
export const DIAGNOSES_KEY = [...CODES_KEY, 'diagnosis'] as const;

/**
 * One code's row of the clinic's list (both titles), where no picker answered it: a saved record's diagnosis in the
 * form, a prescription saved before the record kept its titles. The list's search answers a code first (its code
 * rank), so the first page holds it; the row with this very code is taken from it. null: not in the list.
 * The picker puts the row it chose here itself, so choosing a code costs no request.
 */
export const diagnosisTitleQuery = (code: string) =>
  queryOptions({
    queryKey: [...DIAGNOSES_KEY, 'code', code.trim().toUpperCase()],
    queryFn: async ({ signal }): Promise<DiagnosisRow | null> => {
      const wanted = code.trim().toUpperCase();
      const page = await apiRequest('mo/code/diagnosis', {
        schema: diagnosisPageSchema,
        signal,
        query: { search: wanted, page: 1 },
      });
      return page.data.find((row) => row.code.toUpperCase() === wanted) ?? null;
    },
    // A code's titles change only when the clinic edits its own entries, which refreshes the key.
    staleTime: 10 * 60_000,
  });
