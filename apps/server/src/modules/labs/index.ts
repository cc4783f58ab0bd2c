/**
 * The labs module (issue 16, docs/labs.md): labs, their services and price lists, lab orders with their status
 * history, and lab users (logins of a lab's staff, scoped to their lab). Other modules use only what this file
 * exports.
 */
export { registerLabsRoutes } from './labs.routes.js';
export { labOrders, labs } from './labs.table.js';
