import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { mapRowsWith, prepareSql } from './drizzle-internals.ts';
import { rowMapper } from './row-mapper.ts';

/**
 * `bind(name, value)` stands in a query for a value that changes per request: a placeholder when the query is
 * prepared (`runPrepared`), the value itself when it is built for one request (`asIs`).
 */
// The placeholder is typed as the value it stands for, so that drizzle's operators (eq, gte, …) accept it with
// the column's own type; drizzle sends it as a parameter either way.
export type Bind = <T>(name: string, value: T) => T;

/**
 * Values in place: the query is built for this request only. An array is one parameter, as it is when prepared
 * (drizzle's `sql` would spread it into a list).
 */
export const asIs: Bind = (_name, value) =>
  Array.isArray(value) ? (sql.param(value) as unknown as typeof value) : value;

/**
 * A query, or a part of one, whose values are already bound (`runPrepared`): calling it builds it. Bound with
 * `asIs`, it is called straight away to build it for one request.
 */
export type Built<T> = () => T;

interface Preparable<Result> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Result> };
  toSQL(): { sql: string };
}

/**
 * A value the code fixes (a status, a flag, a page's length, the count's cap), written into the statement's text
 * rather than bound, typed as the value so that drizzle's operators and `limit` take it. PostgreSQL keeps a named
 * statement's generic plan (planned once) only when that plan's estimate is no costlier than the plans made with
 * the values: a bound LIMIT is estimated as a tenth of the table, and a bound flag cannot match a partial index,
 * so with them bound the queue's and the audit's pages were planned on every call (bench/history/list-pages.md).
 * Integers and booleans only: never a caller's text.
 */
export function literal<T extends number | boolean>(value: T): T {
  // Checked at run time too: a string that reached here through an untyped value would be written verbatim.
  if (typeof value === 'boolean') return sql.raw(String(value)) as unknown as T;
  if (typeof value !== 'number') throw new Error(`literal: ${typeof value} is not an integer or a flag`);
  if (!Number.isSafeInteger(value)) throw new Error(`literal: ${value} is not an integer`);
  return sql.raw(String(value)) as unknown as T;
}

/**
 * A word the code fixes (an action's name), written into the text as a quoted constant: only one of `allowed`, and
 * only lower-case letters and underscores, checked at run time, so nothing a caller typed can reach the text.
 */
export function literalWord<T extends string>(value: T, allowed: readonly T[]): T {
  if (!allowed.includes(value) || !/^[a-z_]+$/.test(value))
    throw new Error(`literalWord: '${String(value).slice(0, 40)}' is not one of the allowed words`);
  return sql.raw(`'${value}'`) as unknown as T;
}

/**
 * An instant the code computes (the bounds of the clinic's today), written into the statement's text as a
 * `timestamptz` constant rather than bound: PostgreSQL then prices the generic plan with the same estimates as the
 * plans made with the values, and keeps it. With today's bounds bound, the generic plan was priced for 0.5 % of the
 * visits (a range of unknown values) against the few hundred the statistics expected, so today's queue page and the
 * doctor's worklist were planned on every call. The
 * statement's name must then carry the instant (`instantName`): a new statement each day, which the bounded cache
 * below and the pool's connection lifetime (db/client.ts) let go of. Never a caller's text: `toISOString` writes
 * digits and separators only, and throws on an invalid date.
 */
export function literalInstant(value: Date): Date {
  return sql.raw(`'${value.toISOString()}'::timestamptz`) as unknown as Date;
}

/**
 * A calendar day the code computes from the clinic's today (a week's or a month's first day), written into the
 * statement's text as a `date` constant, for the reason `literalInstant` gives; the statement's name must carry the
 * day it derives from. Checked to be `YYYY-MM-DD`: never a caller's text.
 */
export function literalDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`literalDay: '${day}' is not a day`);
  return sql.raw(`'${day}'::date`) as unknown as string;
}

/** A short name for instants written by `literalInstant`, for the statement's name: minutes since 1970, base 36. */
export const instantName = (...values: Date[]) =>
  values.map((value) => Math.floor(value.getTime() / 60_000).toString(36)).join('_');

