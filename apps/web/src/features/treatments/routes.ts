import type { PageLoader } from '../registry';

/** Treatments: the clinic's catalogue and the branches' price lists. */
export const pages: Record<string, PageLoader> = {
  '/TreatmentsList': () => import('./pages/treatments-page'),
  '/PriceList': () => import('./pages/price-list-page'),
};
