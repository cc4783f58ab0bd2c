/**
 * The clinic module: the caller's clinic settings (names, details, flags, booking, links, logo) and its branches.
 * Its tables (clinics, branches) are the platform's identity tables. Other modules use only what this file
 * exports: a module whose rows belong to a branch pushes a check onto `branchDeleteChecks` when it loads.
 */
export { registerClinicRoutes } from './clinic.routes.js';
export { type BranchDeleteCheck, branchDeleteChecks } from './branches.service.js';