/** What a statement's text depends on besides its base name: each present part is written into its name. */
export type StatementShape = Readonly<Record<string, string | number | boolean | null | undefined>>;

declare const derived: unique symbol;
/** A statement's name, made only by `statementName`: a name assembled by hand does not type-check. */
export type StatementName = string & { readonly [derived]: true };

/** A part of a name: letters, digits and underscores, which PostgreSQL keeps as they are. */
const NAME_PART = /^[A-Za-z0-9_]*$/;

/**
 * The name of a prepared statement, derived from its `base` and everything else its text depends on (`shape`: which
 * conditions are present, the table, a page's depth, …): `true` writes the key, a string or a number the key and
 * the value, `false`, null, undefined and '' nothing; keys in alphabetical order, so that the same shape is the
 * same name wherever it is made. A name past PostgreSQL's 63 bytes keeps its start and ends in a hash of the
 * whole. Checked under test (`statementChecks`): a name that stands for two texts fails.
 */
export function statementName(base: string, shape: StatementShape = {}): StatementName {
  const parts = [base];
  for (const key of Object.keys(shape).sort()) {
    const value = shape[key];
    if (value === undefined || value === null || value === false || value === '') continue;
    parts.push(value === true ? key : `${key}${value}`);
  }
  for (const part of parts)
    if (!NAME_PART.test(part)) throw new Error(`statementName: '${part}' is not a plain name`);
  const name = parts.join('_');
  if (name.length <= MAX_NAME_LENGTH) return name as StatementName;
  return `${name.slice(0, MAX_NAME_LENGTH - 8)}_${fnv1a(name)}` as StatementName;
}

/** A 32-bit FNV-1a hash in base 36, 7 characters: short, and stable across processes. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36).padStart(7, '0');
}

/**
 * How a prepared statement is planned (`runPrepared`): `once` when its best plan does not depend on its values
 * (an organization, a patient, one day; the code's constants written as `literal`s), `per-call` when it does (a
 * text, a rare visit reason, a range of days).
 */
export type Plan = 'once' | 'per-call';

/**
 * PostgreSQL keeps a statement's name to its first 63 bytes (NAMEDATALEN): two longer names alike up to there would
 * be one statement, and the second would fail to prepare.
 */
const MAX_NAME_LENGTH = 63;
/**
 * The statements built per database handle, at most: the shapes are a few hundred, and today's pages add a few a day
 * (`literalInstant`). Past it the cache starts again; a statement is rebuilt on its next call, and a connection that
 * has it already prepared under the same name and text does not prepare it again.
 */
const MAX_STATEMENTS = 1_000;

/** A statement as prepared, with the SQL text its name stood for when it was built. */
interface Statement {
  prepared: { execute(values: Record<string, unknown>): Promise<unknown> };
  text: string;
}

const byDatabase = new WeakMap<Db, Map<string, Statement>>();

/**
 * Whether every use of a cached statement rebuilds its text and compares it with the one its name was built with
 * (`sameText`): on under test (vitest sets `VITEST`) and with `BASIRA_CHECK_STATEMENTS=1` (`npm run dev:server`),
 * off in production, where it would undo what the cache saves. A name standing for two texts otherwise answers
 * the second shape with the first one's statement: wrong rows, silently. Tests of the cache's savings turn it off.
 */
export const statementChecks = {
  on: Boolean(process.env.VITEST) || process.env.BASIRA_CHECK_STATEMENTS === '1',
};

function sameText(name: string, expected: string, text: () => string): void {
  if (!statementChecks.on) return;
  const now = text();
  if (now !== expected)
    throw new Error(
      `prepared statement '${name}' stands for two SQL texts; put what changes the text in its name:\n` +
        `${expected}\n${now}`,
    );
}

/** The statements built for `db`, kept within `MAX_STATEMENTS`. */
function statementsOf(db: Db) {
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  if (statements.size >= MAX_STATEMENTS) statements.clear();
  return statements;
}

