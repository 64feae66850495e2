import type { Query, QueryClient } from '@tanstack/react-query';
import {
  EXAM_CHANGED_EVENT,
  examChangedSchema,
  NOTIFICATION_CREATED_EVENT,
  notificationCreatedSchema,
  PATIENT_CHANGED_EVENT,
  QUEUE_CHANGED_EVENT,
  READY_EVENT,
  patientChangedSchema,
  queueChangedSchema,
  type LiveEvent,
} from '@basira/shared/events/events.schemas';
import { buildUrl } from './api-client.ts';
import { outage } from './outage.ts';
import { QUERY_ROOTS, QUEUE_STATIC_PARTS } from './query-keys.ts';
import { getConnectionString, getOrganization, getToken } from './storage.ts';

/** After the stream is refused (an ended session, a restart), try again this much later. */
const RECONNECT_MS = 10_000;

export function eventsUrl(base: string, token: string, organization: string | null): string {
  return buildUrl(base, 'events', { token, org: organization });
}

const rootOf = (query: Query) => query.queryKey[0];

/** The cached answers a live event makes stale. */
export function staleAfter(event: LiveEvent): (query: Query) => boolean {
  // The user's own news: the count, the list, and the requests it is about.
  if (event.type === NOTIFICATION_CREATED_EVENT)
    return (query) => rootOf(query) === QUERY_ROOTS.notifications || rootOf(query) === QUERY_ROOTS.support;
  if (event.type === EXAM_CHANGED_EVENT)
    return (query) =>
      (rootOf(query) === QUERY_ROOTS.exams && query.queryKey[1] === event.data.type) ||
      (rootOf(query) === QUERY_ROOTS.board && query.queryKey[1] === event.data.patientId);
  if (event.type === PATIENT_CHANGED_EVENT)
    return (query) =>
      rootOf(query) === QUERY_ROOTS.patients ||
      (rootOf(query) === QUERY_ROOTS.board && query.queryKey[1] === event.data.id);
  return (query) => {
    const root = rootOf(query);
    if (root === QUERY_ROOTS.queue) return !QUEUE_STATIC_PARTS.includes(String(query.queryKey[1]));
    if (root === QUERY_ROOTS.dashboard) return true;
    // A board shows one patient: only its own visits concern it.
    return root === QUERY_ROOTS.board && query.queryKey[1] === event.data.patientId;
  };
}

/** What every live screen shows: refetched when the stream (re)opens, since events may have been missed. */
const LIVE_ROOTS: readonly unknown[] = [
  QUERY_ROOTS.queue,
  QUERY_ROOTS.dashboard,
  QUERY_ROOTS.patients,
  QUERY_ROOTS.notifications,
  QUERY_ROOTS.support,
];
const isLive = (query: Query) =>
  LIVE_ROOTS.includes(rootOf(query)) && !QUEUE_STATIC_PARTS.includes(String(query.queryKey[1]));

function parse(type: string, data: string): LiveEvent | null {
  try {
    const json = JSON.parse(data) as unknown;
    if (type === QUEUE_CHANGED_EVENT) {
      const parsed = queueChangedSchema.safeParse(json);
      return parsed.success ? { type, data: parsed.data } : null;
    }
    if (type === EXAM_CHANGED_EVENT) {
      const parsed = examChangedSchema.safeParse(json);
      return parsed.success ? { type, data: parsed.data } : null;
    }
    if (type === NOTIFICATION_CREATED_EVENT) {
      const parsed = notificationCreatedSchema.safeParse(json);
      return parsed.success ? { type, data: parsed.data } : null;
    }
    const parsed = patientChangedSchema.safeParse(json);
    return parsed.success ? { type: PATIENT_CHANGED_EVENT, data: parsed.data } : null;
  } catch {
    return null;
  }
}

/**
 * Opens the stream and keeps it open: the browser reconnects by itself after a drop; a refused or ended stream
 * (an ended session, a restart, a database outage) is retried every 10 s, and at once when an outage ends.
 * Returns the function that closes it.
 */
export function openLiveEvents(queryClient: QueryClient): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let retry: number | undefined;
  let stopped = false;
  let wasReady = false;

  const retryLater = () => {
    source?.close();
    if (stopped) return;
    window.clearTimeout(retry);
    retry = window.setTimeout(connect, RECONNECT_MS);
  };

  const connect = () => {
    const token = getToken();
    if (stopped || !token) return;
    const openedAt = Date.now();
    source = new EventSource(eventsUrl(getConnectionString(), token, getOrganization()));
    source.addEventListener(READY_EVENT, () => {
      // What was loaded before the stream opened may have missed a change; after a drop, all of it may have.
      const since = wasReady ? Date.now() : openedAt;
      wasReady = true;
      void queryClient.invalidateQueries({
        predicate: (query) => isLive(query) && query.state.dataUpdatedAt < since,
      });
    });
    for (const type of [
      QUEUE_CHANGED_EVENT,
      PATIENT_CHANGED_EVENT,
      EXAM_CHANGED_EVENT,
      NOTIFICATION_CREATED_EVENT,
    ])
      source.addEventListener(type, (message: MessageEvent<string>) => {
        const event = parse(type, message.data);
        if (!event) return;
        void queryClient.invalidateQueries({ predicate: staleAfter(event) });
      });
    // A session that truly ended is refused at the next try; any other cause of the end heals by itself.
    source.addEventListener('session.ended', retryLater);
    source.onerror = () => {
      // CONNECTING: the browser retries by itself. CLOSED: refused (401, 503, a restart): try again later.
      if (source?.readyState === EventSource.CLOSED) retryLater();
    };
  };

  const stopWatching = outage.onRecovered(() => {
    if (stopped || (source && source.readyState !== EventSource.CLOSED)) return;
    window.clearTimeout(retry);
    connect();
  });

  connect();
  return () => {
    stopped = true;
    stopWatching();
    window.clearTimeout(retry);
    source?.close();
  };
}
