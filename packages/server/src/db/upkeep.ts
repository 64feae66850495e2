import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * The database's upkeep: `VACUUM (ANALYZE)` makes the room that updated and deleted rows left reusable, and gives the
 * planner fresh statistics. PostgreSQL's autovacuum does both when it is on (its default). The embedded database
 * never does: PGlite runs one backend and no background workers, so a table whose rows are updated ten times grows to
 * ten times its size and its plans rest on no statistics at all. The server runs it on PGlite each night after the
 * scheduled backup (app.ts); it takes the single connection for its duration, so it belongs to the night.
 */
export async function vacuumAnalyze(database: Database): Promise<void> {
  await database.db.execute(sql`VACUUM (ANALYZE)`);
}
