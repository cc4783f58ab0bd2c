CREATE TABLE "lab_order_status_history" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lab_order_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lab_order_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"note" text,
	"user_id" bigint,
	"by_lab" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_order_status_history_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "lab_orders" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lab_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" integer NOT NULL,
	"patient_id" bigint NOT NULL,
	"patient_procedure_id" bigint,
	"tooth" integer,
	"lab_id" bigint NOT NULL,
	"lab_service_id" bigint NOT NULL,
	"doctor_id" bigint,
	"status" text DEFAULT 'LOS1' NOT NULL,
	"shape_type" text,
	"shade" text,
	"neck" text,
	"body" text,
	"incisal" text,
	"send_date" date,
	"expected_delivery_date" date,
	"price" numeric(14, 3) NOT NULL,
	"notes" text,
	"ready_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_orders_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "lab_orders_status_ck" CHECK ("lab_orders"."status" in ('LOS1', 'LOS2', 'LOS3', 'LOS4', 'LOS5', 'LOS6', 'LOS7')),
	CONSTRAINT "lab_orders_price_ck" CHECK ("lab_orders"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lab_prices" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lab_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lab_id" bigint NOT NULL,
	"lab_service_id" bigint NOT NULL,
	"price" numeric(14, 3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_prices_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "lab_prices_price_ck" CHECK ("lab_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lab_services" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lab_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lab_id" bigint NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_services_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "lab_users" (
	"clinic_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"lab_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_users_clinic_id_user_id_pk" PRIMARY KEY("clinic_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "labs" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "labs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"contact_person" text,
	"mobile" text,
	"email" text,
	"address" text,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labs_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
ALTER TABLE "lab_order_status_history" ADD CONSTRAINT "lab_order_status_history_clinic_id_lab_order_id_lab_orders_clinic_id_id_fk" FOREIGN KEY ("clinic_id","lab_order_id") REFERENCES "public"."lab_orders"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_order_status_history" ADD CONSTRAINT "lab_order_status_history_clinic_id_user_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","user_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_clinic_id_patient_procedure_id_patient_procedures_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_procedure_id") REFERENCES "public"."patient_procedures"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_clinic_id_lab_id_labs_clinic_id_id_fk" FOREIGN KEY ("clinic_id","lab_id") REFERENCES "public"."labs"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_clinic_id_lab_service_id_lab_services_clinic_id_id_fk" FOREIGN KEY ("clinic_id","lab_service_id") REFERENCES "public"."lab_services"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_clinic_id_doctor_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","doctor_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_prices" ADD CONSTRAINT "lab_prices_clinic_id_lab_id_labs_clinic_id_id_fk" FOREIGN KEY ("clinic_id","lab_id") REFERENCES "public"."labs"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_prices" ADD CONSTRAINT "lab_prices_clinic_id_lab_service_id_lab_services_clinic_id_id_fk" FOREIGN KEY ("clinic_id","lab_service_id") REFERENCES "public"."lab_services"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_services" ADD CONSTRAINT "lab_services_clinic_id_lab_id_labs_clinic_id_id_fk" FOREIGN KEY ("clinic_id","lab_id") REFERENCES "public"."labs"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_users" ADD CONSTRAINT "lab_users_clinic_id_user_id_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","user_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_users" ADD CONSTRAINT "lab_users_clinic_id_lab_id_labs_clinic_id_id_fk" FOREIGN KEY ("clinic_id","lab_id") REFERENCES "public"."labs"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labs" ADD CONSTRAINT "labs_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_order_status_history_order_idx" ON "lab_order_status_history" USING btree ("clinic_id","lab_order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_orders_order_no_uq" ON "lab_orders" USING btree ("clinic_id","order_no");--> statement-breakpoint
CREATE INDEX "lab_orders_lab_idx" ON "lab_orders" USING btree ("clinic_id","lab_id","created_at");--> statement-breakpoint
CREATE INDEX "lab_orders_patient_idx" ON "lab_orders" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE INDEX "lab_orders_procedure_idx" ON "lab_orders" USING btree ("clinic_id","patient_procedure_id");--> statement-breakpoint
CREATE INDEX "lab_orders_service_idx" ON "lab_orders" USING btree ("clinic_id","lab_service_id");--> statement-breakpoint
CREATE INDEX "lab_orders_expected_idx" ON "lab_orders" USING btree ("clinic_id","expected_delivery_date");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_prices_service_uq" ON "lab_prices" USING btree ("clinic_id","lab_id","lab_service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_services_name_ar_uq" ON "lab_services" USING btree ("clinic_id","lab_id",lower("name_ar"));--> statement-breakpoint
CREATE UNIQUE INDEX "lab_services_name_en_uq" ON "lab_services" USING btree ("clinic_id","lab_id",lower("name_en"));--> statement-breakpoint
CREATE INDEX "lab_users_lab_idx" ON "lab_users" USING btree ("clinic_id","lab_id");--> statement-breakpoint
CREATE UNIQUE INDEX "labs_name_uq" ON "labs" USING btree ("clinic_id",lower("name"));