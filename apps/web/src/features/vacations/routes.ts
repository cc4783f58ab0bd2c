import type { PageLoader } from '../registry';

/** Clinic holidays and users' leave. */
export const pages: Record<string, PageLoader> = {
  '/VacationsList': () => import('./pages/vacations-page'),
};
