CREATE TABLE "lab_order_attachments" (
	"clinic_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lab_order_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lab_order_id" bigint NOT NULL,
	"attachment_type" text NOT NULL,
	"file_key" text NOT NULL,
	"thumbnail_key" text,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"comments" text,
	"by_lab" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" bigint,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "lab_order_attachments_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "lab_order_attachments_type_ck" CHECK ("lab_order_attachments"."attachment_type" in ('image', 'pdf'))
);
--> statement-breakpoint
ALTER TABLE "lab_order_attachments" ADD CONSTRAINT "lab_order_attachments_clinic_id_lab_order_id_lab_orders_clinic_id_id_fk" FOREIGN KEY ("clinic_id","lab_order_id") REFERENCES "public"."lab_orders"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_order_attachments" ADD CONSTRAINT "lab_order_attachments_clinic_id_created_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","created_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_order_attachments" ADD CONSTRAINT "lab_order_attachments_clinic_id_deleted_by_users_clinic_id_id_fk" FOREIGN KEY ("clinic_id","deleted_by") REFERENCES "public"."users"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_order_attachments_order_idx" ON "lab_order_attachments" USING btree ("clinic_id","lab_order_id","id");