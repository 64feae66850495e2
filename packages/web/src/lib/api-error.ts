import type { ErrorCode, FieldErrors } from '@basira/shared/errors/error-codes';

/**
 * How a call failed:
 * - `network`: no answer at all (connection refused, DNS, offline): fetch threw.
 * - `timeout`: the server took longer than the client waits.
 * - `http`: an answer with an error status.
 */
export type ApiErrorKind = 'network' | 'timeout' | 'http';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  /** The server's error code (`auth.invalid_credentials`, …) when the body was the API's error object. */
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  readonly errors: FieldErrors | undefined;
  /** False when the error answer's body was not a JSON object (a proxy's HTML page, plain text…). */
  readonly isObject: boolean;
  readonly retryAfterSeconds: number | undefined;
  /** The answer's `data` beside the error (a 409 carries the current record: stale version, illegal move). */
  readonly data: unknown;
  readonly method: string;
  readonly path: string;
  readonly background: boolean;
  /** Set once the client's global reaction (session expired, server down, reload) has taken charge. */
  handled = false;

  constructor(init: {
    kind: ApiErrorKind;
    status?: number;
    body?: unknown;
    retryAfterSeconds?: number | undefined;
    method: string;
    path: string;
    background?: boolean;
  }) {
    const body = init.body;
    const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
    const record = isObject ? (body as Record<string, unknown>) : {};
    const message = typeof record.message === 'string' ? record.message : undefined;
    super(message ?? `${init.kind} ${init.status ?? ''} ${init.method} ${init.path}`.trim());
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = typeof record.code === 'string' ? record.code : undefined;
    this.serverMessage = message;
    this.errors = isFieldErrors(record.errors) ? record.errors : undefined;
    this.isObject = init.kind !== 'http' || isObject;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.data = record.data;
    this.method = init.method;
    this.path = init.path;
    this.background = init.background ?? false;
  }
}

function isFieldErrors(value: unknown): value is FieldErrors {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export const DATABASE_UNAVAILABLE: ErrorCode = 'database.unavailable';

/** The server works but its database does not answer (503): the outage banner shows, reads retry by themselves. */
export const isDatabaseUnavailable = (e: unknown): e is ApiError =>
  isApiError(e) && e.code === DATABASE_UNAVAILABLE;
