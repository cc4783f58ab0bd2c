import { type AppointmentItem, type AppointmentStatus, type GetAppointmentsInput, schedulerCalls } from '@dental/contract';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newPatient, testApp } from '../../../test/harness.js';
import { users } from '../../platform/auth/identity.table.js';
import { type ClinicSession, loadClinicSession } from '../../platform/auth/session.js';
import { verifyToken } from '../../platform/auth/tokens.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Tx } from '../../platform/db/types.js';
import { rooms } from '../lookups/index.js';
import { patients } from '../patients/index.js';
import { allowedBranch, seesAll } from './scheduler-access.js';
import { PATH, addRoom, at, book, bookable, expectOk, newDoctor, setAppointment } from './scheduler-test-kit.js';
import { appointments } from './scheduler.table.js';

/**
 * Cleander/GetAppointments answers with JSON built by PostgreSQL and passed through (issue 19). Each case is checked
 * against the contract's schema and compared with the answer of the path it replaced (drizzle rows mapped in
 * JavaScript, then the output schema and JSON.stringify), kept here as the reference: same fields, types, order.
 */
const t = await testApp();
const d = schedulerCalls.getAppointments;

const doctor = alias(users, 'doctor');
const checkInUser = alias(users, 'check_in_user');
const checkOutUser = alias(users, 'check_out_user');
const iso = (v: Date | null) => (v ? v.toISOString() : null);

/** The replaced path, as it was (appointments-read.service.ts before issue 19). */
async function referenceGetAppointments(tx: Tx, session: ClinicSession, input: GetAppointmentsInput) {
  const branchId = allowedBranch(session, input.branchId);
  const from = new Date(input.from);
  const to = new Date(input.to);
  const rows = await tx
    .select({
      a: appointments,
      patientName: patients.name,
      patientCode: patients.code,
      patientMobile: patients.mobile,
      patientType: patients.patientType,
      doctorName: doctor.displayName,
      roomName: rooms.name,
      roomColor: rooms.color,
      checkInByName: checkInUser.displayName,
      checkOutByName: checkOutUser.displayName,
    })
    .from(appointments)
    .innerJoin(patients, and(eq(patients.clinicId, appointments.clinicId), eq(patients.id, appointments.patientId)))
    .leftJoin(doctor, and(eq(doctor.clinicId, appointments.clinicId), eq(doctor.id, appointments.doctorId)))
    .leftJoin(rooms, and(eq(rooms.clinicId, appointments.clinicId), eq(rooms.id, appointments.roomId)))
    .leftJoin(checkInUser, and(eq(checkInUser.clinicId, appointments.clinicId), eq(checkInUser.id, appointments.checkInBy)))
    .leftJoin(checkOutUser, and(eq(checkOutUser.clinicId, appointments.clinicId), eq(checkOutUser.id, appointments.checkOutBy)))
    .where(
      and(
        eq(appointments.clinicId, session.clinicId),
        eq(appointments.branchId, branchId),
        lt(appointments.startsAt, to),
        sql`${appointments.endsAt} > ${from.toISOString()}::timestamptz`,
        gte(appointments.startsAt, sql`${from.toISOString()}::timestamptz - interval '25 hours'`),
        seesAll(session) ? undefined : eq(appointments.doctorId, session.userId),
        input.doctorId ? eq(appointments.doctorId, input.doctorId) : undefined,
        input.roomId ? eq(appointments.roomId, input.roomId) : undefined,
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return {
    items: rows.map(
      (r): AppointmentItem => ({
        id: r.a.id,
        branchId: r.a.branchId,
        patientId: r.a.patientId,
        patientName: r.patientName,
        patientCode: r.patientCode,
        patientMobile: r.patientMobile,
        patientType: r.patientType,
        doctorId: r.a.doctorId,
        doctorName: r.doctorName,
        roomId: r.a.roomId,
        roomName: r.roomName,
        roomColor: r.roomColor,
        seriesId: r.a.seriesId,
        start: r.a.startsAt.toISOString(),
        end: r.a.endsAt.toISOString(),
        allDay: r.a.allDay,
        status: r.a.status as AppointmentStatus,
        notes: r.a.notes,
        source: r.a.source as AppointmentItem['source'],
        turnNumber: r.a.turnNumber,
        checkInAt: iso(r.a.checkInAt),
        checkInBy: r.a.checkInBy,
        checkInByName: r.checkInByName,
        checkOutAt: iso(r.a.checkOutAt),
        checkOutByName: r.checkOutByName,
        version: r.a.version,
      }),
    ),
  };
}

/** The replaced path's answer as the route sent it: the output schema's parse, then JSON. */
async function referenceAnswer(clinicId: number, token: string, query: Record<string, unknown>) {
  const claims = verifyToken(`Bearer ${token}`, t.app.deps.config.TOKEN_SECRET)!;
  const input = d.input.parse(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])));
  const answer = await withTenant(t.database.db, clinicId, async (tx, scope) =>
    referenceGetAppointments(tx, await loadClinicSession(tx, claims, {}, scope), input),
  );
  return JSON.parse(JSON.stringify(d.output.parse(answer))) as { items: AppointmentItem[] };
}

