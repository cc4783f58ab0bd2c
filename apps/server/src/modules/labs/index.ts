/**
 * The labs module (issue 16, docs/labs.md): labs, their services and price lists, lab orders with their status
 * history, and lab users (logins of a lab's staff, scoped to their lab). Other modules use only what this file
 * exports.
 */
import { addDemoRecordSeeder } from '../../db/demo-data.js';
import { seedDemoLabs } from './labs.seed.js';

export { registerLabsRoutes } from './labs.routes.js';
export { labOrders, labs } from './labs.table.js';
// the hourly job that notifies overdue lab orders once a clinic's day (issue 17, docs/notifications.md)
export { LAB_OVERDUE_JOB, notifyOverdueLabOrders } from './lab-overdue-job.js';

// a record seeder: after the patients' and their procedures' (modules/index.ts loads those modules first)
addDemoRecordSeeder('follow-ups', seedDemoLabs);
