import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READY_EVENT } from '@basira/shared/events/events.schemas';
import { openLiveEvents } from './live-events-source.ts';
import { outage } from './outage.ts';
import { QUERY_ROOTS } from './query-keys.ts';

/** The browser's EventSource, driven by hand: `fire` delivers an event, `drop` loses the connection. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  fire(type: string, data: unknown = {}) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  /** `retrying`: the browser reconnects by itself (CONNECTING); otherwise the stream was refused (CLOSED). */
  drop(retrying: boolean) {
    this.readyState = retrying ? FakeEventSource.CONNECTING : FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

const last = () => FakeEventSource.opened.at(-1)!;

describe('the live event stream across an outage', () => {
  let client: QueryClient;
  let close: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    localStorage.setItem('token', 'tok');
    client = new QueryClient();
    close = openLiveEvents(client);
  });

  afterEach(async () => {
    close();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    vi.unstubAllGlobals();
    vi.useRealTimers();
    localStorage.clear();
  });

  it('refetches the queue lists when it is back after a drop, even those loaded since it first opened', () => {
    last().fire(READY_EVENT);
    client.setQueryData([QUERY_ROOTS.queue, 'list'], []);
    vi.advanceTimersByTime(1_000);
    last().drop(true);
    vi.advanceTimersByTime(3_000);
    last().fire(READY_EVENT);
    expect(client.getQueryState([QUERY_ROOTS.queue, 'list'])?.isInvalidated).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('opens again after the server ended it (a session it could not check), 10 s later', async () => {
    last().fire('session.ended');
    expect(last().readyState).toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('opens again at once when an outage ends, not at the next 10 s try', async () => {
    last().drop(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    outage.report('database');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(outage.current()).toBeNull();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(last().readyState).toBe(FakeEventSource.OPEN);
  });
});
