import { ROUTES } from '@dental/contract';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { type PageLoader, pages } from 'features/registry';
import { setLanguage } from 'lib/i18n';
import { clearSession, setSession } from 'lib/session';
import { testUser } from '../test/fixtures';
import { AppProviders } from './providers';
import { buildRoutes } from './router';

const fakePage =
  (text: string): PageLoader =>
  async () => ({ default: () => <p>{text}</p> });
const registry: Record<string, PageLoader> = {
  ...pages,
  '/PatientsList': fakePage('patients page'),
  '/Stock': fakePage('stock page'),
};

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(registry), { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
const login = (patch: Parameters<typeof testUser>[0] = {}) =>
  setSession({ token: 't', expiredTokenDate: '2999-01-01T00:00:00Z', user: testUser(patch), branchId: 3 });

beforeEach(async () => {
  clearSession();
  await setLanguage('en');
});
afterEach(cleanup);

describe('navigation guard', () => {
  it('sends a visitor without a session to login, keeping the wanted path', async () => {
    const router = renderAt('/PatientsList?x=1');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/login/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/PatientsList?x=1')}`);
  });

  it('opens a permitted page and sets the title', async () => {
    login();
    renderAt('/PatientsList');
    expect(await screen.findByText('patients page')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Patients | Dentix'));
  });

  it('sends a user without the permission to Not authorized', async () => {
    login({ permissions: ['stock_list'] });
    const router = renderAt('/PatientsList');
    expect(await screen.findByText('You are not authorized to access this page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/NotAuthorized');
  });

  it('shows the locked-feature view above the clinic tier, with an Upgrade Now chat link naming the clinic', async () => {
    login({ subscriptionType: 'ST1' });
    renderAt('/Stock');
    expect(await screen.findByText('Upgrade to access this feature')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Upgrade Now/ });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=.*Demo%20Dental/);
  });

  it('sends unknown and unbuilt paths to the 404 page', async () => {
    login();
    const router = renderAt('/NoSuchPage');
    expect(await screen.findByText('Sorry, the page you are looking for does not exist.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/Error404');
    const unbuilt = ROUTES.find((r) => r.layout === 'main' && !registry[r.path])!;
    await act(() => router.navigate(unbuilt.path.replace(/\/:[^/]+\?/g, '')));
    expect(router.state.location.pathname).toBe('/pages/Error404');
  });

  it('an expired token goes to the session-expired page', async () => {
    setSession({ token: 't', expiredTokenDate: '2000-01-01T00:00:00Z', user: testUser(), branchId: 3 });
    const router = renderAt('/PatientsList');
    expect(await screen.findByRole('button', { name: 'Log in again' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/IdleSessionLogout');
  });
});
