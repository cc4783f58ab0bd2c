import { type ErrorCode, type RoleCode, type Tier } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../errors.js';
import type { Tx } from '../db/types.js';
import { branches, clinics, rolePermissions, roles, userBranches, users } from './identity.table.js';
import type { TokenClaims } from './tokens.js';

/** Who is calling, loaded fresh on every request so permission and tier changes apply at once. */
export interface ClinicSession {
  userId: number;
  clinicId: number;
  branchId: number | null;
  roleId: number;
  userRole: RoleCode;
  permissions: ReadonlySet<string>;
  tier: Tier;
  /** Branches this user may work in. */
  branchIds: readonly number[];
  user: typeof users.$inferSelect;
  clinic: typeof clinics.$inferSelect;
}

const expired = (): never => {
  throw new AppError('session_expired');
};

/** Loads the session of a clinic token inside the clinic's transaction and checks the Cid and Bid headers. */
export async function loadClinicSession(
  tx: Tx,
  claims: TokenClaims,
  headers: { cid?: string; bid?: string },
): Promise<ClinicSession> {
  const clinicId = claims.cid!;
  if (headers.cid && Number(headers.cid) !== clinicId) throw new AppError('BS16');
  const [row] = await tx
    .select({ user: users, clinic: clinics, role: roles })
    .from(users)
    .innerJoin(clinics, eq(clinics.id, users.clinicId))
    .innerJoin(roles, and(eq(roles.clinicId, users.clinicId), eq(roles.id, users.roleId)))
    .where(and(eq(users.clinicId, clinicId), eq(users.id, claims.sub)));
  if (!row || !row.user.isActive || row.user.deletedAt || row.user.tokenVersion !== claims.ver) return expired();
  if (!row.clinic.isActive) throw new AppError('account_not_active');
  const keys = await tx
    .select({ key: rolePermissions.permissionKey })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.clinicId, clinicId), eq(rolePermissions.roleId, row.role.id)));
  const userRole = row.role.baseRole as RoleCode;
  const branchIds = await allowedBranches(tx, clinicId, row.user.id, userRole, row.user.branchId);
  let branchId = row.user.branchId ?? branchIds[0] ?? null;
  if (headers.bid) {
    const bid = Number(headers.bid);
    if (!branchIds.includes(bid)) throw new AppError('BS15' satisfies ErrorCode);
    branchId = bid;
  }
  return {
    userId: row.user.id,
    clinicId,
    branchId,
    roleId: row.role.id,
    userRole,
    permissions: new Set(keys.map((k) => k.key)),
    tier: row.clinic.subscriptionType as Tier,
    branchIds,
    user: row.user,
    clinic: row.clinic,
  };
}

/** The owner works in every branch; everyone else in their assigned branches (or their home branch). */
export async function allowedBranches(tx: Tx, clinicId: number, userId: number, role: RoleCode, home: number | null) {
  if (role === 'RL1') {
    const all = await tx.select({ id: branches.id }).from(branches).where(eq(branches.clinicId, clinicId)).orderBy(branches.id);
    return all.map((b) => b.id);
  }
  const assigned = await tx
    .select({ id: userBranches.branchId })
    .from(userBranches)
    .where(and(eq(userBranches.clinicId, clinicId), eq(userBranches.userId, userId)))
    .orderBy(userBranches.branchId);
  const ids = assigned.map((b) => b.id);
  if (home && !ids.includes(home)) ids.unshift(home);
  return ids;
}
