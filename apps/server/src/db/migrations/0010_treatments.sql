CREATE TABLE "patient_procedures" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_procedures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"procedure_id" bigint NOT NULL,
	"doctor_id" bigint NOT NULL,
	"status" text DEFAULT 'S1' NOT NULL,
	"teeth" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(14, 3) NOT NULL,
	"discount" numeric(14, 3) DEFAULT '0' NOT NULL,
	"discount_percent" numeric(5, 2),
	"net" numeric(14, 3) GENERATED ALWAYS AS (price - discount) STORED NOT NULL,
	"insurance_company_id" bigint,
	"notes" text,
	"planned_date" date,
	"completed_at" timestamp with time zone,
	"completed_by" bigint,
	"approval_overridden_by" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_procedures_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "patient_procedures_status_ck" CHECK ("patient_procedures"."status" in ('S1', 'S2', 'S3', 'S4', 'S5')),
	CONSTRAINT "patient_procedures_money_ck" CHECK ("patient_procedures"."price" >= 0 and "patient_procedures"."discount" >= 0 and "patient_procedures"."discount" <= "patient_procedures"."price")
);
--> statement-breakpoint
CREATE TABLE "price_list_procedures" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "price_list_procedures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" bigint NOT NULL,
	"procedure_id" bigint NOT NULL,
	"price" numeric(14, 3) NOT NULL,
	"insurance_price" numeric(14, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_procedures_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "price_list_procedures_price_ck" CHECK ("price_list_procedures"."price" >= 0 and "price_list_procedures"."insurance_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "procedure_visits" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "procedure_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_procedure_id" bigint NOT NULL,
	"visit_date" date NOT NULL,
	"doctor_id" bigint NOT NULL,
	"notes" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procedure_visits_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "procedures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"treatment_branch_id" bigint NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text,
	"code" text,
	"price" numeric(14, 3) NOT NULL,
	"insurance_price" numeric(14, 3) NOT NULL,
	"tooth_selection" text DEFAULT 'tooth' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procedures_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "procedures_price_ck" CHECK ("procedures"."price" >= 0 and "procedures"."insurance_price" >= 0),
	CONSTRAINT "procedures_tooth_selection_ck" CHECK ("procedures"."tooth_selection" in ('none', 'tooth', 'surface'))
);
--> statement-breakpoint
CREATE TABLE "treatment_branches" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "treatment_branches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatment_branches_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
ALTER TABLE "patient_procedures" ADD CONSTRAINT "patient_procedures_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_procedures" ADD CONSTRAINT "patient_procedures_clinic_id_branch_id_branches_clinic_id_id_fk" FOREIGN KEY ("clinic_id","branch_id") REFERENCES "public"."branches"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_procedures" ADD CONSTRAINT "patient_procedures_clinic_id_procedure_id_procedures_clinic_id_id_fk" FOREIGN KEY ("clinic_id","procedure_id") REFERENCES "public"."procedures"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_procedures" ADD CONSTRAINT "patient_procedures_clinic_id_doctor_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","doctor_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_procedures" ADD CONSTRAINT "patient_procedures_clinic_id_completed_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","completed_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_procedures" ADD CONSTRAINT "patient_procedures_clinic_id_approval_overridden_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","approval_overridden_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_procedures" ADD CONSTRAINT "patient_procedures_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_procedures" ADD CONSTRAINT "patient_procedures_clinic_id_insurance_company_id_insurance_companies_clinic_id_id_fk" FOREIGN KEY ("clinic_id","insurance_company_id") REFERENCES "public"."insurance_companies"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_procedures" ADD CONSTRAINT "price_list_procedures_clinic_id_branch_id_branches_clinic_id_id_fk" FOREIGN KEY ("clinic_id","branch_id") REFERENCES "public"."branches"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_procedures" ADD CONSTRAINT "price_list_procedures_clinic_id_procedure_id_procedures_clinic_id_id_fk" FOREIGN KEY ("clinic_id","procedure_id") REFERENCES "public"."procedures"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_visits" ADD CONSTRAINT "procedure_visits_clinic_id_patient_procedure_id_patient_procedures_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_procedure_id") REFERENCES "public"."patient_procedures"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_visits" ADD CONSTRAINT "procedure_visits_clinic_id_doctor_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","doctor_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_visits" ADD CONSTRAINT "procedure_visits_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_clinic_id_treatment_branch_id_treatment_branches_clinic_id_id_fk" FOREIGN KEY ("clinic_id","treatment_branch_id") REFERENCES "public"."treatment_branches"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_branches" ADD CONSTRAINT "treatment_branches_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_procedures_patient_idx" ON "patient_procedures" USING btree ("clinic_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_procedures_branch_idx" ON "patient_procedures" USING btree ("clinic_id","branch_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_procedures_doctor_idx" ON "patient_procedures" USING btree ("clinic_id","doctor_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_procedures_procedure_idx" ON "patient_procedures" USING btree ("clinic_id","procedure_id");--> statement-breakpoint
CREATE INDEX "patient_procedures_teeth_idx" ON "patient_procedures" USING gin ("teeth" jsonb_path_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_procedures_procedure_uq" ON "price_list_procedures" USING btree ("clinic_id","branch_id","procedure_id");--> statement-breakpoint
CREATE INDEX "price_list_procedures_procedure_idx" ON "price_list_procedures" USING btree ("clinic_id","procedure_id");--> statement-breakpoint
CREATE INDEX "procedure_visits_procedure_idx" ON "procedure_visits" USING btree ("clinic_id","patient_procedure_id","visit_date");--> statement-breakpoint
CREATE UNIQUE INDEX "procedures_name_ar_uq" ON "procedures" USING btree ("clinic_id",lower("name_ar"));--> statement-breakpoint
CREATE UNIQUE INDEX "procedures_name_en_uq" ON "procedures" USING btree ("clinic_id",lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "procedures_code_uq" ON "procedures" USING btree ("clinic_id",upper("code")) WHERE "procedures"."code" is not null;--> statement-breakpoint
CREATE INDEX "procedures_treatment_branch_idx" ON "procedures" USING btree ("clinic_id","treatment_branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_branches_name_ar_uq" ON "treatment_branches" USING btree ("clinic_id",lower("name_ar"));--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_branches_name_en_uq" ON "treatment_branches" USING btree ("clinic_id",lower("name_en"));