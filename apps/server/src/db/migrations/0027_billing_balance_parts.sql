CREATE TABLE "patient_balance_parts" (
	"clinic_id" bigint NOT NULL,
	"patient_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"doctor_id" bigint NOT NULL,
	"share" numeric(14, 3) DEFAULT '0' NOT NULL,
	"paid" numeric(14, 3) DEFAULT '0' NOT NULL,
	"oldest_at" timestamp with time zone,
	CONSTRAINT "patient_balance_parts_clinic_id_patient_id_branch_id_doctor_id_pk" PRIMARY KEY("clinic_id","patient_id","branch_id","doctor_id")
);
--> statement-breakpoint
ALTER TABLE "patient_balance_parts" ADD CONSTRAINT "patient_balance_parts_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_balance_parts_owing_idx" ON "patient_balance_parts" USING btree ("clinic_id","branch_id","doctor_id") WHERE "patient_balance_parts"."share" > "patient_balance_parts"."paid";--> statement-breakpoint
-- hand-written below
-- patient_balance_parts: patient_balances' share and paid per (patient, branch, doctor), each also summed over every
-- branch (branch_id 0), every doctor (doctor_id 0) and both, with the earliest charge moment (completed, else added)
-- of a procedure not wholly paid; kept by these triggers in the same transaction as each entry (docs/payments.md;
-- payments/patient-balances.int.test.ts recomputes it from the entries). They run after 0024's (trigger names sort
-- after them), so a writer locks patient_balances' row first, then the four parts rows in one order: (0,0), (b,0),
-- (0,d), (b,d).
-- One procedure's change in its four rows: `d_share`, `d_paid` added; `at` its charge moment, `now_unpaid` whether it
-- is unpaid in this group after the change. An unpaid one can only make the oldest earlier (least); when one at the
-- oldest moment stops being unpaid here, the oldest is recomputed from the procedures (in a new statement, after the
-- row's lock: it sees what the writers this one waited for committed).
CREATE FUNCTION patient_balance_parts_add(c bigint, p bigint, b bigint, d bigint, d_share numeric, d_paid numeric,
  at timestamptz, was_unpaid boolean, now_unpaid boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k record;
  cur timestamptz;
BEGIN
  IF d_share = 0 AND d_paid = 0 AND was_unpaid = now_unpaid THEN
    RETURN;
  END IF;
  FOR k IN SELECT v.kb, v.kd FROM (VALUES (1, 0::bigint, 0::bigint), (2, b, 0::bigint), (3, 0::bigint, d), (4, b, d)) v(n, kb, kd) ORDER BY v.n LOOP
    INSERT INTO patient_balance_parts AS x (clinic_id, patient_id, branch_id, doctor_id, share, paid, oldest_at)
    VALUES (c, p, k.kb, k.kd, d_share, d_paid, CASE WHEN now_unpaid THEN at END)
    ON CONFLICT (clinic_id, patient_id, branch_id, doctor_id) DO UPDATE
      SET share = x.share + excluded.share, paid = x.paid + excluded.paid,
        oldest_at = CASE WHEN now_unpaid THEN least(x.oldest_at, at) ELSE x.oldest_at END
    RETURNING x.oldest_at INTO cur;
    IF NOT now_unpaid AND cur = at THEN
      UPDATE patient_balance_parts x SET oldest_at = (
        SELECT min(coalesce(pp.completed_at, pp.created_at)) FROM patient_procedures pp
        WHERE pp.clinic_id = c AND pp.patient_id = p AND (k.kb = 0 OR pp.branch_id = k.kb) AND (k.kd = 0 OR pp.doctor_id = k.kd)
          AND pp.status IN ('S2', 'S3', 'S4') AND pp.net - pp.insurance_share > patient_procedure_paid(c, pp.id))
      WHERE x.clinic_id = c AND x.patient_id = p AND x.branch_id = k.kb AND x.doctor_id = k.kd;
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
-- a procedure counts while S2-S4: out of its old (patient, branch, doctor, moment), into its new one
CREATE FUNCTION patient_balance_parts_procedure() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid numeric;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.net = OLD.net AND NEW.insurance_share = OLD.insurance_share
     AND NEW.patient_id = OLD.patient_id AND NEW.branch_id = OLD.branch_id AND NEW.doctor_id = OLD.doctor_id
     AND NEW.completed_at IS NOT DISTINCT FROM OLD.completed_at AND NEW.created_at = OLD.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status IN ('S2', 'S3', 'S4') THEN
    paid := patient_procedure_paid(OLD.clinic_id, OLD.id);
    PERFORM patient_balance_parts_add(OLD.clinic_id, OLD.patient_id, OLD.branch_id, OLD.doctor_id,
      -(OLD.net - OLD.insurance_share), -paid, coalesce(OLD.completed_at, OLD.created_at), OLD.net - OLD.insurance_share > paid, false);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('S2', 'S3', 'S4') THEN
    paid := patient_procedure_paid(NEW.clinic_id, NEW.id);
    PERFORM patient_balance_parts_add(NEW.clinic_id, NEW.patient_id, NEW.branch_id, NEW.doctor_id,
      NEW.net - NEW.insurance_share, paid, coalesce(NEW.completed_at, NEW.created_at), false, NEW.net - NEW.insurance_share > paid);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER patient_procedures_balance_parts AFTER INSERT OR UPDATE OR DELETE ON "patient_procedures"
  FOR EACH ROW EXECUTE FUNCTION patient_balance_parts_procedure();--> statement-breakpoint
-- an allocation of an unreversed payment on an owed procedure: paid there
CREATE FUNCTION patient_balance_parts_allocation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pp record;
  paid numeric;
BEGIN
  IF EXISTS (SELECT 1 FROM payment_reversals r WHERE r.clinic_id = NEW.clinic_id AND r.payment_id = NEW.payment_id) THEN
    RETURN NULL;
  END IF;
  SELECT patient_id, branch_id, doctor_id, status, net - insurance_share AS share, coalesce(completed_at, created_at) AS at INTO pp
    FROM patient_procedures WHERE clinic_id = NEW.clinic_id AND id = NEW.patient_procedure_id;
  IF pp.status IN ('S2', 'S3', 'S4') THEN
    paid := patient_procedure_paid(NEW.clinic_id, NEW.patient_procedure_id);
    PERFORM patient_balance_parts_add(NEW.clinic_id, pp.patient_id, pp.branch_id, pp.doctor_id, 0, NEW.amount, pp.at,
      pp.share > paid - NEW.amount, pp.share > paid);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payment_allocations_balance_parts AFTER INSERT ON "payment_allocations"
  FOR EACH ROW EXECUTE FUNCTION patient_balance_parts_allocation();--> statement-breakpoint
-- a reversal takes back what its payment paid on each owed procedure
CREATE FUNCTION patient_balance_parts_reversal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  x record;
  paid numeric;
BEGIN
  FOR x IN
    SELECT pp.id, pp.patient_id, pp.branch_id, pp.doctor_id, pp.net - pp.insurance_share AS share,
        coalesce(pp.completed_at, pp.created_at) AS at, sum(a.amount) AS amount
      FROM payment_allocations a JOIN patient_procedures pp ON pp.clinic_id = a.clinic_id AND pp.id = a.patient_procedure_id
    WHERE a.clinic_id = NEW.clinic_id AND a.payment_id = NEW.payment_id AND pp.status IN ('S2', 'S3', 'S4')
    GROUP BY pp.clinic_id, pp.id ORDER BY pp.id
  LOOP
    paid := patient_procedure_paid(NEW.clinic_id, x.id);
    PERFORM patient_balance_parts_add(NEW.clinic_id, x.patient_id, x.branch_id, x.doctor_id, 0, -x.amount, x.at,
      x.share > paid + x.amount, x.share > paid);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payment_reversals_balance_parts AFTER INSERT ON "payment_reversals"
  FOR EACH ROW EXECUTE FUNCTION patient_balance_parts_reversal();--> statement-breakpoint
-- the parts of the entries already there (row-level security lifted for this statement as in 0024)
ALTER TABLE "patient_procedures" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_allocations" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_reversals" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "patient_balance_parts" ("clinic_id", "patient_id", "branch_id", "doctor_id", "share", "paid", "oldest_at")
SELECT clinic_id, patient_id, coalesce(branch_id, 0), coalesce(doctor_id, 0), sum(share), sum(paid), min(at) FILTER (WHERE share > paid)
FROM (
  SELECT pp.clinic_id, pp.patient_id, pp.branch_id, pp.doctor_id, pp.net - pp.insurance_share AS share,
    patient_procedure_paid(pp.clinic_id, pp.id) AS paid, coalesce(pp.completed_at, pp.created_at) AS at
  FROM patient_procedures pp WHERE pp.status IN ('S2', 'S3', 'S4')
) e GROUP BY clinic_id, patient_id, GROUPING SETS ((), (branch_id), (doctor_id), (branch_id, doctor_id));--> statement-breakpoint
ALTER TABLE "patient_procedures" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_allocations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_reversals" FORCE ROW LEVEL SECURITY;
