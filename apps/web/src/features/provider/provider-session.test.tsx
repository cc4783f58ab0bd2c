import { providerCalls } from '@dental/contract';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from 'app/providers';
import { buildRoutes } from 'app/router';
import { type PageLoader, pages } from 'features/registry';
import { callApi } from 'lib/api';
import { setLanguage } from 'lib/i18n';
import { setNavigator } from 'lib/navigation';
import {
  PROVIDER_SESSION_KEY,
  clearProviderSession,
  getProviderSession,
  setProviderSession,
} from 'lib/provider-session';
import { clearSession, getSession, setSession } from 'lib/session';
import { setMessageInstance } from 'lib/toast';
import { testUser } from '../../test/fixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const providerLogin = () =>
  setProviderSession({
    token: 'prov-tok',
    expiredTokenDate: '2999-01-01T00:00:00Z',
    admin: { adminId: 1, email: 'admin@dentix.test', userRole: 'RL0' },
  });
const clinicLogin = () =>
  setSession({ token: 'clinic-tok', expiredTokenDate: '2999-01-01T00:00:00Z', user: testUser(), branchId: 3 });

let fetchMock: ReturnType<typeof vi.fn>;
const nav = { go: vi.fn(), back: vi.fn() };
beforeEach(async () => {
  clearSession();
  clearProviderSession();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setMessageInstance({ warning: () => undefined, success: () => undefined } as unknown as MessageInstance);
  nav.go.mockReset();
  setNavigator(nav);
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setMessageInstance(null);
  setNavigator(null);
});

describe('provider calls in the api client', () => {
  it("send the provider's token, never the clinic's token, Cid or Bid", async () => {
    clinicLogin();
    providerLogin();
    fetchMock.mockResolvedValue(json(200, { items: [], total: 0, page: 1, pageSize: 30 }));
    await callApi(providerCalls.getClinics, { search: 'demo', page: 1, pageSize: 30 });
    const [url, init] = fetchMock.mock.calls.at(-1)! as [string, RequestInit];
    expect(url).toBe('/api/Lookups/GetClinics?search=demo&page=1&pageSize=30');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer prov-tok');
    expect(headers.Cid).toBeUndefined();
    expect(headers.Bid).toBeUndefined();
    expect(localStorage.getItem(PROVIDER_SESSION_KEY)).toContain('prov-tok');
  });

  it('a 401 ends the provider session only and goes to the provider login', async () => {
    clinicLogin();
    providerLogin();
    fetchMock.mockResolvedValue(json(401, { code: 'session_expired', message: 'Session expired, please login again' }));
    await expect(callApi(providerCalls.setClinicActive, { clinicId: 1, isActive: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(getProviderSession()).toBeNull();
    expect(getSession()?.token).toBe('clinic-tok');
    expect(nav.go).toHaveBeenCalledWith('/provider/login', { replace: true });
  });
});

describe('provider pages in the router', () => {
  const registry: Record<string, PageLoader> = {
    ...pages,
    '/provider/clinics': async () => ({ default: () => <p>clinics console</p> }),
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

  it('sends a visitor, even one logged in to a clinic, to the provider login', async () => {
    clinicLogin();
    const router = renderAt('/provider/clinics');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/provider/login');
    await waitFor(() => expect(document.title).toBe('Provider login | Dentix'));
  });

  it('opens the console with a provider session, and leaves it when the session ends', async () => {
    providerLogin();
    const router = renderAt('/provider/clinics');
    expect(await screen.findByText('clinics console')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Clinics | Dentix'));
    act(() => clearProviderSession());
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/provider/login');
  });
});
