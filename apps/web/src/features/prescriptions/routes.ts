import type { PageLoader } from '../registry';

/** Prescriptions and prescription templates (issue 16); the prescription prints on the shared layout (features/print). */
export const pages: Record<string, PageLoader> = {
  '/Prescription/:ID?/:PID?/:PN?': () => import('./pages/prescription-page'),
  '/PrescriptionDetails/:ID?': () => import('./pages/prescription-details-page'),
  '/PrescriptionTemplatesList': () => import('./pages/templates-page'),
  '/PrescriptionTemplate/:ID?': () => import('./pages/template-page'),
  '/rx/:token': () => import('./pages/public-prescription-page'),
};
