import { INACTIVE_STATUSES } from '@dental/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { userWorkingHours } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { lockKeys } from '../../platform/db/locks.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { rooms } from '../lookups/index.js';
import { DAY_MINUTES, addDays, clockMinutes, dayBounds, localDate, localDateTime, weekdayOf } from './clinic-time.js';
import type { Slot } from './recurrence.js';

/*
 * The checks an appointment's time passes before it is saved, in this order (docs/scheduler.md):
 *   1. a vacation or clinic holiday on any of its days                  -> 409 appointment_on_vacation (refused)
 *   2. the doctor, then the room, holds another active appointment       -> 409 appointment_doctor_busy / _room_busy
 *      (refused, or accepted with confirmOverlap where the clinic allows overlapping appointments); checked under
 *      the doctor's and the room's advisory locks, held until the commit
 *   3. outside the doctor's working hours (not for all-day appointments) -> 409 appointment_outside_working_hours
 *      (accepted with confirmOutsideWorkingHours)
 */

const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** An all-day appointment is the clinic-day of its start, from local midnight to the next local midnight. */
export function normalizeSlot(start: string | Date, end: string | Date, allDay: boolean, timeZone: string): Slot {
  const s = new Date(start);
  if (allDay) return dayBounds(localDate(s, timeZone), timeZone);
  return { start: s, end: new Date(end) };
}

/** The clinic-days a slot touches: its start's day to the day of its last moment. */
const daysOf = (slot: Slot, timeZone: string) => ({
  first: localDate(slot.start, timeZone),
  last: localDate(new Date(slot.end.getTime() - 1), timeZone),
});

/** Indexes of the slots that fall on a clinic holiday or on the doctor's leave. */
export async function slotsOnVacation(tx: Tx, clinicId: number, timeZone: string, doctorId: number, slots: Slot[]) {
  if (!slots.length) return new Set<number>();
  const days = JSON.stringify(slots.map((s, i) => ({ i, ...daysOf(s, timeZone) })));
  const rows = await rowsOf<{ i: number }>(
    tx,
    sql`select distinct r.i from vacations v
        join jsonb_to_recordset(${days}::jsonb) as r(i int, first date, last date)
          on v.start_date <= r.last and v.end_date >= r.first
        where v.clinic_id = ${clinicId} and (v.user_id is null or v.user_id = ${doctorId})`,
  );
  return new Set(rows.map((r) => Number(r.i)));
}

/**
 * Whether the doctor (or room) holds another appointment that still takes time (status not canceled, missed or
 * rescheduled) overlapping any slot. `exclude`: the appointments being saved themselves. The starts_at lower bound
 * (an appointment lasts at most 25 hours) lets the (clinic, doctor|room, starts_at) index bound the scan.
 */