describe('Cleander/GetAppointments, passed through from PostgreSQL', () => {
  it('answers every view exactly as the replaced path: week, day, month, a doctor, a room, the doctor’s own', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const otherRoom = await addRoom(t, c, 'غرفة "2" \\ ب');
    const dr = await newDoctor(t, c, ['scheduler_view_mine']);
    const bare = await newPatient(t, c, { mobile: null, name: 'مريض بلا هاتف 😀', patientType: 'PT3' });
    const days = ['2030-01-06', '2030-01-07', '2030-01-09', '2030-01-31'];
    const ids: number[] = [];
    for (const [i, day] of days.entries()) {
      ids.push((await book(t, c.token, b, '09:00', '09:30', { start: at('09:00', day), end: at('09:30', day) })).id);
      ids.push(
        (await book(t, c.token, { ...b, patientId: bare, roomId: otherRoom }, '10:00', '10:45', {
          start: at('10:00', day), end: at('10:45', day), notes: i ? `line "${i}"\n\\ ملاحظة` : null,
        })).id,
      );
    }
    // the same start, another doctor and room: the order falls to the id; an all-day one; a weekly series
    ids.push((await book(t, c.token, { ...b, doctorId: dr.id, roomId: otherRoom, patientId: bare }, '09:00', '09:30')).id);
    await book(t, c.token, b, '00:00', '00:00', { allDay: true, start: at('00:00', '2030-01-08'), end: at('00:00', '2030-01-09') });
    await expectOk(
      api(t, c.token).post(PATH.saveAppointmentRecurrence, {
        branchId: b.branchId, patientId: bare, doctorId: b.doctorId, roomId: b.roomId,
        start: at('13:00'), end: at('13:30'), recurrence: { frequency: 'weekly', weekdays: [0, 3], count: 6 },
      }),
    );
    // statuses, check-in (microseconds: cut to milliseconds like Date), check-out, a turn, a booking from the website
    await setAppointment(t, c, ids[0]!, {
      status: 'AS5', checkInAt: sql`'2030-01-06 07:01:02.123987+00'::timestamptz` as unknown as Date, checkInBy: c.ownerId, turnNumber: 3,
    });
    await setAppointment(t, c, ids[1]!, {
      status: 'AS7', checkInAt: new Date('2030-01-06T08:00:00Z'), checkInBy: dr.id,
      checkOutAt: new Date('2030-01-06T08:40:00.5Z'), checkOutBy: c.ownerId, version: 4,
    });
    await setAppointment(t, c, ids[2]!, { status: 'AS0', source: 'website', doctorId: null, roomId: null });
    await setAppointment(t, c, ids[3]!, { status: 'AS9' });

    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['week of the branch', c.token, { from: at('00:00', '2030-01-05'), to: at('00:00', '2030-01-12') }],
      ['day', c.token, { from: at('00:00'), to: at('00:00', '2030-01-07') }],
      ['month', c.token, { from: at('00:00', '2030-01-01'), to: at('00:00', '2030-02-01') }],
      ['week of one doctor', c.token, { from: at('00:00', '2030-01-05'), to: at('00:00', '2030-01-12'), doctorId: dr.id }],
      ['week of one room', c.token, { from: at('00:00', '2030-01-05'), to: at('00:00', '2030-01-12'), roomId: otherRoom }],
      ['the doctor’s own (view_mine)', dr.token, { from: at('00:00', '2030-01-05'), to: at('00:00', '2030-01-12') }],
      ['nothing', c.token, { from: at('00:00', '2031-01-05'), to: at('00:00', '2031-01-12') }],
    ];
    const sizes: Record<string, number> = {};
    for (const [name, token, query] of cases) {
      const answer = expectContractAnswer(d, await api(t, token).get(PATH.getAppointments, query));
      const reference = await referenceAnswer(c.clinicId, token, query);
      expect(answer, name).toEqual(reference);
      expect(JSON.stringify(answer), name).toBe(JSON.stringify(reference));
      sizes[name] = answer.items.length;
    }
    // the cases hold what they are meant to
    expect(sizes).toEqual({
      'week of the branch': 10, day: 4, month: 16, 'week of one doctor': 1, 'week of one room': 4,
      'the doctor’s own (view_mine)': 1, nothing: 0,
    });
    const month = expectContractAnswer(d, await api(t, c.token).get(PATH.getAppointments, cases[2]![2]));
    const byId = new Map(month.items.map((i) => [i.id, i]));
    expect(byId.get(ids[0]!)).toMatchObject({ status: 'AS5', checkInAt: '2030-01-06T07:01:02.123Z', turnNumber: 3, checkInByName: expect.any(String) });
    expect(byId.get(ids[1]!)).toMatchObject({ patientMobile: null, patientType: 'PT3', checkOutAt: '2030-01-06T08:40:00.500Z', version: 4 });
    expect(byId.get(ids[2]!)).toMatchObject({ source: 'website', doctorId: null, doctorName: null, roomId: null, roomName: null });
    expect(month.items.some((i) => i.allDay)).toBe(true);
    expect(month.items.filter((i) => i.seriesId !== null)).toHaveLength(6);
  });
});
