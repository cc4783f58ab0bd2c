import { callPath, patientsCalls } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, setTier, testApp } from '../../../test/harness.js';
import type { Envelope } from '../../platform/realtime/hub.js';
import { withTenant } from '../../platform/db/tenancy.js';
import {
  BOOK, DAYS, INFO, SLOTS, addAppointment, addRooms, addVacation, appointmentsOf, attemptsOf, cairoInstant, dayFromToday, patientsOf,
  placeBranch, publicApi, setBooking, uniqueMobile,
} from './booking-test-kit.js';

const t = await testApp();

const booking = (clinicName: string, branchId: number, over: Record<string, unknown> = {}) => ({
  clinicName, branchId, date: dayFromToday(1), time: '10:00', name: 'Mona Adel', mobile: uniqueMobile(), ...over,
});

describe('Booking/Book by time', () => {
  it('books a free slot: a pending website appointment without doctor or room, and a patient waiting for approval', async () => {
    const c = await newClinic(t);
    const events: Envelope[] = [];
    const stop = t.app.deps.hub.onEnvelope((e) => events.push(e));
    const date = dayFromToday(1);
    const input = booking(c.clinicName, c.branchId, { name: '  مُنى عادل  ', mobile: '+20 100 555-0101', latitude: 30.05, longitude: 31.23 });
    const res = await publicApi(t).post(BOOK, input);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      date, time: '10:00', endTime: '10:30', turnNumber: null,
      start: cairoInstant(date, '10:00'), end: cairoInstant(date, '10:30'),
      branch: { id: c.branchId, name: 'Main', latitude: null, longitude: null }, clinicDisplayName: `Clinic ${c.clinicName}`, patientApproved: false,
    });

    const [patient] = await patientsOf(t, c.clinicId);
    expect(patient).toMatchObject({
      name: 'مُنى عادل', nameNormalized: 'مني عادل', mobile: '+201005550101', source: 'website', approvalStatus: 'waiting',
      code: '1', latitude: '30.050000', longitude: '31.230000', smsLanguage: 'en', createdBy: null,
    });
    const [appointment] = await appointmentsOf(t, c.clinicId);
    expect(appointment).toMatchObject({
      branchId: c.branchId, patientId: patient!.id, doctorId: null, roomId: null, status: 'AS0', source: 'website',
      turnNumber: null, startsAt: new Date(cairoInstant(date, '10:00')), endsAt: new Date(cairoInstant(date, '10:30')),
    });

    // staff find the new patient in /NewPatientsList, by name and by mobile (the search words were written)
    for (const search of ['مني', '1005550101']) {
      const waiting = await api(t, c.token).get(callPath(patientsCalls.getPatientsApproved), { search });
      expect(waiting.statusCode, waiting.body).toBe(200);
      expect(waiting.json().items.map((p: { id: number }) => p.id), search).toEqual([patient!.id]);
    }
    // the slot is gone, and the branch's screens were told to refresh
    const slots = (await publicApi(t).get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId, date })).json().slots;
    expect(slots.map((s: { time: string }) => s.time)).not.toContain('10:00');
    await expect.poll(() => events.length).toBeGreaterThan(0);
    expect(events).toContainEqual({ to: { clinicId: c.clinicId, branchId: c.branchId }, event: { type: 'RefreshTodayAppointments' } });
    stop();
  });

  it('autoApprovePatient on: the new patient is approved at once', async () => {
    const c = await newClinic(t);
    await setBooking(t, c.clinicId, { autoApprovePatient: true });
    const res = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().patientApproved).toBe(true);
    expect((await patientsOf(t, c.clinicId)).map((p) => p.approvalStatus)).toEqual(['approved']);
  });

  it('a mobile the clinic knows books for that patient; no second patient is made', async () => {
    const c = await newClinic(t);
    const mobile = uniqueMobile();
    const known = await newPatient(t, c, { name: 'Known Patient', mobile });
    const res = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { mobile, name: 'Another Name' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().patientApproved).toBe(true);
    expect((await patientsOf(t, c.clinicId)).map((p) => p.id)).toEqual([known]);
    expect((await appointmentsOf(t, c.clinicId)).map((a) => a.patientId)).toEqual([known]);

    // a deleted patient with the mobile is not reused
    const other = uniqueMobile();
    await newPatient(t, c, { name: 'Deleted Patient', mobile: other, deletedAt: new Date() });
    expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { mobile: other, time: '11:00' }))).statusCode).toBe(201);
    const patients = await patientsOf(t, c.clinicId);
    expect(patients).toHaveLength(3);
    expect(patients.at(-1)).toMatchObject({ mobile: other, source: 'website', approvalStatus: 'waiting' });
  });

  it('refuses bad input with translated field messages (400)', async () => {
    const c = await newClinic(t);
    const res = await publicApi(t, undefined, 'ar').post(BOOK, { clinicName: c.clinicName, branchId: c.branchId, date: '2026-13-01', name: ' ', mobile: '0100' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
    expect(Object.keys(res.json().errors).sort()).toEqual(['date', 'mobile', 'name']);
    expect(res.json().errors.mobile).toBe('رقم الهاتف غير صالح');
    // well-formed but no mobile of a real plan, or a Cairo landline: refused as patients' mobiles are, nothing booked
    for (const mobile of ['+2019912345678', '+20223456789']) {
      const refused = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { mobile }));
      expect(refused.statusCode, mobile).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['mobile']);
    }
    expect(await withTenant(t.database.db, c.clinicId, async (tx) => ((await tx.execute(sql`select id from appointments where clinic_id = ${c.clinicId}`)) as unknown as { rows: unknown[] }).rows)).toEqual([]);

    const noTime = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time: undefined }));
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().errors).toEqual({ time: 'This field is required' });
    const offGrid = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time: '10:15' }));
    expect(offGrid.statusCode).toBe(400);
    expect(offGrid.json().errors).toEqual({ time: 'Choose one of the times offered' });
    const late = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time: '21:00' }));
    expect(late.json().errors).toEqual({ time: 'Choose one of the times offered' });
    const badTime = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time: '25:00' }));
    expect(badTime.json().errors).toEqual({ time: 'Choose one of the times offered' });
    expect(await appointmentsOf(t, c.clinicId)).toEqual([]);
  });

  it('an unknown or inactive clinic is 404; a branch of another clinic is 404', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const unknown = await publicApi(t).post(BOOK, booking('no-such-clinic', c.branchId));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('clinic_not_found');
    const branch = await publicApi(t).post(BOOK, booking(c.clinicName, other.branchId));
    expect(branch.statusCode).toBe(404);
    expect(branch.json().code).toBe('booking_branch_not_found');
    await setBooking(t, c.clinicId, { isActive: false });
    const inactive = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId));
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json().code).toBe('clinic_not_found');
    expect(await appointmentsOf(t, c.clinicId)).toEqual([]);
    expect(await appointmentsOf(t, other.clinicId)).toEqual([]);
  });

  it('refuses a clinic holiday and a day outside the window (409)', async () => {
    const c = await newClinic(t);
    await addVacation(t, c, dayFromToday(1), dayFromToday(1));
    const holiday = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId));
    expect(holiday.statusCode).toBe(409);
    expect(holiday.json()).toMatchObject({ code: 'appointment_on_vacation', message: 'Cannot book during a vacation or clinic holiday' });
    const far = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { date: dayFromToday(15) }));
    expect(far.statusCode).toBe(409);
    expect(far.json().code).toBe('booking_day_unavailable');
    expect(await appointmentsOf(t, c.clinicId)).toEqual([]);
  });

  it('a slot takes as many bookings as the clinic has rooms (at least one)', async () => {
    const c = await newClinic(t);
    expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId))).statusCode).toBe(201);
    const taken = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'booking_slot_taken', message: 'This time is no longer free; choose another time' });

    await addRooms(t, c, 2);
    expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId))).statusCode).toBe(201);
    expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId))).json().code).toBe('booking_slot_taken');
    // a staff appointment overlapping the slot holds a room too
    const patientId = await newPatient(t, c);
    const date = dayFromToday(1);
    await addAppointment(t, c, { patientId, start: cairoInstant(date, '11:15'), end: cairoInstant(date, '12:00') });
    await addAppointment(t, c, { patientId, start: cairoInstant(date, '11:00'), end: cairoInstant(date, '11:30') });
    expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time: '11:00' }))).json().code).toBe('booking_slot_taken');
    expect(await appointmentsOf(t, c.clinicId)).toHaveLength(4);
  });

  it('the daily maximum counts the branch website bookings of the day (0: no limit)', async () => {
    const c = await newClinic(t);
    await addRooms(t, c, 3);
    await setBooking(t, c.clinicId, { maxBookingsPerDay: 2 });
    const patientId = await newPatient(t, c);
    const date = dayFromToday(1);
    await addAppointment(t, c, { patientId, start: cairoInstant(date, '15:00'), end: cairoInstant(date, '16:00') });
    expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time: '09:00' }))).statusCode).toBe(201);
    expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time: '09:30' }))).statusCode).toBe(201);
    const full = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time: '12:00' }));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'booking_day_full', message: 'This day is fully booked; choose another day' });
    const days = (await publicApi(t).get(DAYS, { clinicName: c.clinicName, branchId: c.branchId })).json().items;
    expect(days[1]).toEqual({ date, status: 'full', free: 0 });
    expect(days[2]).toMatchObject({ status: 'open', free: 2 });
    expect((await publicApi(t).get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId, date })).json()).toMatchObject({ status: 'full', slots: [] });
    // the next day is still open
    expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { date: dayFromToday(2) }))).statusCode).toBe(201);
  });

  it('two bookings of the last free slot at once: one succeeds', async () => {
    const c = await newClinic(t);
    const results = await Promise.all([1, 2].map(() => publicApi(t).post(BOOK, booking(c.clinicName, c.branchId))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('booking_slot_taken');
    expect(await appointmentsOf(t, c.clinicId)).toHaveLength(1);

    // and the last place of a day's maximum
    await setBooking(t, c.clinicId, { maxBookingsPerDay: 1 });
    await addRooms(t, c, 2);
    const day2 = await Promise.all(['10:00', '12:00'].map((time) => publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time, date: dayFromToday(2) }))));
    expect(day2.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await appointmentsOf(t, c.clinicId)).toHaveLength(2);
  });
});

