import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import {
  ACTION_PERMISSION,
  canMove,
  isQueueStatusId,
  QUEUE_STATUS,
  queueStatus,
  TRANSITIONS,
  type QueueStatusId,
} from '@basira/shared/queue/queue-states';
import { holdsAny } from '@basira/shared/permissions/permissions';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage, type Translator } from '../../lib/error-catalogue.ts';
import { zonedParts } from '../../lib/dates.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';

/** The status moves a person makes from a list or the board (opening has its own call). */
export const STATE_ACTIONS = ['arrive', 'noshow', 'finish', 'rewait', 'wait', 'cancel'] as const;
export type StateAction = (typeof STATE_ACTIONS)[number];

/** Moves that only make sense once the booked day has come: nobody arrives, or misses, a day still ahead. */
const ON_THE_DAY: readonly StateAction[] = ['arrive', 'noshow'];

/**
 * The moves shown for an entry: legal from its status (shared state machine) and allowed by the same
 * permission the server enforces on the call. `due` (the entry's day is today or earlier; default true) gates
 * arriving and marking a no-show.
 */
export function visibleActions(
  status: QueueStatusId,
  permissions: readonly string[] | undefined,
  due = true,
): StateAction[] {
  return STATE_ACTIONS.filter(
    (action) =>
      canMove(action, status) &&
      (due || !ON_THE_DAY.includes(action)) &&
      holdsAny(permissions ?? [], ACTION_PERMISSION[action]),
  );
}

/** Whether an entry's day (its date in the organization's zone) is `today` or earlier. */
export function isDue(entry: Pick<QueueEntry, 'date'>, today: string, timeZone: string | undefined): boolean {
  return localDayOf(entry.date, timeZone) <= today;
}

/** The calendar day of an instant in a zone (the browser's while the organization's is unknown). */
export function localDayOf(iso: string, timeZone: string | undefined): string {
  return zonedParts(new Date(iso), timeZone).day;
}

/** Whole days from `day` to `today` (both YYYY-MM-DD): how overdue a recall or booking is; 0 when not past. */
export function daysOverdue(day: string, today: string): number {
  const ms = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) ? Math.max(0, Math.round(ms / 86_400_000)) : 0;
}

/** The appointment book's address for a day (docs/appointments.md). */
export const bookDayLink = (day: string): string => `${pathTo('appointmentsBook')}?day=${day}`;

/**
 * How the board is entered from a list: `open` (moves a Waiting entry to WithDoctor) for who holds
 * `open board`; otherwise `show` (read-only; how a doctor re-enters an entry already with them).
 */
export function boardEntry(
  status: QueueStatusId,
  permissions: readonly string[] | undefined,
): 'open' | 'show' | null {
  const held = permissions ?? [];
  if (status === QUEUE_STATUS.Waiting && holdsAny(held, 'open board')) return 'open';
  if (holdsAny(held, 'show board')) return 'show';
  return null;
}

/** Navigation state that asks the board to open (not only show) the visit. */
export interface BoardState {
  open?: boolean;
}

/** Whether a navigation's state asks the board to open the visit, and the user may (else it is only shown). */
export const asksToOpen = (state: unknown, permissions: readonly string[] | undefined): boolean =>
  (state as BoardState | null | undefined)?.open === true && can(permissions, 'open board');

export function boardLink(entry: Pick<QueueEntry, 'id' | 'patientId'>): string {
  return pathTo('boardIndex', { patientId: entry.patientId, queueId: entry.id });
}

/**
 * The message of a refused move: for an illegal transition the two states in the chosen language (the 409
 * carries the entry as it is now); anything else as the error catalogue says.
 */
export function moveErrorMessage(t: Translator, error: unknown, action: StateAction | 'open'): string {
  if (isApiError(error) && error.code === 'queue.illegal_transition') {
    const current = (error.data as { status?: { id?: unknown } } | undefined)?.status?.id;
    if (typeof current === 'number' && isQueueStatusId(current)) {
      const from = t(`queue.status.${queueStatus(current).name}`);
      const to = t(`queue.status.${queueStatus(TRANSITIONS[action].to).name}`);
      return current === TRANSITIONS[action].to && action !== 'rewait'
        ? t('queue.alreadyIn', { from, to })
        : t('queue.illegalMove', { from, to });
    }
  }
  return errorMessage(t, error);
}
