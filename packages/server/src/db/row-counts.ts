/** Every table's row count by `schema.table`: what a backup records and a restore checks (docs/operations.md). */
export type RowCounts = Record<string, number>;

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const TABLES = `select schemaname, tablename from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** One statement for all the tables (PGlite answers one query at a time: a round per table would add up). */
export async function rowCounts(query: Query): Promise<RowCounts> {
  const tables = (await query(TABLES)) as { schemaname: string; tablename: string }[];
  if (tables.length === 0) return {};
  const counts = (await query(
    tables
      .map(
        ({ schemaname, tablename }) =>
          `select ${literal(`${schemaname}.${tablename}`)} as name, count(*)::int as n ` +
          `from ${ident(schemaname)}.${ident(tablename)}`,
      )
      .join(' union all '),
  )) as { name: string; n: number }[];
  const byName = new Map(counts.map((row) => [row.name, row.n]));
  // In the tables' order, so that a manifest reads (and compares) the same way every time.
  return Object.fromEntries(
    tables.map(({ schemaname, tablename }) => {
      const name = `${schemaname}.${tablename}`;
      return [name, byName.get(name) ?? 0];
    }),
  );
}
