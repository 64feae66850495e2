import { QueryClient } from '@tanstack/react-query';
import { onLocalSessionEnd } from './session-local.ts';

/** Failures are answered by the error catalogue at once; a silent retry would only delay its message. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one query cache. Its module is loaded with the main layout or the first guarded route, never on
 * the sign-in path (which needs no cache).
 */
export const queryClient = createQueryClient();

onLocalSessionEnd(() => queryClient.clear());
