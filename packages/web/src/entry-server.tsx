// The server's render of the pages it sends drawn (shared/common/rendered-pages.ts; built by vite build --ssr, read by
// packages/server/src/web/rendered-pages.ts). Only pages a signed-out visitor sees: nothing here reads a session or
// a user's data, and nothing of one render outlives it (its router and its texts' instance are its own).
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import type { PageRenderer } from '@basira/shared/common/rendered-pages';
import { AppRoot } from './app/app-root.tsx';
import { appRoutes } from './app/router.tsx';
import { routerSettled } from './app/server-drawn.ts';
import { textsInstance } from './i18n/i18n.ts';

export const renderPage: PageRenderer['renderPage'] = async ({ path, ui, texts }) => {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  try {
    await routerSettled(router);
    if (router.state.location.pathname !== path || router.state.errors) return null;
    const i18n = textsInstance(ui.lang, texts);
    const html = renderToString(<AppRoot i18n={i18n} direction={ui.direction} router={router} />);
    return { html, title: i18n.t('app.name') };
  } finally {
    router.dispose();
  }
};
