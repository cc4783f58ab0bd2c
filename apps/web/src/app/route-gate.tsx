import { PRODUCT_NAME, type RouteDef, routeState } from '@dental/contract';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { NOT_AUTHORIZED_PATH, loginPathFor } from 'lib/navigation';
import { providerLoginPathFor, useProviderSession } from 'lib/provider-session';
import { isLeavingSession, useSession } from 'lib/session';
import { lazyWhenOnline, preloadWithShell } from './offline-ready';
import { isPublicRoute } from './route-table';

// shown only above the clinic's tier: its antd Result (and pictures) stay out of the first load (issue 18); fetched
// after a signed-in page has shown, and offline before that it waits for the connection (offline-ready.ts)
const loadLockedFeature = preloadWithShell(() => import('./shell/locked-feature'));
const LockedFeature = lazyWhenOnline(() => loadLockedFeature().then((m) => ({ default: m.LockedFeature })));

/** Page title of spec §1: the translated route name, then the product name. */
export function usePageTitle(routeName: string) {
  const { t, i18n } = useTranslation('routes');
  useEffect(() => {
    document.title = `${t(routeName)} | ${PRODUCT_NAME}`;
  }, [t, routeName, i18n.language]);
}

/**
 * Renders a page only when the stored user may open it: hidden routes go to Not authorized, routes above the
 * clinic's tier show the locked-feature view. Reacts to session changes (logout in another tab, branch switch).
 */
export function RouteGate({ route, children }: { route: RouteDef; children: ReactNode }) {
  const session = useSession();
  const provider = useProviderSession();
  const location = useLocation();
  usePageTitle(route.name);
  if (route.provider) {
    // the provider's console: only the provider's session matters (logout here or in another tab leaves)
    return provider ? children : <Navigate to={providerLoginPathFor(location.pathname + location.search)} replace />;
  }
  if (!isPublicRoute(route) && !session) {
    return isLeavingSession() ? null : <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  if (session && route.layout !== 'auth') {
    const state = routeState(route, session.user);
    if (state === 'hidden') return <Navigate to={NOT_AUTHORIZED_PATH} replace />;
    if (state === 'locked')
      return (
        <Suspense fallback={null}>
          <LockedFeature route={route} />
        </Suspense>
      );
  }
  return children;
}
