import { Column, getTableName, is, sql, SQL, Subquery } from 'drizzle-orm';

/** A selected field as drizzle orders them in a prepared query: where it goes in the row object, and what it is. */
export interface OrderedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

type Row = Record<string, unknown>;

/** A row's shape: each key's column (its index) or nested object, in the order the keys first appear. */
type Shape = Map<string, Shape | number>;

/** What decodes nothing: a plain column's (text, a boolean, …) and an `sql` expression's without `mapWith`. */
const identity = new Set<unknown>([
  Column.prototype.mapFromDriverValue,
  (sql`` as unknown as { decoder: Decoder }).decoder.mapFromDriverValue,
]);

/**
 * drizzle's `mapResultRow`, with what it decides per cell decided once per statement. drizzle asks, for every
 * cell of every row, what kind of field the column is (up to four `is()` class checks walking prototype chains),
 * and builds each row key by key; under load that mapping was a tenth of the server's busy time on the
 * notifications page, and 7 % on the queue's with its key-by-key object built in a loop (issue 17). For a prepared
 * statement the fields never change, so each column's decoder, whether it belongs to a joined table and the row's
 * shape are found here once, and the row is made by a function written for that shape: one object literal, whose
 * keys V8 knows in advance. The rows come out the same, keys in the same order (row-mapper.test.ts compares them
 * with drizzle's own).
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
    return { path, decoder, joinedTable };
  });

  // As drizzle: a joined object whose first column is null is the left join's missing row, unless its table
  // cannot be missing; an object mixing tables is kept.
  const joined = new Map<string, { first: number; table: string | false }>();
  columns.forEach(({ path, joinedTable }, i) => {
    if (joinedTable === undefined) return;
    const seen = joined.get(path[0]!);
    if (!seen) joined.set(path[0]!, { first: i, table: joinedTable });
    else if (seen.table !== joinedTable) seen.table = false;
  });
  const nulledWhen = (key: string): number | undefined => {
    const object = joined.get(key);
    return object && object.table !== false && !joinsNotNullableMap?.[object.table]
      ? object.first
      : undefined;
  };

  const shape: Shape = new Map();
  columns.forEach(({ path }, i) => {
    let node = shape;
    for (const chunk of path.slice(0, -1)) {
      let next = node.get(chunk);
      if (!(next instanceof Map)) node.set(chunk, (next = new Map()));
      node = next;
    }
    node.set(path[path.length - 1]!, i);
  });
  const literal = (node: Shape, top: boolean): string =>
    `{${[...node]
      .map(([key, value]) => {
        if (typeof value === 'number') return `${JSON.stringify(key)}: v${value}`;
        const first = top ? nulledWhen(key) : undefined;
        const object = literal(value, false);
        return `${JSON.stringify(key)}: ${first === undefined ? object : `v${first} === null ? null : ${object}`}`;
      })
      .join(', ')}}`;

  // Keys are the select's own field names, written as JSON strings: nothing of a request reaches this code.
  const decoded = columns.map(({ decoder }, i) =>
    identity.has(decoder.mapFromDriverValue)
      ? `const v${i} = row[${i}];`
      : `const v${i} = row[${i}] === null ? null : d[${i}].mapFromDriverValue(row[${i}]);`,
  );
  const mapRow = new Function(
    'd',
    `return (row) => { ${decoded.join(' ')} return ${literal(shape, true)}; };`,
  )(columns.map((c) => c.decoder)) as (row: unknown[]) => Row;
  return (rows) => rows.map(mapRow);
}
