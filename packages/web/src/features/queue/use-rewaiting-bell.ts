import { useEffect, useMemo, useRef } from 'react';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { newlyDue, splitRewaiting, type RewaitingSplit } from './rewaiting-split.ts';
import { useNow } from './use-now.ts';

/** Spec section 9: the popup's lists are recalculated every 10 seconds. */
export const SPLIT_INTERVAL_MS = 10_000;

/**
 * The bell's two lists, recalculated every 10 s and whenever the entries change; `onDue` hears the entries
 * that moved from Bigger Date to Waiting since the last recalculation (the chime).
 */
export function useRewaitingSplit(
  entries: readonly QueueEntry[] | undefined,
  onDue: (entries: QueueEntry[]) => void,
  intervalMs = SPLIT_INTERVAL_MS,
): RewaitingSplit {
  const now = useNow(intervalMs);
  const split = useMemo(() => splitRewaiting(entries ?? [], Math.max(now, Date.now())), [entries, now]);
  const previous = useRef<Set<number> | null>(null);
  const onDueRef = useRef(onDue);
  onDueRef.current = onDue;

  useEffect(() => {
    // The first list only sets the baseline: nothing has moved yet.
    if (previous.current) {
      const due = newlyDue(previous.current, split);
      if (due.length > 0) onDueRef.current(due);
    }
    if (entries) previous.current = new Set(split.bigger.map((entry) => entry.id));
  }, [split]);

  return split;
}
