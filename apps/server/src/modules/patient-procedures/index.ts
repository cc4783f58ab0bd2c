/**
 * The patient procedures module: a patient's planned and done procedures on the dental chart, their status and
 * visits. Other modules (billing) use only what this file exports.
 */
import { and, eq } from 'drizzle-orm';
import { addDemoRecordSeeder } from '../../db/demo-data.js';
import { procedureInUseChecks } from '../treatments/index.js';
import { patientProcedures } from './patient-procedures.table.js';
import { seedDemoProcedures } from './patient-procedures.seed.js';

export { patientProcedures, procedureVisits } from './patient-procedures.table.js';
export type { ProcedureTooth } from './patient-procedures.table.js';
export { registerPatientProceduresRoutes } from './patient-procedures.routes.js';
export { findPatientProcedure } from './patient-procedures.service.js';

// a record seeder: after the patients' (modules/index.ts loads the patients module first) and after every
// reference seeder, the catalogue's included
addDemoRecordSeeder('treatments', seedDemoProcedures);
// a catalogue procedure a patient has (in any status) cannot be deleted, only deactivated
procedureInUseChecks.push(
  async (tx, clinicId, procedureId) =>
    (await tx.$count(patientProcedures, and(eq(patientProcedures.clinicId, clinicId), eq(patientProcedures.procedureId, procedureId)))) > 0,
);