describe('Booking/Book by turn', () => {
  it('gives the next turn number of the branch and day, covering the booking hours', async () => {
    const c = await newClinic(t);
    await setBooking(t, c.clinicId, { appointmentBookingType: 'turn', appointmentBookingTimeStart: '16:00', appointmentBookingTimeEnd: '22:00', maxBookingsPerDay: 2 });
    const date = dayFromToday(1);
    const first = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time: undefined }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      date, time: '16:00', endTime: '22:00', turnNumber: 1, start: cairoInstant(date, '16:00'), end: cairoInstant(date, '22:00'),
    });
    const second = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { time: '10:00' }));
    expect(second.json().turnNumber).toBe(2);
    expect((await appointmentsOf(t, c.clinicId)).map((a) => [a.turnNumber, a.status, a.source])).toEqual([
      [1, 'AS0', 'website'],
      [2, 'AS0', 'website'],
    ]);
    const third = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId));
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('booking_day_full');

    await setBooking(t, c.clinicId, { maxBookingsPerDay: 0 });
    expect((await publicApi(t).get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId, date })).json()).toMatchObject({
      status: 'open', nextTurnNumber: 3, remaining: null,
    });
  });
});

describe('Booking/Book limits', () => {
  it('one active booking per mobile a day, three upcoming in all', async () => {
    const c = await newClinic(t);
    const mobile = uniqueMobile();
    expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { mobile }))).statusCode).toBe(201);
    const sameDay = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { mobile, time: '12:00' }));
    expect(sameDay.statusCode).toBe(409);
    expect(sameDay.json()).toMatchObject({ code: 'booking_mobile_day_taken', message: 'You already have a booking on this day' });
    for (const n of [2, 3]) expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { mobile, date: dayFromToday(n) }))).statusCode).toBe(201);
    const fourth = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { mobile, date: dayFromToday(4) }));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('booking_mobile_limit');
    expect(await appointmentsOf(t, c.clinicId)).toHaveLength(3);
  });

  it('at most 10 calls an hour from one address, refused ones included (429), stored as a salted hash', async () => {
    const c = await newClinic(t);
    await addVacation(t, c, dayFromToday(1), dayFromToday(1));
    const address = '203.0.113.77';
    for (let i = 0; i < 10; i++) {
      const res = await publicApi(t, address).post(BOOK, booking(c.clinicName, c.branchId));
      expect(res.json().code).toBe('appointment_on_vacation');
    }
    const limited = await publicApi(t, address).post(BOOK, booking(c.clinicName, c.branchId, { date: dayFromToday(2) }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(await appointmentsOf(t, c.clinicId)).toEqual([]);
    // another address still books
    expect((await publicApi(t, '203.0.113.78').post(BOOK, booking(c.clinicName, c.branchId, { date: dayFromToday(2) }))).statusCode).toBe(201);

    const attempts = await withAttempts(c.clinicId);
    expect(attempts).toHaveLength(11);
    expect(attempts.filter((a) => a.booked)).toHaveLength(1);
    for (const a of attempts) {
      expect(a.addressHash).toMatch(/^[0-9a-f]{64}$/);
      expect(a.addressHash).not.toContain('203.0.113');
    }
  });

  it('at most 5 calls an hour for one mobile, from any address (429); attempts older than a day are pruned', async () => {
    const c = await newClinic(t);
    const mobile = uniqueMobile();
    await addVacation(t, c, dayFromToday(1), dayFromToday(1));
    for (let i = 0; i < 5; i++) expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { mobile }))).statusCode).toBe(409);
    const limited = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { mobile, date: dayFromToday(2) }));
    expect(limited.statusCode).toBe(429);

    await t.database.db.execute(sql`update booking_attempts set created_at = now() - interval '25 hours' where clinic_id = ${c.clinicId}`);
    const after = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { mobile, date: dayFromToday(2) }));
    expect(after.statusCode, after.body).toBe(201);
    expect(await withAttempts(c.clinicId)).toHaveLength(1);
  });
});

