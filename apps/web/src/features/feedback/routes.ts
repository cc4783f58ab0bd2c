import type { PageLoader } from '../registry';

/** Patient feedback (issue 17): questions, the answers with their summary, and the patient's public form. */
export const pages: Record<string, PageLoader> = {
  '/Feedbacks': () => import('./pages/questions-page'),
  '/PatientFeedback': () => import('./pages/answers-page'),
  '/feedback/:token': () => import('./pages/public-feedback-page'),
};
