import type { FastifyInstance } from 'fastify';
import type { FieldErrors } from '@basira/shared/errors/error-codes';
import { AppError } from '../lib/errors.ts';

export const NULL_CHARACTER_KEY = 'field.null_character';

/** The dotted path of every string under `value` that holds U+0000. */
function pathsWithNull(value: unknown, path: string, found: string[]): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path || '_');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => pathsWithNull(item, path ? `${path}.${i}` : String(i), found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      pathsWithNull(item, path ? `${path}.${key}` : key, found);
  }
  return found;
}

/**
 * PostgreSQL text cannot hold U+0000, so a string carrying one would fail in SQL (a 500) wherever it went.
 * Every body and query string is checked once here, before validation: a 422 naming the fields.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const paths = [...pathsWithNull(request.body, '', []), ...pathsWithNull(request.query, '', [])];
    if (paths.length === 0) return;
    const errors: FieldErrors = {};
    for (const path of paths) errors[path] = [NULL_CHARACTER_KEY];
    throw new AppError('validation', 'The given data was invalid.', errors);
  });
}
