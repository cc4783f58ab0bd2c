/**
 * The insurance module: the clinic's insurance companies (MedicalInsurance) and patients' insurance limits
 * (Patient/*PatientLimit*). Other modules use only what this file exports: the table, to reference a company,
 * and `findInsuranceCompany`, to check a chosen company of the request's clinic (the patient form).
 */
import { demoSeeders } from '../../db/demo-data.js';
import { onClinicCreated } from '../../platform/tenants/provision.js';
import { seedDemoInsurance, seedInsurance } from './insurance.seed.js';

export { registerInsuranceRoutes } from './insurance.routes.js';
export { insuranceCompanies } from './insurance.table.js';
export { findInsuranceCompany } from './insurance-companies.service.js';

// Every new clinic gets its default company inside its creation transaction; the demo clinic gets a few more.
onClinicCreated.push(seedInsurance);
demoSeeders.push((db, clinicId) => seedDemoInsurance(db, clinicId));
