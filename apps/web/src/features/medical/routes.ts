import type { PageLoader } from '../registry';

/** The medical questionnaire's settings pages. The patient's medical history is a tab of the patient file. */
export const pages: Record<string, PageLoader> = {
  '/MedicalCategories': () => import('./pages/medical-categories-page'),
  '/MedicalQuestions': () => import('./pages/medical-questions-page'),
};
