import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificationPageSchema,
  notificationResponseSchema,
  unreadCountSchema,
} from '@basira/shared/notifications/notifications.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../lib/query-keys.ts';

/** Under the live root: a `notification.created` event refreshes the list and the count. */
export const NOTIFICATIONS_KEY = [QUERY_ROOTS.notifications] as const;

export const notificationsQuery = (page: number) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'page', page],
    queryFn: () => apiRequest('hd/notification', { schema: notificationPageSchema, query: { page } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The top bar's count: refreshed by live events, and every 5 minutes should the stream be down. */
export const unreadQuery = queryOptions({
  queryKey: [...NOTIFICATIONS_KEY, 'unread'],
  queryFn: async () =>
    (await apiRequest('hd/notification/unread', { schema: unreadCountSchema, background: true })).data.count,
  refetchInterval: 5 * 60_000,
});

/**
 * Marks one read, then reloads the list and the count. `onError` is the mutation's own: it still runs after the
 * click has navigated away from the list.
 */
export function useMarkRead(onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiRequest(`hd/notification/${id}`, { method: 'POST', schema: notificationResponseSchema }))
        .data,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
