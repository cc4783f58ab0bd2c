import type { PageLoader } from '../registry';

/** A patient's procedures (issue 14): lists, one procedure, adding one. The patient file's tab 8 is in patients. */
export const pages: Record<string, PageLoader> = {
  '/AddProcedure/:ID?': () => import('./pages/add-procedure-page'),
  '/ProceduresList/:ID?/:TN?': () => import('./pages/procedures-list-page'),
  '/TreatmentDetails/:ID?': () => import('./pages/treatment-details-page'),
  '/PatientsProceduresList': () => import('./pages/patients-procedures-list-page'),
};
