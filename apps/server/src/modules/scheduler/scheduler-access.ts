import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { roles, userBranches, users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { appointments } from './scheduler.table.js';

/*
 * Who may see and change which appointments (spec §6 "Calendar"): only the branches the user may work in; without
 * scheduler_view_all, only the appointments whose doctor is the user (scheduler_view_mine).
 */

export const seesAll = (session: ClinicSession) => session.permissions.has('scheduler_view_all');

/**
 * The branch a call works on: the one asked for, else the request's branch. A branch of the clinic the user may not
 * work in is 403 BS15 (as for patients and the Bid header); an id that is not the clinic's branch is 404.
 */
export function allowedBranch(session: ClinicSession, branchId?: number): number {
  const id = branchId ?? session.branchId;
  if (id == null || !session.clinicBranchIds.includes(id)) return fail('not_found');
  if (!session.branchIds.includes(id)) return fail('BS15');
  return id;
}

/** The appointments the user may see: their branches, and their own only without scheduler_view_all. */
export function visibleAppointments(session: ClinicSession): SQL {
  return and(
    eq(appointments.clinicId, session.clinicId),
    session.branchIds.length ? inArray(appointments.branchId, [...session.branchIds]) : sql`false`,
    seesAll(session) ? undefined : eq(appointments.doctorId, session.userId),
  )!;
}

export type AppointmentRow = typeof appointments.$inferSelect;

/**
 * Refuses appointments of the clinic the user may not reach: one in a branch they may not work in is 403 BS15 (as
 * for patients and allowedBranch); else, without scheduler_view_all, another doctor's is 404 appointment_not_found.
 */
export function assertAppointmentsReachable(
  session: ClinicSession,
  rows: ReadonlyArray<Pick<AppointmentRow, 'branchId' | 'doctorId'>>,
) {
  if (rows.some((r) => !session.branchIds.includes(r.branchId))) fail('BS15');
  if (!seesAll(session) && rows.some((r) => r.doctorId !== session.userId)) fail('appointment_not_found');
}

/**
 * An appointment the user may see. Another clinic's id or a missing one is 404 appointment_not_found; one of
 * another branch or (view_mine) another doctor's is refused by assertAppointmentsReachable.
 */
export async function findAppointment(
  tx: Tx,
  session: ClinicSession,
  id: number,
  lock = false,
): Promise<AppointmentRow> {
  const query = tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.clinicId, session.clinicId), eq(appointments.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return fail('appointment_not_found');
  assertAppointmentsReachable(session, [row]);
  return row;
}

/** Finished (AS7) and rescheduled (AS10) appointments are history: they are neither edited nor deleted. */
export const LOCKED_STATUSES: readonly string[] = ['AS7', 'AS10'];
/** The patient came (checked in .. checked out): the visit happened, so it is never deleted. */
export const ATTENDED_STATUSES: readonly string[] = ['AS3', 'AS4', 'AS5', 'AS6', 'AS7'];

/** A sent version must be the stored one (optimistic locking); an absent one is not checked. */
export function assertVersion(row: AppointmentRow, version: number | undefined) {
  if (version !== undefined && version !== row.version) fail('appointment_changed');
}

/**
 * Works in the branch: the owner (RL1) works in every branch, everyone else in their home branch and the branches
 * assigned to them (the same rule as the session's branches).
 */
export const worksInBranch = (branchId: number): SQL => sql`(
  ${users.branchId} = ${branchId}
  or exists (select 1 from ${userBranches} ub where ub.clinic_id = ${users.clinicId} and ub.user_id = ${users.id} and ub.branch_id = ${branchId})
  or exists (select 1 from ${roles} r where r.clinic_id = ${users.clinicId} and r.id = ${users.roleId} and r.base_role = 'RL1')
)`;

/** The users who take appointments in a branch: active, not deleted, marked as doctors, working in it. */
export const branchDoctors = (clinicId: number, branchId: number): SQL =>
  and(
    eq(users.clinicId, clinicId),
    eq(users.isDoctor, true),
    eq(users.isActive, true),
    sql`${users.deletedAt} is null`,
    worksInBranch(branchId),
  )!;

/** The appointment's doctor: a doctor of the branch; for a view_mine user only themselves. Else 404 user_not_found. */
export async function findDoctor(tx: Tx, session: ClinicSession, branchId: number, doctorId: number) {
  if (!seesAll(session) && doctorId !== session.userId) return fail('user_not_found');
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(branchDoctors(session.clinicId, branchId), eq(users.id, doctorId)));
  return row ?? fail('user_not_found');
}
