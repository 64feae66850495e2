import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates a page the server rendered (and in that render on the server), true from the render
 * after it, and at once in a page the browser draws itself. A control that must not act before its handlers exist
 * (a form's submit, which would otherwise post the page natively) is disabled while it is false.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
