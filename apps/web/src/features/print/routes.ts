import type { PageLoader } from '../registry';

/** Print settings (issue 15). The shared print layout every printed document uses is print-document.tsx. */
export const pages: Record<string, PageLoader> = {
  '/PrintSettings': () => import('./pages/print-settings-page'),
  '/AddEditPrintSettings/:ID?': () => import('./pages/edit-print-settings-page'),
};
