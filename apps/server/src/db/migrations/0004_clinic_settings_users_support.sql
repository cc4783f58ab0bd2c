CREATE TABLE "contact_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_clinic_id" bigint NOT NULL,
	"author_user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"author_clinic_id" bigint,
	"author_user_id" bigint,
	"author_admin_id" bigint,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"author_clinic_id" bigint NOT NULL,
	"author_user_id" bigint NOT NULL,
	"author_name" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'RS1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_votes" (
	"request_id" bigint NOT NULL,
	"voter_clinic_id" bigint NOT NULL,
	"voter_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_votes_request_id_voter_clinic_id_voter_user_id_pk" PRIMARY KEY("request_id","voter_clinic_id","voter_user_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "push_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_working_hours" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "user_working_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"day_of_week" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	CONSTRAINT "user_working_hours_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
DROP INDEX "users_email_uq";--> statement-breakpoint
DROP INDEX "users_user_name_uq";--> statement-breakpoint
DROP INDEX "users_mobile_uq";--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "msg_number" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "vat_percentage" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "commercial_registration_no" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "tax_no" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "add_appointment_on_procedure_create" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "auto_update_appointment_to_missed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "allow_drag_and_drop_in_calendar" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "allow_resizing_in_calendar" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "show_procedure_materials_popup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "check_patient_insurance_limit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "auto_approve_patient" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "appointment_booking_type" text DEFAULT 'time' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "appointment_booking_interval" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "appointment_booking_gap_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "appointment_booking_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "appointment_booking_time_start" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "appointment_booking_time_end" text DEFAULT '21:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "max_bookings_per_day" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "max_attendance_distance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "facebook" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "twitter" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "instagram" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "tiktok" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "you_tube" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "snapchat" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "video" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "update_user_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_author_clinic_id_clinics_id_fk" FOREIGN KEY ("author_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_comments" ADD CONSTRAINT "support_comments_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_comments" ADD CONSTRAINT "support_comments_author_clinic_id_clinics_id_fk" FOREIGN KEY ("author_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_author_clinic_id_clinics_id_fk" FOREIGN KEY ("author_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_votes" ADD CONSTRAINT "support_votes_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_votes" ADD CONSTRAINT "support_votes_voter_clinic_id_clinics_id_fk" FOREIGN KEY ("voter_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_clinic_id_user_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","user_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_working_hours" ADD CONSTRAINT "user_working_hours_clinic_id_user_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","user_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_comments_request_idx" ON "support_comments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "support_requests_clinic_idx" ON "support_requests" USING btree ("author_clinic_id");--> statement-breakpoint
CREATE INDEX "support_requests_kind_idx" ON "support_requests" USING btree ("kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_token_uq" ON "push_subscriptions" USING btree ("clinic_id","token");--> statement-breakpoint
CREATE INDEX "user_working_hours_user_idx" ON "user_working_hours" USING btree ("clinic_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("clinic_id",lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_uq" ON "users" USING btree ("clinic_id",lower("user_name")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("clinic_id","mobile") WHERE "users"."deleted_at" is null;