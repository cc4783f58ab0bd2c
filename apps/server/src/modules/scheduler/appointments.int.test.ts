import { PERMISSION_KEYS, callPath, clinicCalls } from '@dental/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { branches, userBranches } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import {
  type Booking, DAY, PATH, addRoom, appointmentRow, at, body, book, bookable, expectError, expectOk, hubRecorder, iso, newDoctor,
  refreshOf, setAppointment, setClinicFlags, setShifts, setUser, userIdOf,
} from './scheduler-test-kit.js';
import { vacations } from './scheduler.table.js';

const t = await testApp();

async function addBranch(clinicId: number, name: string) {
  return withTenant(t.database.db, clinicId, async (tx) => {
    const [b] = await tx.insert(branches).values({ clinicId, name }).returning({ id: branches.id });
    return b!.id;
  });
}

async function addVacation(clinicId: number, values: { userId?: number; startDate: string; endDate: string }) {
  await withTenant(t.database.db, clinicId, (tx) => tx.insert(vacations).values({ clinicId, name: 'Off', ...values }));
}

describe('Cleander/SaveAppointment and GetAppointments', () => {
  it('adds an appointment, reads it back with its names, changes it with its version', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const saved = await book(t, c.token, b, '10:00', '10:30', { notes: ' first visit ' });
    expect(saved.version).toBe(1);

    const list = await expectOk<{ items: Array<Record<string, unknown>> }>(
      api(t, c.token).get(PATH.getAppointments, { from: at('00:00'), to: at('23:59') }),
    );
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: saved.id, branchId: c.branchId, patientId: b.patientId, doctorId: c.ownerId, doctorName: 'Owner', roomId: b.roomId,
      roomColor: '#079ee4', start: iso('10:00'), end: iso('10:30'), allDay: false, status: 'AS1', notes: 'first visit',
      source: 'clinic', seriesId: null, checkInAt: null, checkOutByName: null, version: 1,
    });
    expect(list.items[0]!.patientName).toMatch(/^Patient /);

    const edited = await expectOk<{ id: number; version: number }>(
      api(t, c.token).post(PATH.saveAppointment, body(b, '11:00', '12:00', { id: saved.id, version: 1 })),
    );
    expect(edited).toEqual({ id: saved.id, version: 2 });
    const row = await appointmentRow(t, c, saved.id);
    expect(row).toMatchObject({ startsAt: new Date(at('11:00')), endsAt: new Date(at('12:00')), notes: null, version: 2 });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
  });

  it('creates with the chosen status (AS2); a new appointment cannot start checked in', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { id } = await book(t, c.token, b, '10:00', '10:30', { status: 'AS2' });
    expect((await appointmentRow(t, c, id))!.status).toBe('AS2');
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { status: 'AS3' })), 400, 'validation');
  });

  it('refuses bad input with field messages (400)', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const res = await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '09:00')), 400, 'validation');
    expect(res.errors).toEqual({ end: 'Start must be before end' });
    const missing = await expectError(api(t, c.token).post(PATH.saveAppointment, { start: 'tomorrow' }), 400, 'validation');
    expect(missing.errors).toMatchObject({ patientId: 'This field is required', start: 'Invalid value' });
    const noVersion = await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { id: 5 })), 400, 'validation');
    expect(noVersion.errors).toEqual({ version: 'This field is required' });
    const tooLong = await expectError(
      api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { end: at('10:31', '2030-01-07') })),
      400,
      'validation',
    );
    expect(tooLong.errors).toEqual({ end: 'An appointment cannot last more than one day' });
    const range = await expectError(
      api(t, c.token).get(PATH.getAppointments, { from: at('00:00'), to: at('00:00', '2031-03-01') }),
      400,
      'validation',
    );
    expect(range.errors).toEqual({ to: 'The period is longer than a year' });
  });

  it('needs the add key to add and the update key to change (403), and the scheduler keys to read', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const adder = await newUser(t, c, ['scheduler_view_all', 'scheduler_add_appointment']);
    const updater = await newUser(t, c, ['scheduler_view_all', 'scheduler_update_appointment']);
    const nobody = await newUser(t, c, ['patient_list']);
    const { id } = await book(t, adder, b, '10:00', '10:30');
    await expectError(api(t, adder).post(PATH.saveAppointment, body(b, '10:00', '11:00', { id, version: 1 })), 403, 'BS11');
    await expectOk(api(t, updater).post(PATH.saveAppointment, body(b, '10:00', '11:00', { id, version: 1 })));
    await expectError(api(t, updater).post(PATH.saveAppointment, body(b, '12:00', '13:00')), 403, 'BS11');
    await expectError(api(t, nobody).get(PATH.getAppointments, { from: at('00:00'), to: at('23:00') }), 403, 'BS11');
    await expectError(api(t, nobody).post(PATH.saveAppointment, body(b, '12:00', '13:00')), 403, 'BS11');
  });

  it('is 404 for another clinic’s appointment, branch, doctor, room or patient', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const other = await newClinic(t);
    const ob = await bookable(t, other);
    const theirs = await book(t, other.token, ob, '10:00', '10:30');
    await expectError(
      api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { id: theirs.id, version: 1 })),
      404,
      'appointment_not_found',
    );
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { branchId: other.branchId })), 404, 'not_found');
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { doctorId: other.ownerId })), 404, 'user_not_found');
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { roomId: ob.roomId })), 404, 'not_found');
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { patientId: ob.patientId })), 404, 'patient_not_found');
    await expectError(api(t, c.token).get(PATH.getAppointments, { from: at('00:00'), to: at('23:00'), branchId: other.branchId }), 404, 'not_found');
    // and their appointment never shows in our calendar
    const mine = await expectOk<{ items: unknown[] }>(api(t, c.token).get(PATH.getAppointments, { from: at('00:00'), to: at('23:00') }));
    expect(mine.items).toEqual([]);
  });

  it('asks for rooms first when the clinic has none', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    await expectError(
      api(t, c.token).post(PATH.saveAppointment, { branchId: c.branchId, patientId, doctorId: c.ownerId, roomId: 1, start: at('10:00'), end: at('10:30') }),
      400,
      'add_rooms_first',
    );
  });

  it('takes only active doctors who work in the branch', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const secretaryToken = await newUser(t, c, ['scheduler_view_all'], 'RL4');
    const secretary = userIdOf(secretaryToken);
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { doctorId: secretary })), 404, 'user_not_found');
    const doctor = await newDoctor(t, c, ['scheduler_view_mine']);
    await book(t, c.token, b, '10:00', '10:30', { doctorId: doctor.id });
    const second = await addBranch(c.clinicId, 'Second');
    // the owner works in every branch; the doctor only in the first
    await book(t, c.token, b, '11:00', '11:30', { branchId: second });
    await expectError(
      api(t, c.token).post(PATH.saveAppointment, body(b, '12:00', '12:30', { branchId: second, doctorId: doctor.id })),
      404,
      'user_not_found',
    );
    await withTenant(t.database.db, c.clinicId, (tx) => tx.insert(userBranches).values({ clinicId: c.clinicId, userId: doctor.id, branchId: second }));
    await book(t, c.token, b, '12:00', '12:30', { branchId: second, doctorId: doctor.id });
    await setUser(t, c, doctor.id, { isActive: false });
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '13:00', '13:30', { doctorId: doctor.id })), 404, 'user_not_found');
  });

  it('refuses a stale version (409 appointment_changed) and edits of final appointments (409 appointment_locked)', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { id } = await book(t, c.token, b, '10:00', '10:30');
    await expectOk(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '11:00', { id, version: 1 })));
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:45', { id, version: 1 })), 409, 'appointment_changed');
    for (const status of ['AS7', 'AS10']) {
      await setAppointment(t, c, id, { status });
      await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:45', { id, version: 2 })), 409, 'appointment_locked');
    }
  });

  it('refuses a doctor or room that is busy; where the clinic allows overlaps, accepts them once confirmed', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const otherRoom = await addRoom(t, c);
    const doctor = await newDoctor(t, c, []);
    await book(t, c.token, b, '10:00', '11:00');
    const ar = await expectError(api(t, c.token, { language: 'ar' }).post(PATH.saveAppointment, body(b, '10:30', '11:30', { roomId: otherRoom })), 409, 'appointment_doctor_busy');
    expect(ar.message).toBe('لدى الطبيب موعد آخر في نفس الوقت');
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:30', '11:30', { doctorId: doctor.id })), 409, 'appointment_room_busy');
    // confirming does not help while the clinic does not allow overlaps
    await expectError(
      api(t, c.token).post(PATH.saveAppointment, body(b, '10:30', '11:30', { roomId: otherRoom, confirmOverlap: true })),
      409,
      'appointment_doctor_busy',
    );
    // touching ends are no overlap; canceled, missed and rescheduled appointments hold no time
    await book(t, c.token, b, '11:00', '11:30');
    const canceled = await book(t, c.token, b, '14:00', '15:00');
    await setAppointment(t, c, canceled.id, { status: 'AS8' });
    await book(t, c.token, b, '14:00', '15:00');

    await setClinicFlags(t, c, { allowOverlappingAppointments: true });
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:30', '11:30', { roomId: otherRoom })), 409, 'appointment_doctor_busy');
    await book(t, c.token, b, '10:30', '11:30', { roomId: otherRoom, confirmOverlap: true });
    await book(t, c.token, b, '10:30', '11:30', { doctorId: doctor.id, confirmOverlap: true });
  });

  it('an appointment never clashes with itself when it is moved', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { id } = await book(t, c.token, b, '10:00', '11:00');
    await expectOk(api(t, c.token).post(PATH.saveAppointment, body(b, '10:30', '11:30', { id, version: 1 })));
  });

  it('asks to confirm an appointment outside the doctor’s working hours', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    // without shifts there is nothing to check
    await book(t, c.token, b, '06:00', '06:30');
    // Sunday 09:00-13:00 and 13:00-17:00 (adjacent: one span), Monday from 20:00 to midnight
    await setShifts(t, c, c.ownerId, [[0, '09:00', '13:00'], [0, '13:00', '17:00'], [1, '20:00', '24:00']]);
    await book(t, c.token, b, '12:30', '13:30');
    await book(t, c.token, b, '16:30', '17:00');
    const refused = await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '17:00', '17:30')), 409, 'appointment_outside_working_hours');
    expect(refused.message).toBe('Appointment is outside working hours. Save anyway?');
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '08:30', '09:30')), 409, 'appointment_outside_working_hours');
    await book(t, c.token, b, '17:00', '17:30', { confirmOutsideWorkingHours: true });
    await book(t, c.token, b, '23:00', '23:59', { start: at('23:00', '2030-01-07'), end: at('00:00', '2030-01-08') });
    // Tuesday has no shift
    await expectError(
      api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { start: at('10:00', '2030-01-08'), end: at('10:30', '2030-01-08') })),
      409,
      'appointment_outside_working_hours',
    );
    // all-day appointments are not held to working hours
    await book(t, c.token, b, '00:00', '00:00', { start: at('00:00', '2030-01-08'), end: at('00:00', '2030-01-09'), allDay: true });
  });

  it('refuses a day of the doctor’s leave or a clinic holiday, even confirmed; checks it before anything else', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const doctor = await newDoctor(t, c, []);
    await addVacation(c.clinicId, { userId: doctor.id, startDate: '2030-01-05', endDate: DAY });
    await book(t, c.token, b, '10:00', '11:00');
    // the room is busy too, but the leave is reported first
    await expectError(
      api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '11:00', { doctorId: doctor.id, confirmOverlap: true, confirmOutsideWorkingHours: true })),
      409,
      'appointment_on_vacation',
    );
    await book(t, c.token, b, '10:00', '10:30', { doctorId: doctor.id, start: at('10:00', '2030-01-07'), end: at('10:30', '2030-01-07') });
    await addVacation(c.clinicId, { startDate: '2030-01-10', endDate: '2030-01-10' });
    await expectError(
      api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { start: at('10:00', '2030-01-10'), end: at('10:30', '2030-01-10') })),
      409,
      'appointment_on_vacation',
    );
    // an appointment ending at midnight does not touch the next day
    await book(t, c.token, b, '23:00', '00:00', { start: at('23:00', '2030-01-09'), end: at('00:00', '2030-01-10') });
  });

  it('stores an all-day appointment as the clinic-day, local midnight to local midnight', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { id } = await book(t, c.token, b, '13:15', '14:00', { allDay: true });
    const row = await appointmentRow(t, c, id);
    expect(row).toMatchObject({ allDay: true, startsAt: new Date('2030-01-05T22:00:00Z'), endsAt: new Date('2030-01-06T22:00:00Z') });
  });

  it('reads [from, to) overlaps of one branch, by doctor and room, sorted by start', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const room2 = await addRoom(t, c);
    const doctor = await newDoctor(t, c, []);
    const late = await book(t, c.token, b, '15:00', '16:00', { doctorId: doctor.id });
    const early = await book(t, c.token, b, '09:00', '10:00', { roomId: room2 });
    const get = (q: Record<string, unknown>) =>
      expectOk<{ items: Array<{ id: number }> }>(api(t, c.token).get(PATH.getAppointments, q)).then((r) => r.items.map((i) => i.id));
    expect(await get({ from: at('00:00'), to: at('23:00') })).toEqual([early.id, late.id]);
    // [from, to): ends at from or starts at to are outside
    expect(await get({ from: at('10:00'), to: at('15:00') })).toEqual([]);
    expect(await get({ from: at('09:59'), to: at('15:01') })).toEqual([early.id, late.id]);
    expect(await get({ from: at('00:00'), to: at('23:00'), doctorId: doctor.id })).toEqual([late.id]);
    expect(await get({ from: at('00:00'), to: at('23:00'), roomId: room2 })).toEqual([early.id]);
    // an all-day appointment of the day before reaches into a later window through the 25-hour bound
    const allDay = await book(t, c.token, b, '00:00', '00:00', { start: at('00:00', '2030-01-05'), end: at('00:00', DAY), allDay: true });
    expect(await get({ from: at('23:30', '2030-01-05'), to: at('00:30') })).toEqual([allDay.id]);
    const second = await addBranch(c.clinicId, 'Second');
    expect(await get({ from: at('00:00'), to: at('23:00'), branchId: second })).toEqual([]);
  });

  it('refuses a branch of the clinic the user may not work in (403 BS15)', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const second = await addBranch(c.clinicId, 'Second');
    const secretary = await newUser(t, c, ['scheduler_view_all', 'scheduler_add_appointment'], 'RL4');
    await expectError(api(t, secretary).post(PATH.saveAppointment, body(b, '10:00', '10:30', { branchId: second })), 403, 'BS15');
    await expectError(api(t, secretary).get(PATH.getAppointments, { from: at('00:00'), to: at('23:00'), branchId: second }), 403, 'BS15');
    // an appointment in that branch is not theirs to see or change
    const there = await book(t, c.token, b, '10:00', '10:30', { branchId: second });
    const updater = await newUser(t, c, ['scheduler_view_all', 'scheduler_update_appointment'], 'RL4');
    await expectError(api(t, updater).post(PATH.saveAppointment, body(b, '10:00', '10:30', { id: there.id, version: 1 })), 403, 'BS15');
  });

  it('publishes a refresh to the appointment’s branch, and to both when it moves', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const second = await addBranch(c.clinicId, 'Second');
    const hub = hubRecorder(t);
    const { id } = await book(t, c.token, b, '10:00', '10:30');
    expect(await hub.waitFor(refreshOf(c.clinicId, c.branchId))).toBeDefined();
    hub.seen.length = 0;
    await expectOk(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { id, version: 1, branchId: second })));
    expect(await hub.waitFor(refreshOf(c.clinicId, second))).toBeDefined();
    expect(await hub.waitFor(refreshOf(c.clinicId, c.branchId))).toBeDefined();
    hub.seen.length = 0;
    // a refused save publishes nothing (the event is part of the rolled-back transaction)
    await expectError(api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { id, version: 1 })), 409, 'appointment_changed');
    await hub.settle();
    expect(hub.seen.filter((e) => e.to.clinicId === c.clinicId)).toEqual([]);
    hub.stop();
  });

  it('a branch that holds appointments cannot be deleted', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const second = await addBranch(c.clinicId, 'Second');
    const { id } = await book(t, c.token, b, '10:00', '10:30', { branchId: second });
    const del = () => api(t, c.token).delete(callPath(clinicCalls.deleteBranch), { id: second });
    await expectError(del(), 409, 'cannot_delete_in_use');
    await expectOk(api(t, c.token).delete(PATH.deleteAppointment, { ids: [id] }));
    await expectOk(del());
  });

  it('is a scheduler call of the free tier', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const b = await bookable(t, c);
    await book(t, c.token, b, '10:00', '10:30');
  });
});

