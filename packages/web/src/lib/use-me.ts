import { useQuery } from '@tanstack/react-query';
import type { Me } from '@basira/shared/auth/auth.schemas';
import { meQuery } from './session.ts';
import { getStoredUser, getToken } from './storage.ts';

/** The signed-in user (the guards have loaded it; the stored copy covers the first paint). */
export function useMe(): Me | undefined {
  const signedIn = getToken() !== null;
  const { data } = useQuery({
    ...meQuery,
    enabled: signedIn,
    placeholderData: () => getStoredUser() ?? undefined,
  });
  return signedIn ? data : undefined;
}
