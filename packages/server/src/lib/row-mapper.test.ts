import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { countries, users } from '../db/schema.ts';
import { drizzleRowMapping } from './drizzle-internals.ts';
import { rowMapper } from './row-mapper.ts';

const { mapResultRow, orderSelectedFields } = drizzleRowMapping;

const doctor = alias(users, 'doctor');
const fields = orderSelectedFields({
  id: countries.id,
  name: countries.name,
  count: sql<number>`count(*)`.mapWith(Number),
  label: sql<string>`'x'`.as('label'),
  // A left-joined table's object, and one that mixes tables (never nulled).
  doctor: { id: doctor.id, name: doctor.name, createdAt: doctor.createdAt },
  mixed: { id: doctor.id, country: countries.name },
  nested: { deeper: { prefix: countries.prefix } },
});

const rows: unknown[][] = [
  [1, 'Iraq', '3', 'x', 7, 'Dr. Salma', '2026-11-27 01:02:03.456+00', 7, 'Iraq', '+964'],
  [2, 'Jordan', '0', 'x', null, null, null, null, 'Jordan', '+962'],
  [3, null, null, null, null, 'a name, no id', null, null, null, null],
];

describe('rowMapper', () => {
  for (const [label, joins] of [
    ['the doctor may be missing (a left join)', { countries: true, doctor: false }],
    ['the doctor cannot be missing (an inner join)', { countries: true, doctor: true }],
    ['no joins', undefined],
  ] as const)
    it(`maps rows as drizzle's mapResultRow does: ${label}`, () => {
      const ours = rowMapper(fields, joins)(rows);
      const drizzles = rows.map((row) => mapResultRow(fields, row, joins));
      expect(ours).toEqual(drizzles);
      // Key order too: the answer's bytes follow it.
      expect(ours.map((row) => JSON.stringify(row))).toEqual(drizzles.map((row) => JSON.stringify(row)));
    });

  it('decodes each column as its type says and nulls a missing joined row', () => {
    const [first, second] = rowMapper(fields, { countries: true, doctor: false })(rows);
    expect(first).toMatchObject({
      count: 3,
      doctor: { id: 7, createdAt: new Date('2026-11-27T01:02:03.456Z') },
    });
    expect(second).toMatchObject({ count: 0, doctor: null, mixed: { id: null, country: 'Jordan' } });
  });
});
