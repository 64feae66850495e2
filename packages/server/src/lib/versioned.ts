import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { inOrg } from './tenant.ts';

/** A table whose rows people edit: each change bumps `version` (docs/architecture.md, the query layer's writes). */
export type VersionedTable = PgTable & {
  id: PgColumn;
  orgId: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};

export interface VersionedTarget {
  orgId: number;
  id: number;
  /** The version the caller read. `undefined` only where the API lets a client omit it (then the last save wins). */
  expected: number | undefined;
  /** What else the row must be (e.g. not deleted). */
  where?: SQL | undefined;
}

/**
 * The one way to change a versioned row (the lint rule `no-restricted-syntax` in eslint.config.js points here):
 * a conditional `UPDATE … WHERE org AND id AND version = expected` that bumps the version. Comparing after a
 * plain SELECT loses updates on PostgreSQL, where concurrent callers all read the same version; here the second
 * UPDATE waits for the first, sees the new version, and changes nothing. No row changed calls `stale`, which
 * builds the answer: a 409 with the current record, or a 404 when there is none.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Db,
  table: T,
  target: VersionedTarget,
  changes: PgUpdateSetSource<T>,
  stale: () => Promise<Error>,
): Promise<T['$inferSelect']> {
  const set = { updatedAt: new Date(), ...changes, version: sql`${table.version} + 1` };
  const rows = (await db
    .update(table)
    .set(set as PgUpdateSetSource<T>)
    .where(
      inOrg(
        table,
        target.orgId,
        eq(table.id, target.id),
        target.expected === undefined ? undefined : eq(table.version, target.expected),
        target.where,
      ),
    )
    .returning()) as T['$inferSelect'][];
  if (!rows[0]) throw await stale();
  return rows[0];
}
