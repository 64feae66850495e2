import { eq, notExists, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { organizations } from '../db/schema.ts';
import type { Organization } from '../types.ts';

/** An organization's slug: what `X-Organization` and `/config` name it by. */
export const ORG_SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

const ORGANIZATION = {
  id: organizations.id,
  slug: organizations.slug,
  name: organizations.name,
  timeZone: organizations.timeZone,
};

/** The organization a request names (below the modules: the auth plugin resolves it for every request). */
export async function findOrganization(db: Db, slug: string): Promise<Organization | undefined> {
  const [org] = await db.select(ORGANIZATION).from(organizations).where(eq(organizations.slug, slug));
  return org;
}

/** An organization by its id (a page's session names its organization by id). */
export async function organizationById(db: Db, id: number): Promise<Organization | undefined> {
  const [org] = await db.select(ORGANIZATION).from(organizations).where(eq(organizations.id, id));
  return org;
}

/**
 * The organizations holding no row of a per-organization list (pick lists, the formulary, letter templates):
 * those made before the list was shipped, which get their seeded copy once at start.
 */
export async function organizationsWithout(db: Db, table: PgTable & { orgId: PgColumn }): Promise<number[]> {
  const bare = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(table)
          .where(eq(table.orgId, organizations.id)),
      ),
    );
  return bare.map((org) => org.id);
}
