ALTER TABLE "audit_log" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "outcome" text DEFAULT 'ok' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_org_patient_idx" ON "audit_log" USING btree ("org_id","patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_org_user_idx" ON "audit_log" USING btree ("org_id","user_id","created_at" DESC NULLS LAST);