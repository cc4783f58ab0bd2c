CREATE TABLE "patient_procedure_status_history" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_procedure_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_procedure_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" bigint,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	CONSTRAINT "patient_procedure_status_history_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "patient_procedure_status_history_status_ck" CHECK ("patient_procedure_status_history"."to_status" in ('S1', 'S2', 'S3', 'S4', 'S5') and ("patient_procedure_status_history"."from_status" is null or "patient_procedure_status_history"."from_status" in ('S1', 'S2', 'S3', 'S4', 'S5')))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_branch_address" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_phone" text;--> statement-breakpoint
ALTER TABLE "patient_procedure_status_history" ADD CONSTRAINT "patient_procedure_status_history_clinic_id_patient_procedure_id_patient_procedures_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_procedure_id") REFERENCES "public"."patient_procedures"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_procedure_status_history" ADD CONSTRAINT "patient_procedure_status_history_clinic_id_changed_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","changed_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_procedure_status_history_procedure_idx" ON "patient_procedure_status_history" USING btree ("clinic_id","patient_procedure_id","changed_at");--> statement-breakpoint
-- hand-written below
-- The status history starts with one row per existing procedure at its current status (from_status null: "the status
-- it had when the history began"): S1 by its creator at its creation; S3/S4 at their completion; S2/S5 at the last
-- change of the row, by an unknown user. The owner reads every clinic's procedures: the forced row-level security is
-- lifted for this statement and put back (TENANCY_SQL forces it again after every migration anyway).
ALTER TABLE "patient_procedures" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "patient_procedure_status_history" ("clinic_id", "patient_procedure_id", "from_status", "to_status", "changed_by", "changed_at")
SELECT "clinic_id", "id", NULL, "status",
  CASE WHEN "status" = 'S1' THEN "created_by" END,
  CASE WHEN "status" = 'S1' THEN "created_at" WHEN "status" IN ('S3', 'S4') THEN coalesce("completed_at", "updated_at") ELSE "updated_at" END
FROM "patient_procedures" ORDER BY "clinic_id", "id";--> statement-breakpoint
ALTER TABLE "patient_procedures" FORCE ROW LEVEL SECURITY;
