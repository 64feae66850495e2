CREATE INDEX "audit_log_org_action_idx" ON "audit_log" USING btree ("org_id","action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_org_entity_idx" ON "audit_log" USING btree ("org_id","entity","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_org_outcome_idx" ON "audit_log" USING btree ("org_id","outcome","created_at" DESC NULLS LAST);