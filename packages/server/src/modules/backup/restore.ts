import {
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  type WriteStream,
} from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import pg from 'pg';
import { openEmbedded } from '../../db/client.ts';
import { rowCounts, type RowCounts } from '../../db/row-counts.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';
import {
  BackupFileError,
  readArchive,
  tarEntryNames,
  type EntrySink,
  type Manifest,
} from './backup-archive.ts';
import { PGDUMP_ENTRY, PGLITE_ENTRY, runTool } from './backup-files.ts';

export interface RestoreTarget {
  /** Set: restore into this PostgreSQL database; otherwise into DATA_DIR's embedded database. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

/** What a non-empty target holds, to say what a restore would overwrite. */
export interface TargetContents {
  tables: number;
  patients: number | null;
  visits: number | null;
  examRecords: number | null;
  documents: number | null;
  documentFiles: number;
}

export class RestoreRefused extends Error {}

const gunzip = promisify(gunzipCallback);

const ENTRY_NAME = /^(database\.(pglite\.tar\.gz|pgdump)|uploads(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+)$/;

/** Writes each entry into the staging directory; names are checked so none can escape it. */
function stagingSink(staging: string): EntrySink {
  let out: WriteStream | null = null;
  return {
    start: async (name) => {
      if (!ENTRY_NAME.test(name) || name.split('/').includes('..'))
        throw new BackupFileError(`The backup file holds an unexpected entry: ${name}`);
      const file = path.join(staging, ...name.split('/'));
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      out = createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE });
    },
    chunk: async (bytes) => {
      if (!out!.write(bytes)) await once(out!, 'drain');
    },
    end: async () => {
      out!.end();
      await once(out!, 'finish');
      out = null;
    },
  };
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

const COUNTS = `select
  (select count(*) from patients)::int as patients,
  (select count(*) from queue_entries)::int as visits,
  (select count(*) from exam_records)::int as exam_records,
  (select count(*) from patient_documents)::int as documents`;
const TABLES = `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`;

type Query = (sql: string) => Promise<Record<string, number>[]>;

async function contentsOf(query: Query, documentFiles: number): Promise<TargetContents> {
  const tables = (await query(TABLES))[0]!.n!;
  const counts = tables
    ? await query(COUNTS).then(
        (r) => r[0]!,
        () => null,
      )
    : null;
  return {
    tables,
    patients: counts?.patients ?? null,
    visits: counts?.visits ?? null,
    examRecords: counts?.exam_records ?? null,
    documents: counts?.documents ?? null,
    documentFiles,
  };
}

export function describeContents(c: TargetContents): string {
  const parts =
    c.patients === null
      ? [`${c.tables} tables`]
      : [
          `${c.patients} patients`,
          `${c.visits} visits`,
          `${c.examRecords} exam records`,
          `${c.documents} documents`,
        ];
  return `${parts.join(', ')}; ${c.documentFiles} uploaded files`;
}

const isEmpty = (c: TargetContents) => c.tables === 0 && c.documentFiles === 0;

function lockOwner(dbDir: string): number | null {
  try {
    const pid = Number(readFileSync(`${dbDir}.lock`, 'utf8'));
    if (pid > 0 && pid !== process.pid) {
      process.kill(pid, 0);
      return pid;
    }
  } catch {
    // No lock file, or its process is gone.
  }
  return null;
}

/** What the target holds now (it is opened read-only in effect: only counted). */
export async function targetContents(target: RestoreTarget): Promise<TargetContents> {
  const uploads = path.resolve(target.dataDir, 'uploads');
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return await contentsOf(async (sql) => (await client.query(sql)).rows, countFiles(uploads));
    } finally {
      await client.end();
    }
  }
  const dbDir = path.resolve(target.dataDir, 'db');
  if (!existsSync(dbDir) || readdirSync(dbDir).length === 0)
    return {
      tables: 0,
      patients: null,
      visits: null,
      examRecords: null,
      documents: null,
      documentFiles: countFiles(uploads),
    };
  const owner = lockOwner(dbDir);
  if (owner)
    throw new RestoreRefused(
      `The embedded database in ${dbDir} is in use by process ${owner}; stop the server first.`,
    );
  const client = await openEmbedded(dbDir);
  try {
    return await contentsOf(
      async (sql) => (await client.query<Record<string, number>>(sql)).rows,
      countFiles(uploads),
    );
  } finally {
    await client.close();
  }
}

