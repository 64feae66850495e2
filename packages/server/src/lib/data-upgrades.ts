import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dataUpgrades } from '../db/schema.ts';

/**
 * Runs a data upgrade at start until it has once finished, then never again (`data_upgrades`): an upgrade that
 * reads every row of a large table (a million patients' alerts, every consultation's doses) must not cost each start
 * a scan. An upgrade is idempotent, so a start cut short, or two processes starting together, only repeat work.
 */
export async function runOnce(db: Db, name: string, upgrade: () => Promise<void>): Promise<void> {
  const [done] = await db.select().from(dataUpgrades).where(eq(dataUpgrades.name, name));
  if (done) return;
  await upgrade();
  await db.insert(dataUpgrades).values({ name }).onConflictDoNothing();
}
