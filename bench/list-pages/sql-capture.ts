// Bench-only: records the SQL one request issues, by wrapping `pg.Client.prototype.query` (every statement of the
// app's pool goes through it) and keeping only the statements issued inside `capture()`'s asynchronous context,
// so that background work (jobs, LISTEN) running meanwhile is not counted. Never loaded by the measured server.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

export interface CapturedStatement {
  text: string;
  values: unknown[];
  /** drizzle asks for rows as arrays when it maps the columns itself. */
  rowMode: 'array' | undefined;
  /** A named prepared statement's name (parsed once per connection): the replay sends it named too. */
  name: string | undefined;
  /** ms since the capture began */
  start: number;
  end: number;
}

interface Sink {
  t0: number;
  statements: CapturedStatement[];
}

const store = new AsyncLocalStorage<Sink>();
let installed = false;

type QueryConfigLike = { text?: unknown; values?: unknown; rowMode?: unknown; name?: unknown };
type AnyQuery = (this: pg.Client, ...args: unknown[]) => unknown;

export function installSqlCapture(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: AnyQuery };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const sink = store.getStore();
    if (!sink) return original.apply(this, args);
    const [first, second] = args;
    const config: QueryConfigLike = typeof first === 'string' ? { text: first } : (first as QueryConfigLike);
    const values = Array.isArray(second) ? second : Array.isArray(config.values) ? config.values : [];
    const statement: CapturedStatement = {
      text: String(config.text),
      values: [...(values as unknown[])],
      rowMode: config.rowMode === 'array' ? 'array' : undefined,
      name: typeof config.name === 'string' ? config.name : undefined,
      start: performance.now() - sink.t0,
      end: NaN,
    };
    sink.statements.push(statement);
    const done = () => {
      statement.end = performance.now() - sink.t0;
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      // pg-pool's `query` hands the client a callback.
      const callback = last as (...a: unknown[]) => unknown;
      args[args.length - 1] = (...a: unknown[]) => {
        done();
        return callback(...a);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

/** Runs `fn`, returning the statements it issued, in the order they were sent. */
export async function captureSql<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; statements: CapturedStatement[] }> {
  const sink: Sink = { t0: performance.now(), statements: [] };
  const result = await store.run(sink, fn);
  return { result, statements: sink.statements };
}

// drizzle's node-postgres driver reads dates, timestamps and intervals as text: so does the replay.
const RAW_TYPES = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const types = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(id)
      ? (value: string) => value
      : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
};

/** A captured statement as the replay sends it: its text, values, row mode and name, dates read as text. */
export const configOf = (s: CapturedStatement): pg.QueryConfig => ({
  text: s.text,
  values: s.values,
  types,
  ...(s.rowMode ? { rowMode: s.rowMode } : {}),
  ...(s.name ? { name: s.name } : {}),
});
