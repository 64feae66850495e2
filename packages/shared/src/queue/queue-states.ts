/**
 * The queue entry's one state machine (spec sections 3 and 4; docs/patients-and-queue.md):
 *
 *   Waiting ──open──▶ WithDoctor ──finish──▶ Finished
 *      │                  │                     │
 *      └──cancel──▶ Canceled ◀──cancel──┘       │
 *   Finished | Canceled ──wait (re-queue)──▶ Waiting
 *   Waiting | WithDoctor | Finished | Booked ──rewait {date, note}──▶ Waiting today, Booked for a later day
 *   Booked ──arrive──▶ Waiting (today's ticket)      Booked ──noshow──▶ NoShow ──arrive──▶ Waiting
 *   Booked ──cancel──▶ Canceled
 *
 * Booked (0) is a visit expected, not a presence: a booking of the appointment book (docs/appointments.md) or a
 * recall to a later day. It has no ticket until it arrives; only Waiting and WithDoctor are patients in the building.
 * NoShow (5) is a booking never arrived. The ids keep "open" as `status IN (1, 2)` and "closed" as `status > 2`.
 *
 * Anything else (including a same-state move) is refused with 409 naming both states. The server applies a
 * move with a conditional UPDATE (`WHERE status IN (from…)`), so two people pressing at once cannot both
 * move one entry.
 */
export const QUEUE_STATUS = {
  Booked: 0,
  Waiting: 1,
  WithDoctor: 2,
  Finished: 3,
  Canceled: 4,
  NoShow: 5,
} as const;
export type QueueStatusName = keyof typeof QUEUE_STATUS;
export type QueueStatusId = (typeof QUEUE_STATUS)[QueueStatusName];

export const QUEUE_STATUS_IDS = [0, 1, 2, 3, 4, 5] as const satisfies readonly QueueStatusId[];

export interface QueueStatus {
  id: QueueStatusId;
  name: QueueStatusName;
  /** Shown as the status badge in the queue list, the board and the doctor page. */
  color: string;
}

const STATUS_LIST: readonly QueueStatus[] = [
  { id: 0, name: 'Booked', color: '#7048e8' },
  { id: 1, name: 'Waiting', color: '#f08c00' },
  { id: 2, name: 'WithDoctor', color: '#1c7ed6' },
  { id: 3, name: 'Finished', color: '#2f9e44' },
  { id: 4, name: 'Canceled', color: '#e03131' },
  { id: 5, name: 'NoShow', color: '#868e96' },
];

export function queueStatus(id: QueueStatusId): QueueStatus {
  return STATUS_LIST[id]!;
}

export function isQueueStatusId(value: number): value is QueueStatusId {
  return Number.isInteger(value) && value >= 0 && value <= 5;
}

export const queueStatuses = (): readonly QueueStatus[] => STATUS_LIST;

/** The moves, named by the call that makes them. */
export const QUEUE_ACTIONS = ['open', 'finish', 'cancel', 'wait', 'rewait', 'arrive', 'noshow'] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

/** The path segment of each status call (spec section 7: `/mo/queue/canceled/{id}`…); opening is the board's. */
export const ACTION_SEGMENT: Record<Exclude<QueueAction, 'open'>, string> = {
  cancel: 'canceled',
  wait: 'waiting',
  finish: 'finished',
  rewait: 'rewaiting',
  arrive: 'arrived',
  noshow: 'noshow',
};

const { Booked, Waiting, WithDoctor, Finished, Canceled, NoShow } = QUEUE_STATUS;

export const TRANSITIONS: Record<QueueAction, { from: readonly QueueStatusId[]; to: QueueStatusId }> = {
  open: { from: [Waiting], to: WithDoctor },
  finish: { from: [WithDoctor], to: Finished },
  cancel: { from: [Booked, Waiting, WithDoctor], to: Canceled },
  wait: { from: [Finished, Canceled], to: Waiting },
  /** To Waiting when the new date is today (or earlier); to Booked for a later day (`rewaitTarget`). */
  rewait: { from: [Booked, Waiting, WithDoctor, Finished], to: Waiting },
  arrive: { from: [Booked, NoShow], to: Waiting },
  noshow: { from: [Booked], to: NoShow },
};

/** A recall to a later day is a visit expected (Booked), not a presence; to today it waits in the building. */
export function rewaitTarget(dueDay: string, today: string): QueueStatusId {
  return dueDay > today ? Booked : Waiting;
}

/** Who sees the re-waiting bell (and may read its list): reception and doctors alike. */
export const BELL_PERMISSIONS = ['show queues', 'open board', 'show board', 'rewaiting board'] as const;

/** The permission each move needs on its route (the board actions of spec section 6). */
export const ACTION_PERMISSION = {
  open: 'open board',
  finish: 'finish board',
  cancel: 'cancel board',
  wait: 'waiting board',
  rewait: 'rewaiting board',
  arrive: 'book appointments',
  noshow: 'book appointments',
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
