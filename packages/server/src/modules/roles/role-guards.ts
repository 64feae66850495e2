import { eq, inArray, type SQL } from 'drizzle-orm';
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

/**
 * A role edit adds or removes only permissions the editor holds (Administrator holds all), like a delete, which
 * takes them all away; and the role that carries Administrator is changed (renamed included) by an
 * administrator only, so no one can strip or rename another administrator's role.
 */
export function assertCanEdit(
  held: readonly string[],
  current: { permissions: readonly { name: string }[] },
  next: readonly string[],
): void {
  const had = current.permissions.map((p) => p.name);
  if (had.includes(ADMINISTRATOR) && !holdsAny(held, ADMINISTRATOR))
    throw new AppError('permission.not_held', 'Only an administrator can change the Administrator role.');
  const changed = [...next.filter((p) => !had.includes(p)), ...had.filter((p) => !next.includes(p))];
  assertCanGrant(held, changed);
}

/** The permissions a set of the organization's roles holds. */
export async function permissionsOfRoles(
  tx: Db,
  orgId: number,
  roleIds: readonly number[],
): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(inOrg(rolePermissions, orgId, inArray(rolePermissions.roleId, [...roleIds])));
  return rows.map((r) => r.permission);
}
