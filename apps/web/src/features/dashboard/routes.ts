import type { PageLoader } from '../registry';

/** The clinic's dashboard: the period's figures of the user's branches. */
export const pages: Record<string, PageLoader> = {
  '/Dashboard': () => import('./pages/dashboard-page'),
};
