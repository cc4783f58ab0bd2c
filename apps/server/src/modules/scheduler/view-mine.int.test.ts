import { describe, expect, it } from 'vitest';
import { api, newClinic, testApp } from '../../../test/harness.js';
import { PATH, at, body, book, bookable, expectError, expectOk, newDoctor } from './scheduler-test-kit.js';

const t = await testApp();

/** A doctor with the default doctor keys (RL3): scheduler_view_mine, add, update, daily summary; no view_all. */
const DOCTOR_KEYS = ['scheduler_view_mine', 'scheduler_add_appointment', 'scheduler_update_appointment', 'scheduler_daily_summary'] as const;

describe('scheduler_view_mine: a doctor sees and changes only their own appointments', () => {
  it('reads only their own appointments and calendar', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const doctor = await newDoctor(t, c, [...DOCTOR_KEYS, 'scheduler_delete_appointment']);
    await book(t, c.token, b, '10:00', '10:30');
    const mine = await book(t, c.token, b, '11:00', '11:30', { doctorId: doctor.id });
    const list = await expectOk<{ items: Array<{ id: number }> }>(api(t, doctor.token).get(PATH.getAppointments, { from: at('00:00'), to: at('23:00') }));
    expect(list.items.map((i) => i.id)).toEqual([mine.id]);
    // filtering by the owner shows nothing rather than the owner's appointments
    const filtered = await expectOk<{ items: unknown[] }>(
      api(t, doctor.token).get(PATH.getAppointments, { from: at('00:00'), to: at('23:00'), doctorId: c.ownerId }),
    );
    expect(filtered.items).toEqual([]);
    const settings = await expectOk<{ viewAll: boolean; doctors: Array<{ id: number }> }>(api(t, doctor.token).get(PATH.getCalendarSettings, {}));
    expect(settings.viewAll).toBe(false);
    expect(settings.doctors.map((d) => d.id)).toEqual([doctor.id]);
    const owner = await expectOk<{ viewAll: boolean; doctors: Array<{ id: number }> }>(api(t, c.token).get(PATH.getCalendarSettings, {}));
    expect(owner.viewAll).toBe(true);
    expect(owner.doctors.map((d) => d.id).sort()).toEqual([c.ownerId, doctor.id].sort());
    // the daily summary counts only their own
    const summary = await expectOk<{ totals: { total: number }; doctors: Array<{ doctorId: number }> }>(
      api(t, doctor.token).post(PATH.getDailySummary, { date: '2030-01-06' }),
    );
    expect(summary.totals.total).toBe(1);
    expect(summary.doctors.map((d) => d.doctorId)).toEqual([doctor.id]);
  });

  it('cannot change, check in, move, delete or book another doctor’s appointment (404)', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const doctor = await newDoctor(t, c, [...DOCTOR_KEYS, 'scheduler_delete_appointment']);
    const theirs = await book(t, c.token, b, '10:00', '10:30');
    const mine = await book(t, c.token, b, '11:00', '11:30', { doctorId: doctor.id });
    const as = api(t, doctor.token);
    await expectError(as.post(PATH.saveAppointment, body(b, '12:00', '12:30', { id: theirs.id, version: 1, doctorId: doctor.id })), 404, 'appointment_not_found');
    await expectError(as.post(PATH.updateAppointmentStatus, { id: theirs.id, status: 'AS2' }), 404, 'appointment_not_found');
    await expectError(as.post(PATH.saveCheckIn, { id: theirs.id }), 404, 'appointment_not_found');
    await expectError(as.post(PATH.saveCheckOut, { id: theirs.id }), 404, 'appointment_not_found');
    await expectError(as.delete(PATH.deleteAppointment, { ids: [theirs.id] }), 404, 'appointment_not_found');
    // they book and keep only their own: another doctor is not theirs to book or hand over to
    await expectError(as.post(PATH.saveAppointment, body(b, '12:00', '12:30')), 404, 'user_not_found');
    await expectError(as.post(PATH.saveAppointment, body(b, '11:00', '11:30', { id: mine.id, version: 1 })), 404, 'user_not_found');
    await expectOk(as.post(PATH.saveAppointment, body(b, '12:00', '12:30', { doctorId: doctor.id })));
    await expectOk(as.post(PATH.saveAppointment, body(b, '11:15', '11:45', { id: mine.id, version: 1, doctorId: doctor.id })));
    await expectOk(as.post(PATH.saveCheckIn, { id: mine.id }));
  });

  it('a series change by a view_mine doctor touches only their own later occurrences', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const doctor = await newDoctor(t, c, [...DOCTOR_KEYS]);
    const s = await expectOk<{ seriesId: number; ids: number[] }>(
      api(t, doctor.token).post(PATH.saveAppointmentRecurrence, body(b, '10:00', '10:30', { doctorId: doctor.id, recurrence: { frequency: 'daily', count: 3 } })),
    );
    // the owner hands the last occurrence to himself
    await expectOk(api(t, c.token).post(PATH.saveAppointment, { ...body(b, '10:00', '10:30', { id: s.ids[2], version: 1 }), start: at('10:00', '2030-01-08'), end: at('10:30', '2030-01-08') }));
    await expectOk(
      api(t, doctor.token).post(PATH.saveAppointment, body(b, '09:00', '09:30', { id: s.ids[0], version: 1, doctorId: doctor.id, scope: 'series' })),
    );
    const list = await expectOk<{ items: Array<{ id: number; start: string; doctorId: number }> }>(
      api(t, c.token).get(PATH.getAppointments, { from: at('00:00'), to: at('00:00', '2030-01-09') }),
    );
    expect(list.items.map((i) => [i.id, i.start.slice(11, 16), i.doctorId])).toEqual([
      [s.ids[0], '07:00', doctor.id],
      [s.ids[1], '07:00', doctor.id],
      [s.ids[2], '08:00', c.ownerId],
    ]);
  });
});
