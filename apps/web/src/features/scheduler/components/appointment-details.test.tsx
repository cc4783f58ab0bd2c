import type { AppointmentItem } from '@dental/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { testUser } from '../../../test/fixtures';
import { signedInWithFetch } from '../../../test/signed-in';
import { AppointmentDetails } from './appointment-details';

const appointment: AppointmentItem = {
  id: 41,
  branchId: 3,
  patientId: 9,
  patientName: 'Mona Adel',
  patientCode: '1009',
  patientMobile: '+201001234567',
  patientType: null,
  doctorId: null,
  doctorName: null,
  roomId: null,
  roomName: null,
  roomColor: null,
  seriesId: null,
  start: '2030-03-02T08:00:00Z',
  end: '2030-03-02T08:30:00Z',
  allDay: false,
  status: 'AS1',
  notes: null,
  source: 'clinic',
  turnNumber: null,
  checkInAt: null,
  checkInBy: null,
  checkInByName: null,
  checkOutAt: null,
  checkOutByName: null,
  version: 1,
};

signedInWithFetch(
  vi.fn(async () => new Response('{"items":[],"total":0,"page":1,"pageSize":30}', { status: 200 })),
  () => testUser({ clinicCountryId: 'CN3' }),
);

describe('AppointmentDetails (issue 18)', () => {
  it("shows the patient's mobile in the clinic's national format, as the lists do, not E.164", async () => {
    render(
      <AppProviders>
        <MemoryRouter>
          <AppointmentDetails appointment={appointment} timeZone="Africa/Cairo" onEdit={() => {}} onClose={() => {}} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect((await screen.findAllByText('Mona Adel')).length).toBeGreaterThan(0);
    expect(screen.getByText('010 01234567')).toBeTruthy();
    expect(screen.queryByText('+201001234567')).toBeNull();
  });
});
