import { type RouteDef, authCalls } from '@dental/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { callApi } from 'lib/api';
import { IDLE_LOGOUT_PATH, loginPathFor } from 'lib/navigation';
import {
  clearProviderSession, getProviderSession, isProviderSessionExpired, providerLoginPathFor,
} from 'lib/provider-session';
import { clearSession, getSession, isSessionExpired, updateUser } from 'lib/session';
import { isPublicRoute } from './route-table';

/** Fresh permissions, tier and settings of the logged-in user (spec §7 refreshCurrentUser). */
export async function refreshCurrentUser(): Promise<void> {
  const user = await callApi(authCalls.refreshCurrentUser, {}, { silent: true });
  updateUser(user);
}

/**
 * The navigation guard of spec §2, run before a page loads: no stored user → login (remembering the wanted
 * path); an expired token → the session-expired page; a `Tabs` query parameter → refresh the user first.
 */
export function guardLoader(route: RouteDef) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (isPublicRoute(route)) return null;
    const url = new URL(request.url);
    if (route.provider) {
      // the provider's console needs the provider's own session; a clinic session does not count
      const provider = getProviderSession();
      if (!provider || isProviderSessionExpired(provider)) {
        clearProviderSession();
        throw redirect(providerLoginPathFor(url.pathname + url.search));
      }
      return null;
    }
    const session = getSession();
    if (!session) {
      clearSession();
      throw redirect(loginPathFor(url.pathname + url.search));
    }
    if (isSessionExpired(session)) {
      clearSession({ leaving: true });
      throw redirect(IDLE_LOGOUT_PATH);
    }
    if (url.searchParams.has('Tabs')) await refreshCurrentUser().catch(() => undefined);
    return null;
  };
}
