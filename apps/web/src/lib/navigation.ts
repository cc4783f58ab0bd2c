/**
 * Navigation from outside React (api client, idle timer). The router registers itself at start-up;
 * until then plain browser navigation is used.
 */
export interface Navigator {
  /** Resolves when the new page is shown (the router loads its code first). */
  go(path: string, options?: { replace?: boolean }): void | Promise<void>;
  back(): void;
}

const browserNavigator: Navigator = {
  go: (path, options) => (options?.replace ? window.location.replace(path) : window.location.assign(path)),
  back: () => window.history.back(),
};

let current: Navigator = browserNavigator;

export function setNavigator(n: Navigator | null): void {
  current = n ?? browserNavigator;
}

export const navigateTo = async (path: string, options?: { replace?: boolean }): Promise<void> => {
  await current.go(path, options);
};
export const navigateBack = () => current.back();

export const LOGIN_PATH = '/user/login/login';
export const IDLE_LOGOUT_PATH = '/user/IdleSessionLogout';
export const NOT_AUTHORIZED_PATH = '/pages/NotAuthorized';
export const NOT_FOUND_PATH = '/pages/Error404';
export const LOCK_SCREEN_PATH = '/pages/LockScreen';

/** The login page, remembering where the user wanted to go. */
export function loginPathFor(wanted?: string): string {
  return wanted && wanted !== '/' && !wanted.startsWith('/user/')
    ? `${LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}`
    : LOGIN_PATH;
}
