/**
 * The patient procedures module: a patient's planned and done procedures on the dental chart, their status and
 * visits. Other modules (billing) use only what this file exports.
 */
export { patientProcedures, procedureVisits } from './patient-procedures.table.js';
export type { ProcedureTooth } from './patient-procedures.table.js';
export { registerPatientProceduresRoutes } from './patient-procedures.routes.js';
export { findPatientProcedure } from './patient-procedures.service.js';
