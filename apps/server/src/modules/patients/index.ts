import { and, count, eq } from 'drizzle-orm';
import { type BranchDeleteCheck, branchDeleteChecks } from '../clinic/index.js';
import { addDemoRecordSeeder } from '../../db/demo-data.js';
import { seedDemoPatients } from './patients.seed.js';
import { patientBranches } from './patients.table.js';

/**
 * The patients module: the patient record, search, approval of website patients, duplicates and merge.
 * Other modules use only what this file exports: `findPatient` to check a patient id of the request's clinic
 * (404 otherwise) before touching that patient's records; `patientDeleteChecks` to refuse a patient's deletion.
 */
export { registerPatientsRoutes } from './patients.routes.js';
export { type PatientScope, assertPatientsInScope, findPatient, visiblePatients } from './patient-guard.js';
export { type PatientDeleteCheck, insertPatient, patientDeleteChecks } from './patients.service.js';
export { patientAttachments, patientBranches, patientLimits, patientNotes, patients } from './patients.table.js';
export { refreshSearchWords } from './search-words.js';
export { e164Mobile } from './patient-mobile.js';

/** A branch that patients belong to cannot be deleted (spec §5). */
const branchWithPatients: BranchDeleteCheck = async (tx, clinicId, branchId) => {
  const [row] = await tx
    .select({ n: count() })
    .from(patientBranches)
    .where(and(eq(patientBranches.clinicId, clinicId), eq(patientBranches.branchId, branchId)));
  return row!.n > 0 ? 'cannot_delete_branch' : null;
};
branchDeleteChecks.push(branchWithPatients);
addDemoRecordSeeder('patients', seedDemoPatients);
// for the benchmark (bench/patients.ts), which measures the list's SQL without the server around it
export { searchPatients } from './patient-search.service.js';
export { quickSearch, wordsSearchQuery } from './search-words.js';
