import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { vacuumAnalyze } from './upkeep.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

describe('the database upkeep (VACUUM (ANALYZE))', () => {
  it('makes the room of updated rows reusable and gives the planner statistics', async () => {
    const name = `upkeep_probe_${process.pid}_${Date.now()}`;
    const table = sql.raw(name);
    const size = async () =>
      Number((await one<{ bytes: string }>(sql`SELECT pg_relation_size(${name}) AS bytes`)).bytes);
    const update = () => t.database.db.execute(sql`UPDATE ${table} SET v = v + 1`);
    await t.database.db.execute(sql`CREATE TABLE ${table} (id int PRIMARY KEY, v int NOT NULL, note text)`);
    try {
      await t.database.db.execute(
        sql`INSERT INTO ${table} SELECT g, 0, repeat('x', 100) FROM generate_series(1, 2000) g`,
      );
      for (let i = 0; i < 3; i++) await update();
      const grown = await size();
      await vacuumAnalyze(t.database);
      // Two more rounds of updates fit in the room the first three left (without the upkeep: 50 % larger).
      await update();
      await update();
      expect(await size()).toBeLessThanOrEqual(grown);
      const stats = await one<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = ${name}`,
      );
      expect(stats.n).toBeGreaterThan(0);
    } finally {
      await t.database.db.execute(sql`DROP TABLE ${table}`);
    }
  });
});
