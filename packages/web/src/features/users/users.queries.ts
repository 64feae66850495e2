import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@basira/shared/common/api.schemas';
import { roleListSchema } from '@basira/shared/roles/roles.schemas';
import {
  userPageSchema,
  userResponseSchema,
  type UserCreate,
  type UserUpdate,
} from '@basira/shared/users/users.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export const USERS_KEY = ['users'] as const;

export const usersQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'page', page, search],
    queryFn: () =>
      apiRequest('user', { schema: userPageSchema, query: { page, search: search || undefined } }),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: [...USERS_KEY, id],
    queryFn: async () => (await apiRequest(`user/${id}`, { schema: userResponseSchema })).data,
    staleTime: 0,
  });

/** The roles a user can be given (same cache entry as the role screens). */
export const assignableRolesQuery = queryOptions({
  queryKey: ['roles'],
  queryFn: async () => (await apiRequest('role', { schema: roleListSchema })).data,
});

export function useSaveUser(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UserCreate | UserUpdate) =>
      (
        await apiRequest(id === null ? 'user' : `user/${id}`, {
          method: 'POST',
          body,
          schema: userResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

/** DELETE /user/{id} deactivates (the account and its history stay). */
export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`user/${id}`, { method: 'DELETE', schema: okSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export function userIdFrom(param: string | undefined): number | null {
  return param !== undefined && /^\d+$/.test(param) && Number(param) > 0 ? Number(param) : null;
}
