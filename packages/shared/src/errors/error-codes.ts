/**
 * The one error vocabulary. The server answers `{ message, code, errors? }`; the web translates by `code`.
 * Each code has exactly one HTTP status, so a client can rely on either.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  request_timeout: 408,
  headers_too_large: 431,
  validation: 422,
  unauthorized: 401,
  'auth.invalid_credentials': 401,
  'auth.session_expired': 401,
  'auth.wrong_organization': 401,
  forbidden: 403,
  'auth.password_change_required': 403,
  'permission.not_held': 403,
  not_found: 404,
  'organization.not_found': 404,
  'patient.deleted': 404,
  conflict: 409,
  duplicate: 409,
  /** The lens list already has this model (names compared without case): a field error on `model`. */
  'iol_lens.duplicate_model': 409,
  stale_version: 409,
  'admin.last_administrator': 409,
  'user.cannot_delete_self': 409,
  'patient.has_open_visits': 409,
  /** Deleting a patient with bookings from today on: `data` = `{ count, bookings }` (cancel or move them first). */
  'patient.has_bookings': 409,
  'patient.merged': 409,
  'queue.illegal_transition': 409,
  'queue.duplicate_open': 409,
  'queue.has_records': 409,
  /** Queueing a patient who has a booking today: arrive the booking instead (it is in `data`), or confirm. */
  'queue.booked_today': 409,
  /** A booking or recall has no ticket until it arrives. */
  'queue.no_ticket': 409,
  /** The slot is taken: `data` holds it as it is now; book again with `overbook: true` to double-book by choice. */
  'appointments.slot_taken': 409,
  /** The start is not within the doctor's sessions that day (a break, off hours). */
  'appointments.outside_hours': 422,
  /** The day is a closed weekday or a closure of the clinic. */
  'appointments.closed_day': 422,
  /** A booking starts in the future; the past is the queue's. */
  'appointments.in_past': 422,
  /** Only a Booked entry with a slot can be moved or resized in the book. */
  'appointments.not_booked': 409,
  /** The day already has a closure. */
  'appointments.closure_exists': 409,
  'messaging.not_linked': 409,
  /** A 4xx: the server works; this clinic has not turned messaging on (monitoring alerts on 5xx). */
  'messaging.not_configured': 409,
  /** One backup at a time per server: a second request is refused until the first has finished. */
  'backup.in_progress': 409,
  /** A payment or refund needs the caller's open cashier shift. */
  'billing.no_open_shift': 409,
  /** A cashier has one open shift at a time. */
  'billing.shift_already_open': 409,
  'billing.shift_closed': 409,
  /** An entry is reversed at most once; a voided charge takes nothing more. */
  'billing.already_reversed': 409,
  'billing.charge_voided': 409,
  /** A charge with payments is voided after they are refunded. */
  'billing.charge_has_payments': 409,
  /** A discount beyond the caller's roles' limit needs `give discounts`. */
  'billing.discount_over_limit': 403,
  /** The same idempotency key sent with a different payment. */
  'billing.idempotency_mismatch': 422,
  /** Accepting an optimised lens constant learned from fewer first eyes with an outcome than the clinic's minimum. */
  'outcomes.too_few_eyes': 422,
  /** Accepting an optimised constant for a lens with no constant of that formula to replace. */
  'outcomes.no_current_constant': 422,
  payload_too_large: 413,
  'document.too_large': 413,
  unsupported_media_type: 415,
  'document.unsupported_type': 415,
  throttled: 429,
  unavailable: 503,
  'database.unavailable': 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field errors: every invalid field with all of its messages, returned at once in one 422. */
export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** A message key of a field error (`name.min`, `value.k2_below_k1`), as opposed to a library's sentence. */
export const isMessageKey = (message: string) => /^[a-z_][a-z0-9_]*(\.[a-z0-9_]+)+$/i.test(message);
