import type { DehydratedState } from '@tanstack/react-query';
import { takeOverPageDrawnAt } from '../lib/page-clock.ts';
import { getStoredUser, getToken, storedLook } from '../lib/storage.ts';

/** What a page rendered by the server says of itself on its root (packages/server/src/web/rendered-pages.ts). */
export interface ServerDrawn {
  /** The address it was drawn for: the path, and for a signed-in page its query too. */
  path: string;
  /** Drawn for the signed-in user of this browser, with the first data it read (`#rendered-data`). */
  signedIn: boolean;
}

/**
 * The page the server drew in `container`, if this browser can take it over as it is: drawn in the look this
 * browser shows (the `basira_ui` cookie), and for the session it holds: signed out for none, or signed in as the
 * stored user (the `basira_session` cookie). Anything else (a look or a session changed since the request) means
 * the browser's first render would differ, so the app renders over the page instead.
 */
export function serverDrawn(container: HTMLElement): ServerDrawn | null {
  const { renderedPath, renderedLook, renderedUser } = container.dataset;
  if (!renderedPath || !container.firstChild || renderedLook !== storedLook()) return null;
  if (renderedUser === undefined) return getToken() ? null : { path: renderedPath, signedIn: false };
  const user = getStoredUser();
  return getToken() && user && String(user.id) === renderedUser
    ? { path: renderedPath, signedIn: true }
    : null;
}

/** Whether the router stands where the page was drawn (a signed-out page is drawn whatever its query). */
export function routerAt(drawn: ServerDrawn, location: { pathname: string; search: string }): boolean {
  return drawn.path === (drawn.signedIn ? `${location.pathname}${location.search}` : location.pathname);
}

/** What a signed-in page carries in `#rendered-data` (entry-server.tsx). */
export interface RenderedData {
  /** When it was drawn: "now" until it is taken over (lib/page-clock.ts). */
  drawnAt: number;
  /** The render's query cache. */
  cache: DehydratedState;
}

/**
 * Starts the query cache from the data a signed-in page was drawn with, so that the screen's first render (its
 * loaders ask the cache) is the page as drawn, without asking the server again; and its clock from when it was drawn.
 */
export async function startFromRenderedData(): Promise<void> {
  const json = document.getElementById('rendered-data')?.textContent;
  if (!json) return;
  const [{ queryClient }, { hydrate }] = await Promise.all([
    import('../lib/query-client.ts'),
    import('@tanstack/react-query'),
  ]);
  const data = JSON.parse(json) as RenderedData;
  takeOverPageDrawnAt(data.drawnAt);
  hydrate(queryClient, data.cache);
}

interface SettlingRouter {
  state: { initialized: boolean };
  subscribe: (listener: (state: { initialized: boolean }) => void) => () => void;
}

/** Resolves once the router's first loaders have run, so that its first render is the page itself. */
export function routerSettled(router: SettlingRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