/**
 * `ANALYZE` of a database just filled: pg_dump carries no planner statistics, and until autovacuum gets to the
 * tables (never, where it is off) every plan is guessed. A stale guess once sent the doctor's worklist through the
 * patients' whole primary key, seconds a call (bench/history/load.md). The embedded database's dump is its data
 * directory, statistics included.
 */
export async function analyze(databaseUrl: string, say: (line: string) => void): Promise<void> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await client.query('ANALYZE');
    say(`Planner statistics gathered (ANALYZE) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } catch (error) {
    // The data is in and whole: this is a warning, not a failed restore.
    say(
      `The data is restored, but gathering the planner's statistics failed (${(error as Error).message}); ` +
        'run ANALYZE on the database before the clinic starts work.',
    );
  } finally {
    await client.end().catch(() => {});
  }
}

export interface RestoreResult {
  manifest: Manifest;
  replaced: TargetContents | null;
  keptAside: string[];
}

/** A restore that stopped before it changed anything; its message says where the data still is. */
export class RestoreFailed extends Error {}

/** Runs a step that leaves the target as it was when it fails, and makes its failure say so. */
async function unchangedOnFailure<T>(where: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    const cause = (error instanceof Error ? error.message : String(error)).replace(/\.?\s*$/, '');
    throw new RestoreFailed(`${cause}. Nothing was changed: ${where} is as it was.`, { cause: error });
  }
}

/** What the restored database must hold: the manifest's counts, or (a backup made before them) an organization. */
function compareRows(found: RowCounts, manifest: Manifest): string {
  const expected = manifest.rows;
  if (!expected) {
    if (!(found['public.organizations']! > 0))
      throw new Error('The restored database holds no organization: it is not a Basira database');
    return (
      'This backup records no row counts (an earlier Basira made it): the restored database opened and holds ' +
      'its organizations, but its rows could not be compared with the backup.'
    );
  }
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(found)])];
  const differ = tables
    .filter((table) => found[table] !== expected[table])
    .map(
      (table) =>
        `${table}: ${found[table] ?? 'no table'} restored, ${expected[table] ?? 'none'} in the backup`,
    );
  if (differ.length)
    throw new Error(
      `The restored database does not hold what the backup recorded (${differ.slice(0, 5).join('; ')}` +
        `${differ.length > 5 ? `; ${differ.length - 5} more` : ''})`,
    );
  const total = Object.values(found).reduce((sum, n) => sum + n, 0);
  return `The restored database opened, and its ${tables.length} tables hold the ${total} rows the backup recorded.`;
}

/**
 * The embedded database of a backup, restored into a directory of its own (`into`) and checked there: it opens, and
 * its tables hold the rows the manifest recorded. The caller swaps it in only then; on any failure `into` is gone.
 */
