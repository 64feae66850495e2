import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { countries } from '../db/schema.ts';
import { dbKind, startTestApp, type TestApp } from '../test/harness.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  instantName,
  literal,
  literalDay,
  literalInstant,
  literalWord,
  runPrepared,
  runPreparedSql,
  statementChecks,
  statementName,
  type Bind,
  type Plan,
} from './prepared.ts';

/** Runs `body` with the statements' name check off: what it counts is the cache's saving, which the check undoes. */
async function unchecked<T>(body: () => Promise<T>): Promise<T> {
  statementChecks.on = false;
  try {
    return await body();
  } finally {
    statementChecks.on = true;
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('runPrepared', () => {
  it('builds and prepares a shape once and binds each call’s own values', async () => {
    const db = t.database.db;
    let builds = 0;
    const byId = (id: number) =>
      runPrepared(db, statementName('test_country_by_id'), (bind: Bind) => {
        const bound = bind('id', id);
        return () => {
          builds++;
          return db.select({ id: countries.id }).from(countries).where(eq(countries.id, bound));
        };
      });
    await unchecked(async () => {
      expect(await byId(105)).toEqual([{ id: 105 }]);
      expect(await byId(1)).toEqual([{ id: 1 }]);
      expect(await byId(100_000)).toEqual([]);
    });
    expect(builds).toBe(1);
  });

  it('fails loudly, under test, when one name is used for two texts (it would answer with the first)', async () => {
    expect(statementChecks.on).toBe(true);
    const db = t.database.db;
    const lookup = (column: 'id' | 'name', value: number | string) =>
      runPrepared(db, statementName('test_one_name_two_texts'), (bind: Bind) => {
        const bound = bind('value', value);
        return () =>
          db
            .select({ id: countries.id })
            .from(countries)
            .where(column === 'id' ? eq(countries.id, bound as number) : eq(countries.name, bound as string));
      });
    expect(await lookup('id', 105)).toEqual([{ id: 105 }]);
    expect(await lookup('id', 1)).toEqual([{ id: 1 }]);
    expect(() => lookup('name', 'Iraq')).toThrow(/stands for two SQL texts/);
    const byText = (text: string) =>
      runPreparedSql(db, statementName('test_one_name_two_sql_texts'), () => sql.raw(text), {});
    expect(await byText('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await expect(byText('SELECT 2 AS one')).rejects.toThrow(/stands for two SQL texts/);
  });

  // PGlite's driver sends no named statements, so only PostgreSQL lists them.
  it.runIf(dbKind === 'postgres')(
    'plans a shape asked for per call on every call, even after it ran once named',
    async () => {
      const plans = await t.database.db.transaction(async (tx) => {
        const byId = (id: number, plan: Plan) =>
          runPrepared(
            tx,
            statementName('test_country_either_plan'),
            (bind: Bind) => {
              const bound = bind('id', id);
              return () => tx.select({ id: countries.id }).from(countries).where(eq(countries.id, bound));
            },
            { plan },
          );
        expect(await byId(105, 'once')).toEqual([{ id: 105 }]);
        expect(await byId(1, 'per-call')).toEqual([{ id: 1 }]);
        expect(await byId(2, 'per-call')).toEqual([{ id: 2 }]);
        // One transaction, one connection: its named statements are this session's.
        const { rows } = (await tx.execute(
          sql`SELECT (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements
            WHERE name = 'test_country_either_plan'`,
        )) as unknown as { rows: { runs: number }[] };
        return rows;
      });
      expect(plans).toEqual([{ runs: 1 }]);
    },
  );

  it('writes a literal into the text: an integer or a flag, nothing else', async () => {
    const db = t.database.db;
    const query = db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.id, literal(105)));
    expect(query.toSQL()).toMatchObject({ params: [] });
    expect(query.toSQL().sql).toContain('= 105');
    expect(await query).toEqual([{ id: 105 }]);
    expect(
      db
        .select({ on: sql`${literal(true)}` })
        .from(countries)
        .toSQL().sql,
    ).toMatch(/^select true /);
    expect(() => literal(1.5)).toThrow('not an integer');
    expect(() => literal(Number.NaN)).toThrow('not an integer');
    // A text that reached it through an untyped value is refused at run time, not written verbatim.
    expect(() => literal('x' as unknown as number)).toThrow('not an integer or a flag');
    // A word the code fixes: one of its allowed words, quoted; anything else throws.
    expect(
      db
        .select({ on: sql`${literalWord('open', ['open', 'wait'])}` })
        .from(countries)
        .toSQL().sql,
    ).toMatch(/^select 'open' /);
    expect(() => literalWord("x'; DROP TABLE patients; --", ['open'])).toThrow(
      'not one of the allowed words',
    );
    expect(() => literalWord('Open', ['Open'])).toThrow('not one of the allowed words');
  });

  it('writes an instant the code computes into the text as a timestamptz, and names it in minutes', async () => {
    const db = t.database.db;
    const at = new Date('2026-03-01T21:00:00.000Z');
    const query = sql`SELECT (${literalInstant(at)} = ${at})::int AS same`;
    expect(new PgDialect().sqlToQuery(query)).toMatchObject({
      sql: `SELECT ('2026-03-01T21:00:00.000Z'::timestamptz = $1)::int AS same`,
      params: [at],
    });
    const { rows } = (await db.execute(query)) as unknown as { rows: { same: number }[] };
    expect(rows).toEqual([{ same: 1 }]);
    expect(() => literalInstant(new Date(Number.NaN))).toThrow(RangeError);
    expect(instantName(at, new Date('2026-03-02T21:00:00.000Z'))).toBe(
      `${(29_539_980).toString(36)}_${(29_541_420).toString(36)}`,
    );
  });

  it('writes a day the code computes into the text as a date, and refuses anything else', async () => {
    const query = sql`SELECT (${literalDay('2026-03-01')} = ${'2026-03-01'}::date)::int AS same`;
    expect(new PgDialect().sqlToQuery(query).sql).toBe(`SELECT ('2026-03-01'::date = $1::date)::int AS same`);
    const { rows } = (await t.database.db.execute(query)) as unknown as { rows: { same: number }[] };
    expect(rows).toEqual([{ same: 1 }]);
    for (const notADay of ["2026-03-01'; DROP TABLE x; --", '2026-3-1', ''])
      expect(() => literalDay(notADay)).toThrow('not a day');
  });

  it('refuses a value bound while the query is built: later calls would not bind it', () => {
    const db = t.database.db;
    const byId = (id: number) =>
      runPrepared(
        db,
        statementName('test_country_bound_late'),
        (bind: Bind) => () =>
          db
            .select({ id: countries.id })
            .from(countries)
            .where(eq(countries.id, bind('id', id))),
      );
    expect(() => byId(105)).toThrow("'id' is bound while its query is built");
  });
});

describe('statementName', () => {
  it('derives a name from everything the text depends on, the same whatever order the parts are given in', () => {
    expect(
      statementName('queue_page', { list: 'patient', except: true, per: 25, deep: false, order: 'newest' }),
    ).toBe('queue_page_except_listpatient_ordernewest_per25');
    expect(statementName('queue_page', { per: 25, order: 'newest', list: 'patient', except: true })).toBe(
      statementName('queue_page', { list: 'patient', except: true, per: 25, order: 'newest' }),
    );
    // The table is part of an audited write's name: one write on two tables is two statements.
    expect(statementName('audited', { table: 'patients', write: 'insert' })).not.toBe(
      statementName('audited', { table: 'queue_entries', write: 'insert' }),
    );
    expect(statementName('exam_options')).toBe('exam_options');
  });

  it('keeps a long name within the 63 bytes PostgreSQL keeps, two long names apart by their hash', () => {
    const long = (table: string) => statementName('audited', { table, write: 'x'.repeat(60) });
    expect(long('patients')).toHaveLength(63);
    expect(long('patients')).toBe(long('patients'));
    expect(long('patients')).not.toBe(long('queue_entries'));
  });

  it('refuses a part that is not a plain name: nothing but letters, digits and underscores reaches SQL', () => {
    expect(() => statementName('page', { search: "x'; DROP TABLE patients; --" })).toThrow(
      'not a plain name',
    );
    expect(() => statementName('page-1')).toThrow('not a plain name');
  });
});

describe('runPreparedSql', () => {
  it('builds its statement once and binds each call’s own values, rows keyed by column name', async () => {
    const db = t.database.db;
    let builds = 0;
    const byId = (id: number) =>
      runPreparedSql(
        db,
        statementName('test_country_by_id_sql'),
        (value) => {
          builds++;
          return sql`SELECT ${countries.id} AS country_id FROM ${countries} WHERE ${eq(countries.id, value('id'))}`;
        },
        { id },
      );
    await unchecked(async () => {
      expect(await byId(105)).toEqual([{ country_id: 105 }]);
      expect(await byId(1)).toEqual([{ country_id: 1 }]);
      expect(await byId(100_000)).toEqual([]);
    });
    expect(builds).toBe(1);
  });

  it('builds it once for every handle: each transaction, a handle of its own, only prepares it', async () => {
    let builds = 0;
    const byId = (db: Db, id: number) =>
      runPreparedSql(
        db,
        statementName('test_country_in_transaction'),
        (value) => {
          builds++;
          return sql`SELECT ${countries.id} AS country_id FROM ${countries} WHERE ${eq(countries.id, value('id'))}`;
        },
        { id },
      );
    await unchecked(async () => {
      expect(await t.database.db.transaction((tx) => byId(tx, 105))).toEqual([{ country_id: 105 }]);
      expect(await t.database.db.transaction((tx) => byId(tx, 1))).toEqual([{ country_id: 1 }]);
    });
    expect(builds).toBe(1);
  });
});
