import type { PageLoader } from '../registry';

/** Invoices and credit notes of a patient (issue 15); documents print on the shared layout (features/print). */
export const pages: Record<string, PageLoader> = {
  '/Invoice/:PID?': () => import('./pages/invoice-page'),
};
