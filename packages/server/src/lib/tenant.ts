import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The one place organization scoping is written: every query of organization data filters through it,
 * so an id from another organization simply finds nothing (404). `orgId` is SQL inside a statement that reads it
 * from a row it writes (a move's `w.org_id`, which the move's own scoping chose).
 */
export function inOrg(
  table: { orgId: PgColumn },
  orgId: number | SQL | PgColumn,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.orgId, orgId), ...conditions) as SQL;
}

/**
 * `inOrg` for a raw statement's alias (`FROM exam_records e … WHERE ${sameOrg('e', orgId)}`): the organization
 * check the lint rule basira/org-scoped-query looks for in a raw statement. Every organization table keeps its
 * organization in `org_id`; the alias is the code's own, checked to be a plain name.
 */
export function sameOrg(alias: string, orgId: number | SQL | PgColumn): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`sameOrg: '${alias}' is not an alias`);
  return sql`${sql.raw(alias)}.org_id = ${orgId}`;
}
