import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@basira/shared/common/api.schemas';
import {
  permissionListSchema,
  roleListSchema,
  roleResponseSchema,
  type RoleSave,
} from '@basira/shared/roles/roles.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** Spec sections 2 and 5: update mode only when the route's id is numeric; otherwise the add screen. */
export function roleIdFrom(param: string | undefined): number | null {
  return param !== undefined && /^\d+$/.test(param) && Number(param) > 0 ? Number(param) : null;
}

export const ROLES_KEY = ['roles'] as const;

export const rolesQuery = queryOptions({
  queryKey: ROLES_KEY,
  queryFn: async () => (await apiRequest('role', { schema: roleListSchema })).data,
});

export const roleQuery = (id: number) =>
  queryOptions({
    queryKey: [...ROLES_KEY, id],
    queryFn: async () => (await apiRequest(`role/${id}`, { schema: roleResponseSchema })).data,
    staleTime: 0,
  });

/** Spec: GET /permission is called only if not yet loaded; the catalogue is kept for the whole visit. */
export const permissionCatalogueQuery = queryOptions({
  queryKey: ['permissions'],
  queryFn: async () => (await apiRequest('permission', { schema: permissionListSchema })).data,
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useSaveRole(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RoleSave) =>
      (
        await apiRequest(id === null ? 'role' : `role/${id}`, {
          method: 'POST',
          body,
          schema: roleResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`role/${id}`, { method: 'DELETE', schema: okSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}