export async function hasClash(tx: Tx, clinicId: number, who: 'doctor' | 'room', id: number, slots: Slot[], exclude: number[]) {
  if (!slots.length) return false;
  const ranges = JSON.stringify(slots.map((s) => ({ s: s.start.toISOString(), e: s.end.toISOString() })));
  const column = sql.raw(who === 'doctor' ? 'a.doctor_id' : 'a.room_id');
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select a.id from appointments a
        join jsonb_to_recordset(${ranges}::jsonb) as r(s timestamptz, e timestamptz)
          on a.starts_at < r.e and a.ends_at > r.s and a.starts_at >= r.s - interval '25 hours'
        where a.clinic_id = ${clinicId} and ${column} = ${id}
          and a.status not in (${sql.join(INACTIVE_STATUSES.map((s) => sql`${s}`), sql`, `)})
          and not (a.id = any(${`{${exclude.join(',')}}`}::bigint[]))
        limit 1`,
  );
  return rows.length > 0;
}

export type Shift = { start: number; end: number };

/** A user's shifts per weekday in minutes, adjacent or overlapping shifts merged (09:00-13:00 + 13:00-17:00 = 09-17). */
export async function weeklyShifts(tx: Tx, clinicId: number, userId: number) {
  const rows = await tx
    .select({ day: userWorkingHours.dayOfWeek, start: userWorkingHours.startTime, end: userWorkingHours.endTime })
    .from(userWorkingHours)
    .where(and(eq(userWorkingHours.clinicId, clinicId), eq(userWorkingHours.userId, userId)))
    .orderBy(asc(userWorkingHours.dayOfWeek), asc(userWorkingHours.startTime));
  const week = new Map<number, Shift[]>();
  for (const r of rows) {
    const shifts = week.get(r.day) ?? [];
    const shift = { start: clockMinutes(r.start), end: clockMinutes(r.end) };
    const last = shifts.at(-1);
    if (last && shift.start <= last.end) last.end = Math.max(last.end, shift.end);
    else shifts.push(shift);
    week.set(r.day, shifts);
  }
  return week;
}

/**
 * Whether a slot leaves the doctor's working hours (clinic's wall clock). Each clinic-day the slot touches must
 * lie inside one shift of that weekday. A doctor without any shift has no hours to leave.
 */
export function outsideWorkingHours(week: Map<number, Shift[]>, slot: Slot, timeZone: string) {
  if (!week.size) return false;
  const from = localDateTime(slot.start, timeZone);
  const to = localDateTime(slot.end, timeZone);
  for (let date = from.date; date <= to.date; date = addDays(date, 1)) {
    const a = date === from.date ? from.minutes : 0;
    const b = date === to.date ? to.minutes : DAY_MINUTES;
    if (b <= a) continue; // ends at that day's midnight
    const covered = (week.get(weekdayOf(date)) ?? []).some((s) => s.start <= a && b <= s.end);
    if (!covered) return true;
  }
  return false;
}

export interface ScheduleCheck {
  doctorId: number;
  roomId: number;
  allDay: boolean;
  slots: Slot[];
  /** The appointments being saved (they never clash with themselves). */
  exclude: number[];
  /** The caller already dealt with vacations (a recurrence skips the later occurrences that fall on one). */
  vacationsChecked?: boolean;
  confirmOverlap?: boolean;
  confirmOutsideWorkingHours?: boolean;
}

/**
 * Holds, until the transaction ends, the doctor's and the room's schedule locks: two requests that would book the
 * same doctor or room take turns between the clash check and the commit, so the second sees the first's appointment
 * (docs/scheduler.md "Saving under concurrency").
 */
export const lockDoctorAndRoom = (tx: Tx, doctorId: number, roomId: number) =>
  lockKeys(tx, [`appointments:doctor:${doctorId}`, `appointments:room:${roomId}`]);

/** Check 2: the doctor, then the room, must be free (unless the clinic allows overlapping and it was confirmed). */
async function checkOverlap(tx: Tx, session: ClinicSession, c: Pick<ScheduleCheck, 'doctorId' | 'roomId' | 'slots' | 'exclude' | 'confirmOverlap'>) {
  if (session.clinic.allowOverlappingAppointments && c.confirmOverlap === true) return;
  await lockDoctorAndRoom(tx, c.doctorId, c.roomId);
  if (await hasClash(tx, session.clinicId, 'doctor', c.doctorId, c.slots, c.exclude)) fail('appointment_doctor_busy');
  if (await hasClash(tx, session.clinicId, 'room', c.roomId, c.slots, c.exclude)) fail('appointment_room_busy');
}

/**
 * A canceled or missed appointment taken back (AS8/AS9 -> AS1/AS2) takes its time again: its doctor and room must
 * be free, as for a new one. Where the clinic allows overlapping appointments the reopening counts as confirmed. An
 * appointment without doctor or room (a website booking) holds neither.
 */
export async function checkReopen(tx: Tx, session: ClinicSession, row: { id: number; doctorId: number | null; roomId: number | null; startsAt: Date; endsAt: Date }) {
  if (row.doctorId == null || row.roomId == null) return;
  await checkOverlap(tx, session, {
    doctorId: row.doctorId,
    roomId: row.roomId,
    slots: [{ start: row.startsAt, end: row.endsAt }],
    exclude: [row.id],
    confirmOverlap: true,
  });
}

/** Runs the checks in order on every slot; the first refusal is thrown. */
export async function checkSchedule(tx: Tx, session: ClinicSession, c: ScheduleCheck) {
  const { clinicId, clinic } = session;
  const timeZone = clinic.timeZone;
  if (!c.vacationsChecked && (await slotsOnVacation(tx, clinicId, timeZone, c.doctorId, c.slots)).size)
    fail('appointment_on_vacation');
  await checkOverlap(tx, session, c);
  if (!c.allDay && !c.confirmOutsideWorkingHours) {
    const week = await weeklyShifts(tx, clinicId, c.doctorId);
    if (c.slots.some((slot) => outsideWorkingHours(week, slot, timeZone))) fail('appointment_outside_working_hours');
  }
}

/** The room of an appointment: the clinic must have rooms at all (add_rooms_first), and this one must be its own. */
export async function assertRoom(tx: Tx, clinicId: number, roomId: number) {
  const [row] = await tx
    .select({
      any: sql<boolean>`exists (select 1 from ${rooms} where ${rooms.clinicId} = ${clinicId})`,
      mine: sql<boolean>`exists (select 1 from ${rooms} where ${rooms.clinicId} = ${clinicId} and ${rooms.id} = ${roomId})`,
    })
    .from(sql`(select 1) as one`);
  if (!row?.any) fail('add_rooms_first');
  if (!row?.mine) fail('not_found');
}
