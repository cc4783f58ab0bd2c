import { describe, expect, it } from 'vitest';
import { concurrently, newClinic, testApp } from '../../../test/harness.js';
import {
  BOOK, addRooms, addVacation, appointmentsOf, attemptsOf, dayFromToday, patientsOf, publicApi, setBooking, uniqueAddress, uniqueMobile,
} from './booking-test-kit.js';

/* The public booking's limits under concurrency (issue 13): exactly the allowed number of calls and bookings pass. */
const t = await testApp();
const N = 50;

const booking = (clinicName: string, branchId: number, over: Record<string, unknown> = {}) => ({
  clinicName, branchId, date: dayFromToday(1), time: '10:00', name: 'Mona Adel', mobile: uniqueMobile(), ...over,
});

describe('Booking/Book, many at once', () => {
  it(`${N} calls from one address: exactly 10 are counted, the rest 429`, async () => {
    const c = await newClinic(t);
    await addVacation(t, c, dayFromToday(1), dayFromToday(1));
    const address = uniqueAddress();
    const { tally } = await concurrently(N, () => publicApi(t, address).post(BOOK, booking(c.clinicName, c.branchId)));
    expect(tally).toEqual({ '409 appointment_on_vacation': 10, '429 too_many_attempts': N - 10 });
    expect(await attemptsOf(t, c.clinicId)).toHaveLength(10);
  });

  it(`${N} bookings of one mobile from many addresses: 5 calls counted, one booking, one patient`, async () => {
    const c = await newClinic(t);
    await addRooms(t, c, 3);
    const mobile = uniqueMobile();
    const { tally } = await concurrently(N, () => publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { mobile })));
    expect(tally).toEqual({ '201': 1, '409 booking_mobile_day_taken': 4, '429 too_many_attempts': N - 5 });
    expect(await appointmentsOf(t, c.clinicId)).toHaveLength(1);
    expect(await patientsOf(t, c.clinicId)).toHaveLength(1);
  });

  it(`${N} bookings of one slot by different people: as many as the clinic has rooms`, async () => {
    const c = await newClinic(t);
    await addRooms(t, c, 3);
    const { tally } = await concurrently(N, () => publicApi(t).post(BOOK, booking(c.clinicName, c.branchId)));
    expect(tally).toEqual({ '201': 3, '409 booking_slot_taken': N - 3 });
    expect(await appointmentsOf(t, c.clinicId)).toHaveLength(3);
  });

  it(`${N} turn bookings of one day with a daily maximum of 5: turns 1 to 5, the rest day full`, async () => {
    const c = await newClinic(t);
    await setBooking(t, c.clinicId, { appointmentBookingType: 'turn', maxBookingsPerDay: 5 });
    const { tally } = await concurrently(N, () => publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time: undefined })));
    expect(tally).toEqual({ '201': 5, '409 booking_day_full': N - 5 });
    expect((await appointmentsOf(t, c.clinicId)).map((a) => a.turnNumber).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
