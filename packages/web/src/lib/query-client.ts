import { QueryClient } from '@tanstack/react-query';
import { isDatabaseUnavailable } from './api-error.ts';
import { outage } from './outage.ts';
import { renderContext } from './render-context.ts';
import { onLocalSessionEnd } from './session-local.ts';

/** A read that met a database outage is tried again after 1, 2, 4 and 8 s; the banner says why meanwhile. */
export const OUTAGE_READ_RETRIES = 4;

/**
 * Failures are answered by the error catalogue at once; a silent retry would only delay its message. The
 * exception is a database outage, which the banner announces: reads retry with backoff, and every query is
 * refetched once the outage ends. Writes never retry by themselves: the user saves again, knowingly.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < OUTAGE_READ_RETRIES && isDatabaseUnavailable(error),
        retryDelay: (failures) => 1_000 * 2 ** failures,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The browser's one query cache. Its module is loaded with the main layout or the first guarded route, never on
 * the sign-in path (which needs no cache).
 */
export const queryClient = createQueryClient();

/** The cache of the page now rendering: the browser's one, or on the server the render's own (render-context.ts). */
export const currentQueryClient = (): QueryClient => renderContext()?.queryClient ?? queryClient;

onLocalSessionEnd(() => queryClient.clear());
// What failed or was missed during the outage (events too) is read again.
outage.onRecovered(() => void queryClient.invalidateQueries());
