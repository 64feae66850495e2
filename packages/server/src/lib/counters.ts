import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orgCounters } from '../db/schema.ts';
import { runPreparedSql, statementName } from './prepared.ts';

/**
 * The upsert that takes a counter's next value (`RETURNING value`). Every taker of one counter waits on its row
 * until the taker's transaction ends, so a write that needs the number takes it in its own statement, last
 * (`writeAudited`'s `counter`), rather than before the rest of its transaction.
 */
export const nextCounterSql = (orgId: SQL, name: SQL): SQL => sql`
  INSERT INTO ${orgCounters} (org_id, name, value) VALUES (${orgId}, ${name}, 1)
  ON CONFLICT (org_id, name) DO UPDATE SET value = ${orgCounters}.value + 1
  RETURNING value`;

/**
 * The next value of an organization's named sequence (patient file numbers, a day's queue tickets).
 * One upsert: concurrent callers queue on the row and each gets its own number; inside a transaction the
 * number is given back if the transaction rolls back, so numbers have no gaps.
 */
export async function nextCounter(db: Db, orgId: number, name: string): Promise<number> {
  const [row] = await runPreparedSql<{ value: number }>(
    db,
    statementName('next_counter'),
    (value) => nextCounterSql(sql`${value('orgId')}::int`, sql`${value('name')}::text`),
    { orgId, name },
  );
  return row!.value;
}
