CREATE TABLE "billing_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"due_delta" bigint NOT NULL,
	"drawer_delta" bigint DEFAULT 0 NOT NULL,
	"method" text,
	"wallet" text,
	"percent" smallint,
	"category" text,
	"reason" text,
	"receipt_id" integer,
	"balance_after" bigint,
	"shift_id" integer,
	"reverses_id" integer,
	"service_id" integer NOT NULL,
	"doctor_id" integer,
	"day" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_entries_currency_ck" CHECK ("billing_entries"."currency" IN ('IQD', 'USD')),
	CONSTRAINT "billing_entries_amount_ck" CHECK ("billing_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"code" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"visit_reason" text,
	"doctor_id" integer,
	"price_iqd" bigint NOT NULL,
	"price_usd" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_services_prices_ck" CHECK ("billing_services"."price_iqd" >= 0 AND ("billing_services"."price_usd" IS NULL OR "billing_services"."price_usd" >= 0))
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"free_return_days" smallint DEFAULT 10 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashier_shifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cashier_shifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"floats" jsonb NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"expected" jsonb,
	"counted" jsonb,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"queue_id" integer,
	"service_id" integer NOT NULL,
	"code" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"doctor_id" integer,
	"currency" text NOT NULL,
	"list_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"free_return_of" integer,
	"balance" bigint NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"day" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_currency_ck" CHECK ("charges"."currency" IN ('IQD', 'USD')),
	CONSTRAINT "charges_amounts_ck" CHECK ("charges"."amount" >= 0 AND "charges"."list_amount" >= 0 AND "charges"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "doctor_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "doctor_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"service_id" integer,
	"percent" smallint NOT NULL,
	CONSTRAINT "doctor_shares_percent_ck" CHECK ("doctor_shares"."percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"method" text NOT NULL,
	"wallet" text,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"shift_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"print_count" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_currency_ck" CHECK ("receipts"."currency" IN ('IQD', 'USD'))
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "discount_limit_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_entries" ADD CONSTRAINT "billing_entries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_entries" ADD CONSTRAINT "billing_entries_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_services" ADD CONSTRAINT "billing_services_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_services" ADD CONSTRAINT "billing_services_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_shifts" ADD CONSTRAINT "cashier_shifts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_shifts" ADD CONSTRAINT "cashier_shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_queue_id_queue_entries_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_service_id_billing_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."billing_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_shares" ADD CONSTRAINT "doctor_shares_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_shares" ADD CONSTRAINT "doctor_shares_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_shares" ADD CONSTRAINT "doctor_shares_service_id_billing_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."billing_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_entries_reverses_uq" ON "billing_entries" USING btree ("reverses_id") WHERE "billing_entries"."reverses_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "billing_entries_day_idx" ON "billing_entries" USING btree ("org_id","day","kind");--> statement-breakpoint
CREATE INDEX "billing_entries_charge_idx" ON "billing_entries" USING btree ("org_id","charge_id");--> statement-breakpoint
CREATE INDEX "billing_entries_receipt_idx" ON "billing_entries" USING btree ("org_id","receipt_id") WHERE "billing_entries"."receipt_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "billing_entries_shift_idx" ON "billing_entries" USING btree ("org_id","shift_id") WHERE "billing_entries"."shift_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_services_code_uq" ON "billing_services" USING btree ("org_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "billing_services_reason_uq" ON "billing_services" USING btree ("org_id","visit_reason",coalesce("doctor_id", 0)) WHERE "billing_services"."active" AND "billing_services"."visit_reason" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_shifts_open_uq" ON "cashier_shifts" USING btree ("org_id","user_id") WHERE "cashier_shifts"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "cashier_shifts_day_idx" ON "cashier_shifts" USING btree ("org_id","day");--> statement-breakpoint
CREATE INDEX "charges_patient_idx" ON "charges" USING btree ("org_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "charges_queue_idx" ON "charges" USING btree ("org_id","queue_id");--> statement-breakpoint
CREATE INDEX "charges_day_idx" ON "charges" USING btree ("org_id","day");--> statement-breakpoint
CREATE INDEX "charges_owed_idx" ON "charges" USING btree ("org_id","patient_id") WHERE "charges"."balance" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_shares_uq" ON "doctor_shares" USING btree ("org_id","doctor_id",coalesce("service_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_uq" ON "receipts" USING btree ("org_id","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_idempotency_uq" ON "receipts" USING btree ("org_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "receipts_patient_idx" ON "receipts" USING btree ("org_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "receipts_day_idx" ON "receipts" USING btree ("org_id","day");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_discount_limit_ck" CHECK ("roles"."discount_limit_percent" BETWEEN 0 AND 100);--> statement-breakpoint
-- Money is append-only (docs/money.md): an entry is never updated or deleted (a refund or void is a new entry), a
-- receipt changes only its print count, a charge only its balance, its void mark and its version. Only the
-- maintenance that deletes a whole organization (the demo's --reset) lifts it, as for the audit log.
CREATE FUNCTION billing_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('basira.audit_maintenance', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'receipts'
     AND (to_jsonb(NEW) - 'print_count') = (to_jsonb(OLD) - 'print_count') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'charges'
     AND (to_jsonb(NEW) - 'balance' - 'voided' - 'version') = (to_jsonb(OLD) - 'balance' - 'voided' - 'version') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER billing_entries_append_only BEFORE UPDATE OR DELETE ON billing_entries
  FOR EACH ROW EXECUTE FUNCTION billing_append_only();--> statement-breakpoint
CREATE TRIGGER receipts_append_only BEFORE UPDATE OR DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION billing_append_only();--> statement-breakpoint
CREATE TRIGGER charges_append_only BEFORE UPDATE OR DELETE ON charges
  FOR EACH ROW EXECUTE FUNCTION billing_append_only();
