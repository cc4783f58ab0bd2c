import type { PageLoader } from '../registry';

/** Patients: the list, add and edit, website patients waiting for approval, duplicates, the patient file. */
export const pages: Record<string, PageLoader> = {
  '/PatientsList': () => import('./pages/patients-list-page'),
  '/AddPatient': () => import('./pages/patient-form-page'),
  '/EditPatient/:ID?': () => import('./pages/patient-form-page'),
  '/NewPatientsList': () => import('./pages/new-patients-page'),
  '/DuplicatedPatients': () => import('./pages/duplicated-patients-page'),
  '/Patient/:ID?/:N?/:AID?/:PID?': () => import('./pages/patient-file-page'),
};
