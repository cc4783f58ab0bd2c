CREATE TABLE "prescription_drugs" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prescription_drugs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"prescription_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" bigint,
	"drug_name" text NOT NULL,
	"dosage" text,
	"duration" text,
	"times_per_day" integer,
	"meal_timing" text DEFAULT 'any' NOT NULL,
	"repeat_count" integer DEFAULT 0 NOT NULL,
	"notes" text,
	CONSTRAINT "prescription_drugs_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "prescription_drugs_meal_ck" CHECK ("prescription_drugs"."meal_timing" in ('before', 'with', 'after', 'any')),
	CONSTRAINT "prescription_drugs_times_ck" CHECK ("prescription_drugs"."times_per_day" is null or "prescription_drugs"."times_per_day" between 1 and 24),
	CONSTRAINT "prescription_drugs_repeat_ck" CHECK ("prescription_drugs"."repeat_count" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "prescription_links" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prescription_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"prescription_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" bigint,
	CONSTRAINT "prescription_links_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "prescription_links_revoked_ck" CHECK (("prescription_links"."revoked_at" is null) = ("prescription_links"."revoked_by" is null))
);
--> statement-breakpoint
CREATE TABLE "prescription_template_drugs" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prescription_template_drugs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" bigint,
	"drug_name" text NOT NULL,
	"dosage" text,
	"duration" text,
	"times_per_day" integer,
	"meal_timing" text DEFAULT 'any' NOT NULL,
	"repeat_count" integer DEFAULT 0 NOT NULL,
	"notes" text,
	CONSTRAINT "prescription_template_drugs_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "prescription_template_drugs_meal_ck" CHECK ("prescription_template_drugs"."meal_timing" in ('before', 'with', 'after', 'any')),
	CONSTRAINT "prescription_template_drugs_times_ck" CHECK ("prescription_template_drugs"."times_per_day" is null or "prescription_template_drugs"."times_per_day" between 1 and 24),
	CONSTRAINT "prescription_template_drugs_repeat_ck" CHECK ("prescription_template_drugs"."repeat_count" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "prescription_templates" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prescription_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescription_templates_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prescriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"doctor_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"date" date NOT NULL,
	"diagnosis" text,
	"notes" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" bigint,
	CONSTRAINT "prescriptions_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "prescriptions_status_ck" CHECK ("prescriptions"."status" in ('draft', 'published')),
	CONSTRAINT "prescriptions_published_ck" CHECK (("prescriptions"."status" = 'published') = ("prescriptions"."published_at" is not null and "prescriptions"."published_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "prescription_drugs" ADD CONSTRAINT "prescription_drugs_clinic_id_prescription_id_prescriptions_clinic_id_id_fk" FOREIGN KEY ("clinic_id","prescription_id") REFERENCES "public"."prescriptions"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_drugs" ADD CONSTRAINT "prescription_drugs_clinic_id_product_id_medical_products_clinic_id_id_fk" FOREIGN KEY ("clinic_id","product_id") REFERENCES "public"."medical_products"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_links" ADD CONSTRAINT "prescription_links_clinic_id_prescription_id_prescriptions_clinic_id_id_fk" FOREIGN KEY ("clinic_id","prescription_id") REFERENCES "public"."prescriptions"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_links" ADD CONSTRAINT "prescription_links_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_links" ADD CONSTRAINT "prescription_links_clinic_id_revoked_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","revoked_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_template_drugs" ADD CONSTRAINT "prescription_template_drugs_clinic_id_template_id_prescription_templates_clinic_id_id_fk" FOREIGN KEY ("clinic_id","template_id") REFERENCES "public"."prescription_templates"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_template_drugs" ADD CONSTRAINT "prescription_template_drugs_clinic_id_product_id_medical_products_clinic_id_id_fk" FOREIGN KEY ("clinic_id","product_id") REFERENCES "public"."medical_products"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_templates" ADD CONSTRAINT "prescription_templates_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_clinic_id_doctor_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","doctor_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_clinic_id_branch_id_branches_clinic_id_id_fk" FOREIGN KEY ("clinic_id","branch_id") REFERENCES "public"."branches"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_clinic_id_published_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","published_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescription_drugs_prescription_idx" ON "prescription_drugs" USING btree ("clinic_id","prescription_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_links_token_uq" ON "prescription_links" USING btree ("clinic_id","token_hash");--> statement-breakpoint
CREATE INDEX "prescription_links_prescription_idx" ON "prescription_links" USING btree ("clinic_id","prescription_id");--> statement-breakpoint
CREATE INDEX "prescription_template_drugs_template_idx" ON "prescription_template_drugs" USING btree ("clinic_id","template_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_templates_name_uq" ON "prescription_templates" USING btree ("clinic_id",lower("name"));--> statement-breakpoint
CREATE INDEX "prescriptions_patient_idx" ON "prescriptions" USING btree ("clinic_id","patient_id","date","id");--> statement-breakpoint
-- hand-written below
-- A published prescription never changes (docs/prescriptions.md): the one update allowed is the patient id moving
-- when patients are merged. Row-local: it reads no other table.
CREATE FUNCTION prescription_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" <> 'published' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'patient_id') = (to_jsonb(OLD) - 'patient_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a published prescription is never changed or deleted: % of %', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER prescriptions_immutable BEFORE UPDATE OR DELETE ON "prescriptions" FOR EACH ROW EXECUTE FUNCTION prescription_immutable();--> statement-breakpoint
-- A drug line is added, changed or removed only while its prescription is a draft. The prescription row is read FOR
-- SHARE, so a concurrent publish (an update of that row) and a line change take turns: a line written before the
-- publish commits is part of what is published, one written after is refused. Deleting a draft cascades to its
-- lines after the prescription row is gone (nothing to read: allowed).
CREATE FUNCTION prescription_drug_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_status text;
  new_status text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT p."status" INTO old_status FROM "prescriptions" p
      WHERE p."clinic_id" = OLD."clinic_id" AND p."id" = OLD."prescription_id" FOR SHARE;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT p."status" INTO new_status FROM "prescriptions" p
      WHERE p."clinic_id" = NEW."clinic_id" AND p."id" = NEW."prescription_id" FOR SHARE;
  END IF;
  IF old_status = 'published' OR new_status = 'published' THEN
    RAISE EXCEPTION 'a drug of a published prescription is never added, changed or deleted: % of %', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;--> statement-breakpoint
CREATE TRIGGER prescription_drugs_immutable BEFORE INSERT OR UPDATE OR DELETE ON "prescription_drugs" FOR EACH ROW EXECUTE FUNCTION prescription_drug_immutable();
