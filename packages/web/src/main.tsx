import '@mantine/core/styles.css';
// With the core's, not with the screens that use them: a page the server draws (the queue's time field, the list
// filters' dates) is painted before its screen's code, and so its styles, would load.
import '@mantine/dates/styles.css';
// One variable font file per script (Arabic, Latin) for every weight: 2 requests where the weights took 6.
import './app/fonts.css';
import './app/global.css';
// The list rows' plain parts (components/row-cell.tsx): the queue and the patients are drawn on the server.
import './components/list-row.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { appRoutes } from './app/router.tsx';
import { AppRoot } from './app/app-root.tsx';
import { readStateFrom } from './app/guards.ts';
import { installGlobalReactions } from './app/global-reactions.ts';
import { routerAt, routerSettled, serverDrawn, startFromRenderedData } from './app/server-drawn.ts';
import { applyDocumentLanguage, initI18n } from './i18n/i18n.ts';
import {
  getDirection,
  getIsDark,
  getLanguage,
  tellServerTheLook,
  tellServerTheSession,
} from './lib/storage.ts';

async function start(): Promise<void> {
  const lang = getLanguage();
  const direction = getDirection(lang);
  applyDocumentLanguage(lang, direction);
  document.documentElement.setAttribute('data-mantine-color-scheme', getIsDark() ? 'dark' : 'light');
  tellServerTheLook();
  tellServerTheSession();

  const container = document.getElementById('root')!;
  // A page the server drew (in this browser's look, for its session): taken over as it is, not drawn again.
  const drawn = serverDrawn(container);
  if (drawn?.signedIn) await startFromRenderedData();
  // The router starts now: its guards run while the text file loads.
  const router = createBrowserRouter(appRoutes());
  readStateFrom(router);
  const [i18n] = await Promise.all([initI18n(lang), drawn ? routerSettled(router) : undefined]);
  installGlobalReactions(router, i18n);
  document.title = i18n.t('app.name');

  // A signed-in page the server drew is inert until React holds it (server/src/web/rendered-pages.ts).
  const usable = () => container.removeAttribute('inert');
  const app = <AppRoot i18n={i18n} direction={direction} router={router} onFirstCommit={usable} />;
  if (drawn && routerAt(drawn, router.state.location) && !router.state.errors)
    hydrateRoot(container, app, {
      // React draws the page again where the server's differs; the browser suite fails on this message.
      onRecoverableError: (error) => console.error('hydration: the page was drawn again', error),
    });
  else createRoot(container).render(app);
}

void start();
