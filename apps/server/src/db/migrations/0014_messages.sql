CREATE TABLE "message_outbox" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "message_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint,
	"appointment_id" bigint,
	"type" text NOT NULL,
	"channel" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider" text,
	"provider_answer" text,
	"idempotency_key" text NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_outbox_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "message_outbox_status_ck" CHECK ("message_outbox"."status" in ('queued', 'sending', 'sent', 'failed', 'skipped')),
	CONSTRAINT "message_outbox_channel_ck" CHECK ("message_outbox"."channel" in ('sms', 'whatsapp')),
	CONSTRAINT "message_outbox_type_ck" CHECK ("message_outbox"."type" in ('MT1', 'MT2', 'MT3', 'MT4', 'MT5'))
);
--> statement-breakpoint
CREATE TABLE "message_types" (
	"clinic_id" bigint NOT NULL,
	"type" text NOT NULL,
	"texts" jsonb NOT NULL,
	"default_lang" text DEFAULT 'ar' NOT NULL,
	"auto_send" boolean DEFAULT false NOT NULL,
	"send_hour" integer DEFAULT 10 NOT NULL,
	"hour_before" boolean DEFAULT false NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_types_clinic_id_type_pk" PRIMARY KEY("clinic_id","type"),
	CONSTRAINT "message_types_type_ck" CHECK ("message_types"."type" in ('MT1', 'MT2', 'MT3', 'MT4', 'MT5')),
	CONSTRAINT "message_types_send_hour_ck" CHECK ("message_types"."send_hour" between 0 and 23)
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "do_not_message" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_types" ADD CONSTRAINT "message_types_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_types" ADD CONSTRAINT "message_types_clinic_id_updated_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","updated_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_idempotency_key_uq" ON "message_outbox" USING btree ("clinic_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "message_outbox_list_idx" ON "message_outbox" USING btree ("clinic_id","created_at","id");--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("clinic_id","next_attempt_at") WHERE "message_outbox"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "message_outbox_appointment_idx" ON "message_outbox" USING btree ("clinic_id","appointment_id");--> statement-breakpoint
CREATE INDEX "message_outbox_patient_idx" ON "message_outbox" USING btree ("clinic_id","patient_id","created_at");