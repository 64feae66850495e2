CREATE INDEX "patients_name_words_idx" ON "patients" USING gin (string_to_array("name_norm", ' '));
--> statement-breakpoint
-- The search now finds a name's words through the lexicon (name-words.ts, `expandWords`): a word missing from it
-- would hide the names that hold it. Every write of a name adds its words; this closes any gap left before.
INSERT INTO "patient_name_words" ("org_id", "word")
  SELECT DISTINCT "org_id", w FROM "patients", unnest(string_to_array("name_norm", ' ')) AS w
  WHERE length(w) >= 2
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The statistics of the new index's expression (how common each word is), which plan the search's stage.
ANALYZE "patients";
