import type { QueueEntry } from '@basira/shared/queue/queue.schemas';

export interface RewaitingSplit {
  /** Dated later than now (spec section 4: Bigger Date). */
  bigger: QueueEntry[];
  /** Dated now or earlier: due (Waiting). */
  waiting: QueueEntry[];
}

/** Spec section 4: a date later than now goes to Bigger Date; equal or earlier to Waiting. Each by date. */
export function splitRewaiting(entries: readonly QueueEntry[], now: number): RewaitingSplit {
  const bigger: QueueEntry[] = [];
  const waiting: QueueEntry[] = [];
  for (const entry of entries) (Date.parse(entry.date) > now ? bigger : waiting).push(entry);
  const byDate = (a: QueueEntry, b: QueueEntry) => Date.parse(a.date) - Date.parse(b.date);
  return { bigger: bigger.sort(byDate), waiting: waiting.sort(byDate) };
}

/** Entries that were under Bigger Date at the last recalculation and are due now: the bell chimes for them. */
export function newlyDue(previousBigger: ReadonlySet<number>, split: RewaitingSplit): QueueEntry[] {
  return split.waiting.filter((entry) => previousBigger.has(entry.id));
}
