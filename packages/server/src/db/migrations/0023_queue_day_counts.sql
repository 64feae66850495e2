CREATE TABLE "queue_day_counts" (
	"org_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer NOT NULL,
	"finished" integer NOT NULL,
	CONSTRAINT "queue_day_counts_org_id_day_pk" PRIMARY KEY("org_id","day")
);
--> statement-breakpoint
ALTER TABLE "queue_day_counts" ADD CONSTRAINT "queue_day_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each day's counts of a clinic's visits, kept by the triggers below (docs/decisions.md). A visit counts in its
-- day in the clinic's time zone: `visits` if not canceled (status 4), `finished` if finished (status 3). A row
-- exists exactly for a day with a visit not canceled: the table is a function of the visits.
CREATE FUNCTION queue_day_counts_add(org_ids integer[], dates timestamptz[], statuses smallint[], signs integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied_orgs integer[];
  emptied_days date[];
BEGIN
  -- Days in order, so two statements adding to the same days lock their rows in one order.
  WITH delta AS (
    SELECT c.org_id, (c.date AT TIME ZONE o.time_zone)::date AS day,
           coalesce(sum(c.sign) FILTER (WHERE c.status <> 4), 0)::int AS visits,
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
  -- A statement cannot change a row twice: the days left with no visit go in the next one.
  IF emptied_orgs IS NOT NULL THEN
    DELETE FROM "queue_day_counts" d USING unnest(emptied_orgs, emptied_days) AS z(org_id, day)
     WHERE d."org_id" = z.org_id AND d."day" = z.day AND d."visits" <= 0;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION queue_day_counts_recount(org integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "queue_day_counts" WHERE "org_id" = org;
  INSERT INTO "queue_day_counts" ("org_id", "day", "visits", "finished")
    SELECT q."org_id", (q."date" AT TIME ZONE o."time_zone")::date, count(*), count(*) FILTER (WHERE q."status" = 3)
      FROM "queue_entries" q JOIN "organizations" o ON o."id" = q."org_id"
     WHERE q."org_id" = org AND q."status" <> 4
     GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
-- One function for the three statement triggers, as queue_entries_keep_latest (migration 0017).
CREATE FUNCTION queue_entries_count_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org_ids integer[];
  dates timestamptz[];
  statuses smallint[];
  signs integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("org_id"), array_agg("date"), array_agg("status"), array_agg(1)
      INTO org_ids, dates, statuses, signs FROM new_entries WHERE "status" <> 4;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("org_id"), array_agg("date"), array_agg("status"), array_agg(-1)
      INTO org_ids, dates, statuses, signs FROM old_entries WHERE "status" <> 4;
  ELSE
    -- Only a new date, status or clinic moves a visit between counts: out of the old, into the new.
    SELECT array_agg(c.org_id), array_agg(c.date), array_agg(c.status), array_agg(c.sign)
      INTO org_ids, dates, statuses, signs
      FROM old_entries o JOIN new_entries n USING ("id")
     CROSS JOIN LATERAL (VALUES (o."org_id", o."date", o."status", -1), (n."org_id", n."date", n."status", 1))
           AS c(org_id, date, status, sign)
     WHERE o."date" <> n."date" OR o."status" <> n."status" OR o."org_id" <> n."org_id";
  END IF;
  IF org_ids IS NOT NULL THEN
    PERFORM queue_day_counts_add(org_ids, dates, statuses, signs);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER queue_entries_days_insert AFTER INSERT ON "queue_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION queue_entries_count_days();
--> statement-breakpoint
CREATE TRIGGER queue_entries_days_update AFTER UPDATE ON "queue_entries"
  REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION queue_entries_count_days();
--> statement-breakpoint
CREATE TRIGGER queue_entries_days_delete AFTER DELETE ON "queue_entries"
  REFERENCING OLD TABLE AS old_entries FOR EACH STATEMENT EXECUTE FUNCTION queue_entries_count_days();
--> statement-breakpoint
-- A clinic's days are its time zone's: a new zone recounts them (no screen changes the zone; an operator might).
CREATE FUNCTION organizations_recount_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM queue_day_counts_recount(NEW."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_time_zone_recount AFTER UPDATE OF "time_zone" ON "organizations"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone") EXECUTE FUNCTION organizations_recount_days();
--> statement-breakpoint
SELECT queue_day_counts_recount("id") FROM "organizations";
