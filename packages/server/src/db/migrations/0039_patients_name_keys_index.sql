DROP INDEX "patients_name_words_idx";--> statement-breakpoint
CREATE INDEX "patients_name_keys_idx" ON "patients" USING gin (string_to_array("org_id"::text || ':' || replace("name_norm", ' ', ' ' || "org_id"::text || ':'), ' '));
--> statement-breakpoint
-- The statistics of the new index's expression (how common each word is in each clinic), which plan the search's
-- "contains" stage.
ANALYZE "patients";
