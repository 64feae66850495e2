DROP INDEX "charges_owed_idx";--> statement-breakpoint
CREATE INDEX "charges_owed_cover_idx" ON "charges" USING btree ("org_id","patient_id","currency","balance","day") WHERE "charges"."balance" > 0;