import type { PageLoader } from '../registry';

/** Users: add, list and edit the clinic's users, and one's own profile. */
export const pages: Record<string, PageLoader> = {
  '/register': () => import('./pages/register-page'),
  '/UsersList': () => import('./pages/users-list-page'),
  '/UserDetails/:ID?': () => import('./pages/user-details-page'),
  '/UserPersonalDetails': () => import('./pages/user-personal-details-page'),
};
