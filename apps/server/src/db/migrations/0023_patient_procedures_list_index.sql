-- hand-written below
-- /PatientsProceduresList (GetPatientProceduresFilter) filtered by status over the whole clinic: an index-only scan of
-- the matches (the filter's statement reads only these columns of them) instead of a scan of every row; drizzle-kit
-- cannot declare INCLUDE columns. Session 12, issue 14; plans in bench/README.md.
CREATE INDEX IF NOT EXISTS "patient_procedures_status_idx" ON "patient_procedures" USING btree ("clinic_id", "status", "created_at") INCLUDE ("id", "branch_id", "price", "discount");
