DROP INDEX "queue_entries_date_idx";--> statement-breakpoint
CREATE INDEX "queue_entries_date_status_idx" ON "queue_entries" USING btree ("org_id","date","status");