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

/** A deleted patient, and every record of theirs, until an administrator restores the patient. */
export const patientDeleted = () =>
  new AppError('patient.deleted', 'This patient was deleted; an administrator can restore it.');

export const fieldError = (field: string, key: string, message = 'The given data was invalid.') =>
  new AppError('validation', message, { [field]: [key] });

/** A field of the driver's error, on the error or on its cause (drizzle wraps driver errors). */
function pgField(error: unknown, field: 'code' | 'constraint'): string | undefined {
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e[field] === 'string') return e[field];
    e = e.cause as typeof e;
  }
  return undefined;
}

/** PostgreSQL error code of an error or of its cause. */
export const pgCode = (error: unknown) => pgField(error, 'code');

/** The constraint a PostgreSQL error names (a unique violation's index), if any. */
export const pgConstraint = (error: unknown) => pgField(error, 'constraint');

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
