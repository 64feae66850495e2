import { cp } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, sql } from '../../db/client.ts';
import { analyze } from './restore.ts';

type Rows = Record<string, unknown>[];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables with their parents first (foreign keys), so each row's references already exist. */
export function parentsFirst(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const done = new Set<string>();
  const visit = (table: string, path: string[]) => {
    if (done.has(table)) return;
    if (path.includes(table)) throw new Error(`Foreign keys form a cycle: ${[...path, table].join(' -> ')}`);
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent, [...path, table]);
    done.add(table);
    ordered.push(table);
  };
  for (const t of [...tables].sort()) visit(t, []);
  return ordered;
}

const TABLES = `select c.relname as name,
    coalesce((select string_agg(quote_ident(a.attname), ', ' order by k.ord)
      from pg_index i, unnest(i.indkey) with ordinality k(attnum, ord), pg_attribute a
      where i.indrelid = c.oid and i.indisprimary and a.attrelid = c.oid and a.attnum = k.attnum), '1') as key,
    (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
    (select quote_ident(a.attname) from pg_attribute a where a.attrelid = c.oid and a.attidentity <> '' limit 1)
      as identity
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r'`;
const EDGES = `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
  from pg_constraint c join pg_namespace n on n.oid = c.connamespace
  where c.contype = 'f' and n.nspname = 'public'`;
const BATCH = 2000;
/**
 * Tables whose rows are a function of others', kept by triggers (schema.ts): the target's triggers fill them as
 * the rows they count are copied, and a copy of them besides would count every row twice.
 */
const KEPT_BY_TRIGGERS = new Set(['queue_day_counts', 'patient_day_counts']);

export interface CopyReport {
  tables: { name: string; rows: number }[];
  seconds: number;
  uploadsCopiedTo: string | null;
}

/**
 * Copies the embedded database of `dataDir` into an empty PostgreSQL database (migrated here first): every table
 * in foreign-key order, in one transaction, then each identity sequence set past the largest id, then the planner's
 * statistics gathered. The uploads are copied to `uploadsTo` when given (otherwise they stay where they are, for a
 * server with the same DATA_DIR).
 */
export async function copyToPostgres(options: {
  dataDir: string;
  to: string;
  uploadsTo?: string | undefined;
  say: (line: string) => void;
}): Promise<CopyReport> {
  const started = Date.now();
  const source = await openDatabase({ dataDir: options.dataDir });
  try {
    await source.prepare(async () => {});
    const target = await openDatabase({ databaseUrl: options.to, dataDir: 'memory://', poolSize: 1 });
    await target.prepare(async () => {});
    await target.close();

    const query = async (text: string) =>
      (await source.db.execute(sql.raw(text))) as unknown as { rows: Rows };
    const tables = (await query(TABLES)).rows as {
      name: string;
      key: string;
      columns: string;
      identity: string | null;
    }[];
    const edges = (await query(EDGES)).rows as { child: string; parent: string }[];
    const order = parentsFirst(
      tables.map((t) => t.name).filter((name) => !KEPT_BY_TRIGGERS.has(name)),
      edges.map((e) => ({ child: e.child.replaceAll('"', ''), parent: e.parent.replaceAll('"', '') })),
    );
    const byName = new Map(tables.map((t) => [t.name, t]));

    const client = new pg.Client({ connectionString: options.to });
    await client.connect();
    const report: CopyReport['tables'] = [];
    try {
      for (const name of order) {
        const { rows } = await client.query<{ any: boolean }>(
          `select exists(select 1 from ${quote(name)}) as any`,
        );
        if (rows[0]!.any)
          throw new Error(`The target database is not empty (table ${name} has rows); give an empty one.`);
      }
      await client.query('begin');
      for (const name of order) {
        const t = byName.get(name)!;
        let copied = 0;
        for (let offset = 0; ; offset += BATCH) {
          const batch = (
            await query(
              `select coalesce(json_agg(t), '[]')::text as rows, count(*)::int as n from (select ${t.columns} from ${quote(name)} order by ${t.key} limit ${BATCH} offset ${offset}) t`,
            )
          ).rows[0] as { rows: string; n: number };
          if (batch.n === 0) break;
          await client.query(
            `insert into ${quote(name)} (${t.columns}) overriding system value select ${t.columns} from json_populate_recordset(null::${quote(name)}, $1::json)`,
            [batch.rows],
          );
          copied += batch.n;
          if (batch.n < BATCH) break;
        }
        if (t.identity)
          await client.query(
            `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${t.identity}) from ${quote(name)}), 0) + 1, false)`,
            [quote(name), t.identity.replaceAll('"', '')],
          );
        report.push({ name, rows: copied });
        options.say(`  ${name}: ${copied} rows`);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      await client.end();
    }
    await analyze(options.to, options.say);

    let uploadsCopiedTo: string | null = null;
    if (options.uploadsTo) {
      uploadsCopiedTo = path.resolve(options.uploadsTo, 'uploads');
      await cp(path.resolve(options.dataDir, 'uploads'), uploadsCopiedTo, {
        recursive: true,
        errorOnExist: true,
        force: false,
      }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
    return { tables: report, seconds: (Date.now() - started) / 1000, uploadsCopiedTo };
  } finally {
    await source.close();
  }
}
