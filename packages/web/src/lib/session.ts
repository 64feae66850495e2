import { meResponseSchema, type Me } from '@basira/shared/auth/auth.schemas';
import { okSchema } from '@basira/shared/common/api.schemas';
import { apiRequest } from './api-client.ts';
import { endLocalSession, ME_KEY } from './session-local.ts';
import { getToken, setStoredUser } from './storage.ts';

/** GET /api/me: the signed-in user with their expanded permissions; kept in storage under `user` too. */
export async function fetchMe(options: { background?: boolean } = {}): Promise<Me> {
  const { data } = await apiRequest('me', {
    schema: meResponseSchema,
    background: options.background ?? false,
  });
  setStoredUser(data);
  return data;
}

export const meQuery = {
  queryKey: ME_KEY,
  queryFn: () => fetchMe(),
  staleTime: 60_000,
};

/** Logout: the server session is ended when reachable, then the local one (spec section 4). */
export async function logout(): Promise<void> {
  if (getToken()) {
    try {
      await apiRequest('logout', { method: 'POST', schema: okSchema, selfHandled: true, timeoutMs: 5_000 });
    } catch {
      // Already expired or unreachable: the local logout is what matters.
    }
  }
  endLocalSession();
}
