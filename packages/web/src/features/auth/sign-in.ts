import { loginResponseSchema, type LoginRequest, type Me } from '@basira/shared/auth/auth.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { ME_KEY } from '../../lib/session-local.ts';
import { storeSession } from '../../lib/storage.ts';

/**
 * POST /api/login; on success the token, user and isAuthenticated are stored. Its own chunk: the sign-in
 * form shows before the API client, zod and the query cache are loaded.
 */
export async function signIn(body: LoginRequest): Promise<Me> {
  const { data } = await apiRequest('login', {
    method: 'POST',
    body,
    schema: loginResponseSchema,
    selfHandled: true,
    withToken: false,
  });
  storeSession(data.token, data.user);
  queryClient.setQueryData(ME_KEY, data.user);
  return data.user;
}
