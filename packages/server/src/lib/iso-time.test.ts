import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { isoOf, isoTime } from './iso-time.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('isoTime', () => {
  it('reads a timestamp as the same text as Date#toISOString (microseconds cut, any session time zone)', async () => {
    const stored = [
      '2026-03-01 09:00:00+03',
      '2026-02-28 23:59:59.999999+00',
      '2028-02-29 12:30:00.0005-05',
      '2026-12-31 21:00:00.123456-03:30',
    ];
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL TIME ZONE 'America/St_Johns'`);
      for (const text of stored) {
        const time = sql`${text}::timestamptz`;
        const result = (await tx.execute(
          sql`SELECT ${isoTime(time)} AS iso, ${time}::text AS raw`,
        )) as unknown as {
          rows: { iso: string; raw: string }[];
        };
        const [row] = result.rows;
        // What drizzle would have made of the stored value: a Date (to the millisecond), then formatted.
        expect(row!.raw).toMatch(/-0[23]:30$/);
        expect(row!.iso).toBe(isoOf(new Date(row!.raw.replace(' ', 'T'))));
      }
    });
    expect(
      (
        (await t.database.db.execute(
          sql`SELECT ${isoTime<string | null>(sql`NULL::timestamptz`)} AS iso`,
        )) as unknown as {
          rows: { iso: string | null }[];
        }
      ).rows[0]!.iso,
    ).toBeNull();
  });
});
