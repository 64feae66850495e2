import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { okSchema } from '@basira/shared/common/api.schemas';
import { installGlobalReactions } from '../app/global-reactions.ts';
import { apiRequest } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { setGlobalReactionHandler } from './api-reactions.ts';
import { createOutageWatch, HEALTH_POLL_MS, outage } from './outage.ts';
import { queryClient } from './query-client.ts';

describe('outage watch', () => {
  afterEach(() => void vi.useRealTimers());

  it('polls the health check while out; its first answer ends the outage and tells the listeners', async () => {
    vi.useFakeTimers();
    const check = vi.fn<() => Promise<boolean>>().mockResolvedValueOnce(false).mockResolvedValue(true);
    const watch = createOutageWatch({ check, intervalMs: 3_000 });
    const changed = vi.fn();
    const recovered = vi.fn();
    watch.subscribe(changed);
    watch.onRecovered(recovered);

    watch.report('database');
    watch.report('database');
    expect(watch.current()).toBe('database');
    expect(changed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(watch.current()).toBe('database');

    // Another kind changes the banner's text, not the number of polls.
    watch.report('server');
    expect(watch.current()).toBe('server');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(watch.current()).toBeNull();
    expect(recovered).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(2);
  });
});

describe('a database outage in the app (client, global reactions, query cache)', () => {
  let down = true;
  const calls: string[] = [];
  const unavailable = () =>
    new Response(
      JSON.stringify({ code: 'database.unavailable', message: 'The database is not answering.' }),
      {
        status: 503,
        headers: { 'content-type': 'application/json' },
      },
    );

  beforeEach(() => {
    vi.useFakeTimers();
    down = true;
    calls.length = 0;
    localStorage.setItem('token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const path = new URL(url).pathname;
        calls.push(`${init.method} ${path}`);
        return down ? unavailable() : new Response(JSON.stringify({ data: { ok: true } }), { status: 200 });
      }),
    );
    installGlobalReactions({ navigate: vi.fn() }, i18next);
  });

  afterEach(async () => {
    // Leave no outage behind for the next test.
    down = false;
    await vi.advanceTimersByTimeAsync(HEALTH_POLL_MS);
    expect(outage.current()).toBeNull();
    queryClient.clear();
    setGlobalReactionHandler(undefined);
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  const count = (call: string) => calls.filter((c) => c === call).length;

  it('shows the banner instead of a toast, retries reads with backoff, and reads again once health answers', async () => {
    const show = vi.spyOn(notifications, 'show');
    const observer = new QueryObserver(queryClient, {
      queryKey: ['outage-test'],
      queryFn: () => apiRequest('role', { schema: okSchema }),
    });
    const stop = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(outage.current()).toBe('database');
    expect(count('GET /api/role')).toBe(1);

    // Retries after 1, 2, 4 and 8 s, then the query rests in error (the banner says why).
    await vi.advanceTimersByTimeAsync(1_000);
    expect(count('GET /api/role')).toBe(2);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(count('GET /api/role')).toBe(5);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(count('GET /api/role')).toBe(5);
    const error = observer.getCurrentResult().error;
    expect(error).toBeInstanceOf(ApiError);
    // Handled: screens (useLoadFailure) show no message of their own.
    expect((error as ApiError).handled).toBe(true);
    expect(count('GET /api/health')).toBeGreaterThanOrEqual(10);
    expect(show).not.toHaveBeenCalled();

    down = false;
    await vi.advanceTimersByTimeAsync(HEALTH_POLL_MS);
    expect(outage.current()).toBeNull();
    expect(count('GET /api/role')).toBe(6);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: { data: { ok: true } } });
    stop();
  });

  it('never sends a write twice by itself, and leaves its failure to the form', async () => {
    const observer = new MutationObserver(queryClient, {
      mutationFn: () => apiRequest('role', { method: 'POST', body: { name: 'x' }, schema: okSchema }),
    });
    const error = await observer.mutate().catch((e: unknown) => e);
    expect(outage.current()).toBe('database');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).handled).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(count('POST /api/role')).toBe(1);
  });
});
