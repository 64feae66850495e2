import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** How long the stream opened by the layout's loader waits for the layout to take it over. */
const EARLY_HOLD_MS = 15_000;

interface Stream {
  holders: number;
  closed: boolean;
  close?: () => void;
}
let stream: Stream | null = null;

/** Holds the page's one stream (opening it if needed); the returned function lets go, and the last closes it. */
function hold(queryClient: QueryClient): () => void {
  if (!stream) {
    const opened: Stream = { holders: 0, closed: false };
    stream = opened;
    void import('./live-events-source.ts').then(({ openLiveEvents }) => {
      if (!opened.closed) opened.close = openLiveEvents(queryClient);
    });
  }
  const held = stream;
  held.holders++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--held.holders > 0) return;
    held.closed = true;
    held.close?.();
    if (stream === held) stream = null;
  };
}

/**
 * Opened by the main layout's loader as soon as the session is known, before the screen's data is asked for
 * (app/guards.ts): data that arrives after the stream opened missed no event, so the stream's first `ready`
 * need not fetch it again. Held until the layout takes the stream over, or given up after EARLY_HOLD_MS.
 */
export function openLiveEventsEarly(queryClient: QueryClient): void {
  window.setTimeout(hold(queryClient), EARLY_HOLD_MS);
}

/**
 * Live updates (`GET /api/events`, Server-Sent Events): while the main layout is open, every queue or patient
 * change of the organization refetches the lists on screen, so the queue, the doctor page and the bell follow
 * without a reload.
 */
export function useLiveEvents(queryClient: QueryClient, enabled: boolean): void {
  useEffect(() => (enabled ? hold(queryClient) : undefined), [queryClient, enabled]);
}
