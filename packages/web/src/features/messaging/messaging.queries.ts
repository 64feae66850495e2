import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@basira/shared/common/api.schemas';
import {
  messageListSchema,
  messageQueuedSchema,
  messagingLinkSchema,
  messagingStatusSchema,
  messagingUserLookupSchema,
  messagingUserResponseSchema,
  type Message,
  type MessageSend,
  type MessagingUser,
  type MessagingUserLink,
} from '@basira/shared/messaging/messaging.schemas';
import {
  organizationResponseSchema,
  type OrganizationUpdate,
} from '@basira/shared/organizations/organization.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export const MESSAGING_KEY = ['messaging'] as const;

/** While a message waits for the worker, the list is read again this often. */
export const MESSAGES_REFRESH_MS = 3_000;

/** `GET /api/telegram/status`: whether this server can send at all, and its bot (for the t.me link). */
export const messagingStatusQuery = queryOptions({
  queryKey: [...MESSAGING_KEY, 'status'],
  queryFn: async ({ signal }) =>
    (await apiRequest('telegram/status', { schema: messagingStatusSchema, signal })).data,
  staleTime: 60_000,
});

/** `GET /api/telegram/user?patientId=`: the patient's live link, or null. */
export const messagingUserQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...MESSAGING_KEY, 'user', patientId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('telegram/user', {
          schema: messagingUserLookupSchema,
          query: { patientId },
          signal,
        })
      ).data,
    staleTime: 0,
  });

const waiting = (messages: readonly Message[] | undefined) =>
  (messages ?? []).some((m) => m.status === 'queued' || m.status === 'sending');

/** `GET /api/telegram/message?patientId=`: newest first, read again every few seconds while any is on its way. */
export const messagesQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...MESSAGING_KEY, 'messages', patientId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('telegram/message', {
          schema: messageListSchema,
          query: { patientId },
          // Read again by itself: a poll neither counts as activity nor signs anyone out when the server is away.
          background: true,
          signal,
        })
      ).data,
    staleTime: 0,
    refetchInterval: (query) => (waiting(query.state.data) ? MESSAGES_REFRESH_MS : false),
  });

/** `POST /api/telegram/user`: links (or relinks) a patient to a Telegram ID. */
export function useLinkTelegramUser() {
  const queryClient = useQueryClient();
  return useMutation({
    // The schema's output: the ID as the number the server reads it as (it takes the digits as text too).
    mutationFn: async (body: MessagingUserLink) =>
      (await apiRequest('telegram/user', { method: 'POST', body, schema: messagingUserResponseSchema })).data,
    onSuccess: (user: MessagingUser) =>
      queryClient.setQueryData(messagingUserQuery(user.Patient.id).queryKey, user),
  });
}

/** `DELETE /api/telegram/user/{id}`. */
export function useUnlinkTelegramUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (user: MessagingUser) => {
      await apiRequest(`telegram/user/${user.id}`, { method: 'DELETE', schema: okSchema });
      return user;
    },
    onSuccess: (user) => queryClient.setQueryData(messagingUserQuery(user.Patient.id).queryKey, null),
  });
}

/** `POST /api/telegram/link/{patientId}`: a one-time `t.me/<bot>?start=<token>` link for the patient's phone. */
export function useSelfLink() {
  return useMutation({
    mutationFn: async (patientId: number) =>
      (await apiRequest(`telegram/link/${patientId}`, { method: 'POST', schema: messagingLinkSchema })).data,
  });
}

/** `POST /api/telegram/send/{patientId}`: queued (202); the worker sends it. */
export function useSendMessage(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MessageSend) =>
      (
        await apiRequest(`telegram/send/${patientId}`, {
          method: 'POST',
          body,
          schema: messageQueuedSchema,
        })
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messagesQuery(patientId).queryKey }),
  });
}

export const ORGANIZATION_KEY = ['organization'] as const;

/** `GET /api/organization`: the clinic's name, phone and reminder time. */
export const organizationQuery = queryOptions({
  queryKey: ORGANIZATION_KEY,
  queryFn: async ({ signal }) =>
    (await apiRequest('organization', { schema: organizationResponseSchema, signal })).data,
  staleTime: 0,
});

/** `POST /api/organization` (Administrator), with the version read. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrganizationUpdate) =>
      (await apiRequest('organization', { method: 'POST', body, schema: organizationResponseSchema })).data,
    onSuccess: (saved) => queryClient.setQueryData(ORGANIZATION_KEY, saved),
  });
}
