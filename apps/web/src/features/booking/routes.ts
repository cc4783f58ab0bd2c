import type { PageLoader } from '../registry';

/** The public booking page (no login): /book/<clinic name>. */
export const pages: Record<string, PageLoader> = {
  '/book/:clinicName': () => import('./pages/booking-page'),
};
