import { BOOKING_RULES } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { newClinic, newPatient, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { branches } from '../../platform/auth/identity.table.js';
import {
  DAYS, INFO, SLOTS, addAppointment, addRooms, addVacation, cairoInstant, dayFromToday, localTime, publicApi, setBooking, uniqueAddress,
} from './booking-test-kit.js';

const t = await testApp();

describe('Booking/GetBookingInfo', () => {
  it('answers without login, by the clinic name in any case, from the clinic booking settings', async () => {
    const c = await newClinic(t);
    const res = await publicApi(t).get(INFO, { clinicName: c.clinicName.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      clinicName: c.clinicName,
      displayName: `Clinic ${c.clinicName}`,
      logoUrl: null,
      countryId: 'CN3',
      branches: [{ id: c.branchId, name: 'Main', latitude: null, longitude: null }],
      bookingType: 'time',
      interval: 30,
      bookingDays: 14,
      gapDays: 0,
      maxDistance: 0,
      timeStart: '09:00',
      timeEnd: '21:00',
      timeZone: 'Africa/Cairo',
      today: dayFromToday(0),
      firstDate: dayFromToday(0),
      lastDate: dayFromToday(14),
      isOpen: true,
    });
  });

  it('starts after the gap days, and is closed when the gap passes the booking days', async () => {
    const c = await newClinic(t);
    await setBooking(t, c.clinicId, { appointmentBookingGapDays: 2, appointmentBookingDays: 5, appointmentBookingType: 'turn' });
    const info = (await publicApi(t).get(INFO, { clinicName: c.clinicName })).json();
    expect(info).toMatchObject({ bookingType: 'turn', firstDate: dayFromToday(2), lastDate: dayFromToday(5), isOpen: true });

    await setBooking(t, c.clinicId, { appointmentBookingGapDays: 6 });
    const closed = (await publicApi(t).get(INFO, { clinicName: c.clinicName })).json();
    expect(closed).toMatchObject({ firstDate: null, lastDate: null, isOpen: false });
    expect((await publicApi(t).get(DAYS, { clinicName: c.clinicName, branchId: c.branchId })).json()).toEqual({ items: [], nextFrom: null });
    const slots = await publicApi(t).get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId, date: dayFromToday(6) });
    expect(slots.statusCode).toBe(409);
    expect(slots.json().code).toBe('booking_closed');
  });

  it('an unknown or inactive clinic is 404 clinic_not_found; a malformed name is 400', async () => {
    const c = await newClinic(t);
    const unknown = await publicApi(t).get(INFO, { clinicName: 'no-such-clinic-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'clinic_not_found', message: 'Clinic not found' });

    await setBooking(t, c.clinicId, { isActive: false });
    for (const [path, input] of [
      [INFO, {}],
      [DAYS, { branchId: c.branchId }],
      [SLOTS, { branchId: c.branchId, date: dayFromToday(1) }],
    ] as const) {
      const res = await publicApi(t).get(path, { clinicName: c.clinicName, ...input });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('clinic_not_found');
    }

    const bad = await publicApi(t, undefined, 'ar').get(INFO, { clinicName: 'a b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.clinicName).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('Booking/GetBookingDays', () => {
  it('lists the window in pages with free slots per day; clinic holidays are closed, a doctor leave is not', async () => {
    const c = await newClinic(t);
    await setBooking(t, c.clinicId, { appointmentBookingDays: 40, appointmentBookingGapDays: 1 });
    await addVacation(t, c, dayFromToday(3), dayFromToday(4));
    await addVacation(t, c, dayFromToday(5), dayFromToday(5), c.ownerId);

    const first = (await publicApi(t).get(DAYS, { clinicName: c.clinicName, branchId: c.branchId })).json();
    expect(first.items).toHaveLength(31);
    expect(first.items[0]).toEqual({ date: dayFromToday(1), status: 'open', free: 24 });
    expect(first.items.slice(2, 5)).toEqual([
      { date: dayFromToday(3), status: 'holiday', free: 0 },
      { date: dayFromToday(4), status: 'holiday', free: 0 },
      { date: dayFromToday(5), status: 'open', free: 24 },
    ]);
    expect(first.nextFrom).toBe(dayFromToday(32));

    const second = (await publicApi(t).get(DAYS, { clinicName: c.clinicName, branchId: c.branchId, from: first.nextFrom })).json();
    expect(second.items.map((d: { date: string }) => d.date)).toEqual(
      Array.from({ length: 9 }, (_, i) => dayFromToday(32 + i)),
    );
    expect(second.nextFrom).toBeNull();

    // before the window starts at the first bookable day; after it is empty
    const early = (await publicApi(t).get(DAYS, { clinicName: c.clinicName, branchId: c.branchId, from: dayFromToday(-3) })).json();
    expect(early.items[0].date).toBe(dayFromToday(1));
    const late = (await publicApi(t).get(DAYS, { clinicName: c.clinicName, branchId: c.branchId, from: dayFromToday(41) })).json();
    expect(late).toEqual({ items: [], nextFrom: null });
  });

  it('turn: turns left per day, null without a daily maximum', async () => {
    const c = await newClinic(t);
    await setBooking(t, c.clinicId, { appointmentBookingType: 'turn', appointmentBookingDays: 3, appointmentBookingGapDays: 1 });
    const open = (await publicApi(t).get(DAYS, { clinicName: c.clinicName, branchId: c.branchId })).json();
    expect(open.items).toEqual([1, 2, 3].map((n) => ({ date: dayFromToday(n), status: 'open', free: null })));
    await setBooking(t, c.clinicId, { maxBookingsPerDay: 4 });
    const capped = (await publicApi(t).get(DAYS, { clinicName: c.clinicName, branchId: c.branchId })).json();
    expect(capped.items[0]).toEqual({ date: dayFromToday(1), status: 'open', free: 4 });
  });

  it('a branch of another clinic or no branch is 404; a bad date is 400', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const res = await publicApi(t).get(DAYS, { clinicName: c.clinicName, branchId: other.branchId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'booking_branch_not_found', message: 'Branch not found' });
    const bad = await publicApi(t).get(DAYS, { clinicName: c.clinicName, branchId: 'x', from: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['branchId', 'from']);
  });
});

describe('Booking/GetFreeSlots', () => {
  it('time: every interval from the start time to the end time, in the clinic time zone', async () => {
    const c = await newClinic(t);
    const date = dayFromToday(1);
    const res = await publicApi(t).get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId, date });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ date, bookingType: 'time', status: 'open', nextTurnNumber: null, remaining: null });
    expect(body.slots).toHaveLength(24);
    expect(body.slots[0]).toEqual({ time: '09:00', start: cairoInstant(date, '09:00'), end: cairoInstant(date, '09:30') });
    expect(body.slots.at(-1).time).toBe('20:30');
    for (const s of body.slots) expect(localTime(s.start)).toBe(s.time);

    // another zone and interval: Riyadh, 45 minutes, 10:00-12:00 → 10:00, 10:45 (11:30 would end after 12:00)
    await setBooking(t, c.clinicId, {
      timeZone: 'Asia/Riyadh', appointmentBookingInterval: 45, appointmentBookingTimeStart: '10:00', appointmentBookingTimeEnd: '12:00',
    });
    const riyadh = (await publicApi(t).get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId, date: dayFromToday(1, 'Asia/Riyadh') })).json();
    expect(riyadh.slots.map((s: { time: string; start: string }) => [s.time, localTime(s.start, 'Asia/Riyadh')])).toEqual([
      ['10:00', '10:00'],
      ['10:45', '10:45'],
    ]);
  });

  it('a slot is taken while active appointments of the branch fill the clinic rooms (at least one)', async () => {
    const c = await newClinic(t);
    const date = dayFromToday(2);
    const patientId = await newPatient(t, c);
    await addAppointment(t, c, { patientId, start: cairoInstant(date, '10:00'), end: cairoInstant(date, '11:00') });
    // cancelled, missed and another branch's appointments do not hold the time
    await addAppointment(t, c, { patientId, start: cairoInstant(date, '12:00'), end: cairoInstant(date, '13:00'), status: 'AS8' });
    await addAppointment(t, c, { patientId, start: cairoInstant(date, '12:00'), end: cairoInstant(date, '13:00'), status: 'AS9' });
    const [second] = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.insert(branches).values({ clinicId: c.clinicId, name: 'Second' }).returning(),
    );
    await addAppointment(t, c, { patientId, start: cairoInstant(date, '14:00'), end: cairoInstant(date, '15:00'), branchId: second!.id });

    const times = async () =>
      (await publicApi(t).get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId, date })).json().slots.map((s: { time: string }) => s.time);
    const noRooms = await times();
    expect(noRooms).toHaveLength(22);
    expect(noRooms).not.toContain('10:00');
    expect(noRooms).not.toContain('10:30');
    expect(noRooms).toContain('11:00');
    expect(noRooms).toContain('12:00');
    expect(noRooms).toContain('14:00');

    await addRooms(t, c, 2);
    expect(await times()).toHaveLength(24);
    await addAppointment(t, c, { patientId, start: cairoInstant(date, '10:30'), end: cairoInstant(date, '11:00') });
    const twoRooms = await times();
    expect(twoRooms).toContain('10:00');
    expect(twoRooms).not.toContain('10:30');
  });

  it('turn: the next turn number and the turns left', async () => {
    const c = await newClinic(t);
    await setBooking(t, c.clinicId, { appointmentBookingType: 'turn', maxBookingsPerDay: 5 });
    const res = await publicApi(t).get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId, date: dayFromToday(1) });
    expect(res.json()).toEqual({ date: dayFromToday(1), bookingType: 'turn', status: 'open', slots: [], nextTurnNumber: 1, remaining: 5 });
  });

  it('a holiday has no slots; a date outside the window is 409; a bad date 400', async () => {
    const c = await newClinic(t);
    await addVacation(t, c, dayFromToday(2), dayFromToday(2));
    const holiday = (await publicApi(t).get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId, date: dayFromToday(2) })).json();
    expect(holiday).toMatchObject({ status: 'holiday', slots: [] });
    for (const date of [dayFromToday(-1), dayFromToday(15)]) {
      const res = await publicApi(t).get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId, date });
      expect(res.statusCode, date).toBe(409);
      expect(res.json().code).toBe('booking_day_unavailable');
    }
    const bad = await publicApi(t).get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ date: 'This field is required' });
  });
});

describe('reading the booking page', () => {
  it('an address that reads too often is told to wait (429, translated); other addresses still read', async () => {
    const c = await newClinic(t);
    const address = uniqueAddress();
    const page = publicApi(t, address, 'ar');
    const statuses: number[] = [];
    for (let i = 0; i < BOOKING_RULES.maxReadsPerAddressPerMinute; i++)
      statuses.push((await page.get(INFO, { clinicName: c.clinicName })).statusCode);
    expect(statuses).toEqual(Array(BOOKING_RULES.maxReadsPerAddressPerMinute).fill(200));
    const refused = await page.get(INFO, { clinicName: c.clinicName });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('محاولات كثيرة، حاول مرة أخرى بعد قليل');
    expect((await publicApi(t).get(INFO, { clinicName: c.clinicName })).statusCode).toBe(200);
  });
});
