import { asc, eq, inArray } from 'drizzle-orm';
import type { User } from '@basira/shared/users/users.schemas';
import type { Db } from '../db/client.ts';
import type { users } from '../db/schema.ts';
import { roles, userRoles } from '../db/schema.ts';
import { inOrg } from './tenant.ts';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow, roleRefs: { id: number; name: string }[]): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    isActive: row.isActive,
    isDoctor: row.isDoctor,
    mustChangePassword: row.mustChangePassword,
    roles: roleRefs,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Users of one organization (every caller reads them from one), with their roles. */
export async function withRoles(db: Db, rows: UserRow[]): Promise<User[]> {
  const orgId = rows[0]?.orgId;
  if (orgId === undefined) return [];
  const links = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      inOrg(
        userRoles,
        orgId,
        inArray(
          userRoles.userId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(roles.name));
  return rows.map((row) =>
    toUser(
      row,
      links.filter((l) => l.userId === row.id).map(({ id, name }) => ({ id, name })),
    ),
  );
}
