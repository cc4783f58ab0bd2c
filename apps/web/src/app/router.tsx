import { ROUTES, type RouteDef } from '@dental/contract';
import { type ComponentType, Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { type PageLoader, pages, plainPages } from 'features/registry';
import { NOT_FOUND_PATH, setNavigator } from 'lib/navigation';
import { AntdApp, loadAntdProviders } from './antd-scope';
import { type RouteHandle, RootShell } from './layouts/root-shell';
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
      <button type="button" className="plain-btn plain-btn-primary" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </button>
    </div>
  );
}

// shown only when a page fails: its antd Result (and pictures) stay out of the first load (issue 18), fetched after a
// signed-in page has shown (offline-ready.ts) so that it is there when a page fails offline
const loadRouteErrorView = preloadWithShell(() => import('./layouts/route-error-view'));
const RouteErrorView = lazy(() =>
  loadRouteErrorView().then(
    (m) => ({ default: m.RouteErrorView }),
    () => ({ default: ReloadView }),
  ),
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

/** A page's code, and antd's providers with it unless the page is plain (RootShell). */
function pageRoute(route: RouteDef, load: PageLoader, plain: boolean): RouteObject {
  const handle: RouteHandle = { plain };
  return {
    path: route.path,
    loader: guardLoader(route),
    handle,
    lazy: async () => {
      const [page] = await Promise.all([load(), plain ? null : loadAntdProviders()]);
      return { Component: gated(route, page.default) };
    },
  };
}

/** Route objects built from the contract's route table; only routes with a page are registered. */
export function buildRoutes(
  registry: Readonly<Record<string, PageLoader>> = pages,
  plain: ReadonlySet<string> = plainPages,
): RouteObject[] {
  const byLayout = (layout: RouteDef['layout']) =>
    ROUTES.filter((r) => r.layout === layout && registry[r.path]).map((r) =>
      pageRoute(r, registry[r.path]!, plain.has(r.path)),
    );
  return [
    {
      element: <RootShell />,
      hydrateFallbackElement: <FullScreenSpinner />,
      errorElement: (
        <Suspense fallback={<FullScreenSpinner />}>
          <AntdApp>
            <RouteErrorView />
          </AntdApp>
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
