CREATE TABLE "iol_lens_constant_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "iol_lens_constant_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"lens_id" integer NOT NULL,
	"constant" text NOT NULL,
	"value" double precision NOT NULL,
	"source" text NOT NULL,
	"source_date" date,
	"replaced_with" double precision,
	"eyes" integer,
	"replaced_by" integer,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iol_lenses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "iol_lenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"model" text NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"constants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iol_lenses_id_org_uq" UNIQUE("id","org_id")
);
--> statement-breakpoint
CREATE TABLE "operation_outcomes" (
	"org_id" integer NOT NULL,
	"operation_id" integer NOT NULL,
	"spectacles_id" integer NOT NULL,
	"chosen_by" integer,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_outcomes_org_id_operation_id_pk" PRIMARY KEY("org_id","operation_id")
);
--> statement-breakpoint
CREATE TABLE "outcome_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"minimum_eyes" integer DEFAULT 20 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iol_lens_constant_history" ADD CONSTRAINT "iol_lens_constant_history_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iol_lens_constant_history" ADD CONSTRAINT "iol_lens_constant_history_lens_fk" FOREIGN KEY ("lens_id","org_id") REFERENCES "public"."iol_lenses"("id","org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iol_lenses" ADD CONSTRAINT "iol_lenses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_outcomes" ADD CONSTRAINT "operation_outcomes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_settings" ADD CONSTRAINT "outcome_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iol_lens_constant_history_lens_idx" ON "iol_lens_constant_history" USING btree ("org_id","lens_id","replaced_at");--> statement-breakpoint
CREATE UNIQUE INDEX "iol_lenses_org_model_uq" ON "iol_lenses" USING btree ("org_id",lower("model"));