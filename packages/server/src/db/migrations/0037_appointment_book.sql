CREATE TABLE "appointment_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"closed_weekdays" smallint[] DEFAULT '{5}'::smallint[] NOT NULL,
	"slot_minutes" jsonb NOT NULL,
	"default_slot_minutes" smallint DEFAULT 15 NOT NULL,
	"no_show_after_minutes" smallint DEFAULT 120 NOT NULL,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"reminder_text_ar" text NOT NULL,
	"reminder_text_en" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_moves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"from_start" timestamp with time zone NOT NULL,
	"from_minutes" smallint,
	"from_doctor_id" integer,
	"to_start" timestamp with time zone NOT NULL,
	"to_minutes" smallint,
	"to_doctor_id" integer,
	"moved_by" integer,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_closures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clinic_closures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'closure' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_hours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "doctor_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"week" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_entries" DROP CONSTRAINT "queue_entries_status_ck";--> statement-breakpoint
ALTER TABLE "queue_entries" ALTER COLUMN "ticket_day" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_entries" ALTER COLUMN "ticket_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "slot_minutes" smallint;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "overbooked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "booking_reply" text;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "booking_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_settings" ADD CONSTRAINT "appointment_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_queue_id_queue_entries_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_closures" ADD CONSTRAINT "clinic_closures_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_hours" ADD CONSTRAINT "doctor_hours_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_hours" ADD CONSTRAINT "doctor_hours_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_moves_queue_idx" ON "booking_moves" USING btree ("org_id","queue_id","moved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_closures_day_uq" ON "clinic_closures" USING btree ("org_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_hours_doctor_uq" ON "doctor_hours" USING btree ("org_id","doctor_id");--> statement-breakpoint
CREATE INDEX "queue_entries_book_idx" ON "queue_entries" USING btree ("org_id","doctor_id","date") WHERE "queue_entries"."slot_minutes" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "queue_entries_booked_idx" ON "queue_entries" USING btree ("org_id","date") WHERE "queue_entries"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_messages_booking_uq" ON "telegram_messages" USING btree ("org_id","queue_id","recall_day") WHERE "telegram_messages"."kind" = 'booking';--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_ticket_ck" CHECK ("queue_entries"."status" IN (0, 4, 5) OR ("queue_entries"."ticket_day" IS NOT NULL AND "queue_entries"."ticket_number" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_status_ck" CHECK ("queue_entries"."status" BETWEEN 0 AND 5);--> statement-breakpoint
-- Written by hand (drizzle cannot express it). A day's counts are of visits that happened or are happening:
-- Waiting, WithDoctor, Finished (1–3). A booking or recall not yet arrived (0) and a no-show (5) are not visits of
-- the dashboard's chart, as a canceled one (4) never was.
CREATE OR REPLACE FUNCTION queue_day_counts_add(org_ids integer[], dates timestamptz[], statuses smallint[], signs integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied_orgs integer[];
  emptied_days date[];
BEGIN
  WITH delta AS (
    SELECT c.org_id, (c.date AT TIME ZONE o.time_zone)::date AS day,
           coalesce(sum(c.sign) FILTER (WHERE c.status BETWEEN 1 AND 3), 0)::int AS visits,
           coalesce(sum(c.sign) FILTER (WHERE c.status = 3), 0)::int AS finished
      FROM unnest(org_ids, dates, statuses, signs) AS c(org_id, date, status, sign)
      JOIN "organizations" o ON o.id = c.org_id
     GROUP BY 1, 2),
  upserted AS (
    INSERT INTO "queue_day_counts" AS t ("org_id", "day", "visits", "finished")
    SELECT org_id, day, visits, finished FROM delta WHERE visits <> 0 OR finished <> 0 ORDER BY org_id, day
    ON CONFLICT ("org_id", "day") DO UPDATE
      SET "visits" = t."visits" + excluded."visits", "finished" = t."finished" + excluded."finished"
    RETURNING t."org_id", t."day", t."visits")
  SELECT array_agg(org_id), array_agg(day) INTO emptied_orgs, emptied_days FROM upserted WHERE visits <= 0;
  IF emptied_orgs IS NOT NULL THEN
    DELETE FROM "queue_day_counts" d USING unnest(emptied_orgs, emptied_days) AS z(org_id, day)
     WHERE d."org_id" = z.org_id AND d."day" = z.day AND d."visits" <= 0;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION queue_day_counts_recount(org integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "queue_day_counts" WHERE "org_id" = org;
  INSERT INTO "queue_day_counts" ("org_id", "day", "visits", "finished")
    SELECT q."org_id", (q."date" AT TIME ZONE o."time_zone")::date, count(*), count(*) FILTER (WHERE q."status" = 3)
      FROM "queue_entries" q JOIN "organizations" o ON o."id" = q."org_id"
     WHERE q."org_id" = org AND q."status" BETWEEN 1 AND 3
     GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
-- The upgrade: a visit queued for a later day was a booking all along, and a recall due on an earlier day that is
-- still Waiting never arrived. Both become Booked (0), without the ticket they were given ahead of time; a booking
-- takes its reasons' default slot length (the longest; shared DEFAULT_SLOT_MINUTES) so that it shows in the book
-- at its time, a recall stays without a slot (due on its day). Today's Waiting are in the building and stay.
UPDATE "queue_entries" q
   SET "status" = 0, "ticket_day" = NULL, "ticket_number" = NULL,
       "slot_minutes" = CASE WHEN q."is_rewaiting" THEN NULL ELSE coalesce((
         SELECT max(CASE r WHEN 'Lasik' THEN 45 WHEN 'Biometry' THEN 20 WHEN 'FollowUp' THEN 10 ELSE 15 END)
           FROM unnest(q."exam_types") AS r), 15) END
  FROM "organizations" o
 WHERE o."id" = q."org_id" AND q."status" = 1
   AND ((q."date" AT TIME ZONE o."time_zone")::date > (now() AT TIME ZONE o."time_zone")::date
        OR (q."is_rewaiting" AND (q."date" AT TIME ZONE o."time_zone")::date < (now() AT TIME ZONE o."time_zone")::date));
--> statement-breakpoint
SELECT queue_day_counts_recount("id") FROM "organizations";
