import { Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LAYOUT_ROUTES, OUTER_ROUTES, PRINT_ROUTES, type RouteDef, type RouteName } from '../lib/routes.ts';
import { accessLoader, layoutLoader, loadChunk } from './guards.ts';
import { renderContext } from '../lib/render-context.ts';
import { RouteErrorPage } from './route-error-page.tsx';
import { MainLayout, NotFoundScreen, OuterLayout, PendingScreen, PrintLayout, SCREENS } from './screens.ts';
import { ScreenLoader } from '../components/screen-loader.tsx';

/**
 * The live events' stream opens as soon as the session is known, before the screen's loader asks for its data
 * (lib/live-events.ts): the layout's loader resumes first, both awaiting the same `/api/me`.
 */
const openLiveEvents = () => {
  // The stream is the browser's: a render on the server opens none.
  if (renderContext()) return;
  void Promise.all([import('../lib/live-events.ts'), import('../lib/query-client.ts')])
    .then(([{ openLiveEventsEarly }, { queryClient }]) => openLiveEventsEarly(queryClient))
    .catch(() => undefined);
};

function element(name: RouteName, def: RouteDef) {
  const Screen: ComponentType | undefined = def.screen ? SCREENS[name] : undefined;
  const Component = Screen ?? PendingScreen;
  // Keyed by route name: /user/add and /user/1/update share a component but not their state (unless the
  // route table gives them one screen key, as an exam's add and update).
  return <Component key={def.screenKey ?? name} />;
}

function toRoute(name: RouteName, def: RouteDef): RouteObject {
  const screen = def.screen ? SCREENS[name] : undefined;
  return {
    id: name,
    path: def.path,
    loader: accessLoader(def.access, screen?.preload, screen?.prefetchData),
    element: element(name, def),
    handle: { name },
  };
}

/**
 * The whole route table of spec section 2 (lib/routes.ts), with its guards. Screens load lazily inside
 * Suspense, so the guards (loaders, in the entry chunk) decide before any screen chunk is requested.
 */
export function appRoutes(): RouteObject[] {
  const outer = Object.entries(OUTER_ROUTES) as [RouteName, RouteDef][];
  const inner = Object.entries(LAYOUT_ROUTES) as [RouteName, RouteDef][];
  const prints = Object.entries(PRINT_ROUTES) as [RouteName, RouteDef][];
  return [
    {
      id: 'root',
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <ScreenLoader />,
      children: [
        {
          id: 'outerLayout',
          loader: () => loadChunk(OuterLayout.preload),
          element: (
            <Suspense fallback={<ScreenLoader />}>
              <OuterLayout />
            </Suspense>
          ),
          children: [
            ...outer.map(([name, def]) => toRoute(name, def)),
            {
              id: 'notFound',
              path: '*',
              loader: () => loadChunk(NotFoundScreen.preload),
              element: <NotFoundScreen />,
            },
          ],
        },
        {
          id: 'mainLayout',
          loader: layoutLoader(MainLayout.preload, openLiveEvents),
          element: (
            <Suspense fallback={<ScreenLoader />}>
              <MainLayout />
            </Suspense>
          ),
          children: inner.map(([name, def]) => toRoute(name, def)),
        },
        {
          // A sheet of paper: the main layout's token check, none of its menus or panels.
          id: 'printLayout',
          loader: layoutLoader(PrintLayout.preload),
          element: (
            <Suspense fallback={<ScreenLoader />}>
              <PrintLayout />
            </Suspense>
          ),
          children: prints.map(([name, def]) => toRoute(name, def)),
        },
      ],
    },
  ];
}
