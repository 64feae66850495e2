import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import type { Country } from '@basira/shared/countries/countries.schemas';
import type { Db } from '../../db/client.ts';
import { countries } from '../../db/schema.ts';
import { packageRoot } from '../../lib/paths.ts';

/** Inserts the ISO country list (src/db/countries.json, made by scripts/generate-countries.ts) when missing. */
export async function seedCountries(db: Db): Promise<void> {
  const rows = JSON.parse(readFileSync(path.join(packageRoot, 'src/db/countries.json'), 'utf8')) as Country[];
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(countries);
  if (existing && existing.n >= rows.length) return;
  await db.insert(countries).values(rows).onConflictDoNothing();
}

export function listCountries(db: Db): Promise<Country[]> {
  return db.select().from(countries).orderBy(asc(countries.id));
}
