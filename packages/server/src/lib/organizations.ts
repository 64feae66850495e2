import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organizations } from '../db/schema.ts';
import type { Organization } from '../types.ts';

/** An organization's slug: what `X-Organization` and `/config` name it by. */
export const ORG_SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** The organization a request names (below the modules: the auth plugin resolves it for every request). */
export async function findOrganization(db: Db, slug: string): Promise<Organization | undefined> {
  const [org] = await db
    .select({
      id: organizations.id,
      slug: organizations.slug,
      name: organizations.name,
      timeZone: organizations.timeZone,
    })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  return org;
}
