import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type AnswerSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];

/**
 * Answers are written by fast-json-stringify, compiled once per route from its zod answer schema. Like zod's
 * check it writes only the fields the schema lists, so nothing stored but unlisted (a password hash, say) can
 * leak, at a fraction of the cost. What it does not do is refuse an answer of the wrong shape: the API
 * tests do that, checking every answer against its schema (`registerAnswerCheck`). A schema JSON Schema
 * cannot express keeps zod's serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<AnswerSchema> = (route) => {
  // Compiled at a route's first answer, not at start: a few ms a route that most processes never pay in full.
  let write: ((data: unknown) => string) | undefined;
  const compile = (): ((data: unknown) => string) => {
    try {
      return fastJson(unionsAsTypes(answerJsonSchema(route.schema as z.ZodType)) as FastJsonSchema);
    } catch {
      return zodSerializerCompiler(route);
    }
  };
  return (data) => (write ??= compile())(data);
};

type FastJsonSchema = Parameters<typeof fastJson>[0];
type JsonSchema = Record<string, unknown>;

/** A zod answer schema as the JSON Schema fast-json-stringify compiles; throws for what JSON Schema cannot say. */
export const answerJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });

const isNull = (option: unknown) =>
  typeof option === 'object' &&
  option !== null &&
  Object.keys(option).length === 1 &&
  (option as JsonSchema).type === 'null';
const isLiteral = (option: unknown): option is { type: string; const: unknown } =>
  typeof option === 'object' &&
  option !== null &&
  Object.keys(option).length === 2 &&
  typeof (option as JsonSchema).type === 'string' &&
  'const' in option;
const isOneType = (option: unknown): option is JsonSchema & { type: string } =>
  typeof option === 'object' &&
  option !== null &&
  typeof (option as JsonSchema).type === 'string' &&
  !['anyOf', 'oneOf', 'allOf', '$ref', 'const'].some((key) => key in option);

/**
 * fast-json-stringify writes an `anyOf` by validating the value against each option with ajv, for every value of
 * every row: an exam record has 14–19 of them, a user reference (`{ id, name } | null`) one, a 0/1 flag one. The
 * two kinds zod writes for most of them become plain types; an answer that matches its schema is written as the
 * same bytes (`registerAnswerCheck` checks both for every answer of the API tests):
 * - `x.nullable()`, `anyOf: [x, { type: 'null' }]`: `type: [x's type, 'null']`, chosen by the value's type;
 * - a union of literals of one type (`0 | 1`), `anyOf: [{ type, const }, …]`: `{ type, enum }`, which is
 *   written as any value of the type (fast-json-stringify checks no `enum`).
 */
export function unionsAsTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(unionsAsTypes);
  if (typeof schema !== 'object' || schema === null) return schema;
  const rewritten: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) rewritten[key] = unionsAsTypes(value);
  const { anyOf: options, ...siblings } = rewritten;
  if (!Array.isArray(options)) return rewritten;
  if (options.length === 2 && options.some(isNull)) {
    const other = options.find((option) => !isNull(option));
    if (isOneType(other)) return { ...siblings, ...other, type: [other.type, 'null'] };
  }
  const [first] = options;
  if (isLiteral(first) && options.every((option) => isLiteral(option) && option.type === first.type))
    return { ...siblings, type: first.type, enum: options.map((option: { const: unknown }) => option.const) };
  return rewritten;
}

/**
 * For the test suites: every JSON answer is checked against its route's zod schema, and its bytes against what
 * fast-json-stringify writes from that schema's JSON Schema as zod gives it, its unions not rewritten
 * (`unionsAsTypes`); a mismatch is a 500.
 */
export function registerAnswerCheck(app: FastifyInstance): void {
  const unrewritten = new Map<z.ZodType, ((data: unknown) => string) | null>();
  const writerOf = (schema: z.ZodType) => {
    if (!unrewritten.has(schema)) {
      let write: ((data: unknown) => string) | null;
      try {
        write = fastJson(answerJsonSchema(schema) as FastJsonSchema);
      } catch {
        write = null; // written by zod's serializer: nothing rewritten
      }
      unrewritten.set(schema, write);
    }
    return unrewritten.get(schema);
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const schemas = request.routeOptions.schema?.response as Record<string, z.ZodType> | undefined;
    const schema = schemas?.[reply.statusCode] ?? schemas?.[`${Math.floor(reply.statusCode / 100)}xx`];
    if (!schema || typeof payload !== 'string') return payload;
    const answer: unknown = JSON.parse(payload);
    const checked = schema.safeParse(answer);
    const where = `${request.method} ${request.url}`;
    if (!checked.success)
      throw new Error(`${where}: the answer does not match its schema: ${checked.error.message}`);
    const write = writerOf(schema);
    if (write && write(answer) !== payload)
      throw new Error(`${where}: the answer's bytes are not those its schema, unrewritten, would write`);
    return payload;
  });
}
