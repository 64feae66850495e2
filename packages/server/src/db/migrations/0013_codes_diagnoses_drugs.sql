CREATE TABLE "drugs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drugs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"brands" text[] DEFAULT '{}'::text[] NOT NULL,
	"form" text NOT NULL,
	"drug_class" text NOT NULL,
	"default_dose" text DEFAULT '' NOT NULL,
	"default_frequency" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drugs_id_org_uq" UNIQUE("id","org_id")
);
--> statement-breakpoint
CREATE TABLE "organization_diagnoses" (
	"org_id" integer NOT NULL,
	"code" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"is_favourite" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_diagnoses_org_id_code_pk" PRIMARY KEY("org_id","code")
);
--> statement-breakpoint
ALTER TABLE "drugs" ADD CONSTRAINT "drugs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_diagnoses" ADD CONSTRAINT "organization_diagnoses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drugs_org_name_idx" ON "drugs" USING btree ("org_id","name");