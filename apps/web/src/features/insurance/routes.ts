import type { PageLoader } from '../registry';

/** Insurance: the clinic's insurance companies (the patient file's insurance tab lives in tabs/). */
export const pages: Record<string, PageLoader> = {
  '/InsuranceCompaniesList': () => import('./pages/insurance-companies-page'),
  '/AddInsuranceCompany/:ID?': () => import('./pages/insurance-company-page'),
};
