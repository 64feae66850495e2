import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  organizationResponseSchema,
  organizationUpdateSchema,
  type OrganizationSettings,
  type OrganizationUpdate,
} from '@basira/shared/organizations/organization.schemas';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { contextOf } from '../../plugins/auth.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';

const columns = {
  id: organizations.id,
  slug: organizations.slug,
  name: organizations.name,
  timeZone: organizations.timeZone,
  phone: organizations.phone,
  reminderTime: organizations.reminderTime,
  version: organizations.version,
};

/** The caller's organization and its settings (clinic name and phone, reminder time). */
export class OrganizationSettingsService {
  constructor(private readonly db: Db) {}

  async get(orgId: number, db: Db = this.db): Promise<OrganizationSettings> {
    // The organization's own row: its id is the scope.
    const [row] = await db.select(columns).from(organizations).where(eq(organizations.id, orgId));
    if (!row) throw notFound('Organization');
    return row;
  }

  async update(scope: RequestContext, input: OrganizationUpdate): Promise<OrganizationSettings> {
    const { version, ...changes } = input;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(organizations)
        .set({ ...changes, version: sql`${organizations.version} + 1`, updatedAt: new Date() })
        .where(and(eq(organizations.id, scope.orgId), eq(organizations.version, version)))
        .returning(columns);
      if (!row)
        throw new AppError(
          'stale_version',
          'Someone else changed the clinic settings; the current ones are attached. Review them and save again.',
          undefined,
          { data: await this.get(scope.orgId, tx) },
        );
      await recordAudit(tx, scope, {
        action: 'organization.updated',
        entity: 'organization',
        entityId: scope.orgId,
      });
      return row;
    });
  }
}

export const organizationSettingsRoutes: FastifyPluginAsyncZod<{
  settings: OrganizationSettingsService;
}> = async (app, { settings }) => {
  const tags = ['organization'];
  app.get(
    '/api/organization',
    {
      config: { permission: 'authenticated' },
      schema: { tags, response: { 200: organizationResponseSchema } },
    },
    async (request) => ({ data: await settings.get(request.org.id) }),
  );
  app.post(
    '/api/organization',
    {
      config: {
        audit: { action: 'organization.updated', entity: 'organization' },
        permission: 'Administrator',
      },
      schema: { tags, body: organizationUpdateSchema, response: { 200: organizationResponseSchema } },
    },
    async (request) => ({ data: await settings.update(contextOf(request), request.body) }),
  );
};
