CREATE TABLE "feedback_answers" (
	"clinic_id" bigint NOT NULL,
	"response_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"text" text,
	"choice" smallint,
	CONSTRAINT "feedback_answers_clinic_id_response_id_question_id_pk" PRIMARY KEY("clinic_id","response_id","question_id"),
	CONSTRAINT "feedback_answers_one_ck" CHECK (("feedback_answers"."text" is null) <> ("feedback_answers"."choice" is null))
);
--> statement-breakpoint
CREATE TABLE "feedback_links" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "feedback_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"appointment_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_links_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "feedback_questions" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "feedback_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"text" jsonb NOT NULL,
	"question_type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_questions_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "feedback_questions_type_ck" CHECK ("feedback_questions"."question_type" in ('text', 'choice'))
);
--> statement-breakpoint
CREATE TABLE "feedback_responses" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "feedback_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"appointment_id" bigint NOT NULL,
	"patient_id" bigint NOT NULL,
	"doctor_id" bigint,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_responses_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "qr_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"label" text NOT NULL,
	"branch_id" bigint,
	"url" text,
	"token" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_codes_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "qr_codes_purpose_ck" CHECK ("qr_codes"."purpose" in ('booking', 'feedback', 'checkin', 'social'))
);
--> statement-breakpoint
ALTER TABLE "feedback_answers" ADD CONSTRAINT "feedback_answers_clinic_id_response_id_feedback_responses_clinic_id_id_fk" FOREIGN KEY ("clinic_id","response_id") REFERENCES "public"."feedback_responses"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_answers" ADD CONSTRAINT "feedback_answers_clinic_id_question_id_feedback_questions_clinic_id_id_fk" FOREIGN KEY ("clinic_id","question_id") REFERENCES "public"."feedback_questions"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_links" ADD CONSTRAINT "feedback_links_clinic_id_appointment_id_appointments_clinic_id_id_fk" FOREIGN KEY ("clinic_id","appointment_id") REFERENCES "public"."appointments"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_links" ADD CONSTRAINT "feedback_links_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_questions" ADD CONSTRAINT "feedback_questions_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_clinic_id_appointment_id_appointments_clinic_id_id_fk" FOREIGN KEY ("clinic_id","appointment_id") REFERENCES "public"."appointments"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_clinic_id_doctor_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","doctor_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_clinic_id_branch_id_branches_clinic_id_id_fk" FOREIGN KEY ("clinic_id","branch_id") REFERENCES "public"."branches"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_answers_question_idx" ON "feedback_answers" USING btree ("clinic_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_links_token_uq" ON "feedback_links" USING btree ("clinic_id","token_hash");--> statement-breakpoint
CREATE INDEX "feedback_links_appointment_idx" ON "feedback_links" USING btree ("clinic_id","appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_responses_appointment_uq" ON "feedback_responses" USING btree ("clinic_id","appointment_id");--> statement-breakpoint
CREATE INDEX "feedback_responses_patient_idx" ON "feedback_responses" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_token_uq" ON "qr_codes" USING btree ("clinic_id","token");