const withAttempts = (clinicId: number) => attemptsOf(t, clinicId);

describe('Booking/Book maximum attendance distance', () => {
  const TAHRIR = { latitude: 30.0444, longitude: 31.2357 };
  const NEAR = { latitude: 30.05, longitude: 31.23 }; // about 0.8 km
  const PYRAMIDS = { latitude: 29.9792, longitude: 31.1342 }; // about 12 km

  async function placedClinic(maxAttendanceDistance: number, place: typeof TAHRIR | null = TAHRIR) {
    const c = await newClinic(t);
    await setBooking(t, c.clinicId, { maxAttendanceDistance });
    if (place) await placeBranch(t, c, place);
    return c;
  }

  it('a patient who shares a location farther than the maximum from the branch is refused (409) and nothing is made', async () => {
    const c = await placedClinic(5_000);
    const info = (await publicApi(t).get(INFO, { clinicName: c.clinicName })).json();
    expect(info.maxDistance).toBe(5_000);
    expect(info.branches).toEqual([{ id: c.branchId, name: 'Main', ...TAHRIR }]);

    const far = await publicApi(t, undefined, 'ar').post(BOOK, booking(c.clinicName, c.branchId, PYRAMIDS));
    expect(far.statusCode).toBe(409);
    expect(far.json()).toMatchObject({ code: 'booking_too_far', message: expect.stringContaining('أبعد من المسافة') });
    expect(await appointmentsOf(t, c.clinicId)).toEqual([]);
    expect(await patientsOf(t, c.clinicId)).toEqual([]);

    const near = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, NEAR));
    expect(near.statusCode, near.body).toBe(201);
    expect(near.json().branch).toEqual({ id: c.branchId, name: 'Main', ...TAHRIR });
    expect(await appointmentsOf(t, c.clinicId)).toHaveLength(1);
  });

  it('is checked only when the location is given, the clinic sets a maximum and the branch has a location', async () => {
    const limited = await placedClinic(5_000);
    const noLocation = await publicApi(t).post(BOOK, booking(limited.clinicName, limited.branchId));
    expect(noLocation.statusCode, noLocation.body).toBe(201);
    const noMaximum = await placedClinic(0);
    expect((await publicApi(t).post(BOOK, booking(noMaximum.clinicName, noMaximum.branchId, PYRAMIDS))).statusCode).toBe(201);
    const unplaced = await placedClinic(5_000, null);
    expect((await publicApi(t).post(BOOK, booking(unplaced.clinicName, unplaced.branchId, PYRAMIDS))).statusCode).toBe(201);
  });

  it('both coordinates or neither (400)', async () => {
    const c = await placedClinic(5_000);
    const lone = await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId, { latitude: PYRAMIDS.latitude }));
    expect(lone.statusCode).toBe(400);
    expect(lone.json().errors).toEqual({ longitude: 'This field is required' });
    expect(await appointmentsOf(t, c.clinicId)).toEqual([]);
  });
});

