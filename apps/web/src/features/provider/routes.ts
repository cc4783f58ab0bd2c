import type { PageLoader } from '../registry';

/** The provider's console (RL0 staff): its own login and the clinics of every subscriber. */
export const pages: Record<string, PageLoader> = {
  '/provider/login': () => import('./pages/provider-login-page'),
  '/provider/clinics': () => import('./pages/provider-clinics-page'),
  '/provider/support': () => import('./pages/provider-support-page'),
};
