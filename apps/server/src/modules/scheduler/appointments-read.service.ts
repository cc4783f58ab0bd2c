import { type AppointmentItem, type AppointmentStatus, type GetAppointmentsInput, type TodayAppointments, waitingRoomName } from '@dental/contract';
import { type SQLWrapper, and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { JsonText, isoInstant, jsonArray, runBuilt } from '../../platform/db/json-list.js';
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

/** The calendar's item, field by field in the contract's order, built by PostgreSQL (checked by the tests). */
const itemFields = {
  id: appointments.id,
  branchId: appointments.branchId,
  patientId: appointments.patientId,
  patientName: patients.name,
  patientCode: patients.code,
  patientMobile: patients.mobile,
  patientType: patients.patientType,
  doctorId: appointments.doctorId,
  doctorName: doctor.displayName,
  roomId: appointments.roomId,
  roomName: rooms.name,
  roomColor: rooms.color,
  seriesId: appointments.seriesId,
  start: isoInstant(appointments.startsAt),
  end: isoInstant(appointments.endsAt),
  allDay: appointments.allDay,
  status: appointments.status,
  notes: appointments.notes,
  source: appointments.source,
  turnNumber: appointments.turnNumber,
  checkInAt: isoInstant(appointments.checkInAt),
  checkInBy: appointments.checkInBy,
  checkInByName: checkInUser.displayName,
  checkOutAt: isoInstant(appointments.checkOutAt),
  checkOutByName: checkOutUser.displayName,
  version: appointments.version,
} satisfies Record<keyof AppointmentItem, SQLWrapper>;

/**
 * A branch's appointments overlapping [from, to), one query: patient, doctor, room and check-in/out names joined,
 * the answer's JSON built by PostgreSQL and passed through (a hot list read, docs/architecture.md).
 * `starts_at >= from - 25 hours` (no appointment is longer) lets the (clinic_id, branch_id, starts_at) index bound
 * the scan on both sides.
 */
export async function getAppointments(tx: Tx, session: ClinicSession, input: GetAppointmentsInput): Promise<JsonText<{ items: AppointmentItem[] }>> {
  const branchId = allowedBranch(session, input.branchId);
  const mine = !seesAll(session);
  // built once per shape (which optional filters apply) and then only run (runBuilt, docs/architecture.md §10)
  const key = `appointments_${mine ? 'm' : 'a'}${input.doctorId ? 'd' : ''}${input.roomId ? 'r' : ''}`;
  const p = (name: string) => sql.placeholder(name);
  const [row] = await runBuilt<{ items: string }>(tx, key, () => tx
    .select({ items: jsonArray(itemFields, [asc(appointments.startsAt), asc(appointments.id)]).as('items') })
    .from(appointments)
    .innerJoin(patients, and(eq(patients.clinicId, appointments.clinicId), eq(patients.id, appointments.patientId)))
    .leftJoin(doctor, and(eq(doctor.clinicId, appointments.clinicId), eq(doctor.id, appointments.doctorId)))
    .leftJoin(rooms, and(eq(rooms.clinicId, appointments.clinicId), eq(rooms.id, appointments.roomId)))
    .leftJoin(checkInUser, and(eq(checkInUser.clinicId, appointments.clinicId), eq(checkInUser.id, appointments.checkInBy)))
    .leftJoin(checkOutUser, and(eq(checkOutUser.clinicId, appointments.clinicId), eq(checkOutUser.id, appointments.checkOutBy)))
    .where(
      and(
        eq(appointments.clinicId, p('clinicId')),
        eq(appointments.branchId, p('branchId')),
        sql`${appointments.startsAt} < ${p('to')}::timestamptz`,
        sql`${appointments.endsAt} > ${p('from')}::timestamptz`,
        sql`${appointments.startsAt} >= ${p('from')}::timestamptz - interval '25 hours'`,
        mine ? eq(appointments.doctorId, p('userId')) : undefined,
        input.doctorId ? eq(appointments.doctorId, p('doctorId')) : undefined,
        input.roomId ? eq(appointments.roomId, p('roomId')) : undefined,
      ),
    ), {
    clinicId: session.clinicId,
    branchId,
    from: new Date(input.from).toISOString(),
    to: new Date(input.to).toISOString(),
    userId: session.userId,
    doctorId: input.doctorId,
    roomId: input.roomId,
  });
  return new JsonText(`{"items":${row!.items}}`);
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
