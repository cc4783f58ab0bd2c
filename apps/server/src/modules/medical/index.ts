/**
 * The medical module: the clinic's medical questionnaire (categories and questions) and each patient's medical
 * history (record status, answers, diseases, drugs) with the alerts shown on the patient's header.
 * Other modules use only what this file exports.
 */
import { addDemoRecordSeeder } from '../../db/demo-data.js';
import { onClinicCreated } from '../../platform/tenants/provision.js';
import { seedDemoMedical, seedMedical } from './medical.seed.js';

export { registerMedicalRoutes } from './medical.routes.js';
export {
  medicalCategories,
  medicalProducts,
  medicalQuestions,
  patientDiseases,
  patientDrugs,
  patientMedicalAnswers,
  patientMedicalHistory,
} from './medical.table.js';

// Every new clinic starts with a questionnaire and drug names; the demo clinics get them too if they lack them.
onClinicCreated.push(seedMedical);
addDemoRecordSeeder('history', (db, clinicId) => seedDemoMedical(db, clinicId));
// a patient's alerts for other modules (shown while prescribing, issue 16)
export { getPatientMedicalHistory } from './medical-history.service.js';
