import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The one place organization scoping is written: every query of organization data filters through it,
 * so an id from another organization simply finds nothing (404). `orgId` is SQL inside a statement that reads it
 * from a row it writes (a move's `w.org_id`, which the move's own scoping chose).
 */
export function inOrg(
  table: { orgId: PgColumn },
  orgId: number | SQL,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.orgId, orgId), ...conditions) as SQL;
}
