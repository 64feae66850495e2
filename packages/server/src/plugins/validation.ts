import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';
import { containedBidi } from '@basira/shared/clinical/ltr-text';
import type { FieldErrors } from '@basira/shared/errors/error-codes';
import { AppError } from '../lib/errors.ts';

const NULL_CHARACTER_KEY = 'field.null_character';
const UNKNOWN_KEY = 'field.unknown';

/**
 * Every string under `value` made safe to store: the dotted path of each that holds U+0000 is collected into
 * `nulls`, and each is contained (`containedBidi`: no embedding or override control, its isolates balanced), written
 * back in place where it changed. Returns the value itself, or the contained string when `value` is one.
 */
function containTexts(value: unknown, path: string, nulls: string[]): unknown {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) nulls.push(path || '_');
    return containedBidi(value);
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const contained = containTexts(item, path ? `${path}.${i}` : String(i), nulls);
      if (contained !== item) value[i] = contained;
    }
  } else if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      const item = object[key];
      const contained = containTexts(item, path ? `${path}.${key}` : key, nulls);
      if (contained !== item) object[key] = contained;
    }
  }
  return value;
}

/**
 * Collects into `found` the path of every key under `value` that the schema would drop. `path` is one array
 * pushed and popped on the way down (copied only for a key reported), so a clean body allocates nothing.
 */
type Path = (string | number)[];
type Walk = (value: unknown, path: Path, found: Path[]) => void;

/** What a schema's definition holds, read loosely: the fields each kind of zod type carries. */
interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
  getter?: () => $ZodType;
  element?: $ZodType;
  items?: readonly $ZodType[];
  rest?: $ZodType | null;
  valueType?: $ZodType;
  options?: readonly $ZodType[];
  discriminator?: string;
  left?: $ZodType;
  right?: $ZodType;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One walker per schema, built once; `null` where nothing below can drop a key (a primitive, a loose object). */
const walkers = new WeakMap<$ZodType, Walk | null>();

function walkerOf(schema: $ZodType): Walk | null {
  if (walkers.has(schema)) return walkers.get(schema) ?? null;
  const walk = buildWalker(schema);
  walkers.set(schema, walk);
  return walk;
}

function buildWalker(schema: $ZodType): Walk | null {
  const def = schema._zod.def as unknown as Def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return def.innerType ? walkerOf(def.innerType) : null;
    case 'pipe': {
      // A preprocess (a transform first) reshapes the input; the schema after it is the best guess of its keys.
      if (!def.in || !def.out) return null;
      return def.in._zod.def.type === 'transform' ? walkerOf(def.out) : walkerOf(def.in);
    }
    case 'lazy': {
      const getter = def.getter;
      // Resolved on use, so a recursive schema does not recurse here.
      return getter ? (value, path, found) => walkerOf(getter())?.(value, path, found) : null;
    }
    case 'object':
      return objectWalker(def.shape ?? {}, def.catchall);
    case 'array': {
      const item = def.element && walkerOf(def.element);
      if (!item) return null;
      return (value, path, found) => {
        if (!Array.isArray(value)) return;
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          item(value[i], path, found);
          path.pop();
        }
      };
    }
    case 'tuple': {
      const items = (def.items ?? []).map(walkerOf);
      const rest = def.rest ? walkerOf(def.rest) : null;
      if (!rest && items.every((w) => !w)) return null;
      return (value, path, found) => {
        if (!Array.isArray(value)) return;
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          (i < items.length ? items[i] : rest)?.(value[i], path, found);
          path.pop();
        }
      };
    }
    case 'record': {
      const item = def.valueType && walkerOf(def.valueType);
      if (!item) return null;
      return (value, path, found) => {
        if (!isRecord(value)) return;
        for (const key of Object.keys(value)) {
          path.push(key);
          item(value[key], path, found);
          path.pop();
        }
      };
    }
    case 'union':
      return unionWalker(def.options ?? [], def.discriminator);
    case 'intersection': {
      // Both sides parse the same value; a key is dropped only where neither side knows it.
      const left = def.left && walkerOf(def.left);
      const right = def.right && walkerOf(def.right);
      if (!left || !right) return null;
      return (value, path, found) => {
        const fromLeft: (string | number)[][] = [];
        const fromRight: (string | number)[][] = [];
        left(value, path, fromLeft);
        right(value, path, fromRight);
        // A side drops a path when it drops the path itself or a key above it.
        const drops = (paths: (string | number)[][], p: (string | number)[], strict: boolean) =>
          paths.some(
            (q) => q.length <= p.length - (strict ? 1 : 0) && q.every((segment, i) => segment === p[i]),
          );
        for (const p of fromLeft) if (drops(fromRight, p, false)) found.push(p);
        for (const p of fromRight) if (drops(fromLeft, p, true)) found.push(p);
      };
    }
    default:
      return null;
  }
}

