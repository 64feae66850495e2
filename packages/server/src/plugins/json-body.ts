import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** No request of this API nests deeper than a few levels; 64 leaves room for every exam form and more. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` nests arrays and objects deeper than `limit`: one pass, no recursion, strings skipped. Checked
 * before parsing, so that nothing after it (the null-character walk, zod, the logger) can recurse without end.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Fastify's own JSON parser (with its prototype-poisoning checks), behind the depth limit. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    if (nestsDeeperThan(text, MAX_JSON_DEPTH))
      return done(new AppError('bad_request', `The request nests deeper than ${MAX_JSON_DEPTH} levels.`));
    parse(request, text, done);
  });
}
