import { PUBLIC_PATHS, ROUTES, type RouteDef, type RouteViewer, menuFor, routeState } from '@dental/contract';
import { matchRoutes } from 'react-router';
import { isBuilt } from 'features/registry';

const PUBLIC = new Set<string>(PUBLIC_PATHS);
export const isPublicRoute = (route: RouteDef): boolean => PUBLIC.has(route.path);

/** A link to a route: its optional segments (`/:ID?`) dropped. */
export const routeHref = (path: string): string => path.replace(/\/:[^/]+\?/g, '') || '/';

const builtRoutes = () => ROUTES.filter((r) => isBuilt(r.path));

/** The built route a location belongs to (best match, as the router ranks them). */
export function findRoute(pathname: string): RouteDef | undefined {
  const matches = matchRoutes(
    builtRoutes().map((r) => ({ path: r.path, id: r.path })),
    pathname,
  );
  const path = matches?.at(-1)?.route.path;
  return path === undefined ? undefined : ROUTES.find((r) => r.path === path);
}

/** The menu of spec §2 for this viewer: built pages only, locked items kept. */
export const builtMenu = (viewer: RouteViewer) => menuFor(viewer, isBuilt);

/** The built routes a viewer may open (for starred pages and landing). */
export const canOpen = (route: RouteDef, viewer: RouteViewer) =>
  isBuilt(route.path) && routeState(route, viewer) === 'open';

/**
 * Where to go after login: the wanted path when it is a built page the user may open, else the scheduler
 * ('/') when built and open, else the first open menu item.
 */
export function landingPath(viewer: RouteViewer, wanted?: string | null): string {
  if (wanted && wanted.startsWith('/') && !wanted.startsWith('//')) {
    const route = findRoute(wanted.split(/[?#]/)[0]!);
    if (route && route.layout !== 'auth' && routeState(route, viewer) === 'open') return wanted;
  }
  const home = ROUTES.find((r) => r.path === '/');
  if (home && canOpen(home, viewer)) return '/';
  for (const group of builtMenu(viewer)) {
    const first = group.items.find((i) => i.state === 'open');
    if (first) return routeHref(first.route.path);
  }
  const profile = ROUTES.find((r) => r.name === 'UserPersonalDetails');
  return profile && canOpen(profile, viewer) ? profile.path : '/';
}
