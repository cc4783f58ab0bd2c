import { LAB_ROLE_BASE, LAB_USER_KEYS, ROUTES, SUGGESTED_STARRED, menuFor } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { isBuilt, pages } from 'features/registry';
import { testUser } from '../test/fixtures';
import { buildRoutes } from './router';
import { builtMenu, findRoute, isPublicRoute, landingPath, routeHref } from './route-table';
import { starredRoutes } from './shell/starred-store';

const paths = (groups: ReturnType<typeof menuFor>) => groups.flatMap((g) => g.items.map((i) => i.route.path));

describe('page registry', () => {
  it('registers only paths of the contract route table', () => {
    const known = new Set(ROUTES.map((r) => r.path));
    for (const path of Object.keys(pages)) expect(known, path).toContain(path);
  });

  it('has every authentication page', () => {
    for (const path of [
      '/user/login/login',
      '/user/forgetpassword/forgetpassword',
      '/user/ResetPasswordByAdmin',
      '/user/ResetPasswordByUser/:ID?',
      '/user/IdleSessionLogout',
      '/pages/Error404',
      '/pages/NotAuthorized',
      '/pages/LockScreen',
    ]) {
      expect(isBuilt(path), path).toBe(true);
    }
  });

  it('builds router entries for built routes only, and a catch-all to the 404 page', () => {
    const registry = { '/PatientsList': pages['/user/login/login']!, '/user/login/login': pages['/user/login/login']! };
    const [root] = buildRoutes(registry);
    const layoutChildren = root!.children!.flatMap((layout) => layout.children ?? []);
    expect(layoutChildren.map((r) => r.path).sort()).toEqual(['/PatientsList', '/user/login/login']);
    expect(root!.children!.at(-1)!.path).toBe('*');
  });
});

describe('menu', () => {
  const all = () => true;

  it('lists only built pages', () => {
    const built = (p: string) => p === '/PatientsList' || p === '/UsersList';
    expect(paths(menuFor(testUser(), built))).toEqual(['/PatientsList', '/UsersList']);
  });

  it('hides items without the permission and keeps locked items of a lower tier', () => {
    const user = testUser({ subscriptionType: 'ST0', permissions: ['patient_list', 'stock_list'], userRole: 'RL2' });
    const items = menuFor(user, all).flatMap((g) => g.items);
    expect(items.find((i) => i.route.path === '/PatientsList')?.state).toBe('open');
    expect(items.find((i) => i.route.path === '/Stock')?.state).toBe('locked');
    expect(items.find((i) => i.route.path === '/AddPatient')).toBeUndefined();
  });

  it('applies the route rule of the role (a doctor does not see branch-manager pages)', () => {
    const doctor = testUser({ userRole: 'RL3', permissions: ['user_list', 'patient_list'] });
    expect(paths(menuFor(doctor, all))).not.toContain('/UsersList');
    expect(paths(menuFor(doctor, all))).toContain('/PatientsList');
  });

  it('always shows the no-permission group', () => {
    const user = testUser({ permissions: [], subscriptionType: 'ST1' });
    expect(menuFor(user, all).map((g) => g.group)).toEqual(['noPermission']);
  });

  it('builtMenu uses the registry', () => {
    const groups = builtMenu(testUser());
    for (const path of paths(groups)) expect(isBuilt(path)).toBe(true);
  });
});

describe('route helpers', () => {
  it('drops optional segments from links', () => {
    expect(routeHref('/Prescription/:ID?/:PID?/:PN?')).toBe('/Prescription');
    expect(routeHref('/Labs/PriceList/:ID?')).toBe('/Labs/PriceList');
    expect(routeHref('/')).toBe('/');
  });

  it('finds the route of a location with its parameters', () => {
    expect(findRoute('/user/ResetPasswordByUser/abc')?.name).toBe('ResetPasswordByUser');
    expect(findRoute('/pages/Error404')?.name).toBe('Error404');
    expect(findRoute('/no/such/page')).toBeUndefined();
  });

  it('knows the public pages', () => {
    const byName = (n: string) => ROUTES.find((r) => r.name === n)!;
    expect(isPublicRoute(byName('Login'))).toBe(true);
    expect(isPublicRoute(byName('LockScreen'))).toBe(false);
    expect(isPublicRoute(byName('PatientsList'))).toBe(false);
  });

  it('lands on the wanted page only when it is a built page the user can open', () => {
    const user = testUser();
    expect(landingPath(user, '/pages/LockScreen')).not.toBe('/pages/LockScreen'); // auth pages are not a landing
    expect(landingPath(user, '//evil.example')).not.toBe('//evil.example');
    expect(landingPath(user, '/NoSuchPage')).not.toBe('/NoSuchPage');
    const open = ROUTES.find((r) => r.layout === 'main' && isBuilt(r.path));
    if (open) expect(landingPath(user, `${routeHref(open.path)}?x=1`)).toBe(`${routeHref(open.path)}?x=1`);
  });

  it('falls back to the first open menu item', () => {
    const user = testUser();
    const first = builtMenu(user)
      .flatMap((g) => g.items)
      .find((i) => i.state === 'open');
    const home = isBuilt('/') ? '/' : first ? routeHref(first.route.path) : undefined;
    if (home) expect(landingPath(user, null)).toBe(home);
  });

  it('lands a lab user (the built-in lab role) on their lab\'s orders, with no other menu item, whatever they asked for', () => {
    const lab = testUser({ permissions: [...LAB_USER_KEYS], userRole: LAB_ROLE_BASE });
    expect(landingPath(lab, null)).toBe('/LabMyOrders');
    expect(landingPath(lab, '/PatientsList')).toBe('/LabMyOrders');
    expect(landingPath(lab, '/ContactUs')).toBe('/LabMyOrders');
    expect(paths(builtMenu(lab))).toEqual(['/LabMyOrders']);
    // the clinic's staff, the owner with every key included, never get the lab user's page
    expect(paths(builtMenu(testUser({ userRole: 'RL1' })))).not.toContain('/LabMyOrders');
  });
});

describe('starred pages', () => {
  it('suggests the spec pages the user can open when none is starred', () => {
    const { suggested, routes } = starredRoutes(testUser(), []);
    expect(suggested).toBe(true);
    for (const r of routes) {
      expect(SUGGESTED_STARRED as readonly string[]).toContain(r.path);
      expect(isBuilt(r.path)).toBe(true);
    }
  });

  it('drops starred pages the user cannot open', () => {
    const user = testUser({ permissions: [] });
    const { suggested, routes } = starredRoutes(user, ['/PatientsList', '/pages/LockScreen']);
    expect(suggested).toBe(false);
    expect(routes.map((r) => r.path)).not.toContain('/PatientsList');
  });
});
