import { RECURRENCE_MAX_OCCURRENCES, type SaveAppointmentRecurrenceInput } from '@dental/contract';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import type { Hub } from '../../platform/realtime/hub.js';
import { findPatient } from '../patients/index.js';
import { localDate } from './clinic-time.js';
import { recurrenceSlots } from './recurrence.js';
import { refreshBranches } from './refresh.js';
import { allowedBranch, findDoctor } from './scheduler-access.js';
import { assertRoom, checkSchedule, normalizeSlot, slotsOnVacation } from './schedule-checks.js';
import { appointmentSeries, appointments } from './scheduler.table.js';

/**
 * Creates a series: the first occurrence at start/end, the others by the rule on the clinic's wall clock.
 * The first occurrence is checked like SaveAppointment. Later occurrences on a vacation or clinic holiday are
 * skipped (not moved); every other occurrence passes the overlap and working-hours checks like the first (the same
 * confirmations accept them all). Returns the series and its occurrences' ids in time order.
 */
export async function saveAppointmentRecurrence(tx: Tx, session: ClinicSession, hub: Hub, input: SaveAppointmentRecurrenceInput) {
  const { clinicId } = session;
  const timeZone = session.clinic.timeZone;
  const branchId = allowedBranch(session, input.branchId);
  await assertRoom(tx, clinicId, input.roomId);
  await findDoctor(tx, session, branchId, input.doctorId);
  await findPatient(tx, session, input.patientId);

  const rule = input.recurrence;
  const first = normalizeSlot(input.start, input.end, input.allDay, timeZone);
  if (rule.untilDate !== undefined && rule.untilDate < localDate(first.start, timeZone))
    fail('validation', { 'recurrence.untilDate': 'end_date_before_start' });
  const slots = recurrenceSlots(first, rule, timeZone);
  if (slots.length > RECURRENCE_MAX_OCCURRENCES) fail('validation', { 'recurrence.untilDate': 'recurrence_too_many' });

  const onVacation = await slotsOnVacation(tx, clinicId, timeZone, input.doctorId, slots);
  if (onVacation.has(0)) fail('appointment_on_vacation');
  const kept = slots.filter((_, i) => !onVacation.has(i));
  await checkSchedule(tx, session, {
    doctorId: input.doctorId,
    roomId: input.roomId,
    allDay: input.allDay,
    slots: kept,
    exclude: [],
    vacationsChecked: true,
    confirmOverlap: input.confirmOverlap,
    confirmOutsideWorkingHours: input.confirmOutsideWorkingHours,
  });

  const [series] = await tx
    .insert(appointmentSeries)
    .values({
      clinicId,
      frequency: rule.frequency,
      interval: rule.interval,
      weekdays: rule.frequency === 'weekly' ? [...new Set(rule.weekdays)].sort((a, b) => a - b) : null,
      untilDate: rule.untilDate ?? null,
      count: rule.count ?? null,
      createdBy: session.userId,
    })
    .returning({ id: appointmentSeries.id });
  const created = await tx
    .insert(appointments)
    .values(
      kept.map((slot) => ({
        clinicId,
        branchId,
        patientId: input.patientId,
        doctorId: input.doctorId,
        roomId: input.roomId,
        seriesId: series!.id,
        startsAt: slot.start,
        endsAt: slot.end,
        allDay: input.allDay,
        status: input.status ?? 'AS1',
        notes: input.notes || null,
        source: 'clinic',
        createdBy: session.userId,
      })),
    )
    .returning({ id: appointments.id, startsAt: appointments.startsAt });
  await refreshBranches(hub, clinicId, [branchId], tx);
  return {
    seriesId: series!.id,
    ids: created.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id).map((c) => c.id),
  };
}
