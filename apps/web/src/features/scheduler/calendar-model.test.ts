import type { AppointmentItem, CalendarSettings, VacationItem } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import {
  appointmentEvent,
  appointmentTimeText,
  businessHoursFor,
  calendarDay,
  calendarInstant,
  calendarWall,
  canDeleteAppointment,
  canEditAppointment,
  textDirection,
  vacationEvents,
  vacationRange,
  workWeekHiddenDays,
  workingDays,
} from './calendar-model';
import { STATUS_COLORS, contrastText } from './status-colors';

type Doctor = CalendarSettings['doctors'][number];
const doctor = (id: number, days: Record<number, Array<[string, string]>>): Doctor => ({
  id,
  name: `Doctor ${id}`,
  workingDays: Object.entries(days).map(([d, shifts]) => ({
    dayOfWeek: Number(d),
    shifts: shifts.map(([start, end]) => ({ start, end })),
  })),
});

const appointment = (patch: Partial<AppointmentItem> = {}): AppointmentItem => ({
  id: 5,
  branchId: 1,
  patientId: 9,
  patientName: 'Mona',
  patientCode: '12',
  patientMobile: null,
  patientType: 'PT1',
  doctorId: 2,
  doctorName: 'Dr',
  roomId: 3,
  roomName: 'Room 1',
  roomColor: '#ffe58f',
  seriesId: null,
  start: '2026-11-22T07:30:00.000Z',
  end: '2026-11-22T08:00:00.000Z',
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
  ...patch,
});

describe('working days and hours', () => {
  const sat = doctor(1, { 6: [['09:00', '13:00']], 0: [['09:00', '17:00']], 1: [] });
  const tue = doctor(2, { 2: [['16:00', '24:00']] });

  it('the work week shows the union of the doctors’ working days', () => {
    expect(workingDays([sat, tue])).toEqual([0, 2, 6]);
    expect(workWeekHiddenDays([sat, tue])).toEqual([1, 3, 4, 5]);
    // nobody has hours: the whole week rather than an empty calendar
    expect(workWeekHiddenDays([doctor(3, {})])).toEqual([]);
  });

  it('shades every doctor’s hours, or only the chosen doctor’s', () => {
    expect(businessHoursFor([sat, tue])).toEqual([
      { daysOfWeek: [0], startTime: '09:00', endTime: '17:00' },
      { daysOfWeek: [2], startTime: '16:00', endTime: '24:00' },
      { daysOfWeek: [6], startTime: '09:00', endTime: '13:00' },
    ]);
    expect(businessHoursFor([sat, tue], 2)).toEqual([{ daysOfWeek: [2], startTime: '16:00', endTime: '24:00' }]);
    expect(businessHoursFor([sat, tue], 99)).toBe(false);
  });

  it('merges overlapping and touching shifts, and days with the same hours, into one entry', () => {
    const morning = doctor(1, { 0: [['09:00', '15:00']], 1: [['09:00', '15:00']], 2: [['08:00', '10:00']] });
    const evening = doctor(2, {
      0: [['14:00', '21:00']],
      1: [['15:00', '21:00']],
      2: [
        ['12:00', '13:00'],
        ['09:30', '11:00'],
      ],
    });
    expect(businessHoursFor([morning, evening])).toEqual([
      { daysOfWeek: [0, 1], startTime: '09:00', endTime: '21:00' },
      { daysOfWeek: [2], startTime: '08:00', endTime: '11:00' },
      { daysOfWeek: [2], startTime: '12:00', endTime: '13:00' },
    ]);
  });
});

describe('appointment events', () => {
  const options = { colorBy: 'room' as const, timeZone: 'Africa/Cairo', draggable: true, resizable: true };

  it('colours by room or by status with a readable text colour', () => {
    const byRoom = appointmentEvent(appointment(), options);
    expect(byRoom).toMatchObject({
      id: '5',
      title: 'Mona',
      color: '#ffe58f',
      contrastColor: '#000000',
      startEditable: true,
    });
    const byStatus = appointmentEvent(appointment({ status: 'AS2' }), { ...options, colorBy: 'status' });
    expect(byStatus).toMatchObject({ color: STATUS_COLORS.AS2, contrastColor: '#ffffff' });
    // no room colour (a website booking): the status colour
    expect(appointmentEvent(appointment({ roomColor: null, roomId: null }), options).color).toBe(STATUS_COLORS.AS1);
  });

  it('cannot be dragged when the clinic or the user does not allow it, when finished, or without doctor and room', () => {
    expect(appointmentEvent(appointment(), { ...options, draggable: false })).toMatchObject({
      startEditable: false,
      durationEditable: true,
    });
    expect(appointmentEvent(appointment({ status: 'AS7' }), options)).toMatchObject({
      startEditable: false,
      durationEditable: false,
    });
    expect(appointmentEvent(appointment({ status: 'AS10' }), options)).toMatchObject({ startEditable: false });
    expect(appointmentEvent(appointment({ status: 'AS9' }), options)).toMatchObject({ startEditable: true });
    expect(appointmentEvent(appointment({ doctorId: null }), options)).toMatchObject({ startEditable: false });
  });

  it('shows an all-day appointment on the clinic’s day', () => {
    const e = appointmentEvent(
      appointment({ allDay: true, start: '2026-11-22T22:00:00.000Z', end: '2026-11-23T22:00:00.000Z' }),
      options,
    );
    expect(e).toMatchObject({ start: '2026-11-23', end: '2026-11-24', allDay: true, durationEditable: false });
  });
});

