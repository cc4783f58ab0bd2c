import {
  OWNER_ROLE,
  type PermissionKey,
  type SaveRolePermissionInput,
  type SaveUserRoleInput,
  isPermissionKey,
  normalizeRoleKeys,
  permissionDefinition,
} from '@dental/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { users } from '../../platform/auth/identity.table.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { assertMayManageRole, callerIsOwner, keysOf, replaceKeys } from './role-guards.js';
import { findRole } from './roles.service.js';

/** One key of the fixed catalogue; an unknown key is 404. */
export function getPermission(key: string) {
  return isPermissionKey(key) ? permissionDefinition(key) : fail('not_found');
}

export async function getRolePermissions(tx: Tx, clinicId: number, roleId: number) {
  const role = await findRole(tx, clinicId, roleId);
  return { roleId: role.id, permissions: await keysOf(tx, clinicId, role.id) };
}

/**
 * Replaces a role's keys (action keys without their view-list key are dropped). The owner role always keeps every
 * key; a non-owner cannot edit their own role nor a role that holds, or would hold, a key they lack. The role's
 * users get the new keys on their next request (the session is loaded per request). The role's row stays locked
 * until the commit, so concurrent saves of one role take turns: each succeeds and the last one's list is the result
 * (never a mix, never a duplicate key).
 */
export async function saveRolePermission(tx: Tx, session: ClinicSession, input: SaveRolePermissionInput) {
  const clinicId = session.clinicId;
  const role = await findRole(tx, clinicId, input.roleId, true);
  if (role.isDefault && role.code === OWNER_ROLE) fail('action_not_allowed');
  const owner = await callerIsOwner(tx, session);
  if (!owner && role.id === session.roleId) fail('action_not_allowed');
  const next: PermissionKey[] = normalizeRoleKeys(input.permissions);
  if (!owner) {
    assertMayManageRole(session, owner, await keysOf(tx, clinicId, role.id));
    assertMayManageRole(session, owner, next);
  }
  await replaceKeys(tx, clinicId, role.id, next);
  return { roleId: role.id, permissions: next };
}

/**
 * Gives a user of the clinic another role of the clinic. Never one's own user; a non-owner can neither give nor
 * take the owner role and can only move a user between roles that hold no key they lack.
 */
export async function saveUserRole(tx: Tx, session: ClinicSession, input: SaveUserRoleInput) {
  const clinicId = session.clinicId;
  if (input.userId === session.userId) fail('action_not_allowed');
  const [user] = await tx
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.clinicId, clinicId), eq(users.id, input.userId), isNull(users.deletedAt)));
  if (!user) return fail('user_not_found');
  const role = await findRole(tx, clinicId, input.roleId);
  const owner = await callerIsOwner(tx, session);
  if (!owner) {
    const current = await findRole(tx, clinicId, user.roleId);
    if (role.code === OWNER_ROLE || current.code === OWNER_ROLE) fail('action_not_allowed');
    assertMayManageRole(session, owner, await keysOf(tx, clinicId, current.id));
    assertMayManageRole(session, owner, await keysOf(tx, clinicId, role.id));
  }
  await tx
    .update(users)
    .set({ roleId: role.id, updatedAt: new Date() })
    .where(and(eq(users.clinicId, clinicId), eq(users.id, user.id)));
  return { ok: true as const };
}
