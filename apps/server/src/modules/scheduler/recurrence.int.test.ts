import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, newClinic, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { localDateTime } from './clinic-time.js';
import {
  DAY, PATH, type Booking, addRoom, at, body, book, bookable, expectError, expectOk, hubRecorder, newDoctor, refreshOf,
  setAppointment, setClinicFlags, setShifts,
} from './scheduler-test-kit.js';
import { appointmentSeries, appointments, vacations } from './scheduler.table.js';

const t = await testApp();

const series = (b: Booking, from: string, to: string, recurrence: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  body(b, from, to, { recurrence, ...extra });

const occurrences = (c: TestClinic, seriesId: number) =>
  withTenant(t.database.db, c.clinicId, (tx) =>
    tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.clinicId, c.clinicId), eq(appointments.seriesId, seriesId)))
      .orderBy(asc(appointments.startsAt)),
  );

/** 'YYYY-MM-DD HH:mm' on the clinic's clock (Cairo). */
const local = (d: Date) => {
  const { date, minutes } = localDateTime(d, 'Africa/Cairo');
  return `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

async function addVacation(c: TestClinic, values: { userId?: number; startDate: string; endDate: string }) {
  await withTenant(t.database.db, c.clinicId, (tx) => tx.insert(vacations).values({ clinicId: c.clinicId, name: 'Off', ...values }));
}

describe('Cleander/SaveAppointmentRecurrence', () => {
  it('creates a weekly series on the chosen days until a date, and keeps the rule', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const hub = hubRecorder(t);
    // from Sunday 2030-01-06, Sundays and Tuesdays until Sunday 2030-01-20 (inclusive)
    const res = await expectOk<{ seriesId: number; ids: number[] }>(
      api(t, c.token).post(
        PATH.saveAppointmentRecurrence,
        series(b, '10:00', '10:30', { frequency: 'weekly', weekdays: [2, 0], untilDate: '2030-01-20' }, { status: 'AS2', notes: 'ortho' }),
      ),
    );
    expect(res.ids).toHaveLength(5);
    const rows = await occurrences(c, res.seriesId);
    expect(rows.map((r) => r.id)).toEqual(res.ids);
    expect(rows.map((r) => local(r.startsAt))).toEqual([
      '2030-01-06 10:00', '2030-01-08 10:00', '2030-01-13 10:00', '2030-01-15 10:00', '2030-01-20 10:00',
    ]);
    expect(rows.every((r) => r.status === 'AS2' && r.notes === 'ortho' && local(r.endsAt).endsWith('10:30'))).toBe(true);
    const [rule] = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.select().from(appointmentSeries).where(eq(appointmentSeries.id, res.seriesId)),
    );
    expect(rule).toMatchObject({ frequency: 'weekly', interval: 1, weekdays: [0, 2], untilDate: '2030-01-20', count: null });
    expect(await hub.waitFor(refreshOf(c.clinicId, c.branchId))).toBeDefined();
    hub.stop();
  });

  it('keeps the clinic’s wall-clock time across a daylight-saving change', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    // Cairo moves its clocks forward on the last Friday of April (2030-04-26)
    const res = await expectOk<{ seriesId: number; ids: number[] }>(
      api(t, c.token).post(PATH.saveAppointmentRecurrence, {
        ...series(b, '10:00', '10:30', { frequency: 'daily', interval: 7, count: 3 }),
        start: '2030-04-21T10:00:00+02:00',
        end: '2030-04-21T10:30:00+02:00',
      }),
    );
    const rows = await occurrences(c, res.seriesId);
    expect(rows.map((r) => local(r.startsAt))).toEqual(['2030-04-21 10:00', '2030-04-28 10:00', '2030-05-05 10:00']);
    expect(rows.map((r) => r.startsAt.toISOString())).toEqual([
      '2030-04-21T08:00:00.000Z', '2030-04-28T07:00:00.000Z', '2030-05-05T07:00:00.000Z',
    ]);
  });

  it('monthly on the same day skips months without it; counts the first', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const res = await expectOk<{ seriesId: number; ids: number[] }>(
      api(t, c.token).post(PATH.saveAppointmentRecurrence, {
        ...series(b, '10:00', '10:30', { frequency: 'monthly', count: 3 }),
        start: at('10:00', '2030-01-31'),
        end: at('10:30', '2030-01-31'),
      }),
    );
    expect((await occurrences(c, res.seriesId)).map((r) => local(r.startsAt).slice(0, 10))).toEqual(['2030-01-31', '2030-03-31', '2030-05-31']);
  });

  it('refuses a rule without an end, weekly without days, an end before the start, or too many occurrences (400)', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const post = (recurrence: Record<string, unknown>) => api(t, c.token).post(PATH.saveAppointmentRecurrence, series(b, '10:00', '10:30', recurrence));
    expect((await expectError(post({ frequency: 'daily' }), 400, 'validation')).errors).toEqual({
      'recurrence.untilDate': 'Choose an end date or a number of occurrences',
    });
    expect((await expectError(post({ frequency: 'weekly', count: 3 }), 400, 'validation')).errors).toEqual({
      'recurrence.weekdays': 'Choose at least one day',
    });
    expect((await expectError(post({ frequency: 'daily', untilDate: '2030-01-01' }), 400, 'validation')).errors).toEqual({
      'recurrence.untilDate': 'The end date cannot be before the start date',
    });
    expect((await expectError(post({ frequency: 'daily', untilDate: '2031-01-01' }), 400, 'validation')).errors).toEqual({
      'recurrence.untilDate': 'The recurrence makes more than 200 appointments',
    });
    expect((await expectError(post({ frequency: 'daily', count: 201 }), 400, 'validation')).errors).toEqual({
      'recurrence.count': 'The recurrence makes more than 200 appointments',
    });
    await expectOk(post({ frequency: 'daily', count: 200 }));
  });

  it('needs the add key (403); another clinic’s doctor is 404', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const updater = await newUser(t, c, ['scheduler_view_all', 'scheduler_update_appointment']);
    await expectError(api(t, updater).post(PATH.saveAppointmentRecurrence, series(b, '10:00', '10:30', { frequency: 'daily', count: 2 })), 403, 'BS11');
    const other = await newClinic(t);
    await expectError(
      api(t, c.token).post(PATH.saveAppointmentRecurrence, series(b, '10:00', '10:30', { frequency: 'daily', count: 2 }, { doctorId: other.ownerId })),
      404,
      'user_not_found',
    );
  });

  it('refuses a first occurrence on a vacation, skips later ones that fall on one', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    await addVacation(c, { startDate: '2030-01-08', endDate: '2030-01-09' });
    await addVacation(c, { userId: c.ownerId, startDate: DAY, endDate: DAY });
    const daily = (from: string, extra = {}) =>
      api(t, c.token).post(PATH.saveAppointmentRecurrence, { ...series(b, '10:00', '10:30', { frequency: 'daily', count: 5 }), start: at('10:00', from), end: at('10:30', from), ...extra });
    await expectError(daily(DAY, { confirmOverlap: true, confirmOutsideWorkingHours: true }), 409, 'appointment_on_vacation');
    const res = await expectOk<{ seriesId: number; ids: number[] }>(daily('2030-01-07'));
    expect(res.ids).toHaveLength(3);
    expect((await occurrences(c, res.seriesId)).map((r) => local(r.startsAt).slice(0, 10))).toEqual(['2030-01-07', '2030-01-10', '2030-01-11']);
  });

  it('refuses a series whose later occurrence clashes or leaves working hours, unless allowed and confirmed', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const room2 = await addRoom(t, c);
    await book(t, c.token, b, '10:00', '10:30', { start: at('10:00', '2030-01-08'), end: at('10:30', '2030-01-08') });
    const post = (extra = {}) =>
      api(t, c.token).post(PATH.saveAppointmentRecurrence, series(b, '10:00', '10:30', { frequency: 'daily', count: 3 }, { roomId: room2, ...extra }));
    await expectError(post(), 409, 'appointment_doctor_busy');
    await expectError(post({ confirmOverlap: true }), 409, 'appointment_doctor_busy');
    await setClinicFlags(t, c, { allowOverlappingAppointments: true });
    await setShifts(t, c, c.ownerId, [[0, '09:00', '17:00'], [1, '09:00', '17:00']]);
    // Tuesday 2030-01-08 has no shift
    await expectError(post({ confirmOverlap: true }), 409, 'appointment_outside_working_hours');
    const res = await expectOk<{ ids: number[] }>(post({ confirmOverlap: true, confirmOutsideWorkingHours: true }));
    expect(res.ids).toHaveLength(3);
  });
});

describe('Cleander/SaveAppointment with scope series', () => {
  async function weekly(c: TestClinic, b: Booking, count = 4) {
    return expectOk<{ seriesId: number; ids: number[] }>(
      api(t, c.token).post(PATH.saveAppointmentRecurrence, series(b, '10:00', '10:30', { frequency: 'weekly', weekdays: [0], count })),
    );
  }

  it('scope one changes only that occurrence', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const s = await weekly(c, b);
    await expectOk(
      api(t, c.token).post(PATH.saveAppointment, {
        ...body(b, '11:00', '11:30', { id: s.ids[1], version: 1, notes: 'moved' }),
        start: at('11:00', '2030-01-13'),
        end: at('11:30', '2030-01-13'),
      }),
    );
    const rows = await occurrences(c, s.seriesId);
    expect(rows.map((r) => local(r.startsAt))).toEqual(['2030-01-06 10:00', '2030-01-13 11:00', '2030-01-20 10:00', '2030-01-27 10:00']);
    expect(rows.map((r) => r.notes)).toEqual([null, 'moved', null, null]);
  });

  it('scope series moves this and the later occurrences by the same shift and gives them the same doctor, room, notes', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const room2 = await addRoom(t, c);
    const doctor = await newDoctor(t, c, []);
    const s = await weekly(c, b);
    // the third occurrence is already checked in: it stays where it is
    await setAppointment(t, c, s.ids[2]!, { status: 'AS3' });
    const hub = hubRecorder(t);
    await expectOk(
      api(t, c.token).post(PATH.saveAppointment, {
        ...body(b, '12:00', '13:00', { id: s.ids[1], version: 1, scope: 'series', doctorId: doctor.id, roomId: room2, notes: 'new plan' }),
        start: at('12:00', '2030-01-14'),
        end: at('13:00', '2030-01-14'),
      }),
    );
    const rows = await occurrences(c, s.seriesId);
    expect(rows.map((r) => [local(r.startsAt), local(r.endsAt), r.doctorId, r.roomId, r.notes, r.version])).toEqual([
      ['2030-01-06 10:00', '2030-01-06 10:30', c.ownerId, b.roomId, null, 1],
      ['2030-01-14 12:00', '2030-01-14 13:00', doctor.id, room2, 'new plan', 2],
      ['2030-01-20 10:00', '2030-01-20 10:30', c.ownerId, b.roomId, null, 1],
      ['2030-01-28 12:00', '2030-01-28 13:00', doctor.id, room2, 'new plan', 2],
    ]);
    expect(await hub.waitFor(refreshOf(c.clinicId, c.branchId))).toBeDefined();
    hub.stop();
  });

  it('a series move is checked on every moved occurrence', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const room2 = await addRoom(t, c);
    const s = await weekly(c, b, 3);
    // something else at 11:00 on the third Sunday, in another room
    await book(t, c.token, b, '11:00', '11:30', { start: at('11:00', '2030-01-20'), end: at('11:30', '2030-01-20'), roomId: room2 });
    const move = { ...body(b, '11:00', '11:30', { id: s.ids[0], version: 1, scope: 'series' }) };
    await expectError(api(t, c.token).post(PATH.saveAppointment, move), 409, 'appointment_doctor_busy');
    await addVacation(c, { startDate: '2030-01-13', endDate: '2030-01-13' });
    await expectError(api(t, c.token).post(PATH.saveAppointment, { ...move, start: at('09:00'), end: at('09:30') }), 409, 'appointment_on_vacation');
    // scope one only checks the occurrence itself
    await expectOk(api(t, c.token).post(PATH.saveAppointment, { ...move, scope: 'one' }));
  });
});

describe('Cleander/DeleteAppointment', () => {
  it('deletes one occurrence and leaves the rest of the series', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const s = await expectOk<{ seriesId: number; ids: number[] }>(
      api(t, c.token).post(PATH.saveAppointmentRecurrence, series(b, '10:00', '10:30', { frequency: 'daily', count: 4 })),
    );
    const hub = hubRecorder(t);
    expect(await expectOk(api(t, c.token).delete(PATH.deleteAppointment, { ids: [s.ids[1]] }))).toEqual({ deleted: 1 });
    expect((await occurrences(c, s.seriesId)).map((r) => r.id)).toEqual([s.ids[0], s.ids[2], s.ids[3]]);
    expect(await hub.waitFor(refreshOf(c.clinicId, c.branchId))).toBeDefined();
    hub.stop();
  });

  it('with deleteWithRecurrence deletes the given occurrence and the later ones, not the attended; an empty series goes', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const s = await expectOk<{ seriesId: number; ids: number[] }>(
      api(t, c.token).post(PATH.saveAppointmentRecurrence, series(b, '10:00', '10:30', { frequency: 'daily', count: 5 })),
    );
    await setAppointment(t, c, s.ids[3]!, { status: 'AS6' });
    const res = await expectOk(api(t, c.token).delete(PATH.deleteAppointment, { ids: [s.ids[1]], deleteWithRecurrence: true }));
    expect(res).toEqual({ deleted: 3 });
    expect((await occurrences(c, s.seriesId)).map((r) => r.id)).toEqual([s.ids[0], s.ids[3]]);

    const whole = await expectOk<{ seriesId: number; ids: number[] }>(
      api(t, c.token).post(PATH.saveAppointmentRecurrence, { ...series(b, '10:00', '10:30', { frequency: 'daily', count: 3 }), start: at('12:00'), end: at('12:30') }),
    );
    expect(await expectOk(api(t, c.token).delete(PATH.deleteAppointment, { ids: [whole.ids[0]], deleteWithRecurrence: true }))).toEqual({ deleted: 3 });
    const left = await withTenant(t.database.db, c.clinicId, (tx) => tx.select().from(appointmentSeries).where(eq(appointmentSeries.id, whole.seriesId)));
    expect(left).toEqual([]);
  });

  it('refuses attended and final appointments (409), unknown or other clinics’ ids (404, nothing deleted), bad input (400), no key (403)', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const one = await book(t, c.token, b, '10:00', '10:30');
    const two = await book(t, c.token, b, '11:00', '11:30');
    for (const status of ['AS3', 'AS5', 'AS7', 'AS10']) {
      await setAppointment(t, c, two.id, { status });
      await expectError(api(t, c.token).delete(PATH.deleteAppointment, { ids: [one.id, two.id] }), 409, 'appointment_locked');
    }
    const other = await newClinic(t);
    const theirs = await book(t, other.token, await bookable(t, other), '10:00', '10:30');
    await expectError(api(t, c.token).delete(PATH.deleteAppointment, { ids: [one.id, theirs.id] }), 404, 'appointment_not_found');
    await expectError(api(t, c.token).delete(PATH.deleteAppointment, { ids: [] }), 400, 'validation');
    const noKey = await newUser(t, c, ['scheduler_view_all', 'scheduler_update_appointment']);
    await expectError(api(t, noKey).delete(PATH.deleteAppointment, { ids: [one.id] }), 403, 'BS11');
    await setAppointment(t, c, two.id, { status: 'AS8' });
    expect(await expectOk(api(t, c.token).delete(PATH.deleteAppointment, { ids: [one.id, two.id, one.id] }))).toEqual({ deleted: 2 });
    expect(await expectOk(api(t, other.token).delete(PATH.deleteAppointment, { ids: [theirs.id] }))).toEqual({ deleted: 1 });
  });
});
