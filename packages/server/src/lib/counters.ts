import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orgCounters } from '../db/schema.ts';

/**
 * The next value of an organization's named sequence (patient file numbers, a day's queue tickets).
 * One upsert: concurrent callers queue on the row and each gets its own number; inside a transaction the
 * number is given back if the transaction rolls back, so numbers have no gaps.
 */
export async function nextCounter(db: Db, orgId: number, name: string): Promise<number> {
  const [row] = await db
    .insert(orgCounters)
    .values({ orgId, name, value: 1 })
    .onConflictDoUpdate({
      target: [orgCounters.orgId, orgCounters.name],
      set: { value: sql`${orgCounters.value} + 1` },
    })
    .returning({ value: orgCounters.value });
  return row!.value;
}
