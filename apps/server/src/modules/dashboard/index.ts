/** The clinic's dashboard (issue 16's last item, docs/dashboard.md): six read-only figures over other modules' tables. */
export { registerDashboardRoutes } from './dashboard.routes.js';
