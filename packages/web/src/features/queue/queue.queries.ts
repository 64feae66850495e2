import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@basira/shared/common/api.schemas';
import { patientResponseSchema } from '@basira/shared/patients/patients.schemas';
import { boardResponseSchema, boardVisitsSchema, type Board } from '@basira/shared/queue/board.schemas';
import {
  doctorListSchema,
  queueEntryDetailResponseSchema,
  queueEntryResponseSchema,
  queueListSchema,
  queuePageSchema,
  worklistSchema,
  type QueueCreate,
  type VisitReason,
  type QueueRewait,
  type QueueUpdate,
} from '@basira/shared/queue/queue.schemas';
import { ACTION_SEGMENT, type QueueStatusId } from '@basira/shared/queue/queue-states';
import { apiRequest } from '../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../lib/query-keys.ts';
import type { StateAction } from './queue-actions.ts';

export const QUEUE_KEY = [QUERY_ROOTS.queue] as const;

/** Spec section 9: the re-waiting list is refreshed every 5 minutes (and at once on a live event). */
export const REWAITING_REFRESH_MS = 5 * 60_000;

export interface QueueFilters {
  page: number;
  status?: QueueStatusId[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  doctorId?: number | undefined;
  examType?: VisitReason | undefined;
  /** `/filterLast`: each patient's latest entry. */
  last?: boolean | undefined;
}

export const queueListQuery = (filters: QueueFilters) =>
  queryOptions({
    queryKey: [...QUEUE_KEY, 'filter', filters],
    queryFn: ({ signal }) =>
      apiRequest(filters.last ? 'mo/queue/filterLast' : 'mo/queue/filter', {
        schema: queuePageSchema,
        signal,
        query: {
          page: filters.page,
          status: filters.status?.length ? filters.status.join(',') : undefined,
          from: filters.from,
          to: filters.to,
          search: filters.search || undefined,
          doctorId: filters.doctorId,
          examType: filters.examType,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const queueEntryQuery = (id: number) =>
  queryOptions({
    queryKey: [...QUEUE_KEY, 'entry', id],
    queryFn: async () =>
      (await apiRequest(`mo/queue/${id}`, { schema: queueEntryDetailResponseSchema })).data,
  });

export const doctorsQuery = queryOptions({
  queryKey: [...QUEUE_KEY, 'doctors'],
  queryFn: async () => (await apiRequest('mo/queue/doctors', { schema: doctorListSchema })).data,
  staleTime: 5 * 60_000,
});

/** The bell's list: polled in the background (the server does not count it as the user's activity). */
export const rewaitingQuery = queryOptions({
  queryKey: [...QUEUE_KEY, 'rewaiting'],
  queryFn: async () =>
    (await apiRequest('mo/queue/rewaiting', { schema: queueListSchema, background: true })).data,
  refetchInterval: REWAITING_REFRESH_MS,
  refetchIntervalInBackground: true,
  staleTime: 0,
});

export const worklistQuery = queryOptions({
  queryKey: [...QUEUE_KEY, 'worklist'],
  queryFn: async () => (await apiRequest('mo/doctor/worklist', { schema: worklistSchema })).data,
  // Live events refresh it; this catches a missed one. Fresh for a moment only: the route's loader reads it while
  // the page's code loads, and the page's mount would otherwise read it again at once (lib/screen-data.ts).
  refetchInterval: 60_000,
  staleTime: 2_000,
});

/** The patient the queue form starts with (`/queue?patientId=`). */
export const queuePatientQuery = (id: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.patients, id],
    queryFn: async () => (await apiRequest(`mo/patient/${id}`, { schema: patientResponseSchema })).data,
  });

export function useCreateQueueEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<QueueCreate> & { patientId: number }) =>
      (await apiRequest('mo/queue', { method: 'POST', body, schema: queueEntryResponseSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

export function useUpdateQueueEntry(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<QueueUpdate> & { version: number }) =>
      (await apiRequest(`mo/queue/${id}`, { method: 'POST', body, schema: queueEntryResponseSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

export function useDeleteQueueEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`mo/queue/${id}`, { method: 'DELETE', schema: okSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

export interface MoveRequest {
  id: number;
  action: StateAction;
  /** Re-waiting only. */
  body?: QueueRewait;
}

/** The status calls: canceled, waiting, finished, rewaiting (spec section 7). */
export function useMoveQueueEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, body }: MoveRequest) =>
      (
        await apiRequest(`mo/queue/${ACTION_SEGMENT[action]}/${id}`, {
          method: 'POST',
          body: action === 'rewait' ? body : undefined,
          schema: queueEntryResponseSchema,
        })
      ).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.board] }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.dashboard] }),
      ]),
  });
}

// ---- Board --------------------------------------------------------------------------------------------

export const boardKey = (patientId: number, queueId: number) =>
  [QUERY_ROOTS.board, patientId, queueId] as const;

/** `POST …/open/board/show/{patientId}/{queueId}`: the read-only board (also how a doctor re-enters). */
export const boardShowQuery = (patientId: number, queueId: number) =>
  queryOptions({
    queryKey: boardKey(patientId, queueId),
    queryFn: async (): Promise<Board> =>
      (
        await apiRequest(`mo/patient/open/board/show/${patientId}/${queueId}`, {
          method: 'POST',
          schema: boardResponseSchema,
        })
      ).data,
    staleTime: 30_000,
  });

/** `POST …/open/board/{patientId}/{queueId}`: moves the entry to WithDoctor and records the doctor. */
export function useOpenBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ patientId, queueId }: { patientId: number; queueId: number }) =>
      (
        await apiRequest(`mo/patient/open/board/${patientId}/${queueId}`, {
          method: 'POST',
          schema: boardResponseSchema,
        })
      ).data,
    onSuccess: (board, { patientId, queueId }) => {
      queryClient.setQueryData(boardKey(patientId, queueId), board);
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    },
  });
}

export const boardVisitsQuery = (patientId: number, page: number, exceptQueueId: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.board, patientId, 'visits', page, exceptQueueId],
    queryFn: () =>
      apiRequest(`mo/board/${patientId}/visits`, {
        schema: boardVisitsSchema,
        query: { page, exceptQueueId },
      }),
    placeholderData: keepPreviousData,
  });
