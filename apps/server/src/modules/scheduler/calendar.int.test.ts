import { afterEach, describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { branches, userBranches } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { addDays, dayBounds, todayIn, zonedInstant } from './clinic-time.js';
import {
  PATH, addRoom, appointmentRow, book, bookAt, bookable, expectError, expectOk, hubRecorder, newDoctor, setAppointment,
  setClinicFlags, setShifts, setUser, userIdOf,
} from './scheduler-test-kit.js';

const t = await testApp();

async function addBranch(clinicId: number, name: string) {
  return withTenant(t.database.db, clinicId, async (tx) => {
    const [b] = await tx.insert(branches).values({ clinicId, name }).returning({ id: branches.id });
    return b!.id;
  });
}

/** 'HH:mm' on a clinic's date as an ISO instant (with its offset), for any zone. */
const localIso = (date: string, hhmm: string, timeZone: string) =>
  zonedInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), timeZone).toISOString();

describe('Cleander/GetCalendarSettings and GetRooms', () => {
  it('gives the time zone, the clinic’s calendar flags, the branch’s doctors with their week, and the rooms', async () => {
    const c = await newClinic(t);
    await addRoom(t, c, 'surgery');
    await addRoom(t, c, 'Exam');
    const doctor = await newDoctor(t, c, []);
    await setUser(t, c, doctor.id, { displayName: 'Dr. Adam' });
    await setShifts(t, c, doctor.id, [[1, '14:00', '20:00'], [0, '09:00', '12:00'], [0, '13:00', '24:00']]);
    const retired = await newDoctor(t, c, []);
    await setUser(t, c, retired.id, { isActive: false });
    const deleted = await newDoctor(t, c, []);
    await setUser(t, c, deleted.id, { deletedAt: new Date() });
    await newUser(t, c, ['scheduler_view_all'], 'RL4'); // not a doctor
    await setClinicFlags(t, c, { allowResizingInCalendar: false, allowOverlappingAppointments: true });

    const s = await expectOk<Record<string, unknown>>(api(t, c.token).get(PATH.getCalendarSettings, {}));
    expect(s).toEqual({
      timeZone: 'Africa/Cairo',
      branchId: c.branchId,
      allowDragAndDrop: true,
      allowResizing: false,
      allowOverlapping: true,
      viewAll: true,
      doctors: [
        {
          id: doctor.id,
          name: 'Dr. Adam',
          workingDays: [
            { dayOfWeek: 0, shifts: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '24:00' }] },
            { dayOfWeek: 1, shifts: [{ start: '14:00', end: '20:00' }] },
          ],
        },
        { id: c.ownerId, name: 'Owner', workingDays: [] },
      ],
      rooms: [
        { id: expect.any(Number), name: 'Exam', color: '#079ee4' },
        { id: expect.any(Number), name: 'surgery', color: '#079ee4' },
      ],
    });
    const rooms = await expectOk<{ rooms: Array<{ name: string }> }>(api(t, c.token).get(PATH.getRooms, {}));
    expect(rooms.rooms.map((r) => r.name)).toEqual(['Exam', 'surgery']);
  });

  it('lists a branch’s own doctors; the owner works in every branch; a branch the user may not use is 403 BS15', async () => {
    const c = await newClinic(t);
    const second = await addBranch(c.clinicId, 'Second');
    const doctor = await newDoctor(t, c, []);
    const there = await newDoctor(t, c, []);
    await withTenant(t.database.db, c.clinicId, (tx) => tx.insert(userBranches).values({ clinicId: c.clinicId, userId: there.id, branchId: second }));
    const ids = async (branchId: number) =>
      (await expectOk<{ doctors: Array<{ id: number }> }>(api(t, c.token).get(PATH.getCalendarSettings, { branchId }))).doctors.map((d) => d.id).sort();
    expect(await ids(c.branchId)).toEqual([c.ownerId, doctor.id, there.id].sort());
    expect(await ids(second)).toEqual([c.ownerId, there.id].sort());
    const secretary = await newUser(t, c, ['scheduler_view_all'], 'RL4');
    await expectError(api(t, secretary).get(PATH.getCalendarSettings, { branchId: second }), 403, 'BS15');
    const other = await newClinic(t);
    await expectError(api(t, c.token).get(PATH.getCalendarSettings, { branchId: other.branchId }), 404, 'not_found');
  });

  it('needs a scheduler key (403); GetRooms also opens to the waiting screen; bad input is 400', async () => {
    const c = await newClinic(t);
    const nobody = await newUser(t, c, ['room_list']);
    const screen = await newUser(t, c, ['scheduler_waiting_screen']);
    await expectError(api(t, nobody).get(PATH.getCalendarSettings, {}), 403, 'BS11');
    await expectError(api(t, nobody).get(PATH.getRooms, {}), 403, 'BS11');
    await expectOk(api(t, screen).get(PATH.getRooms, {}));
    await expectError(api(t, screen).get(PATH.getCalendarSettings, {}), 403, 'BS11');
    await expectError(api(t, c.token).get(PATH.getCalendarSettings, { branchId: 'x' }), 400, 'validation');
    // another clinic's rooms never show
    const other = await newClinic(t);
    await addRoom(t, other, 'Theirs');
    expect(await expectOk(api(t, c.token).get(PATH.getRooms, {}))).toEqual({ rooms: [] });
  });
});

