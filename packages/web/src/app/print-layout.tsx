import { Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ScreenLoader } from '../components/screen-loader.tsx';
import { currentQueryClient } from '../lib/query-client.ts';

/** The print views (features/print): the query cache, and nothing else of the main layout (menus, panels, events). */
export function PrintLayout() {
  return (
    <QueryClientProvider client={currentQueryClient()}>
      <Suspense fallback={<ScreenLoader />}>
        <Outlet />
      </Suspense>
    </QueryClientProvider>
  );
}
