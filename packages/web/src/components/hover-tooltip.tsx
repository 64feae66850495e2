import { useState, type PointerEvent, type ReactNode } from 'react';
import { Tooltip, type TooltipProps } from '@mantine/core';

/**
 * A Mantine tooltip that exists only once a mouse has pointed at its target: for what a list repeats on every row.
 *
 * A `<Tooltip>` around a button mounts a portal, a transition and a floating-position hook with the row, and each
 * portal renders again right after it mounts. On /patients, 55 of them (two row actions a row) made the page's first
 * frame render 1,194 components a second time before it could paint (bench/README.md, web-vitals). This one
 * mounts beside its target on the first `pointerenter` of a mouse and then opens and closes as the pointer comes and
 * goes, with Mantine's own look and fade; the target itself is never wrapped, so nothing remounts under the pointer.
 * Like Mantine's default (`events: { hover: true, focus: false, touch: false }`), a finger or the keyboard does not
 * open it: the target's accessible name says the same.
 */
export function useHoverTooltip(
  label: ReactNode,
  props?: Omit<TooltipProps, 'label' | 'target' | 'opened' | 'children'>,
) {
  const [hint, setHint] = useState<{ target: HTMLElement; opened: boolean } | null>(null);
  return {
    /** Spread on the target element. */
    targetProps: {
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        if (event.pointerType === 'mouse') setHint({ target: event.currentTarget, opened: true });
      },
      onPointerLeave: () => setHint((current) => current && { ...current, opened: false }),
    },
    /** Rendered beside the target (after it, so the target keeps its place in the tree). */
    tooltip: hint && <Tooltip {...props} label={label} target={hint.target} opened={hint.opened} />,
  };
}
