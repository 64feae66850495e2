ALTER TABLE "queue_status_events" ADD COLUMN "waited_from" timestamp with time zone;--> statement-breakpoint
-- Each opening already made: since when its patient had been waiting, from the event before it, as the dashboard
-- computed it on every call until now (docs/decisions.md). Before the index, so the update maintains none of it.
UPDATE "queue_status_events" o SET "waited_from" = h.waited_from
  FROM (SELECT "id", "action", GREATEST(lag("at") OVER w, COALESCE(lag("due_at") OVER w, lag("at") OVER w)) AS waited_from
          FROM "queue_status_events"
        WINDOW w AS (PARTITION BY "queue_id" ORDER BY "at", "id")) h
 WHERE o."id" = h."id" AND h."action" = 'open' AND h.waited_from IS NOT NULL;--> statement-breakpoint
CREATE INDEX "queue_status_events_openings_idx" ON "queue_status_events" USING btree ("org_id","at","waited_from") WHERE "queue_status_events"."action" = 'open' AND "queue_status_events"."waited_from" IS NOT NULL;
