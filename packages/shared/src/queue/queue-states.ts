/**
 * The queue entry's one state machine (spec sections 3 and 4; docs/patients-and-queue.md):
 *
 *   Waiting ──open──▶ WithDoctor ──finish──▶ Finished
 *      │                  │                     │
 *      └──cancel──▶ Canceled ◀──cancel──┘       │
 *   Finished | Canceled ──wait (re-queue)──▶ Waiting
 *   Waiting | WithDoctor | Finished ──rewait {date, note}──▶ Waiting (isRewaiting, recall date)
 *
 * Anything else (including a same-state move) is refused with 409 naming both states. The server applies a
 * move with a conditional UPDATE (`WHERE status IN (from…)`), so two people pressing at once cannot both
 * move one entry.
 */
export const QUEUE_STATUS = { Waiting: 1, WithDoctor: 2, Finished: 3, Canceled: 4 } as const;
export type QueueStatusName = keyof typeof QUEUE_STATUS;
export type QueueStatusId = (typeof QUEUE_STATUS)[QueueStatusName];

export const QUEUE_STATUS_IDS = [1, 2, 3, 4] as const satisfies readonly QueueStatusId[];

export interface QueueStatus {
  id: QueueStatusId;
  name: QueueStatusName;
  /** Shown as the status badge in the queue list, the board and the doctor page. */
  color: string;
}

const STATUS_LIST: readonly QueueStatus[] = [
  { id: 1, name: 'Waiting', color: '#f08c00' },
  { id: 2, name: 'WithDoctor', color: '#1c7ed6' },
  { id: 3, name: 'Finished', color: '#2f9e44' },
  { id: 4, name: 'Canceled', color: '#e03131' },
];

export function queueStatus(id: QueueStatusId): QueueStatus {
  return STATUS_LIST[id - 1]!;
}

export function isQueueStatusId(value: number): value is QueueStatusId {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

export const queueStatuses = (): readonly QueueStatus[] => STATUS_LIST;

/** The moves, named by the call that makes them. */
export const QUEUE_ACTIONS = ['open', 'finish', 'cancel', 'wait', 'rewait'] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

/** The path segment of each status call (spec section 7: `/mo/queue/canceled/{id}`…); opening is the board's. */
export const ACTION_SEGMENT: Record<Exclude<QueueAction, 'open'>, string> = {
  cancel: 'canceled',
  wait: 'waiting',
  finish: 'finished',
  rewait: 'rewaiting',
};

const { Waiting, WithDoctor, Finished, Canceled } = QUEUE_STATUS;

export const TRANSITIONS: Record<QueueAction, { from: readonly QueueStatusId[]; to: QueueStatusId }> = {
  open: { from: [Waiting], to: WithDoctor },
  finish: { from: [WithDoctor], to: Finished },
  cancel: { from: [Waiting, WithDoctor], to: Canceled },
  wait: { from: [Finished, Canceled], to: Waiting },
  rewait: { from: [Waiting, WithDoctor, Finished], to: Waiting },
};

/** Who sees the re-waiting bell (and may read its list): reception and doctors alike. */
export const BELL_PERMISSIONS = ['show queues', 'open board', 'show board', 'rewaiting board'] as const;

/** The permission each move needs on its route (the board actions of spec section 6). */
export const ACTION_PERMISSION = {
  open: 'open board',
  finish: 'finish board',
  cancel: 'cancel board',
  wait: 'waiting board',
  rewait: 'rewaiting board',
} as const satisfies Record<QueueAction, string>;

export function canMove(action: QueueAction, from: QueueStatusId): boolean {
  return TRANSITIONS[action].from.includes(from);
}

/** The message of a refused move, naming both states. */
export function illegalMoveMessage(action: QueueAction, from: QueueStatusId): string {
  const to = queueStatus(TRANSITIONS[action].to).name;
  const fromName = queueStatus(from).name;
  const how = action === 'rewait' ? ' (re-waiting)' : '';
  return fromName === to && action !== 'rewait'
    ? `This entry is already ${fromName}: cannot move it from ${fromName} to ${to}.`
    : `Cannot move a queue entry from ${fromName} to ${to}${how}.`;
}
