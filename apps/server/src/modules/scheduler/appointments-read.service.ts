import { type AppointmentItem, type AppointmentStatus, type GetAppointmentsInput, type TodayAppointments, waitingRoomName } from '@dental/contract';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { rooms } from '../lookups/index.js';
import { patients } from '../patients/index.js';
import { dayBounds, todayIn } from './clinic-time.js';
import { allowedBranch, seesAll } from './scheduler-access.js';
import { appointments } from './scheduler.table.js';

const doctor = alias(users, 'doctor');
const checkInUser = alias(users, 'check_in_user');
const checkOutUser = alias(users, 'check_out_user');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A branch's appointments overlapping [from, to), one query: patient, doctor, room and check-in/out names joined.
 * `starts_at >= from - 25 hours` (no appointment is longer) lets the (clinic_id, branch_id, starts_at) index bound
 * the scan on both sides.
 */
export async function getAppointments(tx: Tx, session: ClinicSession, input: GetAppointmentsInput) {
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

/**
 * The waiting display: the branch's appointments starting on the clinic's today (its time zone, not the server's),
 * every status, by start time. The display is its own permission (scheduler_waiting_screen) and shows the branch.
 */
export async function getTodayAppointments(tx: Tx, session: ClinicSession, input: { branchId?: number }): Promise<TodayAppointments> {
  const branchId = allowedBranch(session, input.branchId);
  const date = todayIn(session.clinic.timeZone);
  const day = dayBounds(date, session.clinic.timeZone);
  const rows = await tx
    .select({
      id: appointments.id,
      patientName: patients.name,
      doctorName: doctor.displayName,
      roomName: rooms.name,
      roomColor: rooms.color,
      start: appointments.startsAt,
      end: appointments.endsAt,
      status: appointments.status,
      checkInAt: appointments.checkInAt,
      turnNumber: appointments.turnNumber,
    })
    .from(appointments)
    .innerJoin(patients, and(eq(patients.clinicId, appointments.clinicId), eq(patients.id, appointments.patientId)))
    .leftJoin(doctor, and(eq(doctor.clinicId, appointments.clinicId), eq(doctor.id, appointments.doctorId)))
    .leftJoin(rooms, and(eq(rooms.clinicId, appointments.clinicId), eq(rooms.id, appointments.roomId)))
    .where(
      and(
        eq(appointments.clinicId, session.clinicId),
        eq(appointments.branchId, branchId),
        gte(appointments.startsAt, day.start),
        lt(appointments.startsAt, day.end),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return {
    date,
    items: rows.map((r) => ({
      ...r,
      // the screen faces the waiting room: the full name never leaves the server
      patientName: waitingRoomName(r.patientName),
      start: r.start.toISOString(),
      end: r.end.toISOString(),
      status: r.status as AppointmentStatus,
      checkInAt: iso(r.checkInAt),
    })),
  };
}