function objectWalker(shape: Record<string, $ZodType>, catchall: $ZodType | undefined): Walk | null {
  const keys = Object.entries(shape).map(([key, type]) => [key, walkerOf(type)] as const);
  const inner = keys.filter((entry): entry is readonly [string, Walk] => entry[1] !== null);
  // Strip mode (no catchall) drops unknown keys and a strict object (catchall never) refuses them: both are
  // reported, so the key is named either way (zod names a strict object's keys on the object, as one issue). A
  // loose one (`z.looseObject`, `.passthrough()`, `.catchall(...)`) keeps them.
  const reports = catchall === undefined || catchall._zod.def.type === 'never';
  const extra = !reports && catchall ? walkerOf(catchall) : null;
  if (!reports && !extra && inner.length === 0) return null;
  const known = new Set(Object.keys(shape));
  return (value, path, found) => {
    if (!isRecord(value)) return;
    for (const [key, walk] of inner) {
      if (!Object.hasOwn(value, key)) continue;
      path.push(key);
      walk(value[key], path, found);
      path.pop();
    }
    if (!reports && !extra) return;
    for (const key of Object.keys(value)) {
      if (known.has(key)) continue;
      if (reports) found.push([...path, key]);
      else if (extra) {
        path.push(key);
        extra(value[key], path, found);
        path.pop();
      }
    }
  };
}

/**
 * A union drops what the member it parses with does not know: the member the discriminator names, or else the
 * first that parses (zod's own choice). When none parses, the first that parses without the keys it does not know
 * (a union of strict shapes, which the unknown key itself made fail). When none does, zod's own error names the
 * field and nothing is added.
 */
function unionWalker(options: readonly $ZodType[], discriminator?: string): Walk | null {
  const members = options.map((option) => ({ option, walk: walkerOf(option) }));
  if (members.every((m) => !m.walk)) return null;
  if (discriminator !== undefined) {
    return (value, path, found) => {
      if (!isRecord(value)) return;
      const tag = value[discriminator];
      const member = members.find((m) => m.option._zod.propValues?.[discriminator]?.has(tag as never));
      member?.walk?.(value, path, found);
    };
  }
  return (value, path, found) => {
    // Only objects and lists hold keys: a text or a number (a typed visual acuity) needs no member.
    if (typeof value !== 'object' || value === null) return;
    const member = members.find((m) => safeParse(m.option, value).success);
    if (member) return member.walk?.(value, path, found);
    for (const { option, walk } of members) {
      if (!walk) continue;
      const own: Path[] = [];
      walk(value, [], own);
      if (own.length > 0 && safeParse(option, withoutPaths(value, own)).success) {
        for (const p of own) found.push([...path, ...p]);
        return;
      }
    }
  };
}

/** `value` without the keys at `paths`, copying only the objects and lists on the way to them. */
function withoutPaths(value: unknown, paths: readonly Path[]): unknown {
  if (paths.length === 0 || typeof value !== 'object' || value === null) return value;
  // A list is indexed like an object here; the last segment of a path is always an object's key.
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...value }) as Record<
    string | number,
    unknown
  >;
  const below = new Map<string | number, Path[]>();
  for (const [head, ...rest] of paths) {
    if (head === undefined) continue;
    if (rest.length === 0) delete copy[head];
    else below.set(head, [...(below.get(head) ?? []), rest]);
  }
  for (const [key, rest] of below) if (Object.hasOwn(copy, key)) copy[key] = withoutPaths(copy[key], rest);
  return copy;
}

