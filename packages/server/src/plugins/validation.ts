import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { FieldErrors } from '@basira/shared/errors/error-codes';
import { AppError } from '../lib/errors.ts';

const NULL_CHARACTER_KEY = 'field.null_character';

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
 * The zod type provider's validator, with one rule for every body and query string first: no U+0000.
 * PostgreSQL text cannot hold it, so such a string would fail in SQL (a 500) wherever it went; here it is a
 * 422 naming the fields. Routes read bodies and queries only through their schemas, so all input passes here,
 * and routes without a body or query (GET /api/me) pay nothing.
 */
export const validatorCompiler: FastifySchemaCompiler<
  Parameters<typeof zodValidatorCompiler>[0]['schema']
> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'body' && route.httpPart !== 'querystring') return validate;
  return (data: unknown) => {
    const paths = pathsWithNull(data, '', []);
    if (paths.length === 0) return validate(data);
    const errors: FieldErrors = {};
    for (const path of paths) errors[path] = [NULL_CHARACTER_KEY];
    return { error: new AppError('validation', 'The given data was invalid.', errors) };
  };
};