/**
 * Runs the query `build` makes as a named prepared statement: drizzle turns it into SQL once per database handle
 * (each later request only binds its values), and PostgreSQL parses and plans it once per connection. The hot
 * list pages use it: building their SQL on every request was a large share of the server's busy time under load
 * (bench/history/list-pages.md).
 * `build` binds each of the request's values (`bind(name, value)` returns the placeholder that stands for it) and
 * returns a function that builds the query from those placeholders: it runs only when the statement is not yet
 * prepared, since making drizzle's query objects on every request was itself a visible share of the server's time.
 * So every `bind` comes before that function; one
 * inside it throws, on the first call of its statement.
 * `name` (made by `statementName`) must name one SQL text: whatever changes the text (which conditions are present,
 * how many values a list has) belongs in its shape, and every value in a `bind`; under test a name that stands for
 * two texts fails (`statementChecks`). Its rows are mapped by `rowMapper`, which
 * decides once per statement what drizzle decides per cell.
 * `plan: 'per-call'` keeps the built SQL but sends it unnamed, so that PostgreSQL plans each call with its values:
 * for a statement whose best plan depends on them (a LIKE reads a btree range only when its text is known, and a
 * generic plan would walk the whole index in order). The patient search's stages use it.
 */
export function runPrepared<Result>(
  db: Db,
  name: StatementName,
  build: (bind: Bind) => Built<Preparable<Result>>,
  { plan = 'once' }: { plan?: Plan | undefined } = {},
): Promise<Result> {
  const values: Record<string, unknown> = {};
  let binding = true;
  const query = build((key, value) => {
    if (!binding)
      throw new Error(`${name}: '${key}' is bound while its query is built; bind it before (runPrepared)`);
    values[key] = value;
    return sql.placeholder(key) as unknown as typeof value;
  });
  binding = false;
  const statements = statementsOf(db);
  // A shape asked for with either plan is two statements: the first call's plan would otherwise stay the name's.
  const key = plan === 'once' ? name : `${name} (per call)`;
  let statement = statements.get(key);
  if (statement) sameText(name, statement.text, () => query().toSQL().sql);
  else {
    const built = query();
    // Unnamed, PostgreSQL parses and plans each call with its values; drizzle's types want a name.
    const prepared = built.prepare(plan === 'once' ? name : (undefined as unknown as string));
    mapRowsWith(prepared, rowMapper);
    statement = { prepared, text: built.toSQL().sql };
    statements.set(key, statement);
  }
  return statement.prepared.execute(values) as Promise<Result>;
}

/** `value(name)` stands in a `runPreparedSql` statement for the value bound as `name`, typed as what it stands for. */
export type Value = <T = unknown>(name: string) => T;

const dialect = new PgDialect();
const builtSql = new Map<string, ReturnType<PgDialect['sqlToQuery']>>();

/**
 * A statement written in `sql` (not the query builder), built once per database handle: `build` receives
 * `value(name)` to stand for each value, and each call binds `values` by those names. Like `runPrepared`, it is
 * a named prepared statement, so `name` must name one SQL text (the two share their names). Its rows come back
 * as `db.execute` gives them: objects keyed by column name, as the driver reads them (`Row` says what they hold). The exam save uses it
 * (`writeAudited`): building its SQL per save was most of drizzle's share of a save's server time
 * (bench/history/exam-save.md).
 */
export async function runPreparedSql<Row = Record<string, unknown>>(
  db: Db,
  name: StatementName,
  build: (value: Value) => SQL,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const statements = statementsOf(db);
  const text = () => dialect.sqlToQuery(build((key) => sql.placeholder(key) as never));
  let statement = statements.get(name);
  if (statement) sameText(name, statement.text, () => text().sql);
  else {
    // The text depends only on the name, so it is built once for every handle: a transaction is a handle of its
    // own, and one made per request (an audit row in a change's transaction) would otherwise build it each time.
    let query = builtSql.get(name);
    if (query) sameText(name, query.sql, () => text().sql);
    else {
      if (builtSql.size >= MAX_STATEMENTS) builtSql.clear(); // a day's statements come each day (`literalInstant`)
      builtSql.set(name, (query = text()));
    }
    statement = { prepared: prepareSql(db, query, name), text: query.sql };
    statements.set(name, statement);
  }
  const result = (await statement.prepared.execute(values)) as { rows: Row[] };
  return result.rows;
}
