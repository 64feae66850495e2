import { redirect, type LoaderFunction } from 'react-router';
import type { Me } from '@basira/shared/auth/auth.schemas';
import { isApiError, isDatabaseUnavailable } from '../lib/api-error.ts';
import { canAny } from '../lib/session-local.ts';
import type { RouteAccess } from '../lib/routes.ts';
import type { ScreenDataArgs } from '../lib/screen-data.ts';
import { getStoredUser, getToken } from '../lib/storage.ts';
import { renderContext } from '../lib/render-context.ts';

/** A navigation the global error reaction has taken over (toast, then /login) waits here until replaced. */
const superseded = () => new Promise<never>(() => {});

/**
 * A route's chunk, awaited by its loader so that the screen renders in the navigation's own commit. Rendered
 * before its chunk came, it would show its Suspense fallback, and React reveals a boundary no sooner than 300 ms
 * after its fallback (screens.ts). A failed fetch resolves too: the screen's render asks again and shows the error.
 */
export const loadChunk = (preload?: () => Promise<unknown>): Promise<null> =>
  (preload?.() ?? Promise.resolve()).then(
    () => null,
    () => null,
  );

/** The signed-in user, read once and kept by the query cache (permissions are checked against it). */
export async function loadMe(): Promise<Me> {
  try {
    // Loaded only for a signed-in visitor: the sign-in path stays free of the API client, zod and the cache.
    const [{ meQuery }, { currentQueryClient }] = await Promise.all([
      import('../lib/session.ts'),
      import('../lib/query-client.ts'),
    ]);
    // Not retried here: during a database outage the page opens on the stored user, under the outage banner.
    return await currentQueryClient().ensureQueryData({ ...meQuery, retry: false });
  } catch (error) {
    const stored = getStoredUser();
    if (isDatabaseUnavailable(error) && stored) return stored;
    if (isApiError(error) && error.handled) return superseded();
    throw error;
  }
}

/**
 * Every route of the main layout: no token → /login, before any screen chunk is asked for (the guard lives
 * in the entry chunk and screens are lazy). A user who must change their password goes to /login too.
 */
export function layoutLoader(preload?: () => Promise<unknown>, signedIn?: () => void): LoaderFunction {
  return async () => {
    if (!getToken()) throw redirect('/login');
    // The layout's chunk comes while /api/me is asked (a failure shows when the layout renders).
    const chunk = loadChunk(preload);
    const me = await loadMe();
    if (me.mustChangePassword) throw redirect('/login');
    signedIn?.();
    await chunk;
    return null;
  };
}

/** What the guards read of the router: the location being loaded, or the current one on the first load. */
interface RouterState {
  state: { navigation: { location?: { state: unknown } }; location: { state: unknown } };
}

/**
 * The state of the location a loader runs for. A loader's request carries the address only, and the history entry is
 * pushed after the loaders: during a navigation the router's own state holds it. Before `readStateFrom` is called
 * (the first load) it is the history entry's, which the router keeps under `usr`.
 */
let loadingState = (): unknown =>
  // A render on the server has no history: its address carries no state.
  renderContext() ? undefined : (window.history.state as { usr?: unknown } | null)?.usr;

/** Lets the loaders read the state of the navigation they run for (main.tsx, once the router is made). */
export function readStateFrom(router: RouterState): void {
  loadingState = () => (router.state.navigation.location ?? router.state.location).state;
}

/**
 * A route's own check (spec section 6): any of its permissions, case-insensitive, else /unauthorized. Once the
 * user may open the screen, its first queries are asked for (`prefetchData`) while its code still loads.
 */
export function accessLoader(
  access: RouteAccess,
  preload?: () => Promise<unknown>,
  prefetchData?: (args: ScreenDataArgs) => Promise<void>,
): LoaderFunction {
  return async ({ params, request }) => {
    if (access !== 'public' && !getToken()) throw redirect('/login');
    // With a token, the screen's chunk is fetched while /api/me is asked, not after (a failure shows when the
    // screen renders). A screen the user may not open costs its chunk, never its data.
    const chunk = loadChunk(preload);
    if (access === 'public' || access === 'token') return chunk;
    const me = await loadMe();
    if (!canAny(me.permissions, access)) throw redirect('/unauthorized');
    const data = prefetchData?.({
      params,
      searchParams: new URL(request.url).searchParams,
      state: loadingState(),
      me,
    });
    // A render on the server draws the page once: its queries must be asked for before the router settles.
    if (renderContext()) await data;
    return chunk;
  };
}
