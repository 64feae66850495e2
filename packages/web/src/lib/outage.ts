/**
 * A server outage, as the client sees it: the database does not answer (503 `database.unavailable`) or the
 * server does not answer at all. While it lasts the main layout shows one calm banner; `/api/health` is polled
 * every few seconds, and the first answer ends it: the banner goes and the listeners (query cache, event
 * stream) catch up. No module of the API client or zod here: the entry chunk reports outages.
 */
export type OutageKind = 'database' | 'server';

export const HEALTH_POLL_MS = 3_000;

export interface OutageWatch {
  current: () => OutageKind | null;
  report: (kind: OutageKind) => void;
  /** Any change (for `useSyncExternalStore`). */
  subscribe: (listener: () => void) => () => void;
  /** The outage has ended: the health check answered. */
  onRecovered: (listener: () => void) => () => void;
}

export function createOutageWatch(options: {
  /** True when the server and its database answer. */
  check: () => Promise<boolean>;
  intervalMs: number;
}): OutageWatch {
  let kind: OutageKind | null = null;
  const changed = new Set<() => void>();
  const recovered = new Set<() => void>();
  const emit = (listeners: Set<() => void>) => [...listeners].forEach((listener) => listener());
  const listen = (listeners: Set<() => void>) => (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  const poll = () =>
    setTimeout(() => {
      void options
        .check()
        .catch(() => false)
        .then((answers) => {
          if (!answers) return void poll();
          kind = null;
          emit(changed);
          emit(recovered);
        });
    }, options.intervalMs);

  return {
    current: () => kind,
    report(next) {
      if (kind === next) return;
      const polling = kind !== null;
      kind = next;
      emit(changed);
      if (!polling) poll();
    },
    subscribe: listen(changed),
    onRecovered: listen(recovered),
  };
}

/** The app's one outage watch. */
export const outage = createOutageWatch({
  check: () => import('./api-client.ts').then(({ healthAnswers }) => healthAnswers()),
  intervalMs: HEALTH_POLL_MS,
});
