import type { PageLoader } from '../registry';

/** Pages of the authentication layout (spec §2), by route path. */
export const pages: Record<string, PageLoader> = {
  '/user/login/login': () => import('./pages/login-page'),
  '/user/forgetpassword/forgetpassword': () => import('./pages/forget-password-page'),
  '/user/ResetPasswordByUser/:ID?': () => import('./pages/reset-password-by-user-page'),
  '/user/ResetPasswordByAdmin': () => import('./pages/reset-password-by-admin-page'),
  '/user/IdleSessionLogout': () => import('./pages/idle-session-logout-page'),
  '/pages/Error404': () => import('./pages/error-404-page'),
  '/pages/NotAuthorized': () => import('./pages/not-authorized-page'),
  '/pages/LockScreen': () => import('./pages/lock-screen-page'),
};

/** The pages that can be a first page, made without antd so that they load light (issue 18). */
export const plainPages = ['/user/login/login', '/user/forgetpassword/forgetpassword'];
