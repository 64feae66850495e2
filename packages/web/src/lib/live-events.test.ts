import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@basira/shared/events/events.schemas';
import { openLiveEventsEarly, useLiveEvents } from './live-events.ts';
import { eventsUrl, staleAfter } from './live-events-source.ts';
import { visibleItems, TOP_BAR } from './navigation.ts';

function cacheWith(keys: unknown[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 1);
  return client.getQueryCache();
}

describe('live events', () => {
  const queueEvent: LiveEvent = {
    type: 'queue.changed',
    data: {
      id: 5,
      patientId: 9,
      action: 'cancel',
      status: { id: 4, name: 'Canceled', color: '#e03131' },
      isRewaiting: 0,
      date: '2026-03-01T09:00:00Z',
      doctorId: null,
      at: '2026-03-01T09:00:00Z',
    },
  };

  it('refresh the queue lists, the bell, the doctor page, the dashboard and that patient’s board', () => {
    const cache = cacheWith([
      ['queue', 'filter', { page: 1 }],
      ['queue', 'rewaiting'],
      ['queue', 'worklist'],
      ['queue', 'doctors'],
      ['queue', 'ticket', 5],
      ['dashboard', 'summary'],
      ['board', 9, 5],
      ['board', 8, 4],
      ['patients', 'filter', {}],
    ]);
    const stale = cache
      .getAll()
      .filter(staleAfter(queueEvent))
      .map((q) => q.queryKey);
    expect(stale).toEqual([
      ['queue', 'filter', { page: 1 }],
      ['queue', 'rewaiting'],
      ['queue', 'worklist'],
      ['dashboard', 'summary'],
      ['board', 9, 5],
    ]);
  });

  it('refresh the patient lists on a patient change', () => {
    const cache = cacheWith([
      ['patients', 'filter', {}],
      ['queue', 'rewaiting'],
      ['board', 3, 1],
    ]);
    const event: LiveEvent = { type: 'patient.changed', data: { id: 3, action: 'updated', at: '' } };
    expect(
      cache
        .getAll()
        .filter(staleAfter(event))
        .map((q) => q.queryKey),
    ).toEqual([
      ['patients', 'filter', {}],
      ['board', 3, 1],
    ]);
  });

  it('refresh the notifications and the support lists on a notification of the user’s own', () => {
    const cache = cacheWith([
      ['notifications', 'unread'],
      ['notifications', 'page', 1],
      ['support', 'list', { page: 1 }],
      ['queue', 'rewaiting'],
      ['patients', 'filter', {}],
    ]);
    const event: LiveEvent = {
      type: 'notification.created',
      data: { id: 1, userId: 2, type: 'bug', at: '' },
    };
    expect(
      cache
        .getAll()
        .filter(staleAfter(event))
        .map((q) => q.queryKey),
    ).toEqual([
      ['notifications', 'unread'],
      ['notifications', 'page', 1],
      ['support', 'list', { page: 1 }],
    ]);
  });

  it('connect with the token and organization in the query (EventSource sends no headers)', () => {
    expect(eventsUrl('http://clinic/api/', 'tok en', 'north')).toBe(
      'http://clinic/api/events?token=tok+en&org=north',
    );
    expect(eventsUrl('http://clinic/api', 't', null)).toBe('http://clinic/api/events?token=t');
  });
});

describe('top bar', () => {
  it('links Dashboard, Patient and Doctor with `dashboard`, each only when its own route lets the user in', () => {
    const names = (permissions: string[]) => visibleItems(TOP_BAR, permissions).map((item) => item.route);
    expect(names(['dashboard'])).toEqual(['dashboard', 'Profile']);
    expect(names(['dashboard', 'show patients', 'open board'])).toEqual([
      'dashboard',
      'patientIndex',
      'doctorIndex',
      'Profile',
    ]);
    expect(names(['open board', 'show patients'])).toEqual([]);
    expect(names(['Administrator'])).toEqual([
      'dashboard',
      'patientIndex',
      'doctorIndex',
      'Profile',
      'userIndex',
    ]);
  });
});

describe('the live events stream', () => {
  class FakeEventSource {
    static readonly CLOSED = 2;
    static opened: FakeEventSource[] = [];
    readyState = 0;
    closed = false;
    constructor(readonly url: string) {
      FakeEventSource.opened.push(this);
    }
    addEventListener() {}
    close() {
      this.closed = true;
    }
  }

  it('is opened once by the layout loader and the layout together, and closed when both have let go', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    localStorage.setItem('token', 'tok');
    try {
      const client = new QueryClient();
      openLiveEventsEarly(client);
      const layout = renderHook(() => useLiveEvents(client, true));
      await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
      // The loader's hold ends; the layout still holds the stream.
      vi.advanceTimersByTime(20_000);
      expect(FakeEventSource.opened[0]!.closed).toBe(false);
      layout.unmount();
      expect(FakeEventSource.opened[0]!.closed).toBe(true);
      expect(FakeEventSource.opened).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      localStorage.clear();
    }
  });
});