describe('what the server lets change', () => {
  it('checked-out and rescheduled appointments are history; a visit that happened is never deleted', () => {
    expect(['AS1', 'AS6', 'AS8', 'AS9'].every((s) => canEditAppointment(s as never))).toBe(true);
    expect(canEditAppointment('AS7') || canEditAppointment('AS10')).toBe(false);
    expect(canDeleteAppointment('AS1') && canDeleteAppointment('AS8')).toBe(true);
    expect(['AS3', 'AS4', 'AS6', 'AS7', 'AS10'].some((s) => canDeleteAppointment(s as never))).toBe(false);
  });
});

describe('vacations', () => {
  const v = (id: number, userId: number | null, start: string, end: string): VacationItem => ({
    id,
    userId,
    userName: userId ? 'Dr Sara' : null,
    name: userId ? 'Leave' : 'Feast',
    startDate: start,
    endDate: end,
    notes: null,
    createdAt: '2026-01-01T00:00:00Z',
  });

  it('clinic holidays always, a doctor’s leave only when that doctor is chosen; the last day included', () => {
    const list = [v(1, null, '2026-11-24', '2026-11-25'), v(2, 4, '2026-11-26', '2026-11-26')];
    expect(vacationEvents(list).map((e) => [e.id, e.start, e.end, e.display])).toEqual([
      ['vacation-1', '2026-11-24', '2026-11-26', 'background'],
    ]);
    expect(vacationEvents(list, 4).map((e) => [e.id, e.title, e.end])).toEqual([
      ['vacation-1', 'Feast', '2026-11-26'],
      ['vacation-2', 'Leave · Dr Sara', '2026-11-27'],
    ]);
  });

  it('reads the clinic days a view covers', () => {
    // a Cairo week view: Saturday 21 Nov 00:00 (22:00Z the day before) to the next Saturday
    expect(vacationRange('2026-11-20T22:00:00.000Z', '2026-11-27T22:00:00.000Z', 'Africa/Cairo')).toEqual({
      from: '2026-11-21',
      to: '2026-11-27',
    });
  });
});

describe('contrastText', () => {
  it('black on light colours, white on dark ones', () => {
    expect(contrastText('#ffffff')).toBe('#000000');
    expect(contrastText('#fff')).toBe('#000000');
    expect(contrastText('#079ee4')).toBe('#ffffff');
    expect(contrastText('#ffe58f')).toBe('#000000');
    expect(contrastText('#1677ff')).toBe('#ffffff');
    expect(contrastText('#000')).toBe('#ffffff');
    expect(contrastText('not a colour')).toBe('#ffffff');
  });
});

describe('appointment time text', () => {
  const plain = (s: string) => s.replace(/[\s\u2009\u202f]+/g, ' ');
  it('reads the clinic’s clock in the app’s language, with Latin digits', () => {
    // 07:30Z is 09:30 in Cairo (winter, UTC+2)
    const a = appointment();
    expect(plain(appointmentTimeText(a, 'Africa/Cairo', 'en'))).toBe('9:30 – 10:00 AM');
    expect(plain(appointmentTimeText(a, 'Asia/Riyadh', 'en'))).toBe('10:30 – 11:00 AM');
    const ar = appointmentTimeText(
      appointment({ start: '2026-11-22T10:30:00.000Z', end: '2026-11-22T11:00:00.000Z' }),
      'Africa/Cairo',
      'ar',
    );
    expect(ar).toMatch(/12:30/);
    expect(ar).toContain('م');
  });
  it('formats an appointment once per zone and language', () => {
    const a = appointment();
    const first = appointmentTimeText(a, 'Africa/Cairo', 'fr');
    expect(appointmentTimeText(a, 'Africa/Cairo', 'fr')).toBe(first);
    expect(plain(first)).toMatch(/^09:30 – 10:00$/);
  });
});

describe("the calendar runs on the clinic's wall clock in UTC", () => {
  it("shows an appointment at the clinic's times, whatever the instant's offset", () => {
    const e = appointmentEvent(appointment(), {
      colorBy: 'room',
      timeZone: 'Africa/Cairo',
      draggable: true,
      resizable: true,
    });
    expect(e).toMatchObject({ start: '2026-11-22T09:30', end: '2026-11-22T10:00', allDay: false });
    expect(calendarWall('2026-11-22T21:30:00.000Z', 'Asia/Riyadh')).toBe('2026-11-23T00:30');
  });

  it("turns the calendar's dates back into instants and clinic days", () => {
    expect(calendarInstant(new Date('2026-11-22T09:30:00Z'), 'Africa/Cairo')).toBe('2026-11-22T07:30:00.000Z');
    expect(calendarInstant(new Date('2026-11-21T00:00:00Z'), 'Asia/Riyadh')).toBe('2026-11-20T21:00:00.000Z');
    expect(calendarDay(new Date('2026-11-22T23:59:00Z'))).toBe('2026-11-22');
    // New York: 02:30 on the spring-forward day does not exist and moves forward; 01:30 in the autumn is the first one
    expect(calendarInstant(new Date('2026-03-08T02:30:00Z'), 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(calendarInstant(new Date('2026-11-01T01:30:00Z'), 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    // a round trip keeps the instant on an ordinary day
    const instant = '2026-07-14T13:45:00.000Z';
    const wall = calendarWall(instant, 'America/New_York');
    expect(calendarInstant(new Date(`${wall}Z`), 'America/New_York')).toBe(instant);
  });

  it("finds a name's direction by its first letter, as dir=auto does", () => {
    expect(textDirection('أحمد محمد', 'ltr')).toBe('rtl');
    expect(textDirection('Hélène Dubois', 'rtl')).toBe('ltr');
    expect(textDirection('(12) أحمد', 'ltr')).toBe('rtl');
    expect(textDirection('12 - 34', 'rtl')).toBe('rtl');
  });
});
