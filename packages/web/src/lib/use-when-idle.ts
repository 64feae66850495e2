import { useEffect, useState } from 'react';

/** At the latest this long after the first render, even on a browser that is never idle. */
const LATEST_MS = 2_000;

/**
 * Calls `callback` when the browser next has a moment with nothing to do, at the latest after `latestMs` when given;
 * browsers without `requestIdleCallback` (Safari) take the next task. Returns what cancels it.
 */
export function whenIdle(callback: () => void, latestMs?: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, latestMs === undefined ? {} : { timeout: latestMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 0);
  return () => window.clearTimeout(timer);
}

/**
 * False until the browser, having painted the screen, has a moment with nothing to do: for what a screen can show
 * a little later (the top bar's bells), so that its chunk, its module set-up, its requests and its first render
 * come after the screen's own content instead of before its first paint.
 *
 * The re-waiting bell's first render built the clinic's time-zone formatter, 22–60 ms on this machine, inside the
 * first frame of every screen (bench/history/web-vitals.md, 2026-12-06).
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), LATEST_MS), []);
  return idle;
}
