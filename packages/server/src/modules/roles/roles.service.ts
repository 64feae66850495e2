import { asc, eq, inArray, sql } from 'drizzle-orm';
import { isPermissionName, permissionByName } from '@basira/shared/permissions/permissions';
import type { Role, RoleSave } from '@basira/shared/roles/roles.schemas';
import type { Db } from '../../db/client.ts';
import { rolePermissions, roles, userRoles } from '../../db/schema.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Principal, SessionService } from '../../lib/sessions.ts';
import { assertActiveAdministrator, assertCanEdit, assertCanGrant } from './role-guards.ts';

type RoleRow = typeof roles.$inferSelect;

const duplicate = () =>
  new AppError('duplicate', 'A role with this name already exists.', { name: ['name.taken'] });

function validPermissions(names: string[]): string[] {
  const unique = [...new Set(names)];
  const unknown = unique.filter((n) => !isPermissionName(n));
  if (unknown.length)
    throw new AppError('validation', `Unknown permissions: ${unknown.join(', ')}.`, {
      permissions: unknown.map(() => 'permission.unknown'),
    });
  return unique;
}

export class RolesService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
  ) {}

  private async view(db: Db, orgId: number, rows: RoleRow[]): Promise<Role[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const perms = await db
      .select()
      .from(rolePermissions)
      .where(inOrg(rolePermissions, orgId, inArray(rolePermissions.roleId, ids)));
    const counts = await db
      .select({ roleId: userRoles.roleId, n: sql<number>`count(*)::int` })
      .from(userRoles)
      .where(inOrg(userRoles, orgId, inArray(userRoles.roleId, ids)))
      .groupBy(userRoles.roleId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      permissions: perms
        .filter((p) => p.roleId === row.id)
        .flatMap((p) => permissionByName(p.permission) ?? [])
        .sort((a, b) => a.id - b.id),
      usersCount: counts.find((c) => c.roleId === row.id)?.n ?? 0,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async list(orgId: number): Promise<Role[]> {
    const rows = await this.db.select().from(roles).where(inOrg(roles, orgId)).orderBy(asc(roles.name));
    return this.view(this.db, orgId, rows);
  }

  async get(orgId: number, id: number, db: Db = this.db): Promise<Role> {
    const [row] = await db
      .select()
      .from(roles)
      .where(inOrg(roles, orgId, eq(roles.id, id)));
    if (!row) throw notFound('Role');
    const [role] = await this.view(db, orgId, [row]);
    return role!;
  }

  async create(ctx: RequestContext, actor: Principal, input: RoleSave): Promise<Role> {
    const permissions = validPermissions(input.permissions);
    assertCanGrant(actor.permissions, permissions);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.insert(roles).values({ orgId: ctx.orgId, name: input.name }).returning();
        if (permissions.length)
          await tx
            .insert(rolePermissions)
            .values(permissions.map((permission) => ({ orgId: ctx.orgId, roleId: row!.id, permission })));
        await recordAudit(tx, ctx, {
          action: 'role.created',
          entity: 'role',
          entityId: row!.id,
          details: { permissions },
        });
        return this.get(ctx.orgId, row!.id, tx);
      });
    } catch (error) {
      throw isUniqueViolation(error) ? duplicate() : error;
    }
  }

  async update(ctx: RequestContext, actor: Principal, id: number, input: RoleSave): Promise<Role> {
    const permissions = validPermissions(input.permissions);
    let role: Role;
    try {
      role = await this.db.transaction(async (tx) => {
        const current = await this.get(ctx.orgId, id, tx);
        assertCanEdit(actor.permissions, current, permissions);
        await updateVersioned(
          tx,
          roles,
          { orgId: ctx.orgId, id, expected: input.version },
          { name: input.name },
          async () =>
            new AppError(
              'stale_version',
              'Someone else changed this role; reload and try again.',
              undefined,
              {
                data: await this.get(ctx.orgId, id, tx),
              },
            ),
        );
        await tx
          .delete(rolePermissions)
          .where(inOrg(rolePermissions, ctx.orgId, eq(rolePermissions.roleId, id)));
        if (permissions.length)
          await tx
            .insert(rolePermissions)
            .values(permissions.map((permission) => ({ orgId: ctx.orgId, roleId: id, permission })));
        await assertActiveAdministrator(tx, ctx.orgId);
        await recordAudit(tx, ctx, {
          action: 'role.updated',
          entity: 'role',
          entityId: id,
          details: { permissions },
        });
        return this.get(ctx.orgId, id, tx);
      });
    } catch (error) {
      throw isUniqueViolation(error) ? duplicate() : error;
    }
    await this.sessions.invalidate({ orgId: ctx.orgId });
    return role;
  }

  async delete(ctx: RequestContext, actor: Principal, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await this.get(ctx.orgId, id, tx);
      // Deleting a role takes its permissions from its users: only someone who holds them all may do it.
      assertCanGrant(
        actor.permissions,
        current.permissions.map((p) => p.name),
      );
      await tx.delete(roles).where(inOrg(roles, ctx.orgId, eq(roles.id, id)));
      await assertActiveAdministrator(tx, ctx.orgId);
      await recordAudit(tx, ctx, {
        action: 'role.deleted',
        entity: 'role',
        entityId: id,
        details: { name: current.name },
      });
    });
    await this.sessions.invalidate({ orgId: ctx.orgId });
  }
}
