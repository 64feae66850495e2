import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationResponseSchema } from '@basira/shared/notifications/notifications.schemas';
import {
  supportPageSchema,
  supportResponseSchema,
  type SupportCreate,
  type SupportRequest,
  type SupportStatusFilter,
  type SupportType,
  type SupportUpdate,
} from '@basira/shared/support/support.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../lib/query-keys.ts';

/** Under the live root: a notification (a new request, an answer) refreshes what is on screen. */
export const SUPPORT_KEY = [QUERY_ROOTS.support] as const;

export interface SupportFilters {
  page: number;
  type: SupportType | undefined;
  status: SupportStatusFilter | undefined;
}

export const supportListQuery = (filters: SupportFilters) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'list', filters],
    queryFn: () =>
      apiRequest('hd/support', {
        schema: supportPageSchema,
        query: { page: filters.page, type: filters.type, status: filters.status },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const supportItemQuery = (id: number) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'item', id],
    queryFn: async () => (await apiRequest(`hd/support/${id}`, { schema: supportResponseSchema })).data,
    staleTime: 0,
  });

/** The request a notification is about, when its screen was opened without the notification list's word. */
export const notificationTargetQuery = (notificationId: number) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'notification', notificationId],
    queryFn: async () =>
      (await apiRequest(`hd/notification/${notificationId}`, { schema: notificationResponseSchema })).data
        .targetId,
    staleTime: Infinity,
  });

/** The desk's answer or status change; the answer refreshes the lists. */
export function useAnswerSupport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SupportUpdate) =>
      (await apiRequest(`hd/support/${id}`, { method: 'POST', body, schema: supportResponseSchema })).data,
    onSuccess: (item: SupportRequest) => {
      queryClient.setQueryData(supportItemQuery(id).queryKey, item);
      return queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'list'] });
    },
  });
}

/** A report from the settings drawer (also outside the main layout, where there is no query cache). */
export async function sendSupportRequest(body: SupportCreate): Promise<SupportRequest> {
  return (await apiRequest('hd/support', { method: 'POST', body, schema: supportResponseSchema })).data;
}
