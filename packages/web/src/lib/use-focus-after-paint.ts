import { useEffect, type RefObject } from 'react';

/** Whether a field other than the page itself holds the focus (the person already typing somewhere). */
function typingElsewhere(): boolean {
  const focused = document.activeElement;
  return (
    focused instanceof HTMLElement &&
    (focused.isContentEditable || focused.matches('input, textarea, select'))
  );
}

/**
 * Focuses `ref`'s element once the screen has painted it (each time `when` turns true: the element is shown),
 * unless the person is already typing in another field. Not React's `autoFocus`: that focuses inside React's commit,
 * and focusing needs the page's style and layout, so the browser laid out the whole new screen there, and again
 * before the paint once the focus's own re-render and the effects had changed it. Without it, warm /patients,
 * /queue and /doctor showed their content 44–283 ms sooner (issue 54, bench/history/web-vitals.md 2026-12-06).
 */
export function useFocusAfterPaint(ref: RefObject<HTMLElement | null>, when = true): void {
  useEffect(() => {
    if (!when) return;
    let timer: number | undefined;
    // The animation frame comes just before the next paint; a task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        if (!typingElsewhere()) ref.current?.focus();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ref, when]);
}
