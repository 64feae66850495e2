import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type AnswerSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];

/**
 * Answers are written by fast-json-stringify, compiled once per route from its zod answer schema. Like zod's
 * check it writes only the fields the schema lists, so nothing stored but unlisted (a password hash, say) can
 * leak, at about a third of the cost. What it does not do is refuse an answer of the wrong shape: the API
 * tests do that, checking every answer against its schema (`registerAnswerCheck`). A schema JSON Schema
 * cannot express keeps zod's serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<AnswerSchema> = (route) => {
  // Compiled at a route's first answer, not at start: a few ms a route that most processes never pay in full.
  let write: ((data: unknown) => string) | undefined;
  const compile = (): ((data: unknown) => string) => {
    try {
      const jsonSchema = z.toJSONSchema(route.schema as z.ZodType, {
        io: 'output',
        target: 'draft-7',
        unrepresentable: 'throw',
      });
      return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    } catch {
      return zodSerializerCompiler(route);
    }
  };
  return (data) => (write ??= compile())(data);
};

/** For the test suites: every JSON answer is checked against its route's zod schema; a mismatch is a 500. */
export function registerAnswerCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const schemas = request.routeOptions.schema?.response as Record<string, z.ZodType> | undefined;
    const schema = schemas?.[reply.statusCode] ?? schemas?.[`${Math.floor(reply.statusCode / 100)}xx`];
    if (!schema || typeof payload !== 'string') return payload;
    const checked = schema.safeParse(JSON.parse(payload));
    if (!checked.success)
      throw new Error(
        `${request.method} ${request.url}: the answer does not match its schema: ${checked.error.message}`,
      );
    return payload;
  });
}
