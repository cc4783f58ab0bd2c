import {
  type AppointmentStatus, CHECK_IN_STATUS, CHECK_OUT_STATUS, INACTIVE_STATUSES, type UpdateAppointmentStatusInput, canMoveTo, statusUpdateTargets,
} from '@dental/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import type { Hub } from '../../platform/realtime/hub.js';
import { refreshBranches } from './refresh.js';
import { type AppointmentRow, assertVersion, findAppointment } from './scheduler-access.js';
import { checkReopen } from './schedule-checks.js';
import { appointments } from './scheduler.table.js';

/** Back to waiting to happen (a canceled or missed appointment reopened): it has not been attended (yet). */
const NOT_ARRIVED: readonly AppointmentStatus[] = ['AS1', 'AS2'];

async function moveTo(
  tx: Tx,
  session: ClinicSession,
  hub: Hub,
  row: AppointmentRow,
  status: AppointmentStatus,
  extra: Partial<typeof appointments.$inferInsert> = {},
) {
  const now = new Date();
  const reopened = NOT_ARRIVED.includes(status) ? { checkInAt: null, checkInBy: null } : {};
  const [saved] = await tx
    .update(appointments)
    .set({
      status,
      statusUpdatedAt: now,
      statusUpdatedBy: session.userId,
      ...reopened,
      ...extra,
      version: sql`${appointments.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(appointments.clinicId, session.clinicId), eq(appointments.id, row.id), eq(appointments.version, row.version)))
    .returning({ id: appointments.id, version: appointments.version });
  if (!saved) return fail('appointment_changed');
  await refreshBranches(hub, session.clinicId, [row.branchId], tx);
  return saved;
}

/** A status change other than check-in and check-out: only to a next status the transition table allows. */
export async function updateAppointmentStatus(tx: Tx, session: ClinicSession, hub: Hub, input: UpdateAppointmentStatusInput) {
  const row = await findAppointment(tx, session, input.id, true);
  assertVersion(row, input.version);
  const targets: readonly AppointmentStatus[] = statusUpdateTargets(row.status as AppointmentStatus);
  if (!targets.includes(input.status)) fail('appointment_status_not_allowed');
  if (INACTIVE_STATUSES.includes(row.status as AppointmentStatus) && !INACTIVE_STATUSES.includes(input.status)) await checkReopen(tx, session, row);
  return moveTo(tx, session, hub, row, input.status);
}

/** The patient arrived: AS3, with who and when. */
export async function checkIn(tx: Tx, session: ClinicSession, hub: Hub, input: { id: number; version?: number }) {
  const row = await findAppointment(tx, session, input.id, true);
  assertVersion(row, input.version);
  if (!canMoveTo(row.status as AppointmentStatus, CHECK_IN_STATUS)) fail('appointment_status_not_allowed');
  return moveTo(tx, session, hub, row, CHECK_IN_STATUS, { checkInAt: new Date(), checkInBy: session.userId });
}

/** The patient left: AS7 (final), with who and when. */
export async function checkOut(tx: Tx, session: ClinicSession, hub: Hub, input: { id: number; version?: number }) {
  const row = await findAppointment(tx, session, input.id, true);
  assertVersion(row, input.version);
  if (!canMoveTo(row.status as AppointmentStatus, CHECK_OUT_STATUS)) fail('appointment_status_not_allowed');
  return moveTo(tx, session, hub, row, CHECK_OUT_STATUS, { checkOutAt: new Date(), checkOutBy: session.userId });
}
