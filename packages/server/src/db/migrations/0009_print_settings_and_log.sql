CREATE TABLE "print_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"version" integer,
	"paper_size" text NOT NULL,
	"reprint_of_id" integer,
	"snapshot" jsonb,
	"summary" text DEFAULT '' NOT NULL,
	"printed_by" integer,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text,
	"optometrist" text DEFAULT '' NOT NULL,
	"specialist" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#000000' NOT NULL,
	"header" text DEFAULT '' NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"paper_size" text DEFAULT 'A5' NOT NULL,
	"zero_as" text DEFAULT 'plano' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_log" ADD CONSTRAINT "print_log_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_log" ADD CONSTRAINT "print_log_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_settings" ADD CONSTRAINT "print_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_log_patient_idx" ON "print_log" USING btree ("org_id","patient_id","kind","printed_at");--> statement-breakpoint
CREATE INDEX "print_log_record_idx" ON "print_log" USING btree ("org_id","kind","record_id");--> statement-breakpoint
CREATE INDEX "print_settings_org_idx" ON "print_settings" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "print_settings_default_uq" ON "print_settings" USING btree ("org_id") WHERE "print_settings"."is_default";