CREATE TABLE "patient_teeth" (
	"clinic_id" bigint NOT NULL,
	"patient_id" bigint NOT NULL,
	"tooth" smallint NOT NULL,
	"color" text,
	"surfaces" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"extras" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_teeth_clinic_id_patient_id_tooth_pk" PRIMARY KEY("clinic_id","patient_id","tooth")
);
--> statement-breakpoint
CREATE TABLE "tooth_canals" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tooth_canals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"tooth" smallint NOT NULL,
	"canal_name" text NOT NULL,
	"length" numeric(5, 2) NOT NULL,
	"reference_point" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tooth_canals_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "tooth_notes" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tooth_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"tooth" smallint NOT NULL,
	"note" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tooth_notes_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "insurance_companies" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "insurance_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"contact_person" text,
	"mobile" text,
	"email" text,
	"address" text,
	"coverage_percentage" numeric(5, 2) DEFAULT '100' NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_companies_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "medical_categories" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "medical_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_categories_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "medical_products" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "medical_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_products_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "medical_questions" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "medical_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category_id" bigint NOT NULL,
	"text_ar" text NOT NULL,
	"text_en" text NOT NULL,
	"question_type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_required" boolean DEFAULT false NOT NULL,
	"show_for_patient" boolean DEFAULT true NOT NULL,
	"is_alert" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_questions_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_diseases" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_diseases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"name" text NOT NULL,
	"notes" text,
	"is_alert" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_diseases_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_drugs" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_drugs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"dosage" text,
	"notes" text,
	"is_alert" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_drugs_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_medical_answers" (
	"clinic_id" bigint NOT NULL,
	"patient_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"answer" jsonb NOT NULL,
	"note" text,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_medical_answers_clinic_id_patient_id_question_id_pk" PRIMARY KEY("clinic_id","patient_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "patient_medical_history" (
	"clinic_id" bigint NOT NULL,
	"patient_id" bigint NOT NULL,
	"status" text DEFAULT 'MR1' NOT NULL,
	"notes" text,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_medical_history_clinic_id_patient_id_pk" PRIMARY KEY("clinic_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "patient_attachments" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"branch_id" bigint,
	"patient_procedure_id" bigint,
	"attachment_type" text NOT NULL,
	"file_key" text NOT NULL,
	"thumbnail_key" text,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"comments" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_attachments_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_branches" (
	"clinic_id" bigint NOT NULL,
	"patient_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	CONSTRAINT "patient_branches_clinic_id_patient_id_branch_id_pk" PRIMARY KEY("clinic_id","patient_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "patient_limits" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"insurance_company_id" bigint,
	"title" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"start_date" date,
	"end_date" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_limits_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_notes" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"branch_id" bigint,
	"note" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_notes_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_search_words" (
	"clinic_id" bigint NOT NULL,
	"word" text NOT NULL,
	"patient_id" bigint NOT NULL,
	"name_normalized" text NOT NULL,
	"listed" boolean NOT NULL,
	CONSTRAINT "patient_search_words_clinic_id_word_patient_id_pk" PRIMARY KEY("clinic_id","word","patient_id")
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_normalized" text NOT NULL,
	"mobile" text,
	"parent_id" bigint,
	"relative_type_id" bigint,
	"marital_status" text,
	"occupation_id" bigint,
	"nationality_id" bigint,
	"employer" text,
	"national_id" text,
	"email" text,
	"date_of_birth" date,
	"gender" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"sms_language" text DEFAULT 'ar' NOT NULL,
	"patient_type" text DEFAULT 'PT1' NOT NULL,
	"reference_id" bigint,
	"insurance_company_id" bigint,
	"insurance_no" text,
	"policy_no" text,
	"dependent_code" text,
	"membership_no" text,
	"certificate_no" text,
	"related_company" text,
	"insurance_start_date" date,
	"insurance_end_date" date,
	"photo_key" text,
	"photo_thumb_key" text,
	"approval_status" text DEFAULT 'approved' NOT NULL,
	"source" text DEFAULT 'clinic' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"merged_into_id" bigint,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "clinic_counters" (
	"clinic_id" bigint NOT NULL,
	"name" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "clinic_counters_clinic_id_name_pk" PRIMARY KEY("clinic_id","name")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tooth_numbering_system" text;--> statement-breakpoint
ALTER TABLE "patient_teeth" ADD CONSTRAINT "patient_teeth_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_teeth" ADD CONSTRAINT "patient_teeth_clinic_id_updated_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","updated_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tooth_canals" ADD CONSTRAINT "tooth_canals_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tooth_canals" ADD CONSTRAINT "tooth_canals_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tooth_notes" ADD CONSTRAINT "tooth_notes_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tooth_notes" ADD CONSTRAINT "tooth_notes_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_companies" ADD CONSTRAINT "insurance_companies_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_categories" ADD CONSTRAINT "medical_categories_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_products" ADD CONSTRAINT "medical_products_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_questions" ADD CONSTRAINT "medical_questions_clinic_id_category_id_medical_categories_clinic_id_id_fk" FOREIGN KEY ("clinic_id","category_id") REFERENCES "public"."medical_categories"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_diseases" ADD CONSTRAINT "patient_diseases_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_drugs" ADD CONSTRAINT "patient_drugs_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_drugs" ADD CONSTRAINT "patient_drugs_clinic_id_product_id_medical_products_clinic_id_id_fk" FOREIGN KEY ("clinic_id","product_id") REFERENCES "public"."medical_products"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_medical_answers" ADD CONSTRAINT "patient_medical_answers_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_medical_answers" ADD CONSTRAINT "patient_medical_answers_clinic_id_question_id_medical_questions_clinic_id_id_fk" FOREIGN KEY ("clinic_id","question_id") REFERENCES "public"."medical_questions"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_medical_answers" ADD CONSTRAINT "patient_medical_answers_clinic_id_updated_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","updated_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_medical_history" ADD CONSTRAINT "patient_medical_history_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_medical_history" ADD CONSTRAINT "patient_medical_history_clinic_id_updated_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","updated_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_attachments" ADD CONSTRAINT "patient_attachments_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_attachments" ADD CONSTRAINT "patient_attachments_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_branches" ADD CONSTRAINT "patient_branches_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_branches" ADD CONSTRAINT "patient_branches_clinic_id_branch_id_branches_clinic_id_id_fk" FOREIGN KEY ("clinic_id","branch_id") REFERENCES "public"."branches"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_limits" ADD CONSTRAINT "patient_limits_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_limits" ADD CONSTRAINT "patient_limits_clinic_id_insurance_company_id_insurance_companies_clinic_id_id_fk" FOREIGN KEY ("clinic_id","insurance_company_id") REFERENCES "public"."insurance_companies"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_notes" ADD CONSTRAINT "patient_notes_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_notes" ADD CONSTRAINT "patient_notes_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_search_words" ADD CONSTRAINT "patient_search_words_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_parent_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","parent_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_merged_into_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","merged_into_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_relative_type_id_clinic_lookups_clinic_id_id_fk" FOREIGN KEY ("clinic_id","relative_type_id") REFERENCES "public"."clinic_lookups"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_occupation_id_clinic_lookups_clinic_id_id_fk" FOREIGN KEY ("clinic_id","occupation_id") REFERENCES "public"."clinic_lookups"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_nationality_id_clinic_lookups_clinic_id_id_fk" FOREIGN KEY ("clinic_id","nationality_id") REFERENCES "public"."clinic_lookups"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_reference_id_clinic_lookups_clinic_id_id_fk" FOREIGN KEY ("clinic_id","reference_id") REFERENCES "public"."clinic_lookups"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_insurance_company_id_insurance_companies_clinic_id_id_fk" FOREIGN KEY ("clinic_id","insurance_company_id") REFERENCES "public"."insurance_companies"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_counters" ADD CONSTRAINT "clinic_counters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tooth_canals_patient_idx" ON "tooth_canals" USING btree ("clinic_id","patient_id","tooth");--> statement-breakpoint
CREATE INDEX "tooth_notes_patient_idx" ON "tooth_notes" USING btree ("clinic_id","patient_id","tooth");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_companies_name_uq" ON "insurance_companies" USING btree ("clinic_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_companies_default_uq" ON "insurance_companies" USING btree ("clinic_id") WHERE "insurance_companies"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "medical_categories_name_ar_uq" ON "medical_categories" USING btree ("clinic_id",lower("name_ar"));--> statement-breakpoint
CREATE UNIQUE INDEX "medical_categories_name_en_uq" ON "medical_categories" USING btree ("clinic_id",lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "medical_products_name_uq" ON "medical_products" USING btree ("clinic_id",lower("name"));--> statement-breakpoint
CREATE INDEX "medical_questions_category_idx" ON "medical_questions" USING btree ("clinic_id","category_id");--> statement-breakpoint
CREATE INDEX "patient_diseases_patient_idx" ON "patient_diseases" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE INDEX "patient_drugs_patient_idx" ON "patient_drugs" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE INDEX "patient_attachments_patient_idx" ON "patient_attachments" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE INDEX "patient_branches_branch_idx" ON "patient_branches" USING btree ("clinic_id","branch_id");--> statement-breakpoint
CREATE INDEX "patient_limits_patient_idx" ON "patient_limits" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE INDEX "patient_notes_patient_idx" ON "patient_notes" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE INDEX "patient_search_words_patient_idx" ON "patient_search_words" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_code_uq" ON "patients" USING btree ("clinic_id","code");--> statement-breakpoint
CREATE INDEX "patients_name_idx" ON "patients" USING btree ("clinic_id","name_normalized","id");--> statement-breakpoint
CREATE INDEX "patients_created_idx" ON "patients" USING btree ("clinic_id","created_at","id");--> statement-breakpoint
CREATE INDEX "patients_national_id_idx" ON "patients" USING btree ("clinic_id","national_id");--> statement-breakpoint
CREATE INDEX "patients_parent_idx" ON "patients" USING btree ("clinic_id","parent_id");--> statement-breakpoint
-- Indexes drizzle-kit cannot declare (INCLUDE columns); see patients.table.ts.
-- The quick search looks matched patients up by id and sorts them by name without reading the table:
CREATE INDEX "patients_search_cover_idx" ON "patients" USING btree ("clinic_id","id") INCLUDE ("name_normalized","approval_status","deleted_at");--> statement-breakpoint
-- A one-word search finds, sorts and pages its matches inside this index:
CREATE INDEX "patient_search_words_prefix_idx" ON "patient_search_words" USING btree ("clinic_id","word" text_pattern_ops,"patient_id") INCLUDE ("name_normalized","listed");--> statement-breakpoint
-- Clinics created before the insurance module get its one required row, the default insurance company, as
-- provisioning (modules/insurance) gives every new clinic.
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT id FROM clinics LOOP
    PERFORM set_config('app.clinic_id', c.id::text, true);
    INSERT INTO insurance_companies (clinic_id, name, is_default)
    SELECT c.id, 'التأمين الافتراضي', true
    WHERE NOT EXISTS (SELECT 1 FROM insurance_companies i WHERE i.clinic_id = c.id AND i.is_default);
  END LOOP;
  PERFORM set_config('app.clinic_id', '', true);
END $$;