describe('Cleander/CallUser', () => {
  it('sends the call to the user’s screens with the caller’s name and message', async () => {
    const c = await newClinic(t);
    const doctor = await newDoctor(t, c, []);
    const secretary = await newUser(t, c, ['scheduler_waiting_screen'], 'RL4');
    const hub = hubRecorder(t);
    await expectOk(api(t, secretary).post(PATH.callUser, { userId: doctor.id, message: 'Room 2 please' }));
    const e = await hub.waitFor((x) => x.event.type === 'CallUser' && x.to.userId === doctor.id);
    expect(e).toEqual({
      to: { clinicId: c.clinicId, userId: doctor.id },
      event: { type: 'CallUser', fromUserId: userIdOf(secretary), fromName: expect.stringMatching(/^u/), message: 'Room 2 please' },
    });
    hub.stop();
  });

  it('with an appointment and no message, the message is its patient’s name', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const patientId = await newPatient(t, c, { name: 'Mona Adel' });
    const { id } = await book(t, c.token, { ...b, patientId }, '10:00', '10:30');
    const secretary = await newUser(t, c, ['scheduler_view_all'], 'RL4');
    const hub = hubRecorder(t);
    await expectOk(api(t, c.token).post(PATH.callUser, { userId: userIdOf(secretary), appointmentId: id }));
    const e = await hub.waitFor((x) => x.event.type === 'CallUser' && x.to.clinicId === c.clinicId);
    expect(e?.event).toEqual({ type: 'CallUser', fromUserId: c.ownerId, fromName: 'Owner', message: 'Mona Adel' });
    hub.stop();
  });

  it('is 404 for a user or appointment of another clinic, or an inactive user; 403 without a key; 400 bad input', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = await book(t, other.token, await bookable(t, other), '10:00', '10:30');
    await expectError(api(t, c.token).post(PATH.callUser, { userId: other.ownerId }), 404, 'user_not_found');
    await expectError(api(t, c.token).post(PATH.callUser, { userId: c.ownerId, appointmentId: theirs.id }), 404, 'appointment_not_found');
    const doctor = await newDoctor(t, c, []);
    await setUser(t, c, doctor.id, { isActive: false });
    await expectError(api(t, c.token).post(PATH.callUser, { userId: doctor.id }), 404, 'user_not_found');
    const nobody = await newUser(t, c, ['patient_list']);
    await expectError(api(t, nobody).post(PATH.callUser, { userId: c.ownerId }), 403, 'BS11');
    await expectError(api(t, c.token).post(PATH.callUser, { message: 'x'.repeat(201) }), 400, 'validation');
  });
});

