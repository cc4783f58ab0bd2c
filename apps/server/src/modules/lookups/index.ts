/**
 * The lookups module: rooms, payment types, the clinic's editable lists and the fixed system lists.
 * Other modules use only what this file exports (e.g. the tables, to reference a room or a payment type).
 */
import { demoSeeders } from '../../db/demo-data.js';
import { onClinicCreated } from '../../platform/tenants/provision.js';
import { seedDemoLookups, seedLookups } from './lookups.seed.js';

export { registerLookupsRoutes } from './lookups.routes.js';
export { clinicLookups, paymentTypes, rooms } from './lookups.table.js';
export { seedLookups } from './lookups.seed.js';

// Every new clinic gets the default rows inside its creation transaction; the demo clinics get a few more.
onClinicCreated.push(seedLookups);
demoSeeders.push((db, clinicId) => seedDemoLookups(db, clinicId));
