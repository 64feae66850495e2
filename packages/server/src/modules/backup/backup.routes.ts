import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isInstallationOrganization } from '@basira/shared/auth/auth.schemas';
import { backupStatusSchema } from '@basira/shared/backup/backup.schemas';
import type { PermissionName } from '@basira/shared/permissions/permissions';
import { AppError, notFound } from '../../lib/errors.ts';
import type { BackupService } from './backup.service.ts';

const MANAGE: PermissionName = 'manage backups';
export const LOCAL_TOKEN_HEADER = 'x-backup-token';

/**
 * A backup holds every organization of the installation, so only the installation's own (default) organization
 * sees it: an administrator of a hosted clinic must not download the others' records. The web app never offers it
 * to them (its menu and /backup read the same rule).
 */
function installationOnly(request: FastifyRequest): void {
  if (!isInstallationOrganization(request.org.slug)) throw notFound('Backups');
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Backups (docs/operations.md): the administrator's status and download, and the local CLI's request. */
export const backupRoutes: FastifyPluginAsyncZod<{ backups: BackupService }> = async (app, { backups }) => {
  const tags = ['backup'];

  const send = async (reply: FastifyReply, trigger: 'download' | 'cli') => {
    const written = await backups.create(trigger);
    reply.log.info({ file: written.file, size: written.size }, 'backup: made and sent');
    return reply
      .type('application/x-tar')
      .header('content-length', String(written.size))
      .header('content-disposition', `attachment; filename="${path.basename(written.file)}"`)
      .header('x-backup-sha256', written.sha256)
      .header('cache-control', 'private, no-store')
      .send(createReadStream(written.file));
  };

  app.get(
    '/api/backup',
    { config: { permission: MANAGE }, schema: { tags, response: { 200: backupStatusSchema } } },
    async (request) => {
      installationOnly(request);
      return { data: await backups.status() };
    },
  );

  app.post(
    '/api/backup',
    {
      // A backup holds every patient's data: each download is audited (docs/audit.md).
      config: { permission: MANAGE, audit: { action: 'backup.downloaded', entity: 'backup', always: true } },
      schema: { tags },
    },
    async (request, reply) => {
      installationOnly(request);
      return send(reply, 'download');
    },
  );

  // `npm run backup` while this server holds the embedded database: the CLI proves it runs on this machine, as
  // the server's user, by the token it read from DATA_DIR/backup.token (mode 0600); no account is involved.
  app.post(
    '/api/backup/local',
    { config: { permission: 'public', noOrganization: true }, schema: { tags } },
    async (request, reply) => {
      if (
        !LOOPBACK.has(request.socket.remoteAddress ?? '') ||
        !backups.isLocalToken(request.headers[LOCAL_TOKEN_HEADER])
      )
        throw new AppError('unauthorized', 'This call is for `npm run backup` on the server machine.');
      return send(reply, 'cli');
    },
  );
};
