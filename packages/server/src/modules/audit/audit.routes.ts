import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_PERMISSION,
  auditPageSchema,
  auditQuerySchema,
  auditUsersSchema,
} from '@basira/shared/audit/audit.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { AuditQueryService } from './audit-query.service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditQueryService }> = async (app, { audit }) => {
  app.get(
    '/api/audit',
    {
      config: { permission: AUDIT_PERMISSION },
      schema: { tags: ['audit'], querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => audit.list(contextOf(request), request.query),
  );

  app.get(
    '/api/audit/users',
    {
      config: { permission: AUDIT_PERMISSION },
      schema: { tags: ['audit'], response: { 200: auditUsersSchema } },
    },
    async (request) => ({ data: await audit.users(request.org.id) }),
  );
};
