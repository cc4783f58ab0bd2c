import type { PageLoader } from '../registry';

/** Payments (issue 15): patients with remaining amounts. A patient's payments and ledger are tabs 9 and 10 of the patient file. */
export const pages: Record<string, PageLoader> = {
  '/PatientsPaymentsList': () => import('./pages/patients-payments-list-page'),
};
