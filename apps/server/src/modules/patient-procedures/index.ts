/**
 * The patient procedures module: a patient's planned and done procedures on the dental chart, their status and
 * visits. Other modules (billing) use only what this file exports.
 */
import { demoRecordSeeders } from '../../db/demo-data.js';
import { seedDemoProcedures } from './patient-procedures.seed.js';

export { patientProcedures, procedureVisits } from './patient-procedures.table.js';
export type { ProcedureTooth } from './patient-procedures.table.js';
export { registerPatientProceduresRoutes } from './patient-procedures.routes.js';
export { findPatientProcedure } from './patient-procedures.service.js';

// a record seeder: after the patients' (modules/index.ts loads the patients module first) and after every
// reference seeder, the catalogue's included
demoRecordSeeders.push(seedDemoProcedures);
