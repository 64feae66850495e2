import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useAppHotkeys } from './hotkeys.ts';

/** What the browser sends for Ctrl+K with an Arabic layout active: the K key types ن. */
const press = (init: KeyboardEventInit) =>
  document.documentElement.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }));

describe('app shortcuts', () => {
  it('match the physical key, whatever the keyboard layout types', () => {
    const search = vi.fn();
    const sidePanel = vi.fn();
    renderHook(() => useAppHotkeys({ search, sidePanel }));
    press({ key: 'ن', code: 'KeyK', ctrlKey: true });
    press({ key: 'لا', code: 'KeyB', ctrlKey: true });
    expect(search).toHaveBeenCalledTimes(1);
    expect(sidePanel).toHaveBeenCalledTimes(1);
    press({ key: 'k', code: 'KeyL', ctrlKey: true });
    expect(search).toHaveBeenCalledTimes(1);
  });
});
