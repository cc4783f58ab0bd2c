import type { ClinicRoleCode, ErrorCode } from '@dental/contract';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { branches, roles, userBranches, users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { lockKeys } from '../../platform/db/locks.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';

/*
 * Who may act on which user (issue 3 "bad input and safety"): a user of another clinic does not exist (404);
 * only the owner (RL1) acts on an owner's account; the clinic keeps at least one active owner.
 */

export type TargetUser = typeof users.$inferSelect & { baseRole: ClinicRoleCode };

/** Users that still exist: not soft-deleted. */
export const liveUsers = (clinicId: number) => and(eq(users.clinicId, clinicId), isNull(users.deletedAt));

/**
 * A user of the caller's clinic that is not deleted, with the base role of their role; else 404. `lock`: the user's
 * row is held (FOR UPDATE) until the transaction ends, and read again after a concurrent change (a user deleted
 * meanwhile is then 404).
 */
export async function findUser(tx: Tx, clinicId: number, id: number, lock = false): Promise<TargetUser> {
  const query = tx
    .select({ user: users, baseRole: roles.baseRole })
    .from(users)
    .innerJoin(roles, and(eq(roles.clinicId, users.clinicId), eq(roles.id, users.roleId)))
    .where(and(liveUsers(clinicId), eq(users.id, id)));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  if (!row) return fail('user_not_found');
  return { ...row.user, baseRole: row.baseRole as ClinicRoleCode };
}

export const isOwner = (session: ClinicSession) => session.userRole === 'RL1';

/** Only an owner acts on an owner's account (else a manager could take it over by changing its e-mail). */
export function assertMayActOn(session: ClinicSession, target: TargetUser) {
  if (target.baseRole === 'RL1' && !isOwner(session) && target.id !== session.userId) fail('action_not_allowed');
}

/**
 * 409 last_owner when `target` is the clinic's only active owner (before deleting or deactivating them). Counted
 * under the clinic's owners lock, so two owners removing each other at once cannot both pass.
 */
export async function assertNotLastOwner(tx: Tx, clinicId: number, target: TargetUser) {
  if (target.baseRole !== 'RL1' || !target.isActive) return;
  await lockKeys(tx, ['owners']);
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, and(eq(roles.clinicId, users.clinicId), eq(roles.id, users.roleId)))
    .where(and(liveUsers(clinicId), eq(users.isActive, true), eq(roles.baseRole, 'RL1'), ne(users.id, target.id)))
    .limit(1);
  if (!others.length) fail('last_owner');
}

/** The ids that are branches of the clinic; any other id is 404 on `field`. */
export async function assertClinicBranches(tx: Tx, clinicId: number, ids: readonly number[], field: string) {
  const found = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.clinicId, clinicId), inArray(branches.id, [...ids])));
  if (found.length !== new Set(ids).size) fail('not_found', { [field]: 'not_found' satisfies ErrorCode });
}

/** The branches assigned to a user (user_branches). */
export async function assignedBranches(tx: Tx, clinicId: number, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: userBranches.branchId })
    .from(userBranches)
    .where(and(eq(userBranches.clinicId, clinicId), eq(userBranches.userId, userId)))
    .orderBy(userBranches.branchId);
  return rows.map((r) => r.id);
}

/** Nobody hands out a branch they cannot work in themselves (the owner works in all of them). */
export function assertCallerBranches(session: ClinicSession, added: readonly number[], field: string) {
  if (added.some((b) => !session.branchIds.includes(b))) fail('action_not_allowed', { [field]: 'action_not_allowed' });
}
