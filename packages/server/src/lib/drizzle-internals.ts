import * as drizzle from 'drizzle-orm';
import { Column, is, sql, SQL, Subquery } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Every use of drizzle-orm's private API, fenced here: drizzle has no public way to prepare raw SQL under a name,
 * to read a select's ordered fields, to replace its row mapping, or to read an expression's decoder, and the query
 * layer (lib/prepared.ts, lib/row-mapper.ts) needs each. drizzle-internals.test.ts checks every one of them against
 * the installed drizzle, and fails on an upgrade (`CHECKED_DRIZZLE`) until they are checked again.
 */
export const CHECKED_DRIZZLE = '0.45.4';

/** What turns a value as the driver reads it into the field's value. */
export interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A selected field as drizzle orders them in a prepared query: where it goes in the row object, and what it is. */
export interface OrderedField {
  path: string[];
  field: unknown;
}

/** A prepared query's rows mapper: the driver's rows (arrays of cells) to the select's objects. */
export type RowsMapper = (rows: unknown[][]) => Record<string, unknown>[];

/** What drizzle's prepared select (node-postgres and PGlite alike) keeps to map its rows. */
interface MappedRows {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
}

/**
 * Has a prepared select map its rows with what `mapper` makes of its fields, instead of drizzle's per-cell mapping;
 * a query drizzle maps some other way already (a relational query) keeps its own.
 */
export function mapRowsWith(
  prepared: object,
  mapper: (fields: OrderedField[], joinsNotNullableMap: Record<string, boolean> | undefined) => RowsMapper,
): void {
  const mapped = prepared as MappedRows;
  if (mapped.fields && !mapped.customResultMapper)
    mapped.customResultMapper = mapper(mapped.fields, mapped.joinsNotNullableMap);
}

/** A named prepared statement of raw SQL, as drizzle prepares a select's; its result is the driver's (`rows`). */
export function prepareSql(
  db: Db,
  query: { sql: string; params: unknown[] },
  name: string,
): { execute(values: Record<string, unknown>): Promise<unknown> } {
  return db._.session.prepareQuery(query, undefined, name, false);
}

/** How a selected field decodes its value, as drizzle's own mapping finds it. */
export function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field._ as unknown as { sql: { decoder: Decoder } }).sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder; // an aliased expression (SQL.Aliased)
}

/** The decoders that change nothing: a plain column's, and an expression's without `mapWith`. */
export const identityDecoders = new Set<unknown>([
  Column.prototype.mapFromDriverValue,
  decoderOf(sql``).mapFromDriverValue,
]);

/** drizzle's own field ordering and row mapping, exported at run time but internal in its types: for tests. */
export const drizzleRowMapping = drizzle as unknown as {
  mapResultRow: (fields: OrderedField[], row: unknown[], joins?: Record<string, boolean>) => unknown;
  orderSelectedFields: (fields: Record<string, unknown>) => OrderedField[];
};
