// The server's render of the pages it sends drawn (shared/common/rendered-pages.ts; built by vite build --ssr, read by
// packages/server/src/web/rendered-pages.ts). Every render runs in a context of its own (lib/render-context.ts): its
// router, its texts' instance, its query cache, the stored keys its request stands for, and the API called with its
// session. Nothing of one render is module state, so one user's data cannot reach another's page.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { PageRenderer, PageRequest, PageSession } from '@basira/shared/common/rendered-pages';
import { AppRoot } from './app/app-root.tsx';
import { appRoutes } from './app/router.tsx';
import { routerSettled, type RenderedData } from './app/server-drawn.ts';
import { textsInstance } from './i18n/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { rendersFrom, type RenderContext } from './lib/render-context.ts';
import { DARK_VALUE, LIGHT_VALUE, STORAGE_KEYS } from './lib/storage.ts';

const contexts = new AsyncLocalStorage<RenderContext>();
rendersFrom(() => contexts.getStore());

/** Only builds URLs: the API is called in process (`PageSession.call`), never over the network. */
const ORIGIN = 'http://basira.invalid';

/** localStorage as the request tells it: the look, the side panel and, signed in, the session (their cookies). */
function storageOf({ ui, session, sidePanel }: PageRequest): Map<string, string> {
  const storage = new Map<string, string>([
    [STORAGE_KEYS.lang, ui.lang],
    [STORAGE_KEYS.dir, ui.direction],
    [STORAGE_KEYS.isDark, ui.dark ? DARK_VALUE : LIGHT_VALUE],
  ]);
  if (sidePanel !== undefined) storage.set(STORAGE_KEYS.sidePanel, sidePanel ? '1' : '0');
  if (session) {
    storage.set(STORAGE_KEYS.token, session.token);
    storage.set(STORAGE_KEYS.organization, session.organization);
    storage.set(STORAGE_KEYS.isAuthenticated, 'true');
  }
  return storage;
}

/** `fetch` for the API client: a read answered by the server in process; a signed-out page calls nothing. */
function apiOf(session: PageSession | undefined): RenderContext['fetch'] {
  return async (url, init) => {
    const method = init.method ?? 'GET';
    if (!session) throw new Error(`a signed-out render may not call ${method} ${url}`);
    const { pathname, search } = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const answer = await session.call({ method, url: `${pathname}${search}`, headers });
    const empty = answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : answer.body, { status: answer.status, headers: answer.headers });
  };
}

export const renderPage: PageRenderer['renderPage'] = (request) => {
  const queryClient = createQueryClient();
  const context: RenderContext = {
    origin: ORIGIN,
    storage: storageOf(request),
    fetch: apiOf(request.session),
    queryClient,
    drawnAt: Date.now(),
  };
  return contexts.run(context, async () => {
    const router = createMemoryRouter(appRoutes(), { initialEntries: [request.path] });
    try {
      await routerSettled(router);
      const { pathname, search } = router.state.location;
      if (`${pathname}${search}` !== request.path || router.state.errors) return null;
      // The screen's first queries, asked for by its loader (lib/screen-data.ts), are answered before it is drawn.
      await waitForQueries(queryClient);
      const i18n = textsInstance(request.ui.lang, request.texts);
      const html = await renderToHtml(
        <AppRoot i18n={i18n} direction={request.ui.direction} router={router} />,
      );
      const data = request.session ? renderedData(context.drawnAt, queryClient) : undefined;
      return { html, ...(data ? { data } : {}) };
    } finally {
      router.dispose();
      queryClient.clear();
    }
  });
};

/** A signed-in page's data (`#rendered-data`, read by app/server-drawn.ts): when it was drawn, and its queries. */
function renderedData(drawnAt: number, queryClient: QueryClient): string {
  const data: RenderedData = { drawnAt, cache: dehydrate(queryClient) };
  return JSON.stringify(data);
}

/** React's mark of a Suspense boundary it left to the browser: a lazy part not loaded yet, or a part that failed. */
const LEFT_TO_THE_BROWSER = '<!--$!-->';
/** Waits of 10, 20, 40 … 640 ms: a chart's library, loaded for the first time on a busy server, took over 60 ms. */
const RENDER_TRIES = 8;

/**
 * The page's HTML with every part drawn. `renderToString` draws a lazy part (a chart) that is not loaded yet as a
 * hole for the browser to fill; its first render starts the loading, so the page is drawn again once the part has
 * had time to load. (A streaming render would wait for it, but reveals what came late with inline scripts, which
 * the Content-Security-Policy blocks.) A part that still fails is an error, never a page with a hole.
 */
async function renderToHtml(app: ReactNode): Promise<string> {
  for (let tries = 1; ; tries += 1) {
    const html = renderToString(app);
    if (!html.includes(LEFT_TO_THE_BROWSER)) return html;
    if (tries === RENDER_TRIES) {
      const reason =
        /<template data-msg="([^"]*)"/.exec(html)?.[1] ?? 'a part failed (see a development build)';
      throw new Error(`the page failed to render: ${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** (tries - 1)));
  }
}

/** Resolves when no query of the cache is fetching. */
async function waitForQueries(client: QueryClient): Promise<void> {
  while (client.isFetching() > 0)
    await new Promise<void>((resolve) => {
      const stop = client.getQueryCache().subscribe(() => {
        if (client.isFetching() > 0) return;
        stop();
        resolve();
      });
    });
}
