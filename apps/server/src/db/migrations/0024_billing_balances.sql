CREATE TABLE "patient_balances" (
	"clinic_id" bigint NOT NULL,
	"patient_id" bigint NOT NULL,
	"share" numeric(14, 3) DEFAULT '0' NOT NULL,
	"paid" numeric(14, 3) DEFAULT '0' NOT NULL,
	"credit" numeric(14, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "patient_balances_clinic_id_patient_id_pk" PRIMARY KEY("clinic_id","patient_id")
);
--> statement-breakpoint
ALTER TABLE "patient_balances" ADD CONSTRAINT "patient_balances_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- patient_balances: what each patient owes, summed from the entries, kept by these triggers in the same transaction
-- as each entry (docs/payments.md "the balances summary"; payments/patient-balances.int.test.ts recomputes it from
-- the entries). An entry's change is added with one upsert on the patient's row, whose row lock serialises concurrent
-- writers of one patient; the payment writes lock the patient and the procedures before they insert, so the lock
-- order stays procedure → balance row.
CREATE FUNCTION patient_balance_add(c bigint, p bigint, d_share numeric, d_paid numeric, d_credit numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_share = 0 AND d_paid = 0 AND d_credit = 0 THEN
    RETURN;
  END IF;
  INSERT INTO patient_balances AS b (clinic_id, patient_id, share, paid, credit) VALUES (c, p, d_share, d_paid, d_credit)
  ON CONFLICT (clinic_id, patient_id) DO UPDATE
    SET share = b.share + excluded.share, paid = b.paid + excluded.paid, credit = b.credit + excluded.credit;
END $$;--> statement-breakpoint
-- what is paid on one procedure: its unreversed allocations (payments.sql.ts procedurePaid)
CREATE FUNCTION patient_procedure_paid(c bigint, pp bigint) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(a.amount), 0) FROM payment_allocations a
  WHERE a.clinic_id = c AND a.patient_procedure_id = pp
    AND NOT EXISTS (SELECT 1 FROM payment_reversals r WHERE r.clinic_id = a.clinic_id AND r.payment_id = a.payment_id)
$$;--> statement-breakpoint
-- the unapplied part of an LT2 payment (payments.sql.ts paymentApplied)
CREATE FUNCTION patient_payment_unapplied(c bigint, pay bigint, amount numeric) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT amount - coalesce((SELECT sum(a.amount) FROM payment_allocations a WHERE a.clinic_id = c AND a.payment_id = pay), 0)
$$;--> statement-breakpoint
-- a procedure counts while its status is S2-S4 (OWED_STATUSES): its share and what is paid on it
CREATE FUNCTION patient_balances_procedure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.net = OLD.net AND NEW.insurance_share = OLD.insurance_share
     AND NEW.patient_id = OLD.patient_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status IN ('S2', 'S3', 'S4') THEN
    PERFORM patient_balance_add(OLD.clinic_id, OLD.patient_id, -(OLD.net - OLD.insurance_share),
      -patient_procedure_paid(OLD.clinic_id, OLD.id), 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('S2', 'S3', 'S4') THEN
    PERFORM patient_balance_add(NEW.clinic_id, NEW.patient_id, NEW.net - NEW.insurance_share,
      patient_procedure_paid(NEW.clinic_id, NEW.id), 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER patient_procedures_balances AFTER INSERT OR UPDATE OR DELETE ON "patient_procedures"
  FOR EACH ROW EXECUTE FUNCTION patient_balances_procedure();--> statement-breakpoint
-- an LT2 payment is credit until applied; a merge may move a payment to another patient (its credit goes with it)
CREATE FUNCTION patient_balances_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  left_over numeric;
BEGIN
  IF NEW.ledger_type <> 'LT2'
     OR EXISTS (SELECT 1 FROM payment_reversals r WHERE r.clinic_id = NEW.clinic_id AND r.payment_id = NEW.id) THEN
    RETURN NULL;
  END IF;
  left_over := patient_payment_unapplied(NEW.clinic_id, NEW.id, NEW.amount);
  IF TG_OP = 'UPDATE' THEN
    IF NEW.patient_id = OLD.patient_id THEN
      RETURN NULL;
    END IF;
    PERFORM patient_balance_add(OLD.clinic_id, OLD.patient_id, 0, 0, -left_over);
  END IF;
  PERFORM patient_balance_add(NEW.clinic_id, NEW.patient_id, 0, 0, left_over);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER patient_payments_balances AFTER INSERT OR UPDATE OF patient_id ON "patient_payments"
  FOR EACH ROW EXECUTE FUNCTION patient_balances_payment();--> statement-breakpoint
-- an allocation of an unreversed payment: paid on an owed procedure, and less credit when its payment is LT2
CREATE FUNCTION patient_balances_allocation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pp record;
  pay record;
BEGIN
  IF EXISTS (SELECT 1 FROM payment_reversals r WHERE r.clinic_id = NEW.clinic_id AND r.payment_id = NEW.payment_id) THEN
    RETURN NULL;
  END IF;
  SELECT patient_id, status INTO pp FROM patient_procedures WHERE clinic_id = NEW.clinic_id AND id = NEW.patient_procedure_id;
  IF pp.status IN ('S2', 'S3', 'S4') THEN
    PERFORM patient_balance_add(NEW.clinic_id, pp.patient_id, 0, NEW.amount, 0);
  END IF;
  SELECT patient_id, ledger_type INTO pay FROM patient_payments WHERE clinic_id = NEW.clinic_id AND id = NEW.payment_id;
  IF pay.ledger_type = 'LT2' THEN
    PERFORM patient_balance_add(NEW.clinic_id, pay.patient_id, 0, 0, -NEW.amount);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payment_allocations_balances AFTER INSERT ON "payment_allocations"
  FOR EACH ROW EXECUTE FUNCTION patient_balances_allocation();--> statement-breakpoint
-- a reversal takes back what its payment paid on owed procedures and, for LT2, its unapplied credit
CREATE FUNCTION patient_balances_reversal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  FOR x IN
    SELECT pp.patient_id, sum(a.amount) AS amount FROM payment_allocations a
      JOIN patient_procedures pp ON pp.clinic_id = a.clinic_id AND pp.id = a.patient_procedure_id
    WHERE a.clinic_id = NEW.clinic_id AND a.payment_id = NEW.payment_id AND pp.status IN ('S2', 'S3', 'S4')
    GROUP BY pp.patient_id
  LOOP
    PERFORM patient_balance_add(NEW.clinic_id, x.patient_id, 0, -x.amount, 0);
  END LOOP;
  FOR x IN SELECT p.patient_id, patient_payment_unapplied(p.clinic_id, p.id, p.amount) AS amount FROM patient_payments p
    WHERE p.clinic_id = NEW.clinic_id AND p.id = NEW.payment_id AND p.ledger_type = 'LT2'
  LOOP
    PERFORM patient_balance_add(NEW.clinic_id, x.patient_id, 0, 0, -x.amount);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payment_reversals_balances AFTER INSERT ON "payment_reversals"
  FOR EACH ROW EXECUTE FUNCTION patient_balances_reversal();--> statement-breakpoint
-- the summary of the entries already there (the owner reads every clinic's rows: row-level security lifted for these
-- statements and put back; TENANCY_SQL forces it again after every migration anyway)
ALTER TABLE "patient_procedures" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "patient_payments" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_allocations" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_reversals" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "patient_balances" ("clinic_id", "patient_id", "share", "paid", "credit")
SELECT clinic_id, patient_id, sum(share), sum(paid), sum(credit) FROM (
  SELECT pp.clinic_id, pp.patient_id, pp.net - pp.insurance_share AS share, patient_procedure_paid(pp.clinic_id, pp.id) AS paid, 0 AS credit
    FROM patient_procedures pp WHERE pp.status IN ('S2', 'S3', 'S4')
  UNION ALL
  SELECT p.clinic_id, p.patient_id, 0, 0, patient_payment_unapplied(p.clinic_id, p.id, p.amount)
    FROM patient_payments p WHERE p.ledger_type = 'LT2'
      AND NOT EXISTS (SELECT 1 FROM payment_reversals r WHERE r.clinic_id = p.clinic_id AND r.payment_id = p.id)
) e GROUP BY clinic_id, patient_id;--> statement-breakpoint
ALTER TABLE "patient_procedures" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "patient_payments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_allocations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_reversals" FORCE ROW LEVEL SECURITY;
