import type { PageLoader } from '../registry';

/** Roles and permissions (RolePermission calls). */
export const pages: Record<string, PageLoader> = {
  '/Roles': () => import('./pages/roles-page'),
  '/Permissions/:ID?': () => import('./pages/permissions-page'),
};
