import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { packageRoot } from '../../lib/paths.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';
import { readArchive } from './backup-archive.ts';
import { backupIntoDirectory, writeBackup, type BackupWritten } from './backup-files.ts';
import { LOCAL_TOKEN_HEADER } from './backup.routes.ts';
import { backupDirOf, databaseSource, localTokenFile } from './backup.service.ts';
import { copyToPostgres } from './copy-to-postgres.ts';
import { restoreBackup } from './restore.ts';

export const BACKUP_COMMANDS = ['backup', 'restore', 'copy-to-postgres'];

export const BACKUP_HELP = `Backups (docs/operations.md)
  npm run backup [-- --out <file>]      one file with the whole database and the uploaded documents
                                        (default: a new file in BACKUP_DIR, kept and pruned like the daily ones)
  npm run restore -- <file> [--force]   into an empty database / DATA_DIR; --force replaces a non-empty one
  npm run cli -- copy-to-postgres --to <postgres://…> [--uploads-to <dir>]
                                        copies the embedded database into an empty PostgreSQL database`;

const appVersion = () =>
  (JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB (${bytes.toLocaleString('en')} bytes)`;
}

function lockedBy(config: Config): number | null {
  try {
    const pid = Number(readFileSync(path.resolve(config.DATA_DIR, 'db.lock'), 'utf8'));
    if (pid > 0 && pid !== process.pid && process.kill(pid, 0)) return pid;
  } catch {
    // No lock, or its process is gone: the CLI may open the database itself.
  }
  return null;
}

/** The running server makes the backup (it holds the embedded database); the CLI saves what it sends. */
async function backupThroughServer(
  config: Config,
  out: string | undefined,
  server: string,
): Promise<BackupWritten | string> {
  const tokenFile = localTokenFile(config);
  if (!existsSync(tokenFile))
    throw new Error(
      `The server holds the database but ${tokenFile} is missing; restart the server and try again.`,
    );
  const res = await fetch(new URL('/api/backup/local', server), {
    method: 'POST',
    headers: { [LOCAL_TOKEN_HEADER]: readFileSync(tokenFile, 'utf8').trim() },
  }).catch((error: unknown) => {
    throw new Error(
      `The server holds the database but does not answer at ${server} (${String(error)}); give --server <url>.`,
    );
  });
  if (!res.ok || !res.body)
    throw new Error(`The server refused the backup: ${res.status} ${await res.text()}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'backup.tar';
  const sha256 = res.headers.get('x-backup-sha256') ?? '';
  if (!out) {
    await res.body.cancel();
    return path.join(backupDirOf(config), name);
  }
  const file = path.resolve(out);
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const partial = `${file}.partial`;
  try {
    await pipeline(
      Readable.fromWeb(res.body as ReadableStream),
      createWriteStream(partial, { mode: PRIVATE_FILE_MODE }),
    );
    const manifest = await readArchive(partial);
    await rename(partial, file);
    const size = Number(res.headers.get('content-length'));
    return { file, size, sha256, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function backup(config: Config, values: { out?: string; server?: string }): Promise<string> {
  const out = values.out;
  let written: BackupWritten | string;
  const owner = config.DATABASE_URL ? null : lockedBy(config);
  if (owner) {
    written = await backupThroughServer(config, out, values.server ?? `http://127.0.0.1:${config.PORT}`);
    if (typeof written === 'string')
      return `Backup made by the running server (process ${owner}): ${written}`;
  } else {
    const database = config.DATABASE_URL ? null : await openDatabase({ dataDir: config.DATA_DIR });
    try {
      const source = database
        ? databaseSource(database, config)
        : ({ kind: 'postgres', url: config.DATABASE_URL! } as const);
      const common = {
        source,
        uploadsDir: path.resolve(config.DATA_DIR, 'uploads'),
        appVersion: appVersion(),
        now: new Date(),
      };
      written = out
        ? await writeBackup({ ...common, out })
        : await backupIntoDirectory({
            ...common,
            dir: backupDirOf(config),
            keep: config.BACKUP_KEEP,
            trigger: 'cli',
          });
    } finally {
      await database?.close();
    }
  }
  return [
    `Backup written: ${written.file}`,
    `  size:    ${megabytes(written.size)}`,
    `  sha256:  ${written.sha256}`,
    `  holds:   ${written.manifest.database} database, ${written.manifest.entries.length - 1} uploaded files`,
  ].join('\n');
}

/** `backup`, `restore` and `copy-to-postgres`; returns the exit code. */
export async function runBackupCommand(argv: string[], config: Config): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      server: { type: 'string' },
      force: { type: 'boolean' },
      to: { type: 'string' },
      'uploads-to': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, file] = positionals;
  if (values.help) {
    console.log(BACKUP_HELP);
    return 0;
  }
  try {
    if (command === 'backup') console.log(await backup(config, values));
    else if (command === 'restore') {
      if (!file) throw new Error('Which file? npm run restore -- <file> [--force]');
      const result = await restoreBackup(
        file,
        { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR },
        { force: values.force === true, say: (line) => console.log(line) },
      );
      console.log(
        `Restored into ${config.DATABASE_URL ? 'PostgreSQL' : path.resolve(config.DATA_DIR)}. Start the server on it.`,
      );
      for (const dir of result.keptAside)
        console.log(`  The previous data is kept in ${dir}; delete it when satisfied.`);
    } else {
      if (!values.to) throw new Error('--to <postgres://…> is required');
      if (config.DATABASE_URL)
        throw new Error('Unset DATABASE_URL: the source is the embedded database in DATA_DIR.');
      console.log(`Copying ${path.resolve(config.DATA_DIR)} into PostgreSQL…`);
      const report = await copyToPostgres({
        dataDir: config.DATA_DIR,
        to: values.to,
        uploadsTo: values['uploads-to'],
        say: (line) => console.log(line),
      });
      const rows = report.tables.reduce((n, t) => n + t.rows, 0);
      console.log(`Copied ${report.tables.length} tables, ${rows} rows in ${report.seconds.toFixed(1)} s.`);
      console.log(
        report.uploadsCopiedTo
          ? `Uploads copied to ${report.uploadsCopiedTo}.`
          : `Uploads stay in ${path.resolve(config.DATA_DIR, 'uploads')}: start the server with the same DATA_DIR.`,
      );
      console.log('Now start the server with DATABASE_URL set to that database.');
    }
    return 0;
  } catch (error) {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
