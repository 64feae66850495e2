import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import {
  ACTION_PERMISSION,
  canMove,
  QUEUE_STATUS,
  queueStatus,
  TRANSITIONS,
  type QueueStatusId,
} from '@basira/shared/queue/queue-states';
import { holdsAny } from '@basira/shared/permissions/permissions';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage, type Translator } from '../../lib/error-catalogue.ts';
import { pathTo } from '../../lib/routes.ts';

/** The status moves a person makes from a list or the board (opening has its own call). */
export const STATE_ACTIONS = ['finish', 'rewait', 'wait', 'cancel'] as const;
export type StateAction = (typeof STATE_ACTIONS)[number];

/**
 * The moves shown for an entry: legal from its status (shared state machine) and allowed by the same
 * permission the server enforces on the call.
 */
export function visibleActions(
  status: QueueStatusId,
  permissions: readonly string[] | undefined,
): StateAction[] {
  return STATE_ACTIONS.filter(
    (action) => canMove(action, status) && holdsAny(permissions ?? [], ACTION_PERMISSION[action]),
  );
}

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
    if (current === 1 || current === 2 || current === 3 || current === 4) {
      const from = t(`queue.status.${queueStatus(current).name}`);
      const to = t(`queue.status.${queueStatus(TRANSITIONS[action].to).name}`);
      return current === TRANSITIONS[action].to && action !== 'rewait'
        ? t('queue.alreadyIn', { from, to })
        : t('queue.illegalMove', { from, to });
    }
  }
  return errorMessage(t, error);
}
