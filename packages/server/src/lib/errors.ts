import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '@basira/shared/errors/error-codes';

/** The one error type services throw; the error handler turns it into `{message, code, errors?}`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra answer fields, e.g. the current record on a stale-version 409. */
    readonly extra?: { data?: unknown; headers?: Record<string, string> },
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Record') => new AppError('not_found', `${what} not found.`);

export const fieldError = (field: string, key: string, message = 'The given data was invalid.') =>
  new AppError('validation', message, { [field]: [key] });

/** PostgreSQL error code of an error or of its cause (drizzle wraps driver errors). */
export function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
