import type { PageLoader } from '../registry';

/** The clinic's own settings and its branches. */
export const pages: Record<string, PageLoader> = {
  '/Clinic': () => import('./pages/clinic-page'),
};
