/**
 * The roles module: the clinic's roles, the fixed permission catalogue, a role's keys and a user's role.
 * The tables (roles, role_permissions) belong to the platform (apps/server/src/platform/auth/identity.table.ts),
 * which creates the default roles of every new clinic and loads a user's keys on each request.
 */
export { registerRolesRoutes } from './roles.routes.js';
