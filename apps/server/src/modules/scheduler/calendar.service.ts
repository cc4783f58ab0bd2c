import type { CalendarSettings } from '@dental/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { userWorkingHours, users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { lowerOf } from '../../platform/db/list-query.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import type { Hub } from '../../platform/realtime/hub.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { callUser as sendCallUser } from '../../platform/realtime/hub-events.js';
import { rooms } from '../lookups/index.js';
import { notify } from '../notifications/index.js';
import { patients } from '../patients/index.js';
import { allowedBranch, branchDoctors, findAppointment, seesAll } from './scheduler-access.js';

/** The clinic's rooms for the calendar (id, name, colour), by name. */
export async function calendarRooms(tx: Tx, clinicId: number) {
  const rows = await tx
    .select({ id: rooms.id, name: rooms.name, color: rooms.color })
    .from(rooms)
    .where(eq(rooms.clinicId, clinicId))
    .orderBy(asc(lowerOf(rooms.name)), asc(rooms.id));
  return { rooms: rows };
}

/**
 * The calendar's setup for a branch: the clinic's time zone and calendar flags, whether the user sees every
 * appointment, the branch's doctors (only the user themselves with scheduler_view_mine) with their working week,
 * and the rooms.
 */
export async function getCalendarSettings(tx: Tx, session: ClinicSession, input: { branchId?: number }): Promise<CalendarSettings> {
  const { clinicId, clinic } = session;
  const branchId = allowedBranch(session, input.branchId);
  const viewAll = seesAll(session);
  const doctors = await tx
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(and(branchDoctors(clinicId, branchId), viewAll ? undefined : eq(users.id, session.userId)))
    .orderBy(asc(lowerOf(users.displayName)), asc(users.id));
  const hours = doctors.length
    ? await tx
        .select()
        .from(userWorkingHours)
        .where(and(eq(userWorkingHours.clinicId, clinicId), inArray(userWorkingHours.userId, doctors.map((d) => d.id))))
        .orderBy(asc(userWorkingHours.dayOfWeek), asc(userWorkingHours.startTime))
    : [];
  const workingDays = (userId: number) => {
    const days = new Map<number, { start: string; end: string }[]>();
    for (const h of hours.filter((x) => x.userId === userId))
      days.set(h.dayOfWeek, [...(days.get(h.dayOfWeek) ?? []), { start: h.startTime, end: h.endTime }]);
    return [...days].map(([dayOfWeek, shifts]) => ({ dayOfWeek, shifts }));
  };
  return {
    timeZone: clinic.timeZone,
    branchId,
    allowDragAndDrop: clinic.allowDragAndDropInCalendar,
    allowResizing: clinic.allowResizingInCalendar,
    allowOverlapping: clinic.allowOverlappingAppointments,
    viewAll,
    doctors: doctors.map((d) => ({ ...d, workingDays: workingDays(d.id) })),
    rooms: (await calendarRooms(tx, clinicId)).rooms,
  };
}

/**
 * 'Call user' (spec §1): the called user's screens show the message and ring. The user must be an active user of
 * the clinic. With an appointment (one the caller may see) and no message, the message is its patient's name
 * (the doctor calls the next patient in).
 */
export async function callUser(
  tx: Tx,
  session: ClinicSession,
  hub: Hub,
  input: { userId: number; appointmentId?: number; message?: string | null },
  jobs?: Jobs,
) {
  const [target] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clinicId, session.clinicId), eq(users.id, input.userId), eq(users.isActive, true), isNull(users.deletedAt)));
  if (!target) fail('user_not_found');
  let message = input.message || undefined;
  if (input.appointmentId) {
    const row = await findAppointment(tx, session, input.appointmentId);
    if (!message) {
      const [patient] = await tx
        .select({ name: patients.name })
        .from(patients)
        .where(and(eq(patients.clinicId, session.clinicId), eq(patients.id, row.patientId)));
      message = patient?.name;
    }
  }
  await sendCallUser(hub, session.clinicId, input.userId, { userId: session.userId, name: session.user.displayName, message }, tx);
  // kept in the called user's notification centre too (docs/notifications.md)
  await notify(tx, { hub, jobs }, {
    clinicId: session.clinicId,
    userIds: [input.userId],
    kind: 'user_called',
    params: { from: session.user.displayName, message: message ?? '' },
  });
  return { ok: true as const };
}
