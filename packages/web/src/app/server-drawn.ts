import { getToken, storedLook } from '../lib/storage.ts';

/** What a page rendered by the server says of itself on its root (packages/server/src/web/rendered-pages.ts). */
export interface ServerDrawn {
  path: string;
}

/**
 * The page the server drew in `container`, if this browser can take it over as it is: the server draws pages as a
 * signed-out visitor sees them, in the look of the `basira_ui` cookie. A stored session, or a look changed since the
 * cookie was sent, means the browser's first render would differ, so the app renders over it instead.
 */
export function serverDrawn(container: HTMLElement): ServerDrawn | null {
  const { renderedPath, renderedLook } = container.dataset;
  if (!renderedPath || !container.firstChild) return null;
  return renderedLook === storedLook() && !getToken() ? { path: renderedPath } : null;
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
