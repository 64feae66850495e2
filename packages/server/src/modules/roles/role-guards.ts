import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { ADMINISTRATOR, holdsAny, type PermissionName } from '@basira/shared/permissions/permissions';
import type { Db } from '../../db/client.ts';
import { rolePermissions, userRoles, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';

/** Active users of an organization who hold any of these permissions through their roles. */
export function activeHolders(db: Db, orgId: number, permissions: readonly string[], ...conditions: SQL[]) {
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(
      inOrg(
        users,
        orgId,
        eq(users.isActive, true),
        inArray(rolePermissions.permission, [...permissions]),
        ...conditions,
      ),
    );
}

/**
 * Run at the end of every transaction that can remove an administrator (role edit or delete, user edit,
 * disable or delete): it throws, and so rolls the change back, when no active administrator would remain.
 */
export async function assertActiveAdministrator(tx: Db, orgId: number): Promise<void> {
  const [admin] = await activeHolders(tx, orgId, [ADMINISTRATOR]).limit(1);
  if (!admin)
    throw new AppError(
      'admin.last_administrator',
      'This change would leave the organization without an active administrator.',
    );
}

/** No one can grant what they do not hold themselves. */
export function assertCanGrant(held: readonly string[], granted: readonly string[]): void {
  const missing = granted.filter((p) => !holdsAny(held, p as PermissionName));
  if (missing.length > 0)
    throw new AppError(
      'permission.not_held',
      `You cannot grant permissions you do not hold: ${missing.join(', ')}.`,
    );
}

/** The permissions a set of roles holds (roles of other organizations are ignored by the caller's check). */
export async function permissionsOfRoles(tx: Db, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(and(inArray(rolePermissions.roleId, [...roleIds])));
  return rows.map((r) => r.permission);
}
