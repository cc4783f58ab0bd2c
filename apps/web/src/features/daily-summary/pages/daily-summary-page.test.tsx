import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { testUser } from '../../../test/fixtures';
import { signedInWithFetch } from '../../../test/signed-in';
import { clinicToday } from '../../../lib/clinic-time';
import DailySummaryPage from './daily-summary-page';

const counts = (total: number, arrived: number, noShows: number, completed: number, canceled: number) => ({
  total, arrived, noShows, completed, canceled,
});

const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const body = url.startsWith('/api/Dashboard/GetDailySummary')
    ? {
        date: (JSON.parse(String(init?.body ?? '{}')) as { date: string }).date,
        totals: counts(12, 9, 2, 7, 1),
        doctors: [
          { doctorId: 5, doctorName: 'Dr. Karim Nabil', ...counts(8, 6, 1, 5, 1) },
          { doctorId: 6, doctorName: 'Dr. Ahmed Salem', ...counts(4, 3, 1, 2, 0) },
        ],
      }
    : url.startsWith('/api/Auth/GetClinicBranches')
      ? { items: [{ branchId: 3, name: 'Nasr City' }] }
      : {};
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

signedInWithFetch(fetchMock, () => testUser({ timeZone: 'Asia/Riyadh' }));

describe('the daily summary', () => {
  it("asks for the clinic's today in its branch and shows the totals and a row per doctor", async () => {
    render(
      <AppProviders>
        <DailySummaryPage />
      </AppProviders>,
    );
    const row = await screen.findByRole('row', { name: /Dr\. Karim Nabil/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Dr. Karim Nabil', '8', '6', '1', '5', '1']);
    const call = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/Dashboard/GetDailySummary'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ date: clinicToday('Asia/Riyadh'), branchId: 3 });
    const totals = document.querySelector('[data-count="noShows"]')!;
    expect(totals.textContent).toContain('No-shows');
    expect(totals.textContent).toContain('2');
    expect(screen.getByRole('row', { name: /Total/ }).textContent).toContain('12');
    expect(screen.getByRole('button', { name: /Print/ })).toBeTruthy();
  });
});
