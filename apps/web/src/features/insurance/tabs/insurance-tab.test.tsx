import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { testUser } from '../../../test/fixtures';
import InsuranceTab from './insurance-tab';

const PATIENT = {
  id: 5,
  insuranceCompany: { id: 3, name: 'مصر للتأمين' },
  insuranceNo: 'MI-558201',
  policyNo: 'POL-7781',
  membershipNo: null,
  dependentCode: null,
  certificateNo: null,
  relatedCompany: null,
  insuranceStartDate: '2025-01-01',
  insuranceEndDate: '2025-12-31',
};
const LIMITS = {
  items: [
    {
      id: 1,
      patientId: 5,
      title: 'Annual limit',
      amount: '15000.00',
      insuranceCompany: { id: 3, name: 'مصر للتأمين' },
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      notes: null,
      createdAt: '2025-01-01T10:00:00Z',
    },
    {
      id: 2,
      patientId: 5,
      title: 'Orthodontics',
      amount: '8000.50',
      insuranceCompany: null,
      startDate: null,
      endDate: null,
      notes: 'Braces only',
      createdAt: '2025-01-02T10:00:00Z',
    },
  ],
  totalAmount: '23000.50',
};

const fetchMock = vi.fn(async (url: string) => {
  const body = url.startsWith('/api/Patient/GetPatientLimits')
    ? LIMITS
    : url.startsWith('/api/Patient/GetPatient')
      ? PATIENT
      : {};
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

const login = (patch: Parameters<typeof testUser>[0] = {}) =>
  setSession({ token: 't', expiredTokenDate: '2999-01-01T00:00:00Z', user: testUser(patch), branchId: 3 });

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  queryClient.clear();
  clearSession();
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderTab = () =>
  render(
    <AppProviders>
      <InsuranceTab patientId={5} />
    </AppProviders>,
  );

describe('the patient file insurance tab', () => {
  it("shows the patient's company, numbers and limits with amounts in the clinic currency and dates d/m/y", async () => {
    login();
    renderTab();
    expect(await screen.findByText('Annual limit')).toBeTruthy();
    expect(screen.getByText('MI-558201')).toBeTruthy();
    expect(screen.getAllByText('01/01/2025 – 31/12/2025').length).toBe(2); // the patient's period and the limit's
    expect(screen.getByText('15,000 EGP')).toBeTruthy();
    expect(screen.getByText('8,000.50 EGP')).toBeTruthy();
    expect(screen.getByText('23,000.50 EGP')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add limit/ })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/Patient/GetPatient?id=5',
      '/api/Patient/GetPatientLimits?patientId=5',
    ]);
  });

  it('hides add, edit and delete without patient_edit', async () => {
    login({ permissions: ['patient_list'] });
    renderTab();
    expect(await screen.findByText('Orthodontics')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add limit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Orthodontics' })).toBeNull();
  });

  it('shows the locked-feature view below the Standard tier and calls nothing', async () => {
    login({ subscriptionType: 'ST1' });
    renderTab();
    expect(await screen.findByText('Upgrade to access this feature')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
