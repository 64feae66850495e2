import { DEFAULT_TIME_ZONE } from '@basira/shared/organizations/organization.schemas';
import { ADMINISTRATOR } from '@basira/shared/permissions/permissions';
import type { Db } from '../../db/client.ts';
import { organizations, rolePermissions, roles, userRoles, users } from '../../db/schema.ts';
import { ORG_SLUG } from '../../lib/organizations.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { seedDrugs } from '../codes/codes.service.ts';
import { seedLetterTemplates } from '../letters/letters.service.ts';
import { seedOptions } from '../options/options.service.ts';

export interface NewOrganization {
  slug: string;
  name: string;
  timeZone?: string;
  admin: {
    name: string;
    email: string;
    username?: string | null;
    password: string;
    mustChangePassword: boolean;
  };
}

/** An organization with its Administrator role and first administrator, all or nothing. */
export async function createOrganization(db: Db, input: NewOrganization) {
  if (!ORG_SLUG.test(input.slug)) throw new Error(`Bad organization slug: ${input.slug}`);
  const passwordHash = await hashPassword(input.admin.password);
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ slug: input.slug, name: input.name, timeZone: input.timeZone ?? DEFAULT_TIME_ZONE })
      .returning();
    const [role] = await tx.insert(roles).values({ orgId: org!.id, name: ADMINISTRATOR }).returning();
    await tx.insert(rolePermissions).values({ orgId: org!.id, roleId: role!.id, permission: ADMINISTRATOR });
    const [admin] = await tx
      .insert(users)
      .values({
        orgId: org!.id,
        name: input.admin.name,
        email: input.admin.email,
        username: input.admin.username ?? null,
        passwordHash,
        mustChangePassword: input.admin.mustChangePassword,
      })
      .returning();
    await tx.insert(userRoles).values({ orgId: org!.id, userId: admin!.id, roleId: role!.id });
    await seedOptions(tx, org!.id);
    await seedDrugs(tx, org!.id);
    await seedLetterTemplates(tx, org!.id);
    return { org: org!, admin: admin!, adminRole: role! };
  });
}
