CREATE TABLE "exam_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"queue_id" integer,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_counters" (
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "org_counters_org_id_name_pk" PRIMARY KEY("org_id","name")
);
--> statement-breakpoint
CREATE TABLE "patient_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"queue_id" integer,
	"category" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_name_words" (
	"org_id" integer NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	CONSTRAINT "patient_name_words_org_id_word_pk" PRIMARY KEY("org_id","word")
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"file_number" integer NOT NULL,
	"name" text NOT NULL,
	"name_norm" text COLLATE "C" NOT NULL,
	"country_id" integer NOT NULL,
	"phone" text NOT NULL,
	"phone_national" text COLLATE "C" NOT NULL,
	"phone2" text,
	"phone2_national" text COLLATE "C",
	"birth_date" date NOT NULL,
	"birth_date_approximate" boolean DEFAULT false NOT NULL,
	"is_male" boolean DEFAULT true NOT NULL,
	"national_id" text,
	"address" text,
	"occupation" text,
	"referral_source" text,
	"guardian_name" text,
	"guardian_phone" text,
	"alerts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text,
	"last_queue_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"merged_into_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queue_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"ticket_day" date NOT NULL,
	"ticket_number" integer NOT NULL,
	"is_visit_date" boolean DEFAULT false NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"note" text,
	"is_rewaiting" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"exam_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"doctor_id" integer,
	"status_since" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_status_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queue_status_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"actor_id" integer,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "exam_records" ADD CONSTRAINT "exam_records_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_records" ADD CONSTRAINT "exam_records_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_records" ADD CONSTRAINT "exam_records_queue_id_queue_entries_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_counters" ADD CONSTRAINT "org_counters_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_documents" ADD CONSTRAINT "patient_documents_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_documents" ADD CONSTRAINT "patient_documents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_documents" ADD CONSTRAINT "patient_documents_queue_id_queue_entries_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_name_words" ADD CONSTRAINT "patient_name_words_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_status_events" ADD CONSTRAINT "queue_status_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_status_events" ADD CONSTRAINT "queue_status_events_queue_id_queue_entries_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_records_patient_idx" ON "exam_records" USING btree ("org_id","patient_id","type","created_at");--> statement-breakpoint
CREATE INDEX "exam_records_queue_idx" ON "exam_records" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "patient_documents_patient_idx" ON "patient_documents" USING btree ("org_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_name_words_trgm_idx" ON "patient_name_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "patients_org_file_number_uq" ON "patients" USING btree ("org_id","file_number");--> statement-breakpoint
CREATE INDEX "patients_org_name_idx" ON "patients" USING btree ("org_id","name_norm") WHERE "patients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "patients_name_trgm_idx" ON "patients" USING gin ("name_norm" gin_trgm_ops) WHERE "patients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "patients_org_phone_idx" ON "patients" USING btree ("org_id","phone_national") WHERE "patients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "patients_org_phone2_idx" ON "patients" USING btree ("org_id","phone2_national") WHERE "patients"."deleted_at" IS NULL AND "patients"."phone2_national" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_org_last_queue_idx" ON "patients" USING btree ("org_id","last_queue_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "patients_org_created_idx" ON "patients" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_ticket_uq" ON "queue_entries" USING btree ("org_id","ticket_day","ticket_number");--> statement-breakpoint
CREATE INDEX "queue_entries_patient_idx" ON "queue_entries" USING btree ("org_id","patient_id","date");--> statement-breakpoint
CREATE INDEX "queue_entries_date_idx" ON "queue_entries" USING btree ("org_id","date");--> statement-breakpoint
CREATE INDEX "queue_entries_status_idx" ON "queue_entries" USING btree ("org_id","status","date");--> statement-breakpoint
CREATE INDEX "queue_entries_rewaiting_idx" ON "queue_entries" USING btree ("org_id","date") WHERE "queue_entries"."is_rewaiting" AND "queue_entries"."status" = 1;--> statement-breakpoint
CREATE INDEX "queue_status_events_queue_idx" ON "queue_status_events" USING btree ("queue_id","at");--> statement-breakpoint
CREATE INDEX "queue_status_events_org_at_idx" ON "queue_status_events" USING btree ("org_id","at");