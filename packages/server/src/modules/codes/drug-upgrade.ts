import { isNull, sql } from 'drizzle-orm';
import { sameOrg } from '../../lib/tenant.ts';
import { ingredientsOfName } from '@basira/shared/prescribing/prescription-facts';
import type { Db } from '../../db/client.ts';
import { drugs, organizations } from '../../db/schema.ts';
import { DRUG_SEEDS, type DrugSeed } from './drug-seeds.ts';

/** A seed as the `drugs` table stores it. */
export const seedColumns = (seed: DrugSeed) => ({
  name: seed.name,
  nameAr: seed.nameAr,
  brands: [...seed.brands],
  layNames: [...seed.layNames],
  form: seed.form,
  drugClass: seed.class,
  ingredients: seed.ingredients.map((i) => ({ ...i })),
  preservative: seed.preservative,
  defaultDose: seed.dose,
  defaultDoseUnit: seed.doseUnit,
  defaultFrequency: seed.frequency,
});

const SEEDS_BY_NAME = new Map(DRUG_SEEDS.map((seed) => [seed.name, seed]));

/** The seeds as one JSON parameter (`jsonb_to_recordset`): one statement adds what every organization lacks. */
const SEEDS_JSON = JSON.stringify(
  DRUG_SEEDS.map((seed, order) => {
    const row = seedColumns(seed);
    return {
      order,
      name: row.name,
      name_ar: row.nameAr,
      brands: row.brands,
      lay_names: row.layNames,
      form: row.form,
      drug_class: row.drugClass,
      ingredients: row.ingredients,
      preservative: row.preservative,
      default_dose: row.defaultDose,
      default_dose_unit: row.defaultDoseUnit,
      default_frequency: row.defaultFrequency,
    };
  }),
);

/** Rows filled per statement: a first start after the upgrade reads every old organization's hundred drugs. */
const FILL_BATCH = 500;

/**
 * At start: every organization's formulary brought up to the seeds, idempotent, and two cheap statements when there
 * is nothing to do.
 *
 * 1. The seeds an organization lacks by name are added: a new organization's whole list, a clinic made before the
 *    formulary existed the same way, and an older clinic the drugs added since its list was made. A drug a clinic
 *    removed stays a row (hidden), so it is not added again; one it renamed is (the name is all a seed is known by).
 * 2. Drugs whose `ingredients` were never read (null: rows made before drugs had ingredients) get them: a drug named
 *    as a seed takes the seed's ingredients, and its Arabic name, lay names and preservative where the clinic has
 *    none; a clinic's own drug takes what its name names (`Timolol 0.5%` → timolol 0.5 %), or an empty list, which
 *    the options screen shows as "not checked". A list a clinic saved, even an empty one, is never overwritten.
 */
export async function upgradeDrugs(db: Db): Promise<void> {
  // Every organization at once (one statement); `drugs_org_name_idx` answers each NOT EXISTS.
  await db.execute(sql`
    INSERT INTO ${drugs} (org_id, name, name_ar, brands, lay_names, form, drug_class, ingredients, preservative,
                          default_dose, default_dose_unit, default_frequency)
    SELECT o.id, s.name, s.name_ar, s.brands, s.lay_names, s.form, s.drug_class, s.ingredients, s.preservative,
           s.default_dose, s.default_dose_unit, s.default_frequency
      FROM ${organizations} o
     CROSS JOIN jsonb_to_recordset(${SEEDS_JSON}::jsonb) AS s("order" int, name text, name_ar text, brands text[],
             lay_names text[], form text, drug_class text, ingredients jsonb, preservative text,
             default_dose double precision, default_dose_unit text, default_frequency jsonb)
     WHERE NOT EXISTS (SELECT 1 FROM ${drugs} d WHERE ${sameOrg('d', sql`o.id`)} AND d.name = s.name)
     ORDER BY o.id, s."order"`);

  // The partial index `drugs_ingredients_unread_idx` holds only these rows: empty once they are read.
  // eslint-disable-next-line basira/org-scoped-query -- every organization's unread rows, at start
  const unread = await db
    .select({ id: drugs.id, orgId: drugs.orgId, name: drugs.name })
    .from(drugs)
    .where(isNull(drugs.ingredients));
  // What a row lacks is decided by the UPDATE on the row as it is then, not as it was read: another process's
  // upgrade, or a write between this read and that statement, is never overwritten with a value read before it.
  const fills = unread.map((row) => {
    const seed = SEEDS_BY_NAME.get(row.name);
    if (!seed) return { id: row.id, org_id: row.orgId, ingredients: ingredientsOfName(row.name) ?? [] };
    return {
      id: row.id,
      org_id: row.orgId,
      ingredients: seed.ingredients,
      name_ar: seed.nameAr,
      lay_names: seed.layNames,
      preservative: seed.preservative,
    };
  });
  for (let start = 0; start < fills.length; start += FILL_BATCH) {
    const batch = JSON.stringify(fills.slice(start, start + FILL_BATCH));
    // Scoped by each row's own organization; still null: a clinic's save in between wins.
    await db.execute(sql`
      UPDATE ${drugs} d
         SET ingredients = u.ingredients,
             name_ar = CASE WHEN d.name_ar = '' THEN COALESCE(u.name_ar, '') ELSE d.name_ar END,
             lay_names = CASE WHEN cardinality(d.lay_names) = 0 THEN COALESCE(u.lay_names, d.lay_names)
                              ELSE d.lay_names END,
             preservative = COALESCE(d.preservative, u.preservative)
        FROM jsonb_to_recordset(${batch}::jsonb) AS u(id int, org_id int, ingredients jsonb, name_ar text,
             lay_names text[], preservative text)
       WHERE d.id = u.id AND ${sameOrg('d', sql`u.org_id`)} AND d.ingredients IS NULL`);
  }
}
