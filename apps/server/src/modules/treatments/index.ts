/**
 * The treatments module: the clinic's catalogue (treatment branches and their procedures) and each clinic branch's
 * price list. Other modules use only what this file exports.
 */
export { priceListProcedures, procedures, treatmentBranches } from './treatments.table.js';
