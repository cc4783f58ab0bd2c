/**
 * The treatments module: the clinic's catalogue (treatment branches and their procedures) and each clinic branch's
 * price list. Other modules use only what this file exports.
 */
import { demoSeeders } from '../../db/demo-data.js';
import { branchDeleteChecks } from '../clinic/index.js';
import { dropBranchPriceList } from './price-lists.service.js';
import { seedDemoCatalogue } from './treatments.seed.js';

export { priceListProcedures, procedures, treatmentBranches } from './treatments.table.js';
export { registerTreatmentsRoutes } from './treatments.routes.js';

// New clinics start with an empty catalogue (their own procedures and prices); the demo clinics get a full one.
demoSeeders.push((db, clinicId, branchIds) => seedDemoCatalogue(db, clinicId, branchIds));
// A deleted clinic branch takes its price list with it (the list alone never keeps a branch).
branchDeleteChecks.push(dropBranchPriceList);
