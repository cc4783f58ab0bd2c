CREATE TABLE "invoice_lines" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"patient_procedure_id" bigint,
	"payment_id" bigint,
	"description" text NOT NULL,
	"payer" text DEFAULT 'patient' NOT NULL,
	"unit_price" numeric(14, 3) NOT NULL,
	"discount" numeric(14, 3) DEFAULT '0' NOT NULL,
	"taxable" numeric(14, 3) NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"vat_amount" numeric(14, 3) NOT NULL,
	"total" numeric(14, 3) NOT NULL,
	"vat_exemption" text,
	CONSTRAINT "invoice_lines_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "invoice_lines_payer_ck" CHECK ("invoice_lines"."payer" in ('patient', 'insurer')),
	CONSTRAINT "invoice_lines_amounts_ck" CHECK ("invoice_lines"."taxable" = "invoice_lines"."unit_price" - "invoice_lines"."discount" and "invoice_lines"."total" = "invoice_lines"."taxable" + "invoice_lines"."vat_amount")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"credited_invoice_id" bigint,
	"patient_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" bigint NOT NULL,
	"currency" text NOT NULL,
	"language" text NOT NULL,
	"seller_name" text NOT NULL,
	"seller_vat_no" text,
	"seller_cr_no" text,
	"buyer_name" text NOT NULL,
	"buyer_national_id" text,
	"subtotal" numeric(14, 3) NOT NULL,
	"vat_total" numeric(14, 3) NOT NULL,
	"total" numeric(14, 3) NOT NULL,
	"reason" text,
	"notes" text,
	CONSTRAINT "invoices_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "invoices_kind_ck" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_credit_ck" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credited_invoice_id" is not null)),
	CONSTRAINT "invoices_totals_ck" CHECK ("invoices"."total" = "invoices"."subtotal" + "invoices"."vat_total")
);
--> statement-breakpoint
CREATE TABLE "money_audit" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "money_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint,
	"entity" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_audit_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_payments" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"ledger_type" text NOT NULL,
	"amount" numeric(14, 3) NOT NULL,
	"payment_type_id" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"receipt_no" integer NOT NULL,
	"received_by" bigint NOT NULL,
	"notes" text,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_payments_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "patient_payments_amount_ck" CHECK ("patient_payments"."amount" > 0),
	CONSTRAINT "patient_payments_ledger_ck" CHECK ("patient_payments"."ledger_type" in ('LT1', 'LT2'))
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" bigint NOT NULL,
	"patient_procedure_id" bigint NOT NULL,
	"amount" numeric(14, 3) NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "payment_allocations_amount_ck" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_plan_instalments" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_plan_instalments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plan_id" bigint NOT NULL,
	"due_on" date NOT NULL,
	"amount" numeric(14, 3) NOT NULL,
	CONSTRAINT "payment_plan_instalments_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "payment_plan_instalments_amount_ck" CHECK ("payment_plan_instalments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"total" numeric(14, 3) NOT NULL,
	"starts_on" date NOT NULL,
	"notes" text,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plans_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "payment_plans_total_ck" CHECK ("payment_plans"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_reversals" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_reversals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reversals_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "print_settings" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "print_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"document_type" text NOT NULL,
	"page_size" text DEFAULT 'A4' NOT NULL,
	"margin_top" integer DEFAULT 15 NOT NULL,
	"margin_right" integer DEFAULT 15 NOT NULL,
	"margin_bottom" integer DEFAULT 15 NOT NULL,
	"margin_left" integer DEFAULT 15 NOT NULL,
	"font_size" integer DEFAULT 11 NOT NULL,
	"title_font_size" integer DEFAULT 16 NOT NULL,
	"header_text" text,
	"footer_text" text,
	"language" text DEFAULT 'ar' NOT NULL,
	"show" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_settings_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "print_settings_page_ck" CHECK ("print_settings"."page_size" in ('A4', 'A5', '80mm')),
	CONSTRAINT "print_settings_margins_ck" CHECK (least("print_settings"."margin_top", "print_settings"."margin_right", "print_settings"."margin_bottom", "print_settings"."margin_left") >= 0
      and greatest("print_settings"."margin_top", "print_settings"."margin_right", "print_settings"."margin_bottom", "print_settings"."margin_left") <= 50)
);
--> statement-breakpoint
ALTER TABLE "patient_procedures" ADD COLUMN "insurance_share" numeric(14, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_clinic_id_invoice_id_invoices_clinic_id_id_fk" FOREIGN KEY ("clinic_id","invoice_id") REFERENCES "public"."invoices"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_clinic_id_patient_procedure_id_patient_procedures_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_procedure_id") REFERENCES "public"."patient_procedures"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_clinic_id_payment_id_patient_payments_clinic_id_id_fk" FOREIGN KEY ("clinic_id","payment_id") REFERENCES "public"."patient_payments"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_clinic_id_branch_id_branches_clinic_id_id_fk" FOREIGN KEY ("clinic_id","branch_id") REFERENCES "public"."branches"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_clinic_id_issued_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","issued_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_clinic_id_credited_invoice_id_invoices_clinic_id_id_fk" FOREIGN KEY ("clinic_id","credited_invoice_id") REFERENCES "public"."invoices"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_audit" ADD CONSTRAINT "money_audit_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_audit" ADD CONSTRAINT "money_audit_clinic_id_user_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","user_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_payments" ADD CONSTRAINT "patient_payments_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_payments" ADD CONSTRAINT "patient_payments_clinic_id_branch_id_branches_clinic_id_id_fk" FOREIGN KEY ("clinic_id","branch_id") REFERENCES "public"."branches"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_payments" ADD CONSTRAINT "patient_payments_clinic_id_payment_type_id_payment_types_clinic_id_id_fk" FOREIGN KEY ("clinic_id","payment_type_id") REFERENCES "public"."payment_types"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_payments" ADD CONSTRAINT "patient_payments_clinic_id_received_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","received_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_payments" ADD CONSTRAINT "patient_payments_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_clinic_id_payment_id_patient_payments_clinic_id_id_fk" FOREIGN KEY ("clinic_id","payment_id") REFERENCES "public"."patient_payments"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_clinic_id_patient_procedure_id_patient_procedures_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_procedure_id") REFERENCES "public"."patient_procedures"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_instalments" ADD CONSTRAINT "payment_plan_instalments_clinic_id_plan_id_payment_plans_clinic_id_id_fk" FOREIGN KEY ("clinic_id","plan_id") REFERENCES "public"."payment_plans"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_clinic_id_branch_id_branches_clinic_id_id_fk" FOREIGN KEY ("clinic_id","branch_id") REFERENCES "public"."branches"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_clinic_id_payment_id_patient_payments_clinic_id_id_fk" FOREIGN KEY ("clinic_id","payment_id") REFERENCES "public"."patient_payments"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_settings" ADD CONSTRAINT "print_settings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_no_uq" ON "invoice_lines" USING btree ("clinic_id","invoice_id","line_no");--> statement-breakpoint
CREATE INDEX "invoice_lines_procedure_idx" ON "invoice_lines" USING btree ("clinic_id","patient_procedure_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("clinic_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_uuid_uq" ON "invoices" USING btree ("clinic_id","uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credited_uq" ON "invoices" USING btree ("clinic_id","credited_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_patient_idx" ON "invoices" USING btree ("clinic_id","patient_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("clinic_id","issued_at");--> statement-breakpoint
CREATE INDEX "money_audit_patient_idx" ON "money_audit" USING btree ("clinic_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "money_audit_entity_idx" ON "money_audit" USING btree ("clinic_id","entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_payments_receipt_uq" ON "patient_payments" USING btree ("clinic_id","receipt_no");--> statement-breakpoint
CREATE INDEX "patient_payments_patient_idx" ON "patient_payments" USING btree ("clinic_id","patient_id","paid_on");--> statement-breakpoint
CREATE INDEX "patient_payments_branch_idx" ON "patient_payments" USING btree ("clinic_id","branch_id","paid_on");--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("clinic_id","payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_procedure_idx" ON "payment_allocations" USING btree ("clinic_id","patient_procedure_id");--> statement-breakpoint
CREATE INDEX "payment_plan_instalments_plan_idx" ON "payment_plan_instalments" USING btree ("clinic_id","plan_id","due_on");--> statement-breakpoint
CREATE INDEX "payment_plans_patient_idx" ON "payment_plans" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_payment_uq" ON "payment_reversals" USING btree ("clinic_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "print_settings_name_uq" ON "print_settings" USING btree ("clinic_id","document_type",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "print_settings_default_uq" ON "print_settings" USING btree ("clinic_id","document_type") WHERE "print_settings"."is_default";--> statement-breakpoint
ALTER TABLE "patient_procedures" ADD CONSTRAINT "patient_procedures_insurance_share_ck" CHECK ("patient_procedures"."insurance_share" >= 0 and "patient_procedures"."insurance_share" <= "patient_procedures"."price" - "patient_procedures"."discount");--> statement-breakpoint
-- Insured procedures priced before billing: their insurance share at the company's coverage today.
UPDATE "patient_procedures" p SET "insurance_share" = round(p."net" * ic."coverage_percentage" / 100, CASE WHEN c."currency" = 'LYD' THEN 3 ELSE 2 END)
  FROM "insurance_companies" ic, "clinics" c
  WHERE ic."clinic_id" = p."clinic_id" AND ic."id" = p."insurance_company_id" AND c."id" = p."clinic_id";--> statement-breakpoint
-- Money entries and issued documents are never changed or deleted (MONEY.md): a reversal or a credit note corrects
-- them. The one update allowed is the patient id moving when patients are merged.
CREATE FUNCTION money_entry_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'patient_id') = (to_jsonb(OLD) - 'patient_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'money entries are never changed or deleted: % of %', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER patient_payments_immutable BEFORE UPDATE OR DELETE ON "patient_payments" FOR EACH ROW EXECUTE FUNCTION money_entry_immutable();--> statement-breakpoint
CREATE TRIGGER payment_allocations_immutable BEFORE UPDATE OR DELETE ON "payment_allocations" FOR EACH ROW EXECUTE FUNCTION money_entry_immutable();--> statement-breakpoint
CREATE TRIGGER payment_reversals_immutable BEFORE UPDATE OR DELETE ON "payment_reversals" FOR EACH ROW EXECUTE FUNCTION money_entry_immutable();--> statement-breakpoint
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION money_entry_immutable();--> statement-breakpoint
CREATE TRIGGER invoice_lines_immutable BEFORE UPDATE OR DELETE ON "invoice_lines" FOR EACH ROW EXECUTE FUNCTION money_entry_immutable();--> statement-breakpoint
CREATE TRIGGER money_audit_immutable BEFORE UPDATE OR DELETE ON "money_audit" FOR EACH ROW EXECUTE FUNCTION money_entry_immutable();
