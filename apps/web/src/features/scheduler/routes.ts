import type { PageLoader } from '../registry';

/** The scheduler: the calendar is the home page ('/') and /Schedule. */
const calendar: PageLoader = () => import('./pages/scheduler-page');

export const pages: Record<string, PageLoader> = {
  '/': calendar,
  '/Schedule': calendar,
};
