import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Live updates (`GET /api/events`, Server-Sent Events): while the main layout is open, every queue or patient
 * change of the organization refetches the lists on screen, so the queue, the doctor page and the bell follow
 * without a reload. The stream's code (and the contracts it parses) loads after the layout has painted.
 */
export function useLiveEvents(queryClient: QueryClient, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let close: (() => void) | undefined;
    let left = false;
    void import('./live-events-source.ts').then(({ openLiveEvents }) => {
      if (!left) close = openLiveEvents(queryClient);
    });
    return () => {
      left = true;
      close?.();
    };
  }, [queryClient, enabled]);
}