describe('Booking tier (BOOKING_TIER: the approval list is ST3)', () => {
  it.each(['ST0', 'ST1', 'ST2'] as const)(
    'a clinic on %s has no booking page: every booking call is 409 booking_closed, nothing is stored or counted',
    async (tier) => {
      const c = await newClinic(t, { tier });
      const page = publicApi(t, undefined, 'fr');
      const reads = [
        page.get(INFO, { clinicName: c.clinicName }),
        page.get(DAYS, { clinicName: c.clinicName, branchId: c.branchId }),
        page.get(SLOTS, { clinicName: c.clinicName, branchId: c.branchId, date: dayFromToday(1) }),
        page.post(BOOK, booking(c.clinicName, c.branchId)),
      ];
      for (const res of await Promise.all(reads)) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'booking_closed',
          message: "La réservation en ligne n'est pas disponible pour cette clinique pour le moment",
        });
      }
      expect(await appointmentsOf(t, c.clinicId)).toEqual([]);
      expect(await patientsOf(t, c.clinicId)).toEqual([]);
      expect(await attemptsOf(t, c.clinicId)).toEqual([]);
    },
  );

  it('opens when the clinic moves up to ST3 and closes again below it; an unknown clinic stays 404', async () => {
    const c = await newClinic(t, { tier: 'ST2' });
    expect((await publicApi(t).get(INFO, { clinicName: c.clinicName })).statusCode).toBe(409);
    await setTier(t, c.clinicId, 'ST3');
    expect((await publicApi(t).get(INFO, { clinicName: c.clinicName })).json()).toMatchObject({ isOpen: true });
    expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId))).statusCode).toBe(201);
    await setTier(t, c.clinicId, 'ST1');
    expect((await publicApi(t).post(BOOK, booking(c.clinicName, c.branchId))).json().code).toBe('booking_closed');
    expect((await appointmentsOf(t, c.clinicId)).length).toBe(1);
    expect((await publicApi(t).get(INFO, { clinicName: 'no-such-clinic-x' })).json().code).toBe('clinic_not_found');
  });
});
