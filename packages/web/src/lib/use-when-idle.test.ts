import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWhenIdle } from './use-when-idle.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useWhenIdle', () => {
  it('turns true when the browser calls back idle, at the latest after 2 s, and not before', () => {
    let idle: IdleRequestCallback | undefined;
    const request = vi.fn((callback: IdleRequestCallback) => {
      idle = callback;
      return 7;
    });
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { result, unmount } = renderHook(() => useWhenIdle());
    expect(result.current).toBe(false);
    expect(request).toHaveBeenCalledWith(expect.any(Function), { timeout: 2_000 });
    act(() => idle?.({ didTimeout: false, timeRemaining: () => 10 }));
    expect(result.current).toBe(true);
    unmount();
  });

  it('gives its request back when the screen goes first', () => {
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', cancel);
    renderHook(() => useWhenIdle()).unmount();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('takes the next task where the browser has no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result } = renderHook(() => useWhenIdle());
    expect(result.current).toBe(false);
    act(() => vi.runAllTimers());
    expect(result.current).toBe(true);
  });
});
