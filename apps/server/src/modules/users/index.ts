/**
 * The users module: the clinic's staff accounts (add, list, edit, branches, working days, delete), one's own
 * profile (photo, password, language, theme) and push subscriptions. The tables (users, user_branches,
 * user_working_hours, push_subscriptions) belong to the platform (apps/server/src/platform/auth/identity.table.ts),
 * which logs users in and loads their session on each request.
 */
export { registerUsersRoutes } from './users.routes.js';
/** A new user of the clinic with all of the users module's checks (the labs module makes lab logins with it). */
export { registerUser } from './users.service.js';
