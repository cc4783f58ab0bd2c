import { describe, expect, it } from 'vitest';
import { LAB_ROLE_BASE, LAB_USER_KEYS } from './labs/lab-status.js';
import { ROUTES, isLabUserRoute, isLabViewer, menuFor, routeState, type RouteViewer } from './navigation.js';
import { DEFAULT_ROLE_PERMISSIONS, GROUP_TIER, PERMISSION_KEYS } from './permissions.js';

const route = (path: string) => ROUTES.find((r) => r.path === path)!;
const viewer = (over: Partial<RouteViewer> = {}): RouteViewer => ({
  permissions: ['room_list'],
  userRole: 'RL4',
  subscriptionType: 'ST3',
  ...over,
});

describe('route table', () => {
  it('has unique paths and names, and every permission key exists', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    for (const r of ROUTES) if (r.permission) expect(PERMISSION_KEYS).toContain(r.permission);
  });

  it('tags routes with the tier of their permission group (spec §6)', () => {
    expect(route('/Rooms').tier).toBe('ST0');
    expect(route('/Dashboard').tier).toBe(GROUP_TIER.dashboard);
    expect(route('/Stock').tier).toBe('ST2');
    expect(route('/NewPatientsList').tier).toBe('ST3');
    expect(route('/ContactUs').tier).toBe('ST1');
  });
});

describe('routeState', () => {
  it('opens a route when the key is held, the role satisfies its rule and the tier is high enough', () => {
    expect(routeState(route('/Rooms'), viewer())).toBe('open');
  });
  it('hides a route whose key is missing', () => {
    expect(routeState(route('/Rooms'), viewer({ permissions: ['patient_list'] }))).toBe('hidden');
  });
  it('hides a route whose rule the role does not satisfy', () => {
    expect(routeState(route('/Rooms'), viewer({ userRole: 'RL3' }))).toBe('hidden');
    expect(routeState(route('/UsersList'), viewer({ permissions: ['user_list'], userRole: 'RL4' }))).toBe('hidden');
    expect(routeState(route('/UsersList'), viewer({ permissions: ['user_list'], userRole: 'RL2' }))).toBe('open');
  });
  it('locks (not hides) a permitted route above the clinic tier', () => {
    const v = viewer({ permissions: ['dashboard_show'], userRole: 'RL1', subscriptionType: 'ST0' });
    expect(routeState(route('/Dashboard'), v)).toBe('locked');
    expect(routeState(route('/Dashboard'), { ...v, subscriptionType: 'ST1' })).toBe('open');
  });
  it('shows group-only routes to anyone holding a key of the group', () => {
    expect(routeState(route('/'), viewer({ permissions: ['scheduler_view_mine'] }))).toBe('open');
    expect(routeState(route('/'), viewer({ permissions: ['room_list'] }))).toBe('hidden');
  });
  it('always shows no-permission routes and auth pages', () => {
    expect(routeState(route('/FeaturesAndRequests'), viewer({ permissions: [] }))).toBe('open');
    expect(routeState(route('/user/login/login'), viewer({ permissions: [] }))).toBe('open');
  });
});

describe('menuFor', () => {
  it('lists only built routes the viewer may see, grouped in table order, with locked items kept', () => {
    const v = viewer({ permissions: ['room_list', 'dashboard_show', 'stock_list'], userRole: 'RL1', subscriptionType: 'ST1' });
    const built = new Set(['/Rooms', '/Dashboard', '/Stock', '/Payments']);
    const menu = menuFor(v, (p) => built.has(p));
    expect(menu.map((g) => g.group)).toEqual(['dashboard', 'stock', 'settings']);
    expect(menu.find((g) => g.group === 'stock')!.items[0]!.state).toBe('locked');
    expect(menu.flatMap((g) => g.items.map((i) => i.route.path))).not.toContain('/Payments');
  });
  it('gives the owner every built menu item', () => {
    const v = viewer({ permissions: DEFAULT_ROLE_PERMISSIONS.RL1, userRole: 'RL1' });
    const menu = menuFor(v, () => true);
    const paths = menu.flatMap((g) => g.items.map((i) => i.route.path));
    expect(paths.length).toBe(ROUTES.filter((r) => r.menu && !isLabUserRoute(r)).length);
  });
  it('gives a lab user (the built-in lab role) their own orders and nothing else; clinic staff never get that page', () => {
    const lab = viewer({ permissions: [...LAB_USER_KEYS], userRole: LAB_ROLE_BASE, subscriptionType: 'ST3' });
    expect(isLabViewer(lab)).toBe(true);
    const paths = menuFor(lab, () => true).flatMap((g) => g.items.map((i) => i.route.path));
    expect(paths).toEqual(['/LabMyOrders']);
    expect(ROUTES.filter((r) => routeState(r, lab) === 'open' && r.layout !== 'auth').map((r) => r.name)).toEqual([
      'UserPersonalDetails',
      'LabMyOrders',
    ]);
    const owner = viewer({ permissions: DEFAULT_ROLE_PERMISSIONS.RL1, userRole: 'RL1', subscriptionType: 'ST3' });
    expect(isLabViewer(owner)).toBe(false);
    expect(routeState(route('/LabMyOrders'), owner)).toBe('hidden');
    expect(routeState(route('/LabsOrders'), owner)).toBe('open');
  });
});

describe('default roles and route rules', () => {
  it('every default key of every role opens each page it gates (no key the route rule refuses the role)', () => {
    const refused: string[] = [];
    for (const [role, keys] of Object.entries(DEFAULT_ROLE_PERMISSIONS)) {
      const v = viewer({ permissions: keys, userRole: role as RouteViewer['userRole'], subscriptionType: 'ST3' });
      for (const key of keys)
        for (const r of ROUTES.filter((x) => x.permission === key && !isLabUserRoute(x)))
          if (routeState(r, v) !== 'open') refused.push(`${role} ${key} ${r.path} (${r.rule})`);
    }
    expect(refused).toEqual([]);
  });
});
