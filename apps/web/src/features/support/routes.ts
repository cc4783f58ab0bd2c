import type { PageLoader } from '../registry';

/** Support: feature requests of every clinic, the clinic's support requests, and the contact form. */
export const pages: Record<string, PageLoader> = {
  '/ContactUs': () => import('./pages/contact-us-page'),
  '/FeaturesAndRequests': () => import('./pages/features-and-requests-page'),
  '/Support': () => import('./pages/support-page'),
  '/SaveSupportRequest/:ID?': () => import('./pages/save-request-page'),
  '/RequestDetails/:ID?': () => import('./pages/request-details-page'),
};
