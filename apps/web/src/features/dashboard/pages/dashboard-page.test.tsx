import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { clinicToday } from '../../../lib/clinic-time';
import { testUser } from '../../../test/fixtures';
import { signedInWithFetch } from '../../../test/signed-in';
import DashboardPage from './dashboard-page';

const TZ = 'Asia/Riyadh';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const period = { fromDate: '2030-01-01', toDate: '2030-01-31' };
let failReferences = false;

const fetchMock = vi.fn(async (url: string) => {
  const path = url.split('?')[0];
  switch (path) {
    case '/api/Auth/GetClinicBranches':
      return json({ items: [{ branchId: 3, name: 'Nasr City' }] });
    case '/api/Lab/GetOverdueLabOrders':
      return json({ count: 2 });
    case '/api/Dashboard/GetDailyAppointmentAsyncs':
      return json({ ...period, items: [{ date: '2030-01-06', total: 5, arrived: 4, completed: 3, noShows: 1, canceled: 1 }] });
    case '/api/Dashboard/GetDailyWorkedHours':
      return json({ ...period, items: [{ date: '2030-01-06', minutes: 0, appointments: 0 }] });
    case '/api/Dashboard/GetNewPatientsMonthAsyncs':
      return json({ ...period, items: [{ month: '2030-01', count: 4 }] });
    case '/api/Dashboard/GetPatientReferenceAsyncs':
      return failReferences
        ? json({ code: 'unexpected', message: 'Unexpected error' }, 500)
        : json({ ...period, items: [{ referenceId: null, nameAr: null, nameEn: null, nameFr: null, count: 4 }] });
    case '/api/Dashboard/GetPaymentsTypesCountMonthAsyncs':
      return json({
        ...period,
        currency: 'EGP',
        items: [
          { month: '2030-01', paymentTypeId: 1, nameAr: 'نقدي', nameEn: 'Cash', nameFr: 'Espèces', count: 2, amount: '0.10' },
          { month: '2030-01', paymentTypeId: 2, nameAr: 'بطاقة', nameEn: 'Card', nameFr: null, count: 1, amount: '0.20' },
        ],
      });
    case '/api/Dashboard/GetTreatmentsPerMonthAsyncs':
      return json({ ...period, currency: 'EGP', items: [{ month: '2030-01', completed: 2, net: '1800.50' }] });
    default:
      return json({});
  }
});

signedInWithFetch(fetchMock, () => testUser({ timeZone: TZ }));

const renderPage = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <DashboardPage />
      </AppProviders>
    </MemoryRouter>,
  );
const card = (key: string) => screen.getByTestId(`dash-card-${key}`);

describe('the dashboard', () => {
  it("asks for the clinic's month in all the user's branches and shows the figures, money summed exactly", async () => {
    failReferences = false;
    renderPage();
    await waitFor(() => expect(card('payments').textContent).toContain('0.30 EGP'));
    const today = clinicToday(TZ);
    const calls = fetchMock.mock.calls.map(([url]) => new URL(url, 'http://x'));
    const month = calls.find((u) => u.pathname === '/api/Dashboard/GetNewPatientsMonthAsyncs')!;
    expect(month.searchParams.get('fromDate')).toBe(`${today.slice(0, 7)}-01`);
    expect(month.searchParams.has('branchId')).toBe(false);
    const todays = calls.filter((u) => u.pathname === '/api/Dashboard/GetDailyAppointmentAsyncs').map((u) => u.searchParams.get('toDate'));
    expect(todays).toContain(today);
    expect(card('patients').textContent).toContain('4');
    expect(card('treatments').textContent).toContain('2');
    await waitFor(() => expect(card('overdue').textContent).toContain('2'));
    expect(within(card('overdue')).getByRole('link').getAttribute('href')).toBe('/LabsOrders?overdue=1');
    // the tables behind the charts: the reference without a name, the hours chart empty
    expect(screen.getByRole('rowheader', { name: 'Not stated' })).toBeTruthy();
    expect(screen.getByRole('table', { name: /Completed procedures per month/ }).textContent).toContain('1,800.50 EGP');
    expect(screen.getByText('Nothing in this period')).toBeTruthy();
  });

  it('shows a failed figure in its card with a retry, the others still shown', async () => {
    failReferences = true;
    renderPage();
    await waitFor(() => expect(screen.getByText('The figures could not be loaded')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    await waitFor(() => expect(card('patients').textContent).toContain('4'));
  });
});
