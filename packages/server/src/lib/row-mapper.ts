import { Column, getTableName, is } from 'drizzle-orm';
import { decoderOf, identityDecoders, type OrderedField, type RowsMapper } from './drizzle-internals.ts';

export type { OrderedField };

/** A row's shape: each key's column (its index) or nested object, in the order the keys first appear. */
type Shape = Map<string, Shape | number>;

/**
 * drizzle's `mapResultRow`, with what it decides per cell decided once per statement. drizzle asks, for every
 * cell of every row, what kind of field the column is (up to four `is()` class checks walking prototype chains),
 * and builds each row key by key; under load that mapping was a visible share of the server's busy time on the
 * list pages (bench/history/list-pages.md). For a prepared
 * statement the fields never change, so each column's decoder, whether it belongs to a joined table and the row's
 * shape are found here once, and the row is made by a function written for that shape: one object literal, whose
 * keys V8 knows in advance. The rows come out the same, keys in the same order (row-mapper.test.ts compares them
 * with drizzle's own).
 */
export function rowMapper(
  fields: OrderedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): RowsMapper {
  const columns = fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
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
    identityDecoders.has(decoder.mapFromDriverValue)
      ? `const v${i} = row[${i}];`
      : `const v${i} = row[${i}] === null ? null : d[${i}].mapFromDriverValue(row[${i}]);`,
  );
  const mapRow = new Function(
    'd',
    `return (row) => { ${decoded.join(' ')} return ${literal(shape, true)}; };`,
  )(columns.map((c) => c.decoder)) as (row: unknown[]) => Record<string, unknown>;
  return (rows) => rows.map(mapRow);
}
