CREATE TABLE "patient_day_counts" (
	"org_id" integer NOT NULL,
	"day" date NOT NULL,
	"registered" integer NOT NULL,
	CONSTRAINT "patient_day_counts_org_id_day_pk" PRIMARY KEY("org_id","day")
);
--> statement-breakpoint
DROP INDEX "patients_org_live_created_idx";--> statement-breakpoint
ALTER TABLE "patient_day_counts" ADD CONSTRAINT "patient_day_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each day's count of a clinic's patients registered and not deleted, kept by the triggers below
-- (docs/decisions.md), as migration 0023 keeps the visits' days. A patient counts in the day of its `created_at` in
-- the clinic's time zone. A row exists exactly for a day with such a patient: the table is a function of the patients.
CREATE FUNCTION patient_day_counts_add(org_ids integer[], times timestamptz[], signs integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied_orgs integer[];
  emptied_days date[];
BEGIN
  -- Days in order, so two statements adding to the same days lock their rows in one order.
  WITH delta AS (
    SELECT c.org_id, (c.at AT TIME ZONE o.time_zone)::date AS day, sum(c.sign)::int AS registered
      FROM unnest(org_ids, times, signs) AS c(org_id, at, sign)
      JOIN "organizations" o ON o.id = c.org_id
     GROUP BY 1, 2),
  upserted AS (
    INSERT INTO "patient_day_counts" AS t ("org_id", "day", "registered")
    SELECT org_id, day, registered FROM delta WHERE registered <> 0 ORDER BY org_id, day
    ON CONFLICT ("org_id", "day") DO UPDATE SET "registered" = t."registered" + excluded."registered"
    RETURNING t."org_id", t."day", t."registered")
  SELECT array_agg(org_id), array_agg(day) INTO emptied_orgs, emptied_days FROM upserted WHERE registered <= 0;
  -- A statement cannot change a row twice: the days left with no patient go in the next one.
  IF emptied_orgs IS NOT NULL THEN
    DELETE FROM "patient_day_counts" d USING unnest(emptied_orgs, emptied_days) AS z(org_id, day)
     WHERE d."org_id" = z.org_id AND d."day" = z.day AND d."registered" <= 0;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION patient_day_counts_recount(org integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "patient_day_counts" WHERE "org_id" = org;
  INSERT INTO "patient_day_counts" ("org_id", "day", "registered")
    SELECT p."org_id", (p."created_at" AT TIME ZONE o."time_zone")::date, count(*)
      FROM "patients" p JOIN "organizations" o ON o."id" = p."org_id"
     WHERE p."org_id" = org AND p."deleted_at" IS NULL
     GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
-- Registrations and removals by statement (an import inserts thousands at once).
CREATE FUNCTION patients_count_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org_ids integer[];
  times timestamptz[];
  signs integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("org_id"), array_agg("created_at"), array_agg(1)
      INTO org_ids, times, signs FROM new_patients WHERE "deleted_at" IS NULL;
  ELSE
    SELECT array_agg("org_id"), array_agg("created_at"), array_agg(-1)
      INTO org_ids, times, signs FROM old_patients WHERE "deleted_at" IS NULL;
  END IF;
  IF org_ids IS NOT NULL THEN
    PERFORM patient_day_counts_add(org_ids, times, signs);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER patients_days_insert AFTER INSERT ON "patients"
  REFERENCING NEW TABLE AS new_patients FOR EACH STATEMENT EXECUTE FUNCTION patients_count_days();
--> statement-breakpoint
CREATE TRIGGER patients_days_delete AFTER DELETE ON "patients"
  REFERENCING OLD TABLE AS old_patients FOR EACH STATEMENT EXECUTE FUNCTION patients_count_days();
--> statement-breakpoint
-- A deletion, a restore, or a moved registration: by row, filtered before any function runs. A statement trigger
-- would run on every update of a patient, and each visit queued updates its patient's latest entry (migration 0017).
CREATE FUNCTION patients_recount_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_day_counts_add(
    ARRAY[OLD."org_id", NEW."org_id"],
    ARRAY[OLD."created_at", NEW."created_at"],
    ARRAY[CASE WHEN OLD."deleted_at" IS NULL THEN -1 ELSE 0 END, CASE WHEN NEW."deleted_at" IS NULL THEN 1 ELSE 0 END]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER patients_days_update AFTER UPDATE OF "org_id", "created_at", "deleted_at" ON "patients"
  FOR EACH ROW WHEN (
    (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL)
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."org_id" <> NEW."org_id")
  EXECUTE FUNCTION patients_recount_day();
--> statement-breakpoint
-- A clinic's new time zone recounts its patients' days as well as its visits' (migration 0023's trigger).
CREATE OR REPLACE FUNCTION organizations_recount_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM queue_day_counts_recount(NEW."id");
  PERFORM patient_day_counts_recount(NEW."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
SELECT patient_day_counts_recount("id") FROM "organizations";
