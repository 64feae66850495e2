/**
 * Roots of the query-cache keys that live updates refresh. Features build their keys under these, so the one
 * event stream (lib/live-events-source.ts) can refresh every list on screen without knowing the screens.
 */
export const QUERY_ROOTS = {
  patients: 'patients',
  queue: 'queue',
  board: 'board',
  dashboard: 'dashboard',
  exams: 'exams',
  /** The signed-in user's notifications (list, unread count). */
  notifications: 'notifications',
  /** The support desk's requests (what most notifications are about). */
  support: 'support',
} as const;

/** Reference data a queue event does not change (doctors, printed tickets): not refetched on events. */
export const QUEUE_STATIC_PARTS: readonly string[] = ['doctors', 'ticket'];
