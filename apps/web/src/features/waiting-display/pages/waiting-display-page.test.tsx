import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { queryClient } from '../../../app/query-client';
import { signedInWithFetch } from '../../../test/signed-in';
import WaitingDisplayPage from './waiting-display-page';

const item = (id: number, patientName: string, status: string, start: string) => ({
  id,
  patientName,
  doctorName: 'Dr. Karim Nabil',
  roomName: 'Room 1',
  roomColor: '#e91e63',
  start,
  end: start,
  status,
  checkInAt: status === 'AS1' ? null : start,
  turnNumber: null,
});

let today = {
  date: '2026-11-22',
  items: [
    item(1, 'Ahmed S.', 'AS3', '2026-11-22T08:00:00Z'),
    item(2, 'Mona A.', 'AS4', '2026-11-22T08:30:00Z'),
    item(3, 'Omar F.', 'AS1', '2026-11-22T12:00:00Z'),
    item(4, 'Sara N.', 'AS7', '2026-11-22T07:00:00Z'),
  ],
};

const fetchMock = vi.fn(async (url: string) => {
  const body = url.startsWith('/api/Cleander/GetTodayAppointments')
    ? today
    : url.startsWith('/api/Auth/GetClinicBranches')
      ? { items: [{ branchId: 3, name: 'Nasr City' }] }
      : {};
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

signedInWithFetch(fetchMock);

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <WaitingDisplayPage />
      </MemoryRouter>
    </AppProviders>,
  );
const column = (name: string) => screen.getByRole('region', { name: new RegExp(name) });

describe('the waiting display', () => {
  it("shows today's patients by status (names as the server shortens them), with times in the clinic's zone", async () => {
    renderPage();
    expect(await screen.findByText('Ahmed S.')).toBeTruthy();
    expect(within(column('Arrived')).getByText('Ahmed S.')).toBeTruthy();
    expect(within(column('In chair')).getByText('Mona A.')).toBeTruthy();
    expect(within(column('Coming up')).getByText('Omar F.')).toBeTruthy();
    expect(within(column('Coming up')).getByText('2:00 PM')).toBeTruthy(); // 12:00Z is 14:00 in Cairo
    expect(within(column('Waiting for doctor')).getByText('Nobody right now')).toBeTruthy();
    expect(screen.queryByText(/Ahmed Mohamed/)).toBeNull();
    expect(screen.queryByText(/Sara/)).toBeNull(); // checked out: not on the display
    expect(screen.getByText(/Nasr City/)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/Cleander/GetTodayAppointments?branchId=3');
  });

  it("reads again when the live connection refreshes the 'Cleander' queries", async () => {
    renderPage();
    expect(await screen.findByText('Omar F.')).toBeTruthy();
    today = { ...today, items: today.items.map((i) => (i.id === 3 ? { ...i, status: 'AS3' } : i)) };
    // what LiveConnection does on RefreshTodayAppointments
    await act(() => queryClient.invalidateQueries({ queryKey: ['Cleander'] }));
    expect(await within(column('Arrived')).findByText('Omar F.')).toBeTruthy();
    expect(within(column('Coming up')).getByText('Nobody right now')).toBeTruthy();
  });
});
