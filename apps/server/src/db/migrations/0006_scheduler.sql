CREATE TABLE "appointment_series" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "appointment_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"frequency" text NOT NULL,
	"interval" smallint DEFAULT 1 NOT NULL,
	"weekdays" smallint[],
	"until_date" date,
	"count" smallint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_series_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "appointment_series_frequency_ck" CHECK ("appointment_series"."frequency" in ('daily', 'weekly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" bigint NOT NULL,
	"patient_id" bigint NOT NULL,
	"doctor_id" bigint,
	"room_id" bigint,
	"series_id" bigint,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'AS1' NOT NULL,
	"notes" text,
	"source" text DEFAULT 'clinic' NOT NULL,
	"turn_number" integer,
	"check_in_at" timestamp with time zone,
	"check_in_by" bigint,
	"check_out_at" timestamp with time zone,
	"check_out_by" bigint,
	"status_updated_at" timestamp with time zone,
	"status_updated_by" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "appointments_range_ck" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_status_ck" CHECK ("appointments"."status" ~ '^AS([0-9]|10)$'),
	CONSTRAINT "appointments_source_ck" CHECK ("appointments"."source" in ('clinic', 'website'))
);
--> statement-breakpoint
CREATE TABLE "booking_attempts" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "booking_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address_hash" text NOT NULL,
	"mobile" text,
	"booked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_attempts_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "vacations" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "vacations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"notes" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacations_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "vacations_range_ck" CHECK ("vacations"."end_date" >= "vacations"."start_date")
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "allow_overlapping_appointments" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_doctor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_branch_id_branches_clinic_id_id_fk" FOREIGN KEY ("clinic_id","branch_id") REFERENCES "public"."branches"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_doctor_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","doctor_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_room_id_rooms_clinic_id_id_fk" FOREIGN KEY ("clinic_id","room_id") REFERENCES "public"."rooms"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_series_id_appointment_series_clinic_id_id_fk" FOREIGN KEY ("clinic_id","series_id") REFERENCES "public"."appointment_series"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_check_in_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","check_in_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_check_out_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","check_out_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_status_updated_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","status_updated_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_attempts" ADD CONSTRAINT "booking_attempts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_clinic_id_user_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","user_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_branch_starts_idx" ON "appointments" USING btree ("clinic_id","branch_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_doctor_starts_idx" ON "appointments" USING btree ("clinic_id","doctor_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_room_starts_idx" ON "appointments" USING btree ("clinic_id","room_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_patient_idx" ON "appointments" USING btree ("clinic_id","patient_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("clinic_id","series_id");--> statement-breakpoint
CREATE INDEX "appointments_missed_due_idx" ON "appointments" USING btree ("ends_at") WHERE "appointments"."status" in ('AS1', 'AS2');--> statement-breakpoint
CREATE INDEX "booking_attempts_address_idx" ON "booking_attempts" USING btree ("clinic_id","address_hash","created_at");--> statement-breakpoint
CREATE INDEX "booking_attempts_mobile_idx" ON "booking_attempts" USING btree ("clinic_id","mobile","created_at");--> statement-breakpoint
CREATE INDEX "vacations_dates_idx" ON "vacations" USING btree ("clinic_id","start_date","end_date");--> statement-breakpoint
-- Existing users acting as the doctor role (RL3) take appointments.
UPDATE "users" u SET "is_doctor" = true FROM "roles" r WHERE r."clinic_id" = u."clinic_id" AND r."id" = u."role_id" AND r."base_role" = 'RL3';
