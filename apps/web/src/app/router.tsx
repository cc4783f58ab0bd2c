import { ROUTES, type RouteDef } from '@dental/contract';
import { type ComponentType, Suspense, lazy } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { type PageLoader, pages } from 'features/registry';
import { NOT_FOUND_PATH, setNavigator } from 'lib/navigation';
import { RootShell } from './layouts/root-shell';
import { isOffline, preloadWithShell } from './offline-ready';
import { FullScreenSpinner } from './shell/loading-overlay';
import { guardLoader } from './route-guard';
import { RouteGate } from './route-gate';

/** When even the error view's file cannot be loaded (a new version replaced the files): the reload button alone. */
function ReloadView() {
  const { t } = useTranslation();
  return (
    <div className="fullscreen-center" role="alert">
      <p>{t(isOffline() ? 'error.offlineLoad' : 'error.loadFailed')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </div>
  );
}

// shown only when a page fails: its antd Result (and pictures) stay out of the first load (issue 18), fetched after a
// signed-in page has shown (offline-ready.ts) so that it is there when a page fails offline
const loadRouteErrorView = preloadWithShell(() => import('./layouts/route-error-view'));
const RouteErrorView = lazy(() =>
  loadRouteErrorView().then((m) => ({ default: m.RouteErrorView }), () => ({ default: ReloadView })),
);

function gated(route: RouteDef, Page: ComponentType): ComponentType {
  function GatedPage() {
    return (
      <RouteGate route={route}>
        <Page />
      </RouteGate>
    );
  }
  GatedPage.displayName = `Page(${route.name})`;
  return GatedPage;
}

function pageRoute(route: RouteDef, load: PageLoader): RouteObject {
  return {
    path: route.path,
    loader: guardLoader(route),
    lazy: async () => ({ Component: gated(route, (await load()).default) }),
  };
}

/** Route objects built from the contract's route table; only routes with a page are registered. */
export function buildRoutes(registry: Readonly<Record<string, PageLoader>> = pages): RouteObject[] {
  const byLayout = (layout: RouteDef['layout']) =>
    ROUTES.filter((r) => r.layout === layout && registry[r.path]).map((r) => pageRoute(r, registry[r.path]!));
  return [
    {
      element: <RootShell />,
      hydrateFallbackElement: <FullScreenSpinner />,
      errorElement: (
        <Suspense fallback={<FullScreenSpinner />}>
          <RouteErrorView />
        </Suspense>
      ),
      children: [
        {
          lazy: async () => ({ Component: (await import('./layouts/main-layout')).MainLayout }),
          children: byLayout('main'),
        },
        {
          lazy: async () => ({ Component: (await import('./layouts/auth-layout')).AuthLayout }),
          children: byLayout('auth'),
        },
        {
          lazy: async () => ({ Component: (await import('./layouts/full-page-layout')).FullPageLayout }),
          children: byLayout('full'),
        },
        { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  setNavigator({
    go: (path, options) => router.navigate(path, { replace: options?.replace }),
    back: () => void router.navigate(-1),
  });
  return router;
}
