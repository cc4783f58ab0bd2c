/**
 * The prescriptions module: prescriptions (draft, then published and immutable) with drug lines, prescription
 * templates, revocable public links and the printed prescription (docs/prescriptions.md). Other modules use only
 * what this file exports.
 */
import { addDemoRecordSeeder } from '../../db/demo-data.js';
import { seedDemoPrescriptions } from './prescriptions.seed.js';

export { registerPrescriptionsRoutes } from './prescriptions.routes.js';
export {
  prescriptionDrugs,
  prescriptionLinks,
  prescriptionTemplateDrugs,
  prescriptionTemplates,
  prescriptions,
} from './prescriptions.table.js';

addDemoRecordSeeder('follow-ups', (db, clinicId) => seedDemoPrescriptions(db, clinicId));
