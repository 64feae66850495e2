import { useEffect, useId } from 'react';

/** Forms on screen that hold input not yet saved (the error catalogue keeps such input instead of reloading). */
const dirtyForms = new Set<string>();

export function hasUnsavedInput(): boolean {
  return dirtyForms.size > 0;
}

/** Registers the calling form as holding unsaved input while `dirty` is true. */
export function useUnsavedInput(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    return () => void dirtyForms.delete(id);
  }, [dirty, id]);
}

const RELOAD_MARK = 'basira.reloadedAt';
const RELOAD_WINDOW_MS = 15_000;

/** True when the page was reloaded for a failed call moments ago: a second reload would only loop. */
export function recentlyReloaded(now = Date.now()): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(RELOAD_MARK));
    return Number.isFinite(at) && now - at < RELOAD_WINDOW_MS;
  } catch {
    return false;
  }
}

export function reloadPage(): void {
  try {
    window.sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  } catch {
    // Without session storage the loop guard is lost, the reload still happens.
  }
  window.location.reload();
}