async function restoreEmbedded(
  dump: string,
  into: string,
  manifest: Manifest,
  say: (line: string) => void,
): Promise<void> {
  try {
    // Gunzipped and checked here: PGlite given bytes that are not a tar ends the process (tarEntryNames).
    const tar = await gunzip(await readFile(dump)).catch((error: unknown) => {
      throw new Error(`The backup's database cannot be read (${(error as Error).message})`, {
        cause: error,
      });
    });
    let names: string[];
    try {
      names = tarEntryNames(tar);
    } catch (error) {
      throw new Error(`The backup's database is not a readable archive (${(error as Error).message})`, {
        cause: error,
      });
    }
    if (!names.some((name) => /^\/?PG_VERSION$/.test(name)))
      throw new Error("The backup's database is not an embedded database's data directory");
    const client = await openEmbedded(into, { loadDataDir: new Blob([tar]) }).catch((error: unknown) => {
      throw new Error(`The backup's database cannot be opened (${(error as Error).message})`, {
        cause: error,
      });
    });
    try {
      say(
        compareRows(
          await rowCounts(async (text) => (await client.query<Record<string, unknown>>(text)).rows),
          manifest,
        ),
      );
    } finally {
      await client.close();
    }
  } catch (error) {
    await rm(into, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Puts each new directory in its place, setting the one there aside (`<dir>.before-restore-<stamp>`, kept until the
 * operator deletes it; an empty one is removed). Renames within DATA_DIR: each is atomic, and if one fails those
 * already made are undone, so the old directories are back where they were.
 */
async function swapIn(pairs: { from: string | null; to: string }[], stamp: string): Promise<string[]> {
  const done: { from: string; to: string }[] = [];
  const removedEmpty: string[] = [];
  const keptAside: string[] = [];
  try {
    for (const { from, to } of pairs) {
      if (existsSync(to)) {
        if (readdirSync(to).length === 0) {
          await rm(to, { recursive: true });
          removedEmpty.push(to);
        } else {
          const aside = `${to}.before-restore-${stamp}`;
          await rename(to, aside);
          done.push({ from: to, to: aside });
          keptAside.push(aside);
        }
      }
      if (from) {
        await rename(from, to);
        done.push({ from, to });
      } else await mkdir(to, { recursive: true, mode: PRIVATE_DIR_MODE });
    }
  } catch (error) {
    for (const { from, to } of done.reverse()) await rename(to, from).catch(() => {});
    for (const dir of removedEmpty)
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE }).catch(() => {});
    throw error;
  }
  return keptAside;
}

/**
 * Restores a backup file: checks the whole file into a staging directory first (a damaged file stops here with
 * the target untouched), then refuses a non-empty target unless `force`, then replaces the database and uploads.
 * The embedded database is restored into a new directory and swapped in only once it opens and holds the rows the
 * manifest recorded; the old database and uploads are then kept aside, not deleted. PostgreSQL is restored in one
 * transaction (`pg_restore --single-transaction --clean`), so it is either all old or all new. A failure before the
 * swap leaves everything where it was, and says so.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: { force: boolean; say: (line: string) => void },
): Promise<RestoreResult> {
  const dataDir = path.resolve(target.dataDir);
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    options.say(`Checking ${file}…`);
    const manifest = await readArchive(path.resolve(file), stagingSink(staging));
    options.say(
      `The backup is whole: ${manifest.database} database, ${manifest.entries.length - 1} documents, ` +
        `made ${manifest.createdAt} by Basira ${manifest.appVersion}.`,
    );
    const into = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== into)
      throw new RestoreRefused(
        manifest.database === 'pglite'
          ? 'This backup is of an embedded database: restore it without DATABASE_URL, then move it with `npm run cli -- copy-to-postgres`.'
          : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
      );

    const contents = await targetContents(target);
    const replaced = isEmpty(contents) ? null : contents;
    if (replaced && !options.force)
      throw new RestoreRefused(
        `The target is not empty (${describeContents(replaced)}). Restoring would replace all of it; ` +
          'add --force to do so.',
      );
    if (replaced) options.say(`Replacing: ${describeContents(replaced)}.`);

    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
    const uploads = path.join(dataDir, 'uploads');
    const stagedUploads = path.join(staging, 'uploads');
    const newUploads = existsSync(stagedUploads) ? stagedUploads : null;
    if (target.databaseUrl) {
      const databaseUrl = target.databaseUrl;
      await unchangedOnFailure('the database and DATA_DIR/uploads', () =>
        runTool('pg_restore', [
          '--no-owner',
          '--no-acl',
          '--single-transaction',
          '--exit-on-error',
          ...(replaced ? ['--clean', '--if-exists'] : []),
          `--dbname=${databaseUrl}`,
          path.join(staging, PGDUMP_ENTRY),
        ]),
      );
      await analyze(databaseUrl, options.say);
      // The database is committed: a failure now leaves the old documents in place, beside the new records.
      const keptAside = await swapIn([{ from: newUploads, to: uploads }], stamp).catch((error: unknown) => {
        throw new RestoreFailed(
          `The database is restored, but the backup's documents could not replace ${uploads} ` +
            `(${(error as Error).message}), which still holds the previous ones: restore again.`,
          { cause: error },
        );
      });
      return { manifest, replaced, keptAside };
    }

    const dbDir = path.join(dataDir, 'db');
    const lock = `${dbDir}.lock`;
    const owner = lockOwner(dbDir);
    if (owner)
      throw new RestoreRefused(`The embedded database is in use by process ${owner}; stop the server first.`);
    rmSync(lock, { force: true });
    writeFileSync(lock, String(process.pid), { flag: 'wx', mode: PRIVATE_FILE_MODE });
    try {
      const restoring = `${dbDir}.restoring-${stamp}`;
      const keptAside = await unchangedOnFailure(dataDir, async () => {
        await restoreEmbedded(path.join(staging, PGLITE_ENTRY), restoring, manifest, options.say);
        try {
          return await swapIn(
            [
              { from: restoring, to: dbDir },
              { from: newUploads, to: uploads },
            ],
            stamp,
          );
        } catch (error) {
          await rm(restoring, { recursive: true, force: true });
          throw error;
        }
      });
      return { manifest, replaced, keptAside };
    } finally {
      rmSync(lock, { force: true });
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
