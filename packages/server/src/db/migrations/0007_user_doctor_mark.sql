ALTER TABLE "users" ADD COLUMN "is_doctor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Before the mark, anyone holding `open board` could be chosen as a visit's doctor: they stay doctors.
UPDATE "users" SET "is_doctor" = true WHERE "id" IN (SELECT ur."user_id" FROM "user_roles" ur JOIN "role_permissions" rp ON rp."role_id" = ur."role_id" WHERE rp."permission" = 'open board');
