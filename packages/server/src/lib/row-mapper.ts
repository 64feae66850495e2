import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/** A selected field as drizzle orders them in a prepared query: where it goes in the row object, and what it is. */
export interface OrderedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

type Row = Record<string, unknown>;

/**
 * drizzle's `mapResultRow`, with what it decides per cell decided once per statement. drizzle asks, for every
 * cell of every row, what kind of field the column is (up to four `is()` class checks walking prototype chains);
 * under the notifications page's load that mapping was a tenth of the server's busy time (issue 17). For a
 * prepared statement the fields never change, so each column's decoder and whether it belongs to a joined table
 * are found here once. The rows come out the same (row-mapper.test.ts compares them with drizzle's own).
 */
export function rowMapper(
  fields: OrderedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (rows: unknown[][]) => Row[] {
  const columns = fields.map(({ path, field }) => {
    // As drizzle: a column decodes itself; an expression, an aliased one or a subquery by its SQL's decoder
    // (private in drizzle's types, hence the casts).
    const decoder: Decoder = is(field, Column)
      ? field
      : is(field, SQL)
        ? (field as unknown as { decoder: Decoder }).decoder
        : is(field, Subquery)
          ? (field._ as unknown as { sql: { decoder: Decoder } }).sql.decoder
          : (field as { sql: { decoder: Decoder } }).sql.decoder;
    // A column of a joined table's object ({ doctor: { … } }): its table, for the left join's null object.
    const joinedTable =
      joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined;
    return { path, last: path[path.length - 1]!, decoder, joinedTable };
  });

  const mapRow = (row: unknown[]): Row => {
    const result: Row = {};
    // As drizzle: a joined object whose first column is null is the left join's missing row, unless its table
    // cannot be missing; an object mixing tables is kept.
    let nullify: Record<string, string | false> | undefined;
    for (let i = 0; i < columns.length; i++) {
      const { path, last, decoder, joinedTable } = columns[i]!;
      let node = result;
      for (let k = 0; k < path.length - 1; k++) {
        const chunk = path[k]!;
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Row;
      }
      const raw = row[i];
      const value = (node[last] = raw === null ? null : decoder.mapFromDriverValue(raw));
      if (joinedTable === undefined) continue;
      const objectName = path[0]!;
      nullify ??= {};
      if (!(objectName in nullify)) nullify[objectName] = value === null ? joinedTable : false;
      else if (typeof nullify[objectName] === 'string' && nullify[objectName] !== joinedTable)
        nullify[objectName] = false;
    }
    if (joinsNotNullableMap && nullify)
      for (const [objectName, table] of Object.entries(nullify))
        if (typeof table === 'string' && !joinsNotNullableMap[table]) result[objectName] = null;
    return result;
  };
  return (rows) => rows.map(mapRow);
}
