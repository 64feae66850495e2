import { z } from 'zod';

/** One backup run as recorded in `backup-status.json` beside the backups (scheduled, downloaded, or the CLI). */
export const backupRunSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  trigger: z.enum(['schedule', 'download', 'cli']),
  file: z.string().nullable(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  seconds: z.number(),
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export interface BackupStatusFile {
  last: BackupRun | null;
  lastSuccess: BackupRun | null;
}

/** How old the last good backup may be before the administrator's screen warns. */
export const BACKUP_STALE_HOURS = 48;

/** `GET /api/backup`: what an administrator needs to trust the backups. */
export const backupStatusSchema = z.object({
  data: z.object({
    database: z.enum(['pglite', 'postgres']),
    /** Whether this server makes the daily backups itself (the embedded database). */
    scheduled: z.boolean(),
    hour: z.number().int(),
    keep: z.number().int(),
    directory: z.string(),
    last: backupRunSchema.nullable(),
    lastSuccess: backupRunSchema.nullable(),
    /** No successful backup in the last BACKUP_STALE_HOURS hours (or none at all). */
    stale: z.boolean(),
    backups: z.array(z.object({ file: z.string(), size: z.number().int(), createdAt: z.string() })),
  }),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>['data'];