describe('Cleander/GetTodayAppointments and Dashboard/GetDailySummary', () => {
  it('lists the branch’s appointments of the clinic’s today, every status, by start', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const tz = 'Africa/Cairo';
    const today = todayIn(tz);
    const on = (date: string, from: string, to: string, extra = {}) => bookAt(t, c.token, b, localIso(date, from, tz), localIso(date, to, tz), extra);
    const late = await on(today, '22:00', '23:00');
    const early = await on(today, '00:30', '01:00');
    await setAppointment(t, c, early.id, { status: 'AS8' });
    await on(addDays(today, 1), '00:00', '00:30');
    await on(addDays(today, -1), '23:00', '23:30');
    const second = await addBranch(c.clinicId, 'Second');
    await on(today, '12:00', '12:30', { branchId: second });
    const screen = await newUser(t, c, ['scheduler_waiting_screen']);
    const res = await expectOk<{ date: string; items: Array<{ id: number; status: string; roomName: string; doctorName: string }> }>(
      api(t, screen).get(PATH.getTodayAppointments, {}),
    );
    expect(res.date).toBe(today);
    expect(res.items.map((i) => [i.id, i.status])).toEqual([[early.id, 'AS8'], [late.id, 'AS1']]);
    expect(res.items[0]).toMatchObject({ doctorName: 'Owner', checkInAt: null, turnNumber: null });
    // the screen faces the waiting room: first name and the family name's initial only
    expect((res.items[0] as unknown as { patientName: string }).patientName).toMatch(/^Patient \S\.$/);
    await expectError(api(t, c.token).get(PATH.getTodayAppointments, { branchId: 0 }), 400, 'validation');
    const viewer = await newUser(t, c, ['scheduler_view_all']);
    await expectError(api(t, viewer).get(PATH.getTodayAppointments, {}), 403, 'BS11');
    const other = await newClinic(t);
    await expectError(api(t, c.token).get(PATH.getTodayAppointments, { branchId: other.branchId }), 404, 'not_found');
  });

  it('counts one day per doctor and in total: total without canceled, arrived, no-shows, completed, canceled', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const doctor = await newDoctor(t, c, []);
    await setUser(t, c, doctor.id, { displayName: 'Adam' });
    const statuses: Array<[number, string, boolean]> = [
      [c.ownerId, 'AS1', false], [c.ownerId, 'AS3', true], [c.ownerId, 'AS7', true], [c.ownerId, 'AS8', false],
      [doctor.id, 'AS6', true], [doctor.id, 'AS9', false], [doctor.id, 'AS8', true],
    ];
    let hour = 8;
    for (const [doctorId, status, arrived] of statuses) {
      const hh = String(++hour).padStart(2, '0');
      const { id } = await book(t, c.token, { ...b, doctorId }, `${hh}:00`, `${hh}:30`);
      await setAppointment(t, c, id, { status, checkInAt: arrived ? new Date() : null });
    }
    // another day does not count
    await book(t, c.token, b, '10:00', '10:30', { start: '2030-01-07T10:00:00+02:00', end: '2030-01-07T10:30:00+02:00' });
    const res = await expectOk(api(t, c.token).post(PATH.getDailySummary, { date: '2030-01-06' }));
    expect(res).toEqual({
      date: '2030-01-06',
      totals: { total: 5, arrived: 4, noShows: 1, completed: 2, canceled: 2 },
      doctors: [
        { doctorId: doctor.id, doctorName: 'Adam', total: 2, arrived: 2, noShows: 1, completed: 1, canceled: 1 },
        { doctorId: c.ownerId, doctorName: 'Owner', total: 3, arrived: 2, noShows: 0, completed: 1, canceled: 1 },
      ],
    });
    const empty = await expectOk(api(t, c.token).post(PATH.getDailySummary, {}));
    expect(empty).toEqual({
      date: todayIn('Africa/Cairo'),
      totals: { total: 0, arrived: 0, noShows: 0, completed: 0, canceled: 0 },
      doctors: [],
    });
    await expectError(api(t, c.token).post(PATH.getDailySummary, { date: '06/01/2030' }), 400, 'validation');
    const viewer = await newUser(t, c, ['scheduler_view_all']);
    await expectError(api(t, viewer).post(PATH.getDailySummary, {}), 403, 'BS11');
    const other = await newClinic(t);
    await expectError(api(t, c.token).post(PATH.getDailySummary, { branchId: other.branchId }), 404, 'not_found');
    expect((await expectOk<{ totals: { total: number } }>(api(t, other.token).post(PATH.getDailySummary, { date: '2030-01-06' }))).totals.total).toBe(0);
  });
});

describe('the clinic’s time zone, not the server’s', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    process.env.TZ = saved;
  });

  it('today, all-day bounds and working hours follow the clinic’s zone with the process in Pacific/Kiritimati', async () => {
    process.env.TZ = 'Pacific/Kiritimati'; // UTC+14
    const tz = 'America/New_York';
    const c = await newClinic(t);
    await setClinicFlags(t, c, { timeZone: tz });
    const b = await bookable(t, c);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
    expect(todayIn(tz)).toBe(today);
    // today (New York) 09:00 is inside a 09:00-17:00 shift of today's weekday; 08:00 is not
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    await setShifts(t, c, c.ownerId, [[weekday, '09:00', '17:00']]);
    const { id } = await bookAt(t, c.token, b, localIso(today, '09:00', tz), localIso(today, '10:00', tz));
    await expectError(
      api(t, c.token).post(PATH.saveAppointment, { ...bodyOf(b), start: localIso(today, '08:00', tz), end: localIso(today, '08:30', tz) }),
      409,
      'appointment_outside_working_hours',
    );
    const todays = await expectOk<{ date: string; items: Array<{ id: number }> }>(api(t, c.token).get(PATH.getTodayAppointments, {}));
    expect(todays.date).toBe(today);
    expect(todays.items.map((i) => i.id)).toEqual([id]);
    const summary = await expectOk<{ date: string; totals: { total: number } }>(api(t, c.token).post(PATH.getDailySummary, {}));
    expect(summary).toMatchObject({ date: today, totals: { total: 1 } });
    // all-day: New York's midnight to midnight, whatever instant of the day was sent
    await setClinicFlags(t, c, { allowOverlappingAppointments: true });
    const allDay = await bookAt(t, c.token, b, localIso(today, '15:00', tz), localIso(today, '16:00', tz), { allDay: true, confirmOverlap: true });
    const row = await appointmentRow(t, c, allDay.id);
    expect({ start: row!.startsAt, end: row!.endsAt }).toEqual(dayBounds(today, tz));
    expect([wallClock(row!.startsAt, tz), wallClock(row!.endsAt, tz)]).toEqual([`${today} 00:00`, `${addDays(today, 1)} 00:00`]);
  });
});

/** 'YYYY-MM-DD HH:mm' of an instant in a zone, straight from Intl. */
const wallClock = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

const bodyOf = (b: { branchId: number; patientId: number; doctorId: number; roomId: number }) => ({
  branchId: b.branchId,
  patientId: b.patientId,
  doctorId: b.doctorId,
  roomId: b.roomId,
});
