import { APPOINTMENT_STATUSES, statusUpdateTargets } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newUser, testApp } from '../../../test/harness.js';
import {
  PATH, appointmentRow, at, book, bookable, expectError, expectOk, hubRecorder, refreshOf, setAppointment, userIdOf,
} from './scheduler-test-kit.js';

const t = await testApp();

describe('Cleander/UpdateAppointmentStatus', () => {
  it('moves to an allowed next status, records who and when, bumps the version', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { id } = await book(t, c.token, b, '10:00', '10:30');
    const hub = hubRecorder(t);
    const before = Date.now();
    expect(await expectOk(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: 'AS2', version: 1 }))).toEqual({ id, version: 2 });
    const row = await appointmentRow(t, c, id);
    expect(row).toMatchObject({ status: 'AS2', statusUpdatedBy: c.ownerId, version: 2 });
    expect(row!.statusUpdatedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await hub.waitFor(refreshOf(c.clinicId, c.branchId))).toBeDefined();
    hub.stop();
    // the version is optional here
    expect(await expectOk(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: 'AS8' }))).toEqual({ id, version: 3 });
  });

  it('refuses every change the transition table does not list, and check-in/out through this call (409)', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { id } = await book(t, c.token, b, '10:00', '10:30');
    for (const from of APPOINTMENT_STATUSES) {
      await setAppointment(t, c, id, { status: from });
      const allowed = statusUpdateTargets(from) as readonly string[];
      for (const to of APPOINTMENT_STATUSES.filter((s) => !allowed.includes(s))) {
        await expectError(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: to }), 409, 'appointment_status_not_allowed');
      }
    }
    await setAppointment(t, c, id, { status: 'AS1' });
    await expectError(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: 'AS3' }), 409, 'appointment_status_not_allowed');
    await setAppointment(t, c, id, { status: 'AS4' });
    await expectError(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: 'AS7' }), 409, 'appointment_status_not_allowed');
  });

  it('refuses a stale version (409), a bad status (400), no key (403), another clinic’s appointment (404)', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { id } = await book(t, c.token, b, '10:00', '10:30');
    await expectOk(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: 'AS2', version: 1 }));
    await expectError(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: 'AS8', version: 1 }), 409, 'appointment_changed');
    const bad = await expectError(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: 'AS11' }), 400, 'validation');
    expect(bad.errors).toEqual({ status: 'Invalid value' });
    const viewer = await newUser(t, c, ['scheduler_view_all']);
    await expectError(api(t, viewer).post(PATH.updateAppointmentStatus, { id, status: 'AS8' }), 403, 'BS11');
    const other = await newClinic(t);
    await expectError(api(t, other.token).post(PATH.updateAppointmentStatus, { id, status: 'AS8' }), 404, 'appointment_not_found');
    expect((await appointmentRow(t, c, id))!.status).toBe('AS2');
  });

  it('reopening a canceled appointment clears its check-in', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { id } = await book(t, c.token, b, '10:00', '10:30');
    await expectOk(api(t, c.token).post(PATH.saveCheckIn, { id }));
    await expectOk(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: 'AS8' }));
    expect((await appointmentRow(t, c, id))!.checkInAt).not.toBeNull();
    await expectOk(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: 'AS1' }));
    expect(await appointmentRow(t, c, id)).toMatchObject({ status: 'AS1', checkInAt: null, checkInBy: null });
  });
});

describe('Cleander/SaveCheckIn and SaveCheckOut', () => {
  it('checks in (AS3) and out (AS7) with who and when; check-out is final', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const secretary = await newUser(t, c, ['scheduler_view_all', 'scheduler_update_appointment'], 'RL4');
    const { id } = await book(t, c.token, b, '10:00', '10:30');
    const hub = hubRecorder(t);
    expect(await expectOk(api(t, secretary).post(PATH.saveCheckIn, { id, version: 1 }))).toEqual({ id, version: 2 });
    expect(await hub.waitFor(refreshOf(c.clinicId, c.branchId))).toBeDefined();
    hub.stop();
    let row = await appointmentRow(t, c, id);
    expect(row).toMatchObject({ status: 'AS3', checkInBy: userIdOf(secretary), statusUpdatedBy: userIdOf(secretary) });
    expect(row!.checkInAt).toBeInstanceOf(Date);
    // the calendar reads who checked in (the doctor calls them to send the patient in)
    const read = await expectOk<{ items: Array<{ id: number; checkInBy: number; checkInByName: string }> }>(
      api(t, c.token).get(PATH.getAppointments, { from: at('00:00'), to: at('23:59') }),
    );
    expect(read.items.find((i) => i.id === id)).toMatchObject({ checkInBy: userIdOf(secretary), checkInAt: expect.any(String) });
    await expectError(api(t, c.token).post(PATH.saveCheckIn, { id }), 409, 'appointment_status_not_allowed');
    await expectOk(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: 'AS4' }));
    await expectOk(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status: 'AS6' }));
    expect(await expectOk(api(t, c.token).post(PATH.saveCheckOut, { id, version: 4 }))).toEqual({ id, version: 5 });
    row = await appointmentRow(t, c, id);
    expect(row).toMatchObject({ status: 'AS7', checkOutBy: c.ownerId, checkInBy: userIdOf(secretary) });
    expect(row!.checkOutAt).toBeInstanceOf(Date);
    for (const status of ['AS1', 'AS8']) {
      await expectError(api(t, c.token).post(PATH.updateAppointmentStatus, { id, status }), 409, 'appointment_status_not_allowed');
    }
    await expectError(api(t, c.token).post(PATH.saveCheckOut, { id }), 409, 'appointment_status_not_allowed');
  });

  it('refuses check-in from a status that does not allow it, check-out before arrival, a stale version', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { id } = await book(t, c.token, b, '10:00', '10:30');
    await expectError(api(t, c.token).post(PATH.saveCheckOut, { id }), 409, 'appointment_status_not_allowed');
    await expectError(api(t, c.token).post(PATH.saveCheckIn, { id, version: 7 }), 409, 'appointment_changed');
    await setAppointment(t, c, id, { status: 'AS0' });
    await expectError(api(t, c.token).post(PATH.saveCheckIn, { id }), 409, 'appointment_status_not_allowed');
    await setAppointment(t, c, id, { status: 'AS2' });
    await expectOk(api(t, c.token).post(PATH.saveCheckIn, { id }));
  });

  it('needs the update key (403), a valid id (400), the clinic’s appointment (404)', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { id } = await book(t, c.token, b, '10:00', '10:30');
    const viewer = await newUser(t, c, ['scheduler_view_all', 'scheduler_add_appointment']);
    await expectError(api(t, viewer).post(PATH.saveCheckIn, { id }), 403, 'BS11');
    await expectError(api(t, viewer).post(PATH.saveCheckOut, { id }), 403, 'BS11');
    await expectError(api(t, c.token).post(PATH.saveCheckIn, { id: 'x' }), 400, 'validation');
    const other = await newClinic(t);
    await expectError(api(t, other.token).post(PATH.saveCheckIn, { id }), 404, 'appointment_not_found');
    await expectError(api(t, other.token).post(PATH.saveCheckOut, { id }), 404, 'appointment_not_found');
  });
});
