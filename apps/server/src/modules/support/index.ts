/**
 * The support module: feature and support requests with votes and comments, and the /ContactUs form.
 * Its tables are shared by every clinic (no clinic_id); the services apply the visibility rules themselves.
 */
import { demoSeeders } from '../../db/demo-data.js';
import { seedDemoSupport } from './support.seed.js';

export { registerSupportRoutes } from './support.routes.js';
export { contactMessages, supportComments, supportRequests, supportVotes } from './support.table.js';

demoSeeders.push((db, clinicId) => seedDemoSupport(db, clinicId));
