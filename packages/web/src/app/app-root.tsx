import { StrictMode, useEffect } from 'react';
import type { i18n as I18n } from 'i18next';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Direction } from '../lib/storage.ts';
import { Providers } from './providers.tsx';

/**
 * The whole app for one router: what the browser renders (main.tsx) and what the server renders for a page it
 * sends drawn (entry-server.tsx). Hydration needs the two trees to be the same, so there is one.
 */
export function AppRoot(props: {
  i18n: I18n;
  direction: Direction;
  router: DataRouter;
  /** Run once the first render is on screen (a page the server drew is then React's). */
  onFirstCommit?: () => void;
}) {
  return (
    <StrictMode>
      <Providers i18n={props.i18n} direction={props.direction}>
        <RouterProvider router={props.router} />
      </Providers>
      {props.onFirstCommit && <AfterFirstCommit run={props.onFirstCommit} />}
    </StrictMode>
  );
}

/** Draws nothing (so a page drawn without it hydrates the same); runs `run` after the first commit. */
function AfterFirstCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}
