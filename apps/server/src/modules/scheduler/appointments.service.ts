import type { DeleteAppointmentInput, SaveAppointmentInput } from '@dental/contract';
import { and, asc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import type { Hub } from '../../platform/realtime/hub.js';
import { findPatient } from '../patients/index.js';
import { fromNaiveMs, naiveMs } from './clinic-time.js';
import type { Slot } from './recurrence.js';
import { refreshBranches } from './refresh.js';
import {
  ATTENDED_STATUSES, type AppointmentRow, LOCKED_STATUSES, allowedBranch, assertAppointmentsReachable, assertVersion, findAppointment,
  findDoctor, visibleAppointments,
} from './scheduler-access.js';
import { assertRoom, checkSchedule, normalizeSlot } from './schedule-checks.js';
import { appointmentSeries, appointments } from './scheduler.table.js';

/** Occurrences a series change or deletion leaves alone: attended visits and final statuses. */
const KEPT_STATUSES = [...new Set([...ATTENDED_STATUSES, ...LOCKED_STATUSES])];

/** The later occurrences of an appointment's series that the user may see and that a series change may touch. */
function laterOccurrences(tx: Tx, session: ClinicSession, row: AppointmentRow) {
  return tx
    .select()
    .from(appointments)
    .where(
      and(
        visibleAppointments(session),
        eq(appointments.seriesId, row.seriesId!),
        gt(appointments.startsAt, row.startsAt),
        notInArray(appointments.status, KEPT_STATUSES),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .for('update');
}

/**
 * Shifts an occurrence by the change of the edited one, on the clinic's wall clock (moving a weekly 10:00 to 11:00
 * moves every later one to 11:00, across clock changes too).
 */
function shifted(row: AppointmentRow, from: AppointmentRow, to: Slot, allDay: boolean, timeZone: string): Slot {
  const startDelta = naiveMs(to.start, timeZone) - naiveMs(from.startsAt, timeZone);
  const endDelta = naiveMs(to.end, timeZone) - naiveMs(from.endsAt, timeZone);
  const start = fromNaiveMs(naiveMs(row.startsAt, timeZone) + startDelta, timeZone);
  if (allDay) return normalizeSlot(start, start, true, timeZone);
  let end = fromNaiveMs(naiveMs(row.endsAt, timeZone) + endDelta, timeZone);
  if (end <= start) end = new Date(start.getTime() + (to.end.getTime() - to.start.getTime()));
  return { start, end };
}

/**
 * Adds an appointment (no id) or changes one (its version, else 409 appointment_changed). A change with scope
 * 'series' also moves the later occurrences of its series by the same shift and gives them the same patient,
 * branch, doctor, room and notes. The schedule checks run when something that takes time changes (a new
 * appointment, its times, all-day flag, branch, doctor or room), on every occurrence moved.
 */
export async function saveAppointment(tx: Tx, session: ClinicSession, hub: Hub, input: SaveAppointmentInput) {
  const { clinicId } = session;
  const timeZone = session.clinic.timeZone;
  const branchId = allowedBranch(session, input.branchId);
  const existing = input.id ? await findAppointment(tx, session, input.id, true) : undefined;
  if (existing) {
    if (LOCKED_STATUSES.includes(existing.status)) fail('appointment_locked');
    assertVersion(existing, input.version);
  }
  await assertRoom(tx, clinicId, input.roomId);
  if (!existing || existing.doctorId !== input.doctorId || existing.branchId !== branchId)
    await findDoctor(tx, session, branchId, input.doctorId);
  if (!existing || existing.patientId !== input.patientId) await findPatient(tx, session, input.patientId);

  const slot = normalizeSlot(input.start, input.end, input.allDay, timeZone);
  const later = existing?.seriesId && input.scope === 'series' ? await laterOccurrences(tx, session, existing) : [];
  const laterSlots = later.map((row) => shifted(row, existing!, slot, input.allDay, timeZone));
  const changed =
    !existing ||
    existing.startsAt.getTime() !== slot.start.getTime() ||
    existing.endsAt.getTime() !== slot.end.getTime() ||
    existing.allDay !== input.allDay ||
    existing.branchId !== branchId ||
    existing.doctorId !== input.doctorId ||
    existing.roomId !== input.roomId;
  if (changed) {
    await checkSchedule(tx, session, {
      doctorId: input.doctorId,
      roomId: input.roomId,
      allDay: input.allDay,
      slots: [slot, ...laterSlots],
      exclude: [...(existing ? [existing.id] : []), ...later.map((r) => r.id)],
      confirmOverlap: input.confirmOverlap,
      confirmOutsideWorkingHours: input.confirmOutsideWorkingHours,
    });
  }

  const values = {
    branchId,
    patientId: input.patientId,
    doctorId: input.doctorId,
    roomId: input.roomId,
    startsAt: slot.start,
    endsAt: slot.end,
    allDay: input.allDay,
    notes: input.notes || null,
  };
  let saved: { id: number; version: number } | undefined;
  if (existing) {
    [saved] = await tx
      .update(appointments)
      .set({ ...values, version: sql`${appointments.version} + 1`, updatedAt: new Date() })
      .where(and(eq(appointments.clinicId, clinicId), eq(appointments.id, existing.id), eq(appointments.version, existing.version)))
      .returning({ id: appointments.id, version: appointments.version });
    if (!saved) fail('appointment_changed');
    if (later.length) {
      const moves = JSON.stringify(later.map((row, i) => ({ id: row.id, s: laterSlots[i]!.start.toISOString(), e: laterSlots[i]!.end.toISOString() })));
      await tx.execute(sql`
        update appointments a set starts_at = r.s, ends_at = r.e, branch_id = ${branchId}, patient_id = ${input.patientId},
          doctor_id = ${input.doctorId}, room_id = ${input.roomId}, all_day = ${input.allDay}, notes = ${values.notes},
          version = a.version + 1, updated_at = now()
        from jsonb_to_recordset(${moves}::jsonb) as r(id bigint, s timestamptz, e timestamptz)
        where a.clinic_id = ${clinicId} and a.id = r.id`);
    }
  } else {
    [saved] = await tx
      .insert(appointments)
      .values({ ...values, clinicId, status: input.status ?? 'AS1', source: 'clinic', createdBy: session.userId })
      .returning({ id: appointments.id, version: appointments.version });
  }
  await refreshBranches(hub, clinicId, [existing?.branchId, branchId, ...later.map((r) => r.branchId)], tx);
  return saved!;
}

/**
 * Deletes appointments by id (all or none: an id that is not the clinic's appointment is 404, one of a branch the
 * user may not work in 403 BS15, (view_mine) another doctor's 404). Attended visits (AS3-AS7) and
 * rescheduled ones (AS10) are refused. With deleteWithRecurrence, each one's later occurrences go too (those not
 * attended nor final). A series left without occurrences is removed.
 */
export async function deleteAppointments(tx: Tx, session: ClinicSession, hub: Hub, input: DeleteAppointmentInput) {
  const { clinicId } = session;
  const ids = [...new Set(input.ids)];
  const rows = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.clinicId, clinicId), inArray(appointments.id, ids)))
    .for('update');
  if (rows.length !== ids.length) fail('appointment_not_found');
  assertAppointmentsReachable(session, rows);
  if (rows.some((r) => KEPT_STATUSES.includes(r.status))) fail('appointment_locked');
  const targets = new Map(rows.map((r) => [r.id, r]));
  if (input.deleteWithRecurrence) {
    for (const row of rows.filter((r) => r.seriesId)) {
      for (const next of await laterOccurrences(tx, session, row)) targets.set(next.id, next);
    }
  }
  const deleted = await tx
    .delete(appointments)
    .where(and(eq(appointments.clinicId, clinicId), inArray(appointments.id, [...targets.keys()])))
    .returning({ id: appointments.id, branchId: appointments.branchId, seriesId: appointments.seriesId });
  const seriesIds = [...new Set(deleted.map((d) => d.seriesId).filter((s): s is number => s != null))];
  if (seriesIds.length) {
    await tx
      .delete(appointmentSeries)
      .where(
        and(
          eq(appointmentSeries.clinicId, clinicId),
          inArray(appointmentSeries.id, seriesIds),
          sql`not exists (select 1 from ${appointments} where ${appointments.clinicId} = ${clinicId} and ${appointments.seriesId} = ${appointmentSeries.id})`,
        ),
      );
  }
  await refreshBranches(hub, clinicId, deleted.map((d) => d.branchId), tx);
  return { deleted: deleted.length };
}
