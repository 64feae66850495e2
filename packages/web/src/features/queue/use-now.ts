import { useEffect, useState } from 'react';
import { pageDrawnAt } from '../../lib/page-clock.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * The current time, refreshed every `intervalMs` (waiting times, the bell's split). While a page the server drew is
 * taken over, the time it was drawn at, so that its texts are the server's (lib/page-clock.ts); the render after
 * hydration shows this browser's.
 */
export function useNow(intervalMs: number): number {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return hydrated ? now : pageDrawnAt();
}
