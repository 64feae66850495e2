// Fills the benchmark organization with generated patients, in large INSERT … SELECT generate_series batches
// (the name parts travel as array literals), with the search indexes dropped during the load and rebuilt after.
import { sql } from 'drizzle-orm';
import { normalizeName } from '@basira/shared/search/arabic-normalize';
import type { Db } from '@basira/server/src/db/client.ts';
import { rowsOf } from '../shared/bench-app.ts';
import {
  arabicFamily,
  arabicFemale,
  arabicMale,
  latinFamily,
  latinFemale,
  latinMale,
  mobilePrefixes,
} from './names.ts';

const BATCH = 100_000;
const KEEP_INDEXES = ['patients_pkey', 'patients_org_file_number_uq'];

const literal = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;

/** A skewed pick (early entries more often): 1-based index into a list of n. */
const skewed = (random: string, n: number, power: number) =>
  `(1 + floor(power(${random}, ${power}) * ${n}))::int`;

function batchSql(orgId: number, from: number, to: number): string {
  const lists = {
    am: arabicMale,
    af: arabicFemale,
    afam: arabicFamily,
    lm: latinMale,
    lf: latinFemale,
    lfam: latinFamily,
  };
  const arrays = Object.entries(lists)
    .map(([k, v]) => `${literal(v)} AS ${k}, ${literal(v.map(normalizeName))} AS ${k}_n`)
    .join(',\n      ');
  const part = (suffix: '' | '_n') => `
      (CASE WHEN ar AND male THEN am${suffix}[i_am] WHEN ar THEN af${suffix}[i_af]
            WHEN male THEN lm${suffix}[i_lm] ELSE lf${suffix}[i_lf] END)
      || ' ' || (CASE WHEN ar THEN am${suffix}[j_am] ELSE lm${suffix}[j_lm] END)
      || ' ' || (CASE WHEN ar THEN afam${suffix}[k_afam] ELSE lfam${suffix}[k_lfam] END)`;
  return `
    WITH lists AS (SELECT
      ${arrays},
      ${literal(mobilePrefixes)} AS prefixes),
    picks AS (
      SELECT g, random() < 0.7 AS ar, random() < 0.55 AS male,
             random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6,
             random() AS r7, random() AS r8
      FROM generate_series(${from}, ${to}) g),
    idx AS (
      SELECT g, ar, male, r4, r5, r6, r7, r8,
        ${skewed('r1', arabicMale.length, 2.5)} AS i_am, ${skewed('r1', arabicFemale.length, 2.5)} AS i_af,
        ${skewed('r1', latinMale.length, 2.5)} AS i_lm, ${skewed('r1', latinFemale.length, 2.5)} AS i_lf,
        ${skewed('r2', arabicMale.length, 2)} AS j_am, ${skewed('r2', latinMale.length, 2)} AS j_lm,
        ${skewed('r3', arabicFamily.length, 1.6)} AS k_afam, ${skewed('r3', latinFamily.length, 1.6)} AS k_lfam
      FROM picks),
    rows AS (
      SELECT g, male, r6, r7, r8, ${part('')} AS name, ${part('_n')} AS name_norm,
             prefixes[1 + floor(r4 * ${mobilePrefixes.length})::int] || lpad(floor(r5 * 10000000)::int::text, 7, '0') AS national
      FROM idx, lists)
    INSERT INTO patients (org_id, file_number, name, name_norm, country_id, phone, phone_national,
                          birth_date, is_male, alerts, last_queue_at, created_at, updated_at)
    SELECT ${orgId}, g, name, name_norm, 105, '+964' || national, national,
           date '1940-01-01' + floor(r6 * 31000)::int, male, '{}'::jsonb,
           CASE WHEN r7 < 0.6 THEN now() - r7 * interval '1500 days' END,
           now() - r8 * interval '3000 days', now()
    FROM rows`;
}

/** Brings the organization to `target` patients; returns how many it has. Reruns reuse what is there. */
export async function ensurePatients(db: Db, orgId: number, target: number, log: (line: string) => void) {
  const count = async () =>
    Number(
      rowsOf<{ n: string }>(
        await db.execute(sql`SELECT count(*) AS n FROM patients WHERE org_id = ${orgId}`),
      )[0]!.n,
    );
  const have = await count();
  if (have >= target) return have;

  const started = Date.now();
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'patients'`),
  ).filter((i) => !KEEP_INDEXES.includes(i.indexname));
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${index.indexname}"`));

  const maxFile = Number(
    rowsOf<{ m: string | null }>(
      await db.execute(sql`SELECT max(file_number) AS m FROM patients WHERE org_id = ${orgId}`),
    )[0]!.m ?? 0,
  );
  for (let from = maxFile + 1, left = target - have; left > 0;) {
    const n = Math.min(BATCH, left);
    await db.execute(sql.raw(batchSql(orgId, from, from + n - 1)));
    from += n;
    left -= n;
    log(`  inserted ${target - left} / ${target} patients (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  for (const index of indexes) {
    const t0 = Date.now();
    await db.execute(sql.raw(index.indexdef));
    log(`  index ${index.indexname}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  await db.execute(sql`
    INSERT INTO patient_name_words (org_id, word)
    SELECT DISTINCT ${orgId}::int, w FROM patients, unnest(string_to_array(name_norm, ' ')) AS w
    WHERE org_id = ${orgId} AND length(w) >= 2
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO org_counters (org_id, name, value)
    SELECT ${orgId}::int, 'patient_file_number', max(file_number) FROM patients WHERE org_id = ${orgId}
    ON CONFLICT (org_id, name) DO UPDATE SET value = excluded.value`);
  // VACUUM too: the first reads after a bulk insert set hint bits and would be measured instead of the search.
  await db.execute(sql`VACUUM ANALYZE patients`);
  await db.execute(sql`VACUUM ANALYZE patient_name_words`);
  log(`  generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return count();
}
