ALTER TABLE "branches" ADD COLUMN "latitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "longitude" numeric(9, 6);