/** The keys of `data` that `schema` does not know, as dotted paths (`right`, `readings.0.foo`). */
export function unknownKeys(schema: $ZodType, data: unknown): string[] {
  const found: Path[] = [];
  walkerOf(schema)?.(data, [], found);
  return found.map((path) => path.join('.'));
}

/** An issue in the shape the zod type provider gives its own, so the error handler reports both alike. */
const unknownKeyIssue = (path: Path) =>
  ({
    [Symbol.for('ZodFastifySchemaValidationError')]: true,
    keyword: 'unknown',
    instancePath: `/${path.join('/')}`,
    schemaPath: `#/${path.join('/')}/unknown`,
    message: UNKNOWN_KEY,
    params: {},
  }) as FastifySchemaValidationError;

/** zod's issues as the type provider gives them (an array), or none when the data passed. */
const issuesOf = (
  result: ReturnType<ReturnType<typeof zodValidatorCompiler>>,
): FastifySchemaValidationError[] =>
  typeof result === 'object' && result !== null && 'error' in result && Array.isArray(result.error)
    ? result.error
    : [];

/**
 * The zod type provider's validator, with three rules for every body and query string first.
 * - No U+0000: PostgreSQL text cannot hold it, so such a string would fail in SQL (a 500) wherever it went; here
 *   it is a 422 naming the fields.
 * - No bidirectional control that could reorder what surrounds the text where it is shown: embeddings and overrides
 *   are removed, isolates balanced (`containedBidi`). Done here, every stored text is covered, future routes too.
 * - A body is read strictly: a key its schema does not know (which zod would silently drop, or a strict object
 *   refuse on its parent) is a 422 `field.unknown` naming its path, in the same answer as the other field errors,
 *   which are those of the body without the unknown keys: a union or a strict shape the key alone made fail does
 *   not add an error on its parent (`value.invalid` on `frequency` for `frequency.note`). Loose objects
 *   (`z.looseObject`, e.g. the Telegram webhook) keep accepting extra keys. Query strings keep ignoring unknown
 *   parameters (links and proxies add them); their known ones are strings, so one given twice (an array) fails.
 * Routes read bodies and queries only through their schemas, so all input passes here, and routes without a
 * body or query (GET /api/me) pay nothing; the walk of a body's schema is built once, at compile time.
 */
export const validatorCompiler: FastifySchemaCompiler<
  Parameters<typeof zodValidatorCompiler>[0]['schema']
> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'body' && route.httpPart !== 'querystring') return validate;
  const walk = route.httpPart === 'body' && route.schema instanceof $ZodType ? walkerOf(route.schema) : null;
  return (input: unknown) => {
    const paths: string[] = [];
    const data = containTexts(input, '', paths);
    if (paths.length > 0) {
      const errors: FieldErrors = {};
      for (const path of paths) errors[path] = [NULL_CHARACTER_KEY];
      return { error: new AppError('validation', 'The given data was invalid.', errors) };
    }
    if (!walk) return validate(data);
    const unknown: Path[] = [];
    walk(data, [], unknown);
    const result = validate(unknown.length > 0 ? withoutPaths(data, unknown) : data);
    const issues = issuesOf(result);
    // A strict shape the walk could not place (in a union no member of which parses even without the key) still
    // names its keys: zod's one issue on the object becomes one `field.unknown` per key.
    const refused = issues.filter((issue) => issue.keyword === 'unrecognized_keys');
    if (unknown.length === 0 && refused.length === 0) return result;
    for (const issue of refused) {
      const at = issue.instancePath.split('/').slice(1);
      for (const key of (issue.params as { keys?: string[] }).keys ?? []) unknown.push([...at, key]);
    }
    return {
      error: [
        ...issues.filter((issue) => issue.keyword !== 'unrecognized_keys'),
        ...unknown.map(unknownKeyIssue),
      ],
    };
  };
};
