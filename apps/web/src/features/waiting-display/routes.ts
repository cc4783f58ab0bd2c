import type { PageLoader } from '../registry';

/** The waiting display: a full page facing the waiting room. */
export const pages: Record<string, PageLoader> = {
  '/TodayAppointments': () => import('./pages/waiting-display-page'),
};
