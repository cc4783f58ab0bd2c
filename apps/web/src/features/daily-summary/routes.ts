import type { PageLoader } from '../registry';

/** One day of the branch per doctor. */
export const pages: Record<string, PageLoader> = {
  '/DailySummary': () => import('./pages/daily-summary-page'),
};
