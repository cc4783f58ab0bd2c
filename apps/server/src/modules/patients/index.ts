/**
 * The patients module: the patient record, search, approval of website patients, duplicates and merge.
 * Other modules use only what this file exports: `findPatient` to check a patient id of the request's clinic
 * (404 otherwise) before touching that patient's records.
 */
export { findPatient } from './patient-guard.js';
export { patients, patientBranches } from './patients.table.js';
