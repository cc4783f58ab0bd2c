import { OWNER_ROLE, type PermissionKey, normalizeRoleKeys } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { rolePermissions, roles } from '../../platform/auth/identity.table.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';

/*
 * Nobody raises their own permissions (issue 3 "bad input and safety"). The owner (a user of the default role
 * RL1) manages every role. Anyone else with the role keys manages only roles that hold no key they lack: they
 * cannot grant, copy or assign a key they do not hold, cannot touch their own role or their own user's role,
 * and cannot give or take the owner role.
 */

/** Whether the caller holds the clinic's default owner role (a custom role never acts as the owner). */
export async function callerIsOwner(tx: Tx, session: ClinicSession): Promise<boolean> {
  const [row] = await tx
    .select({ code: roles.code, isDefault: roles.isDefault })
    .from(roles)
    .where(and(eq(roles.clinicId, session.clinicId), eq(roles.id, session.roleId)));
  return !!row && row.isDefault && row.code === OWNER_ROLE;
}

/** 403 action_not_allowed unless the caller is the owner or holds every one of these keys. */
export function assertMayManageRole(session: ClinicSession, owner: boolean, keys: Iterable<string>) {
  if (owner) return;
  for (const key of keys) if (!session.permissions.has(key)) fail('action_not_allowed');
}

/** A role's keys in catalogue order. */
export async function keysOf(tx: Tx, clinicId: number, roleId: number): Promise<PermissionKey[]> {
  const rows = await tx
    .select({ key: rolePermissions.permissionKey })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.clinicId, clinicId), eq(rolePermissions.roleId, roleId)));
  return normalizeRoleKeys(rows.map((r) => r.key as PermissionKey));
}

/** Replaces a role's keys with exactly this list. */
export async function replaceKeys(tx: Tx, clinicId: number, roleId: number, keys: readonly PermissionKey[]) {
  await tx
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.clinicId, clinicId), eq(rolePermissions.roleId, roleId)));
  if (keys.length)
    await tx.insert(rolePermissions).values(keys.map((permissionKey) => ({ clinicId, roleId, permissionKey })));
}
