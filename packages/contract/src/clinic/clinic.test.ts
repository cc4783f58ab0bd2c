import { describe, expect, it } from 'vitest';
import { saveBranchInput } from './branches.schemas.js';
import {
  checkClinicNameInput,
  hasWebProtocol,
  isLogoFileName,
  parseVatPercentage,
  saveClinicInput,
} from './clinic.schemas.js';

/** A valid SaveClinic body; tests change one field at a time. */
const validClinic = () => ({
  clinicName: 'smile-clinic',
  displayName: 'Smile clinic',
  vatPercentage: '14',
  toothNumberingSystem: 'FDI',
  addAppointmentOnProcedureCreate: false,
  autoUpdateAppointmentToMissed: true,
  allowDragAndDropInCalendar: true,
  allowResizingInCalendar: true,
  showProcedureMaterialsPopup: false,
  checkPatientInsuranceLimit: false,
  showMessagePopup: true,
  autoApprovePatient: false,
  allowOverlappingAppointments: false,
  appointmentBookingType: 'time',
  appointmentBookingInterval: 30,
  appointmentBookingGapDays: 0,
  appointmentBookingDays: 14,
  appointmentBookingTimeStart: '09:00',
  appointmentBookingTimeEnd: '21:00',
  maxBookingsPerDay: 0,
  maxAttendanceDistance: 0,
});

const errorsOf = (body: Record<string, unknown>) =>
  Object.fromEntries((saveClinicInput.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('clinic settings rules', () => {
  it('keeps VAT as exact decimal text, from text or from a JSON number', () => {
    expect(parseVatPercentage('14')).toBe('14.00');
    expect(parseVatPercentage(' 14.5 ')).toBe('14.50');
    expect(parseVatPercentage('007.25')).toBe('7.25');
    expect(parseVatPercentage(15.75)).toBe('15.75');
    expect(parseVatPercentage(0)).toBe('0.00');
    expect(parseVatPercentage('100')).toBe('100.00');
    expect(parseVatPercentage('100.00')).toBe('100.00');
    for (const bad of [
      '100.01',
      '101',
      '-1',
      '14.555',
      '1e2',
      '14,5',
      '',
      'abc',
      0.1 + 0.2,
      Number.NaN,
      Infinity,
      -0.5,
    ])
      expect(parseVatPercentage(bad), String(bad)).toBeNull();
  });

  it('accepts a whole clinic and normalises it', () => {
    const parsed = saveClinicInput.parse({
      ...validClinic(),
      mobile: '010 0123-4567',
      website: 'smile.example.com',
      vatPercentage: 14.5,
    });
    expect(parsed).toMatchObject({ mobile: '01001234567', website: 'smile.example.com', vatPercentage: '14.50' });
  });

  it('says what is wrong with each field', () => {
    expect(errorsOf({})).toMatchObject({
      clinicName: 'field_required',
      displayName: 'field_required',
      vatPercentage: 'field_required',
      showMessagePopup: 'field_required',
      appointmentBookingInterval: 'field_required',
      appointmentBookingTimeStart: 'field_required',
      appointmentBookingType: 'field_required',
    });
    expect(
      errorsOf({
        ...validClinic(),
        clinicName: 'a b',
        vatPercentage: '100.5',
        appointmentBookingInterval: 241,
        appointmentBookingType: 'queue',
        appointmentBookingTimeStart: '25:00',
        mobile: '12ab',
        facebook: 'x'.repeat(201),
        showMessagePopup: 'yes',
      }),
    ).toEqual({
      clinicName: 'clinic_name_invalid',
      vatPercentage: 'vat_percentage_invalid',
      appointmentBookingInterval: 'booking_interval_invalid',
      appointmentBookingType: 'field_invalid',
      appointmentBookingTimeStart: 'field_invalid',
      mobile: 'phone_invalid',
      facebook: 'field_too_long',
      showMessagePopup: 'field_invalid',
    });
    expect(errorsOf({ ...validClinic(), appointmentBookingInterval: 4 })).toEqual({
      appointmentBookingInterval: 'booking_interval_invalid',
    });
    expect(errorsOf({ ...validClinic(), appointmentBookingInterval: 240 })).toEqual({});
  });

  it('needs the booking start before its end', () => {
    expect(
      errorsOf({ ...validClinic(), appointmentBookingTimeStart: '18:00', appointmentBookingTimeEnd: '09:30' }),
    ).toEqual({
      appointmentBookingTimeEnd: 'time_start_before_end',
    });
    expect(
      errorsOf({ ...validClinic(), appointmentBookingTimeStart: '09:00', appointmentBookingTimeEnd: '09:00' }),
    ).toEqual({
      appointmentBookingTimeEnd: 'time_start_before_end',
    });
    expect(
      errorsOf({ ...validClinic(), appointmentBookingTimeStart: '08:59', appointmentBookingTimeEnd: '09:00' }),
    ).toEqual({});
  });

  it('refuses a website written with its protocol (spec §5)', () => {
    for (const url of ['http://smile.com', 'https://smile.com', 'HTTPS://smile.com', ' https://x'])
      expect(hasWebProtocol(url), url).toBe(true);
    expect(errorsOf({ ...validClinic(), website: 'https://example.com' })).toEqual({ website: 'website_no_protocol' });
    expect(errorsOf({ ...validClinic(), website: 'example.com/https://' })).toEqual({});
    expect(errorsOf({ ...validClinic(), website: 'x'.repeat(201) })).toEqual({ website: 'field_too_long' });
  });

  it('checks clinic names and branch fields', () => {
    expect(checkClinicNameInput.safeParse({ clinicName: 'Smile-2' }).success).toBe(true);
    expect(checkClinicNameInput.safeParse({ clinicName: 'ab' }).error?.issues[0]?.message).toBe('clinic_name_invalid');
    expect(checkClinicNameInput.safeParse({ clinicName: 'عيادة' }).error?.issues[0]?.message).toBe(
      'clinic_name_invalid',
    );
    expect(checkClinicNameInput.safeParse({}).error?.issues[0]?.message).toBe('field_required');
    expect(saveBranchInput.parse({ name: ' North ', mobile: '' })).toEqual({ name: 'North' });
    expect(saveBranchInput.safeParse({ name: 'North', mobile: '+20 100' }).error?.issues[0]?.message).toBe(
      'phone_invalid',
    );
  });

  it('accepts logo files by the extensions of spec §5', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.svg', 'a.jfif', 'a.gif'])
      expect(isLogoFileName(name), name).toBe(true);
    for (const name of ['a.pdf', 'a.webp', 'png', 'a.png.exe']) expect(isLogoFileName(name), name).toBe(false);
  });
});
