import { randomBytes, timingSafeEqual } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_STALE_HOURS, type BackupRun, type BackupStatus } from '@basira/shared/backup/backup.schemas';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { PRIVATE_FILE_MODE } from '../../lib/private-files.ts';
import {
  backupIntoDirectory,
  listBackups,
  readStatus,
  type BackupWritten,
  type DatabaseSource,
} from './backup-files.ts';

/** Where backups go: BACKUP_DIR, or `backups` inside DATA_DIR. */
export const backupDirOf = (config: Config) =>
  path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));

/** The file holding the token with which `npm run backup` asks the running server for a backup. */
export const localTokenFile = (config: Config) => path.resolve(config.DATA_DIR, 'backup.token');

export function databaseSource(database: Database, config: Config): DatabaseSource {
  if (database.dumpDataDir) return { kind: 'pglite', dump: database.dumpDataDir };
  if (!config.DATABASE_URL) throw new Error('No database to back up');
  return { kind: 'postgres', url: config.DATABASE_URL };
}

/**
 * The server's side of backups: its status for the administrator's screen, a backup made on request (a download,
 * the CLI while the embedded database is locked by this process) or on schedule. One at a time.
 */
export class BackupService {
  /** Random per start; written to a 0600 file in DATA_DIR by a server that owns its embedded database. */
  readonly localToken = randomBytes(32).toString('hex');
  private running: Promise<BackupWritten> | null = null;

  constructor(
    private readonly database: Database,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly appVersion: string,
  ) {}

  get directory(): string {
    return backupDirOf(this.config);
  }

  /** Whether this server makes the daily backups itself: the embedded database (PostgreSQL has its own tools). */
  get scheduled(): boolean {
    return this.database.kind === 'pglite';
  }

  async writeTokenFile(): Promise<void> {
    await writeFile(localTokenFile(this.config), this.localToken, { mode: PRIVATE_FILE_MODE });
  }

  isLocalToken(given: unknown): boolean {
    if (typeof given !== 'string') return false;
    const a = Buffer.from(given);
    const b = Buffer.from(this.localToken);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  async status(): Promise<BackupStatus> {
    const dir = this.directory;
    const { last, lastSuccess } = await readStatus(dir);
    const age = lastSuccess ? this.clock.now().getTime() - Date.parse(lastSuccess.at) : Infinity;
    return {
      database: this.database.kind,
      scheduled: this.scheduled,
      hour: this.config.BACKUP_HOUR,
      keep: this.config.BACKUP_KEEP,
      directory: dir,
      last,
      lastSuccess,
      stale: age > BACKUP_STALE_HOURS * 3600_000,
      backups: await listBackups(dir),
    };
  }

  /** A backup into the backup directory (kept, pruned and recorded like the scheduled ones). */
  async create(trigger: BackupRun['trigger']): Promise<BackupWritten> {
    if (this.running) throw new AppError('backup.in_progress', 'A backup is being made; try again shortly.');
    this.running = backupIntoDirectory({
      dir: this.directory,
      keep: this.config.BACKUP_KEEP,
      source: databaseSource(this.database, this.config),
      uploadsDir: path.resolve(this.config.DATA_DIR, 'uploads'),
      appVersion: this.appVersion,
      now: this.clock.now(),
      trigger,
    });
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }
}
