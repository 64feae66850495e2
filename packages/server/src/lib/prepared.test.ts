import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { countries } from '../db/schema.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { runPrepared, type Bind } from './prepared.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('runPrepared', () => {
  it('prepares a shape once and binds each call’s own values', async () => {
    const db = t.database.db;
    let prepares = 0;
    const byId = (id: number) =>
      runPrepared(db, 'test_country_by_id', (bind: Bind) => {
        const query = db
          .select({ id: countries.id })
          .from(countries)
          .where(eq(countries.id, bind('id', id)));
        return {
          prepare: (name: string) => {
            prepares++;
            return query.prepare(name);
          },
        };
      });
    expect(await byId(105)).toEqual([{ id: 105 }]);
    expect(await byId(1)).toEqual([{ id: 1 }]);
    expect(await byId(100_000)).toEqual([]);
    expect(prepares).toBe(1);
  });
});
