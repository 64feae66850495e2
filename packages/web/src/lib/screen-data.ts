import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { Me } from '@basira/shared/auth/auth.schemas';

/** What a route's loader knows before its screen renders: the address, the link's state and the signed-in user. */
export interface ScreenDataArgs {
  params: Params;
  searchParams: URLSearchParams;
  /** The `state` the navigation carries (a link's or `navigate`'s), which the loader's request does not. */
  state: unknown;
  me: Me;
}

/**
 * Asks the cache for the queries a screen shows first (`client.prefetchQuery`); exported by the screen's module as
 * `screenData`. The route's loader calls it once the user may open the screen, while the screen's code loads
 * (app/guards.ts), so the first render has its data instead of asking for it after. Each query must be the very
 * options the screen's `useQuery` uses, under the same conditions (a query the screen would not run is not asked
 * for): the cache then answers the screen.
 */
export type ScreenData = (client: QueryClient, args: ScreenDataArgs) => void;
