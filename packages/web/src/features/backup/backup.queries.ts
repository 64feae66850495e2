import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { backupStatusSchema } from '@basira/shared/backup/backup.schemas';
import { apiBlob, apiRequest } from '../../lib/api-client.ts';

const BACKUP_KEY = ['backup'] as const;

/** A backup of a large clinic takes a while to make and to send. */
const DOWNLOAD_TIMEOUT_MS = 30 * 60_000;

/** `GET /api/backup`: the last backup, the kept ones, whether it is stale. */
export const backupStatusQuery = queryOptions({
  queryKey: [...BACKUP_KEY, 'status'],
  queryFn: async ({ signal }) => (await apiRequest('backup', { schema: backupStatusSchema, signal })).data,
});

/** `POST /api/backup`: a fresh backup, made by the server and saved by the browser as a file. */
export function useDownloadBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiBlob('backup', { method: 'POST', timeoutMs: DOWNLOAD_TIMEOUT_MS }),
    onSettled: () => client.invalidateQueries({ queryKey: BACKUP_KEY }),
  });
}
