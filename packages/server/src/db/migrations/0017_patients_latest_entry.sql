ALTER TABLE "patients" ADD COLUMN "latest_entry_id" integer;
--> statement-breakpoint
-- Each patient's latest visit (by date, then id, whatever its status), kept as visits are made, re-dated, moved by
-- a merge or deleted. The queue screen's "each patient's latest" reads it (docs/decisions.md).
UPDATE "patients" p SET "latest_entry_id" = l."id"
  FROM (SELECT DISTINCT ON ("patient_id") "patient_id", "id" FROM "queue_entries"
        ORDER BY "patient_id", "date" DESC, "id" DESC) l
  WHERE p."id" = l."patient_id";
--> statement-breakpoint
-- Made after the fill, which would otherwise update it a row at a time.
CREATE INDEX "patients_latest_entry_idx" ON "patients" USING btree ("latest_entry_id") WHERE "patients"."deleted_at" IS NULL;
--> statement-breakpoint
CREATE FUNCTION patients_refresh_latest_entry(patient_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(patient_ids) = 0 THEN
    RETURN;
  END IF;
  -- The patients are locked first, in id order, and their visits read by the next statement, whose snapshot is
  -- taken after the wait: it sees a visit another transaction committed meanwhile. (An UPDATE that waits for a row
  -- re-reads the row, not its subquery: two visits made at once could each leave the other out.)
  PERFORM 1 FROM "patients" WHERE "id" = ANY (patient_ids) ORDER BY "id" FOR NO KEY UPDATE;
  -- Written only where it changes: a patient row written is a new version in each of the table's indexes.
  UPDATE "patients" p SET "latest_entry_id" = l."id"
    FROM (SELECT o."id" AS "patient_id", (
            SELECT q."id" FROM "queue_entries" q WHERE q."org_id" = o."org_id" AND q."patient_id" = o."id"
            ORDER BY q."date" DESC, q."id" DESC LIMIT 1) AS "id"
          FROM "patients" o WHERE o."id" = ANY (patient_ids)) l
    WHERE p."id" = l."patient_id" AND p."latest_entry_id" IS DISTINCT FROM l."id";
END;
$$;
--> statement-breakpoint
-- One function for the three statement triggers: a trigger with transition tables has one event.
CREATE FUNCTION queue_entries_keep_latest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM patients_refresh_latest_entry(ARRAY(SELECT DISTINCT "patient_id" FROM new_entries));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM patients_refresh_latest_entry(ARRAY(SELECT DISTINCT "patient_id" FROM old_entries));
  ELSE
    -- Only a new date or patient changes who is latest; a status change (most updates) costs this join alone.
    PERFORM patients_refresh_latest_entry(ARRAY(
      SELECT DISTINCT unnest(ARRAY[o."patient_id", n."patient_id"])
        FROM old_entries o JOIN new_entries n USING ("id")
        WHERE o."date" <> n."date" OR o."patient_id" <> n."patient_id"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER queue_entries_latest_insert AFTER INSERT ON "queue_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION queue_entries_keep_latest();
--> statement-breakpoint
CREATE TRIGGER queue_entries_latest_update AFTER UPDATE ON "queue_entries"
  REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION queue_entries_keep_latest();
--> statement-breakpoint
CREATE TRIGGER queue_entries_latest_delete AFTER DELETE ON "queue_entries"
  REFERENCING OLD TABLE AS old_entries FOR EACH STATEMENT EXECUTE FUNCTION queue_entries_keep_latest();
