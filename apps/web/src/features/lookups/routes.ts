import type { PageLoader } from '../registry';

/** Settings lookups: the reference module. */
export const pages: Record<string, PageLoader> = {
  '/Rooms': () => import('./pages/rooms-page'),
  '/Payments': () => import('./pages/payment-types-page'),
  '/PatientReferences': () => import('./pages/patient-references-page'),
};
