import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { countries, users } from '../db/schema.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import {
  CHECKED_DRIZZLE,
  decoderOf,
  drizzleRowMapping,
  identityDecoders,
  mapRowsWith,
  prepareSql,
  type OrderedField,
} from './drizzle-internals.ts';

// Each private piece of drizzle the query layer uses, exercised against the installed drizzle: an upgrade that moves
// one fails here, not as wrong rows in a list page.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("drizzle's private API, as the query layer uses it", () => {
  it('is checked against the installed drizzle: an upgrade fails here until this file is checked again', () => {
    const entry = createRequire(import.meta.url).resolve('drizzle-orm');
    const installed = JSON.parse(readFileSync(path.join(path.dirname(entry), 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(installed.version).toBe(CHECKED_DRIZZLE);
  });

  it("gives a prepared select's ordered fields and joins to a mapper of our own, whose rows it answers", async () => {
    const db = t.database.db;
    const doctor = alias(users, 'doctor');
    const prepared = db
      .select({ id: countries.id, doctor: { id: doctor.id } })
      .from(countries)
      .leftJoin(doctor, sql`false`)
      .where(eq(countries.id, sql.placeholder('id')))
      .prepare('test_internals_mapped');
    let seen: { fields: OrderedField[]; joins: Record<string, boolean> | undefined } | undefined;
    mapRowsWith(prepared, (fields, joins) => {
      seen = { fields, joins };
      return (rows) => rows.map((row) => ({ mapped: row }));
    });
    expect(seen?.fields.map((f) => f.path)).toEqual([['id'], ['doctor', 'id']]);
    expect(seen?.fields[0]?.field).toBe(countries.id);
    expect(seen?.joins).toEqual({ countries: true, doctor: false });
    expect(await prepared.execute({ id: 105 })).toEqual([{ mapped: [105, null] }]);
  });

  it('prepares raw SQL under a name and answers the driver’s rows', async () => {
    const query = new PgDialect().sqlToQuery(sql`SELECT ${sql.placeholder('n')}::int + 1 AS next`);
    const prepared = prepareSql(t.database.db, query, 'test_internals_sql');
    const { rows } = (await prepared.execute({ n: 41 })) as { rows: unknown[] };
    expect(rows).toEqual([{ next: 42 }]);
  });

  it("reads the decoder of a column, an expression, an aliased expression and a subquery's", () => {
    expect(decoderOf(countries.id)).toBe(countries.id);
    expect(decoderOf(sql`count(*)`.mapWith(Number)).mapFromDriverValue('3')).toBe(3);
    expect(decoderOf(sql<number>`1`.mapWith(Number).as('one')).mapFromDriverValue('1')).toBe(1);
    const sub = t.database.db
      .select({ n: sql`1`.mapWith(Number).as('n') })
      .from(countries)
      .as('sub');
    expect(decoderOf(sub).mapFromDriverValue).toBeTypeOf('function');
    expect(identityDecoders.has(decoderOf(sql`x`).mapFromDriverValue)).toBe(true);
    expect(identityDecoders.has(decoderOf(countries.name).mapFromDriverValue)).toBe(true);
  });

  it('orders and maps fields with drizzle’s own functions, which row-mapper.test.ts compares ours with', () => {
    const fields = drizzleRowMapping.orderSelectedFields({ id: countries.id, n: sql`1`.mapWith(Number) });
    expect(fields.map((f) => f.path)).toEqual([['id'], ['n']]);
    expect(drizzleRowMapping.mapResultRow(fields, [1, '2'])).toEqual({ id: 1, n: 2 });
  });
});
