import type { PatientAppointmentItem, PatientAppointmentsInput } from '@dental/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { branches, users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { rooms } from '../lookups/index.js';
import { findPatient } from '../patients/index.js';
import { visibleAppointments } from './scheduler-access.js';
import { appointments } from './scheduler.table.js';

const doctor = alias(users, 'doctor');

/**
 * The patient file's appointments tab: one patient's appointments that the user may see (their branches; only their
 * own with scheduler_view_mine, as on the calendar), one page. Upcoming ones end after now (one under way is still
 * upcoming), soonest first; past ones ended, newest first; all, newest first. The id breaks ties. The patient is
 * found first: another clinic's is 404, one of none of the user's branches is 403 BS15.
 */
export async function getPatientAppointments(
  tx: Tx,
  session: ClinicSession,
  input: PatientAppointmentsInput,
): Promise<{ items: PatientAppointmentItem[]; total: number; page: number; pageSize: number }> {
  await findPatient(tx, session, input.patientId);
  const where = and(
    visibleAppointments(session),
    eq(appointments.patientId, input.patientId),
    input.when === 'upcoming' ? sql`${appointments.endsAt} > now()` : undefined,
    input.when === 'past' ? sql`${appointments.endsAt} <= now()` : undefined,
  );
  const order =
    input.when === 'upcoming'
      ? [asc(appointments.startsAt), asc(appointments.id)]
      : [desc(appointments.startsAt), desc(appointments.id)];
  const rows = await tx
    .select({
      id: appointments.id,
      start: appointments.startsAt,
      end: appointments.endsAt,
      allDay: appointments.allDay,
      status: appointments.status,
      doctorId: appointments.doctorId,
      doctorName: doctor.displayName,
      roomId: appointments.roomId,
      roomName: rooms.name,
      roomColor: rooms.color,
      branchId: appointments.branchId,
      branchName: branches.name,
      notes: appointments.notes,
      seriesId: appointments.seriesId,
    })
    .from(appointments)
    .innerJoin(branches, and(eq(branches.clinicId, appointments.clinicId), eq(branches.id, appointments.branchId)))
    .leftJoin(doctor, and(eq(doctor.clinicId, appointments.clinicId), eq(doctor.id, appointments.doctorId)))
    .leftJoin(rooms, and(eq(rooms.clinicId, appointments.clinicId), eq(rooms.id, appointments.roomId)))
    .where(where)
    .orderBy(...order)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [counted] = await tx.select({ n: count() }).from(appointments).where(where);
  return {
    items: rows.map((r) => ({
      ...r,
      start: r.start.toISOString(),
      end: r.end.toISOString(),
      status: r.status as PatientAppointmentItem['status'],
    })),
    total: counted?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}
