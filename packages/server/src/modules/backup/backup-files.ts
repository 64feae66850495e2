import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupRun, BackupStatusFile } from '@basira/shared/backup/backup.schemas';
import type { EmbeddedDump } from '../../db/client.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';
import { ArchiveWriter, FORMAT_VERSION, type Manifest } from './backup-archive.ts';

/** What goes into a backup: the database (a PGlite dump, or a PostgreSQL server pg_dump reads) and the uploads. */
export type DatabaseSource =
  { kind: 'pglite'; dump: () => Promise<EmbeddedDump> } | { kind: 'postgres'; url: string };

export interface BackupWritten {
  file: string;
  size: number;
  sha256: string;
  manifest: Manifest;
}

export const PGLITE_ENTRY = 'database.pglite.tar.gz';
export const PGDUMP_ENTRY = 'database.pgdump';
export const STATUS_FILE = 'backup-status.json';
const BACKUP_NAME = /^basira-\d{8}-\d{6}(-\d+)?\.tar$/;

/** Runs a PostgreSQL client tool; its stderr becomes the error's message. */
export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${command} was not found: install the PostgreSQL client tools (same major version as the server or newer)`
            : error.message,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed: ${stderr.trim() || `exit ${code}`}`)),
    );
  });
}

async function uploadFiles(root: string): Promise<{ rel: string; abs: string; size: number }[]> {
  const found: { rel: string; abs: string; size: number }[] = [];
  const walk = async (dir: string, rel: string) => {
    const names = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of names.sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, entry.name);
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(abs, r);
      else if (entry.isFile()) found.push({ rel: r, abs, size: (await stat(abs)).size });
    }
  };
  await walk(root, '');
  return found;
}

/**
 * Writes one backup file: the database, then every uploaded document, then the manifest. It is written under a
 * temporary name and renamed at the end, so a failed or interrupted backup never leaves a file that looks whole.
 */
export async function writeBackup(options: {
  out: string;
  source: DatabaseSource;
  uploadsDir: string;
  appVersion: string;
  now: Date;
}): Promise<BackupWritten> {
  const out = path.resolve(options.out);
  await mkdir(path.dirname(out), { recursive: true, mode: PRIVATE_DIR_MODE });
  const partial = `${out}.partial-${randomBytes(4).toString('hex')}`;
  const dumpFile = `${partial}.pgdump`;
  const file = await open(partial, 'wx', PRIVATE_FILE_MODE);
  try {
    const writer = new ArchiveWriter(file, options.now);
    let rows: Manifest['rows'];
    if (options.source.kind === 'pglite') {
      const dump = await options.source.dump();
      await writer.addBuffer(PGLITE_ENTRY, Buffer.from(await dump.data.arrayBuffer()));
      rows = dump.rows;
    } else {
      await runTool('pg_dump', ['--format=custom', `--file=${dumpFile}`, `--dbname=${options.source.url}`]);
      await writer.addFile(PGDUMP_ENTRY, dumpFile, (await stat(dumpFile)).size);
    }
    for (const upload of await uploadFiles(options.uploadsDir))
      await writer.addFile(`uploads/${upload.rel}`, upload.abs, upload.size);
    const done = await writer.finish({
      format: 'basira-backup',
      formatVersion: FORMAT_VERSION,
      appVersion: options.appVersion,
      database: options.source.kind,
      createdAt: options.now.toISOString(),
      ...(rows ? { rows } : {}),
    });
    await file.close();
    await rename(partial, out);
    return { file: out, ...done };
  } catch (error) {
    await file.close().catch(() => {});
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(dumpFile, { force: true });
  }
}

/** `basira-20261125-020000.tar`: local time, so an operator finds "last night's" file by its name. */
export function backupName(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `basira-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}` +
    `-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}.tar`
  );
}

/** The backups kept in a directory, newest first. */
export async function listBackups(dir: string): Promise<{ file: string; size: number; createdAt: string }[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const found = await Promise.all(
    names
      .filter((n) => BACKUP_NAME.test(n))
      .map(async (file) => {
        const s = await stat(path.join(dir, file));
        return { file, size: s.size, createdAt: s.mtime.toISOString() };
      }),
  );
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (b.file < a.file ? -1 : 1));
}

/** Deletes all but the newest `keep` backups of the directory; returns the deleted names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep).map((b) => b.file);
  for (const file of old) await rm(path.join(dir, file), { force: true });
  return old;
}

export async function readStatus(dir: string): Promise<BackupStatusFile> {
  try {
    return JSON.parse(await readFile(path.join(dir, STATUS_FILE), 'utf8')) as BackupStatusFile;
  } catch {
    return { last: null, lastSuccess: null };
  }
}

/** Records a run in the directory's status file (written whole, then renamed: never half a JSON). */
export async function recordRun(dir: string, run: BackupRun): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const previous = await readStatus(dir);
  const next: BackupStatusFile = { last: run, lastSuccess: run.ok ? run : previous.lastSuccess };
  const tmp = path.join(dir, `.${STATUS_FILE}.${process.pid}`);
  await writeFile(tmp, JSON.stringify(next, null, 2), { mode: PRIVATE_FILE_MODE });
  await rename(tmp, path.join(dir, STATUS_FILE));
}

/** A backup into the backup directory with its run recorded and old ones pruned; the CLI and the server share it. */
export async function backupIntoDirectory(options: {
  dir: string;
  keep: number;
  source: DatabaseSource;
  uploadsDir: string;
  appVersion: string;
  now: Date;
  trigger: BackupRun['trigger'];
}): Promise<BackupWritten> {
  const started = Date.now();
  try {
    let out = path.join(options.dir, backupName(options.now));
    for (
      let n = 2;
      await stat(out).then(
        () => true,
        () => false,
      );
      n++
    )
      out = path.join(options.dir, backupName(options.now).replace('.tar', `-${n}.tar`));
    const written = await writeBackup({ ...options, out });
    await recordRun(options.dir, {
      at: options.now.toISOString(),
      ok: true,
      trigger: options.trigger,
      file: path.basename(written.file),
      size: written.size,
      sha256: written.sha256,
      seconds: (Date.now() - started) / 1000,
      error: null,
    });
    await pruneBackups(options.dir, options.keep);
    return written;
  } catch (error) {
    await recordRun(options.dir, {
      at: options.now.toISOString(),
      ok: false,
      trigger: options.trigger,
      file: null,
      size: null,
      sha256: null,
      seconds: (Date.now() - started) / 1000,
      error: error instanceof Error ? error.message : String(error),
    }).catch(() => {});
    throw error;
  }
}
