DROP INDEX "patients_org_created_idx";--> statement-breakpoint
CREATE INDEX "patients_org_live_created_idx" ON "patients" USING btree ("org_id","created_at") WHERE "patients"."deleted_at" IS NULL;