import {
  createWriteStream,
  existsSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  type WriteStream,
} from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { BackupFileError, readArchive, type EntrySink, type Manifest } from './backup-archive.ts';
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

const ENTRY_NAME = /^(database\.(pglite\.tar\.gz|pgdump)|uploads(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+)$/;

/** Writes each entry into the staging directory; names are checked so none can escape it. */
function stagingSink(staging: string): EntrySink {
  let out: WriteStream | null = null;
  return {
    start: async (name) => {
      if (!ENTRY_NAME.test(name) || name.split('/').includes('..'))
        throw new BackupFileError(`The backup file holds an unexpected entry: ${name}`);
      const file = path.join(staging, ...name.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      out = createWriteStream(file, { flags: 'wx', mode: 0o640 });
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
  const client = await PGlite.create(dbDir, { extensions: { pg_trgm } });
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
 * patients' whole primary key, 3 s a call (bench/README.md, load). The embedded database's dump is its data
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

/** Moves a directory aside (kept until the operator deletes it) and returns where it went. */
async function setAside(dir: string, stamp: string): Promise<string | null> {
  if (!existsSync(dir) || readdirSync(dir).length === 0) {
    await rm(dir, { recursive: true, force: true });
    return null;
  }
  const aside = `${dir}.before-restore-${stamp}`;
  await rename(dir, aside);
  return aside;
}

export interface RestoreResult {
  manifest: Manifest;
  replaced: TargetContents | null;
  keptAside: string[];
}

/**
 * Restores a backup file: checks the whole file into a staging directory first (a damaged file stops here with
 * the target untouched), then refuses a non-empty target unless `force`, then replaces the database and uploads.
 * With `force`, the embedded database's and the uploads' old directories are kept aside, not deleted; PostgreSQL
 * is restored in one transaction (`pg_restore --single-transaction --clean`), so it is either all old or all new.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: { force: boolean; say: (line: string) => void },
): Promise<RestoreResult> {
  const dataDir = path.resolve(target.dataDir);
  await mkdir(dataDir, { recursive: true });
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
    const keptAside: string[] = [];
    if (target.databaseUrl) {
      await runTool('pg_restore', [
        '--no-owner',
        '--no-acl',
        '--single-transaction',
        '--exit-on-error',
        ...(replaced ? ['--clean', '--if-exists'] : []),
        `--dbname=${target.databaseUrl}`,
        path.join(staging, PGDUMP_ENTRY),
      ]);
      await analyze(target.databaseUrl, options.say);
    } else {
      const dbDir = path.join(dataDir, 'db');
      const lock = `${dbDir}.lock`;
      const owner = lockOwner(dbDir);
      if (owner)
        throw new RestoreRefused(
          `The embedded database is in use by process ${owner}; stop the server first.`,
        );
      rmSync(lock, { force: true });
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      try {
        const aside = await setAside(dbDir, stamp);
        if (aside) keptAside.push(aside);
        await mkdir(dbDir, { recursive: true });
        const client = await PGlite.create(dbDir, {
          loadDataDir: await openAsBlob(path.join(staging, PGLITE_ENTRY)),
          extensions: { pg_trgm },
        });
        await client.query('select 1');
        await client.close();
      } finally {
        rmSync(lock, { force: true });
      }
    }
    const uploads = path.join(dataDir, 'uploads');
    const asideUploads = await setAside(uploads, stamp);
    if (asideUploads) keptAside.push(asideUploads);
    const stagedUploads = path.join(staging, 'uploads');
    if (existsSync(stagedUploads)) await rename(stagedUploads, uploads);
    else await mkdir(uploads, { recursive: true });
    return { manifest, replaced, keptAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