describe('calls on an appointment id: another branch is 403 BS15, another clinic or none 404 (issue 13)', () => {
  /** Every call that takes an appointment id, on appointment `id` (`mine`: one of the caller's branch, for the mixed delete). */
  const calls = (b: Booking, id: number, mine: number, userId: number) =>
    ({
      SaveAppointment: (s) => s.post(PATH.saveAppointment, body(b, '11:00', '11:30', { id, version: 1 })),
      'SaveAppointment (series)': (s) => s.post(PATH.saveAppointment, body(b, '11:00', '11:30', { id, version: 1, scope: 'series' })),
      UpdateAppointmentStatus: (s) => s.post(PATH.updateAppointmentStatus, { id, status: 'AS2' }),
      SaveCheckIn: (s) => s.post(PATH.saveCheckIn, { id }),
      SaveCheckOut: (s) => s.post(PATH.saveCheckOut, { id }),
      DeleteAppointment: (s) => s.delete(PATH.deleteAppointment, { ids: [id] }),
      'DeleteAppointment (with one of theirs)': (s) => s.delete(PATH.deleteAppointment, { ids: [mine, id] }),
      CallUser: (s) => s.post(PATH.callUser, { userId, appointmentId: id }),
    }) satisfies Record<string, (s: ReturnType<typeof api>) => Promise<LightMyRequestResponse>>;

  async function answers(s: ReturnType<typeof api>, list: ReturnType<typeof calls>) {
    const out: Record<string, string> = {};
    for (const [name, call] of Object.entries(list)) {
      const res = await call(s);
      out[name] = res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${res.json().code}`;
    }
    return out;
  }
  const every = (list: object, answer: string) => Object.fromEntries(Object.keys(list).map((name) => [name, answer]));

  it('a secretary of branch 1 gets 403 BS15 on each call for a branch-2 appointment and nothing changes; the owner works', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const second = await addBranch(c.clinicId, 'Second');
    const secretary = await newUser(t, c, PERMISSION_KEYS, 'RL4');
    const mine = await book(t, c.token, b, '09:00', '09:30');
    const there = await book(t, c.token, b, '10:00', '10:30', { branchId: second, notes: 'kept' });
    const before = await appointmentRow(t, c, there.id);
    const list = calls(b, there.id, mine.id, c.ownerId);
    expect(await answers(api(t, secretary), list)).toEqual(every(list, '403 BS15'));
    expect(await appointmentRow(t, c, there.id)).toEqual(before);
    expect(await appointmentRow(t, c, mine.id)).toBeDefined();

    // the owner works in every branch: the same calls go through (the appointment is moved, then called, then deleted)
    const owner = api(t, c.token);
    await expectOk(owner.post(PATH.updateAppointmentStatus, { id: there.id, status: 'AS2' }));
    const { version } = (await appointmentRow(t, c, there.id))!;
    await expectOk(owner.post(PATH.saveAppointment, body(b, '11:00', '11:30', { id: there.id, version, branchId: second })));
    await expectOk(owner.post(PATH.callUser, { userId: userIdOf(secretary), appointmentId: there.id }));
    await expectOk(owner.delete(PATH.deleteAppointment, { ids: [there.id] }));
    expect(await appointmentRow(t, c, there.id)).toBeUndefined();
  });

  it('another clinic’s appointment or a missing id stays 404 appointment_not_found', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const mine = await book(t, c.token, b, '09:00', '09:30');
    const other = await newClinic(t);
    const theirs = await book(t, other.token, await bookable(t, other), '10:00', '10:30');
    for (const id of [theirs.id, 2_000_000_000]) {
      const list = calls(b, id, mine.id, c.ownerId);
      expect(await answers(api(t, c.token), list)).toEqual(every(list, '404 appointment_not_found'));
    }
    expect(await appointmentRow(t, other, theirs.id)).toMatchObject({ status: 'AS1', version: 1 });
  });
});
