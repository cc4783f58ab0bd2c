CREATE TABLE "lab_order_totals" (
	"clinic_id" bigint NOT NULL,
	"status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"price" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "lab_order_totals_clinic_id_status_pk" PRIMARY KEY("clinic_id","status")
);
--> statement-breakpoint
CREATE INDEX "lab_orders_open_expected_idx" ON "lab_orders" USING btree ("clinic_id","expected_delivery_date") WHERE "lab_orders"."status" not in ('LOS7', 'LOS3', 'LOS6');--> statement-breakpoint
-- hand-written below
-- lab_order_totals: the orders of each clinic and status, counted and their price summed, kept by these statement
-- triggers in the same transaction as every insert, update and delete of lab_orders (docs/labs.md "the list's
-- totals"; labs/lab-order-totals.int.test.ts recomputes it from the orders). Each statement adds its changes grouped
-- by (clinic, status) in one upsert, in that order, so concurrent writers lock the summary's rows in one order (no
-- deadlock) after the orders' own rows; an update that changes no status or price touches no summary row.
-- inserted orders (argument 1) or deleted ones (-1), in the transition table lab_order_totals_rows
CREATE FUNCTION lab_order_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer := TG_ARGV[0]::integer;
BEGIN
  INSERT INTO lab_order_totals AS t (clinic_id, status, orders, price)
  SELECT clinic_id, status, sign * count(*), sign * sum(price) FROM lab_order_totals_rows
  GROUP BY clinic_id, status ORDER BY clinic_id, status
  ON CONFLICT (clinic_id, status) DO UPDATE SET orders = t.orders + excluded.orders, price = t.price + excluded.price;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION lab_order_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lab_order_totals AS t (clinic_id, status, orders, price)
  SELECT clinic_id, status, sum(n), sum(p) FROM (
    SELECT clinic_id, status, -1 AS n, -price AS p FROM lab_order_totals_old
    UNION ALL
    SELECT clinic_id, status, 1, price FROM lab_order_totals_new) x
  GROUP BY clinic_id, status HAVING sum(n) <> 0 OR sum(p) <> 0 ORDER BY clinic_id, status
  ON CONFLICT (clinic_id, status) DO UPDATE SET orders = t.orders + excluded.orders, price = t.price + excluded.price;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lab_orders_totals_insert AFTER INSERT ON "lab_orders" REFERENCING NEW TABLE AS lab_order_totals_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lab_order_totals_add('1');--> statement-breakpoint
CREATE TRIGGER lab_orders_totals_delete AFTER DELETE ON "lab_orders" REFERENCING OLD TABLE AS lab_order_totals_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lab_order_totals_add('-1');--> statement-breakpoint
CREATE TRIGGER lab_orders_totals_update AFTER UPDATE ON "lab_orders"
  REFERENCING OLD TABLE AS lab_order_totals_old NEW TABLE AS lab_order_totals_new
  FOR EACH STATEMENT EXECUTE FUNCTION lab_order_totals_change();--> statement-breakpoint
-- the summary of the orders already there (the owner reads every clinic's rows: row-level security lifted for this
-- statement and put back; TENANCY_SQL forces it again after every migration anyway)
ALTER TABLE "lab_orders" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "lab_order_totals" ("clinic_id", "status", "orders", "price")
SELECT clinic_id, status, count(*), sum(price) FROM "lab_orders" GROUP BY clinic_id, status;--> statement-breakpoint
ALTER TABLE "lab_orders" FORCE ROW LEVEL SECURITY;
