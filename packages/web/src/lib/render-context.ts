import type { QueryClient } from '@tanstack/react-query';

/**
 * What a render on the server stands in for (entry-server.tsx): the browser's address, its stored keys (the
 * session, the look), its network and its query cache, all the render's own. The server renders pages of many
 * users at once, so nothing of one may be module state: the modules that would read the browser's (lib/storage.ts,
 * lib/api-client.ts, lib/query-client.ts) ask here first. In the browser there is none.
 */
export interface RenderContext {
  /** The page's origin: the API is this server's own `/api`. */
  origin: string;
  /** localStorage as the page's request tells it (the session cookie, the look). */
  storage: ReadonlyMap<string, string>;
  /** The API, called in process with the request's session (no network). */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  queryClient: QueryClient;
  /** When the page is drawn: "now" for every part of it (lib/page-clock.ts). */
  drawnAt: number;
}

let current: () => RenderContext | undefined = () => undefined;

/** The server entry's: where the context of the render now running is found (an AsyncLocalStorage). */
export function rendersFrom(source: () => RenderContext | undefined): void {
  current = source;
}

/** The context of the render now running on the server; undefined in the browser. */
export const renderContext = (): RenderContext | undefined => current();
