import type { ClinicDetail } from '@dental/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { testUser } from '../../../test/fixtures';
import { signedInWithFetch } from '../../../test/signed-in';
import { viewport } from '../../../test/viewport';
import ClinicPage from './clinic-page';

const CLINIC: ClinicDetail = {
  id: 1,
  clinicName: 'demo',
  displayName: 'Smile Dental',
  address: null,
  city: null,
  mobile: '+201001234567',
  msgNumber: '+20223456789',
  vatPercentage: '14.00',
  commercialRegistrationNo: null,
  taxNo: null,
  toothNumberingSystem: 'FDI',
  addAppointmentOnProcedureCreate: false,
  autoUpdateAppointmentToMissed: false,
  allowDragAndDropInCalendar: true,
  allowResizingInCalendar: true,
  showProcedureMaterialsPopup: false,
  checkPatientInsuranceLimit: false,
  showMessagePopup: false,
  autoApprovePatient: true,
  allowOverlappingAppointments: false,
  appointmentBookingType: 'time',
  appointmentBookingInterval: 30,
  appointmentBookingGapDays: 0,
  appointmentBookingDays: 30,
  appointmentBookingTimeStart: '09:00',
  appointmentBookingTimeEnd: '17:00',
  maxBookingsPerDay: 0,
  maxAttendanceDistance: 0,
  website: null,
  facebook: null,
  twitter: null,
  instagram: null,
  whatsapp: null,
  tiktok: null,
  youTube: null,
  snapchat: null,
  video: null,
  logoUrl: null,
  countryId: 'CN3',
  currency: 'EGP',
  timeZone: 'Africa/Cairo',
  subscriptionType: 'ST3',
  updateUserId: null,
  updatedAt: '2030-01-06T10:00:00Z',
};

/** The `data` field of each SaveClinic request, parsed. */
const saved: Record<string, unknown>[] = [];
const fetchStub = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith('/api/Lookups/SaveClinic')) {
    saved.push(JSON.parse(String((init?.body as FormData).get('data'))) as Record<string, unknown>);
    return Response.json(CLINIC);
  }
  return Response.json(url.startsWith('/api/Lookups/GetClinic') ? CLINIC : {});
});
beforeAll(() => viewport(1366));
signedInWithFetch(fetchStub, () => testUser({ clinicCountryId: 'CN3' }));

describe('the clinic settings form’s numbers (issue 18)', () => {
  it('shows the mobile and the messaging number as the clinic’s country writes them and saves them in E.164', async () => {
    render(
      <AppProviders>
        <MemoryRouter>
          <ClinicPage />
        </MemoryRouter>
      </AppProviders>,
    );
    const mobile = await screen.findByLabelText<HTMLInputElement>('Mobile');
    await waitFor(() => expect(mobile.value).toBe('010 01234567'));
    expect(screen.getByLabelText<HTMLInputElement>('Message number').value).toBe('02 23456789'); // a Cairo landline
    expect(mobile.placeholder).toBe('010 01234567');

    // typed as people write it, with a space: sent as stored
    fireEvent.change(mobile, { target: { value: '0111 222 3333' } });
    fireEvent.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ mobile: '+201112223333', msgNumber: '+20223456789' });
  });
});
