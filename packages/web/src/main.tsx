import '@mantine/core/styles.css';
// One variable font file per script (Arabic, Latin) for every weight: 2 requests where the weights took 6.
import './app/fonts.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { appRoutes } from './app/router.tsx';
import { readStateFrom } from './app/guards.ts';
import { installGlobalReactions } from './app/global-reactions.ts';
import { Providers } from './app/providers.tsx';
import { applyDocumentLanguage, initI18n } from './i18n/i18n.ts';
import { getDirection, getIsDark, getLanguage } from './lib/storage.ts';

async function start(): Promise<void> {
  const lang = getLanguage();
  const direction = getDirection(lang);
  applyDocumentLanguage(lang, direction);
  document.documentElement.setAttribute('data-mantine-color-scheme', getIsDark() ? 'dark' : 'light');

  // The router starts now: its guards run while the text file loads.
  const router = createBrowserRouter(appRoutes());
  readStateFrom(router);
  const i18n = await initI18n(lang);
  installGlobalReactions(router, i18n);
  document.title = i18n.t('app.name');

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers i18n={i18n} direction={direction}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
