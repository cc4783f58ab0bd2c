import {
  type ClinicRoleCode,
  type Country,
  type ErrorCode,
  type Language,
  type PermissionKey,
  type RegisterInput,
  type Theme,
  type UpdateUserBranchInput,
  type UpdateUserInput,
  type UserDetails,
  type UserItem,
  type UserSortField,
  type UsersSearchInput,
  normalizeMobile,
  photoJsonSchema,
  sortedWeek,
} from '@dental/contract';
import { type AnyColumn, type SQL, and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  branches,
  pushSubscriptions,
  rolePermissions,
  roles,
  userBranches,
  userWorkingHours,
  users,
} from '../../platform/auth/identity.table.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { lockKeys } from '../../platform/db/locks.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { comparableMobile, storedMobile } from '../../platform/phone.js';
import {
  type TargetUser,
  assertCallerBranches,
  assertClinicBranches,
  assertMayActOn,
  assertNotLastOwner,
  assignedBranches,
  findUser,
  isOwner,
  liveUsers,
} from './user-guards.js';

const SORT: Record<UserSortField, AnyColumn | SQL> = {
  fullName: lowerOf(users.fullName),
  userName: lowerOf(users.userName),
  email: lowerOf(users.email),
  createdAt: users.createdAt,
};

/** The URLs kept in users.photo_json ({url, thumbnailUrl}); nulls when there is no (readable) photo. */
export function photoUrls(photoJson: string | null): { url: string | null; thumbnailUrl: string | null } {
  if (!photoJson) return { url: null, thumbnailUrl: null };
  try {
    const parsed = photoJsonSchema.safeParse(JSON.parse(photoJson));
    if (parsed.success) return parsed.data;
  } catch {
    /* not JSON */
  }
  return { url: null, thumbnailUrl: null };
}

/** The user works in this branch: their home branch, an assigned one, or any branch for an owner. */
const worksIn = (branchId: number) =>
  or(
    eq(users.branchId, branchId),
    eq(roles.baseRole, 'RL1'),
    sql`exists (select 1 from ${userBranches} where ${userBranches.clinicId} = ${users.clinicId} and ${userBranches.userId} = ${users.id} and ${userBranches.branchId} = ${branchId})`,
  );

const roleJoin = and(eq(roles.clinicId, users.clinicId), eq(roles.id, users.roleId));

/** Branches each user works in (owners: every branch of the clinic), for a page of users. */
async function branchesOfUsers(
  tx: Tx,
  clinicId: number,
  rows: { id: number; branchId: number | null; baseRole: string }[],
) {
  const all = await tx
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.clinicId, clinicId))
    .orderBy(branches.id);
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await tx
        .select({ userId: userBranches.userId, branchId: userBranches.branchId })
        .from(userBranches)
        .where(and(eq(userBranches.clinicId, clinicId), inArray(userBranches.userId, ids)))
    : [];
  const result = new Map<number, { id: number; name: string }[]>();
  for (const row of rows) {
    const mine = new Set(links.filter((l) => l.userId === row.id).map((l) => l.branchId));
    if (row.branchId) mine.add(row.branchId);
    result.set(row.id, row.baseRole === 'RL1' ? all : all.filter((b) => mine.has(b.id)));
  }
  return result;
}

type Row = { user: typeof users.$inferSelect; role: typeof roles.$inferSelect };

function toItem(row: Row, branchList: { id: number; name: string }[]): UserItem {
  const { user, role } = row;
  const photo = photoUrls(user.photoJson);
  return {
    id: user.id,
    userName: user.userName,
    fullName: user.fullName,
    displayName: user.displayName,
    email: user.email,
    mobile: user.mobile,
    roleId: role.id,
    roleNameAr: role.nameAr,
    roleNameEn: role.nameEn,
    roleNameFr: role.nameFr,
    baseRole: role.baseRole as ClinicRoleCode,
    branchId: user.branchId,
    branches: branchList,
    countryId: (user.countryId as Country | null) ?? null,
    isActive: user.isActive,
    isDoctor: user.isDoctor,
    photoUrl: photo.url,
    thumbnailUrl: photo.thumbnailUrl,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function searchUsers(tx: Tx, clinicId: number, input: UsersSearchInput) {
  const where = and(
    liveUsers(clinicId),
    searchIn(input.search, users.fullName, users.displayName, users.userName, users.email, users.mobile),
    input.roleId ? eq(users.roleId, input.roleId) : undefined,
    input.branchId ? worksIn(input.branchId) : undefined,
    input.isActive === undefined ? undefined : eq(users.isActive, input.isActive),
  );
  const { limit, offset } = pageWindow(input);
  const rows = await tx
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, roleJoin)
    .where(where)
    .orderBy(...orderBy(SORT[input.sortField ?? 'fullName'], input.sortOrder, users.id))
    .limit(limit)
    .offset(offset);
  const [total] = await tx.select({ n: count() }).from(users).innerJoin(roles, roleJoin).where(where);
  const branchMap = await branchesOfUsers(
    tx,
    clinicId,
    rows.map((r) => ({ id: r.user.id, branchId: r.user.branchId, baseRole: r.role.baseRole })),
  );
  return listResult(
    rows.map((r) => toItem(r, branchMap.get(r.user.id) ?? [])),
    total?.n ?? 0,
    input,
  );
}

export async function getUser(tx: Tx, clinicId: number, id: number): Promise<UserDetails> {
  const [row] = await tx
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, roleJoin)
    .where(and(liveUsers(clinicId), eq(users.id, id)));
  if (!row) return fail('user_not_found');
  const branchMap = await branchesOfUsers(tx, clinicId, [
    { id: row.user.id, branchId: row.user.branchId, baseRole: row.role.baseRole },
  ]);
  const branchList = branchMap.get(row.user.id) ?? [];
  const hours = await tx
    .select()
    .from(userWorkingHours)
    .where(and(eq(userWorkingHours.clinicId, clinicId), eq(userWorkingHours.userId, id)))
    .orderBy(asc(userWorkingHours.dayOfWeek), asc(userWorkingHours.startTime));
  const days = new Map<number, { start: string; end: string }[]>();
  for (const h of hours)
    days.set(h.dayOfWeek, [...(days.get(h.dayOfWeek) ?? []), { start: h.startTime, end: h.endTime }]);
  return {
    ...toItem(row, branchList),
    branchIds: branchList.map((b) => b.id),
    language: row.user.language as Language,
    theme: row.user.theme as Theme,
    photoJson: row.user.photoJson,
    workingHours: row.user.workingHours,
    workingDays: sortedWeek([...days].map(([dayOfWeek, shifts]) => ({ dayOfWeek, shifts }))),
  };
}

/** Which identity field a value would clash on, and the §8 message each clash reads. */
const CLASH: Record<'email' | 'mobile' | 'userName', ErrorCode> = {
  email: 'email_used',
  mobile: 'phone_exists',
  userName: 'phone_or_username_exists',
};

const sameEmail = (value: string) => sql`lower(${users.email}) = lower(${value.trim()})`;
const sameUserName = (value: string) => sql`lower(${users.userName}) = lower(${value.trim()})`;
const sameMobile = (value: string) => eq(users.mobile, normalizeMobile(value.trim()));

/**
 * Refuses an e-mail, user name or mobile another live user of the clinic has: 409 with the §8 message on each
 * clashing field (the first clash gives the code). Checked under advisory locks of the three values, so requests at
 * once take turns; the partial unique indexes stay the last word.
 */
async function assertIdentityFree(
  tx: Tx,
  clinicId: number,
  values: { email: string; userName: string; mobile: string },
  exceptId?: number,
) {
  await lockKeys(tx, [
    `user-email:${values.email.trim().toLowerCase()}`,
    `user-name:${values.userName.trim().toLowerCase()}`,
    `user-mobile:${normalizeMobile(values.mobile.trim())}`,
  ]);
  const [taken] = await tx
    .select({
      email: sql<boolean>`coalesce(bool_or(${sameEmail(values.email)}), false)`,
      userName: sql<boolean>`coalesce(bool_or(${sameUserName(values.userName)}), false)`,
      mobile: sql<boolean>`coalesce(bool_or(${sameMobile(values.mobile)}), false)`,
    })
    .from(users)
    .where(and(liveUsers(clinicId), exceptId ? ne(users.id, exceptId) : undefined));
  const clashes = (['email', 'mobile', 'userName'] as const).filter((f) => taken?.[f]);
  if (clashes.length) fail(CLASH[clashes[0]!], Object.fromEntries(clashes.map((f) => [f, CLASH[f]])));
}

/**
 * Live availability check: the value is free among the clinic's live users (other than `excludeUserId`). A mobile is
 * read against the clinic's country first (010… and +2010… are the same stored number).
 */
export async function isAvailable(
  tx: Tx,
  session: ClinicSession,
  field: 'email' | 'userName' | 'mobile',
  value: string,
  excludeUserId?: number,
) {
  const clinicId = session.clinicId;
  const match =
    field === 'email'
      ? sameEmail(value)
      : field === 'userName'
        ? sameUserName(value)
        : sameMobile(comparableMobile(value.trim(), session.clinic.countryId));
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(liveUsers(clinicId), match, excludeUserId ? ne(users.id, excludeUserId) : undefined))
    .limit(1);
  return { available: !row };
}

/**
 * A new user. The role must be the clinic's (404); the owner role, or a role holding a key the caller lacks, only
 * an owner gives (403); the branches must be the clinic's (404) and ones the caller works in (403).
 */
export async function registerUser(tx: Tx, session: ClinicSession, typed: RegisterInput) {
  const clinicId = session.clinicId;
  // read against the clinic's country, stored in E.164 (issue 18): a number of the wrong length is refused
  const input = { ...typed, mobile: storedMobile(typed.mobile, session.clinic.countryId) };
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.clinicId, clinicId), eq(roles.id, input.roleId)));
  if (!role) return fail('not_found', { roleId: 'not_found' });
  await assertMayGiveRole(tx, session, role);
  const branchIds = [...new Set(input.branchIds)];
  await assertClinicBranches(tx, clinicId, branchIds, 'branchIds');
  assertCallerBranches(session, branchIds, 'branchIds');
  await assertIdentityFree(tx, clinicId, input);
  const [created] = await tx
    .insert(users)
    .values({
      clinicId,
      userName: input.userName,
      fullName: input.fullName,
      displayName: input.displayName || input.fullName,
      email: input.email,
      mobile: input.mobile,
      passwordHash: await hashPassword(input.password),
      roleId: role.id,
      branchId: input.branchId,
      countryId: input.countryId,
      language: input.language,
      isDoctor: input.isDoctor ?? role.baseRole === 'RL3',
    })
    .returning({ id: users.id });
  await tx.insert(userBranches).values(branchIds.map((branchId) => ({ clinicId, userId: created!.id, branchId })));
  return { id: created!.id };
}

/** Nobody gives more than they have: the owner role and roles with keys the caller lacks are the owner's to give. */
async function assertMayGiveRole(tx: Tx, session: ClinicSession, role: typeof roles.$inferSelect) {
  if (isOwner(session)) return;
  if (role.baseRole === 'RL1') fail('action_not_allowed', { roleId: 'action_not_allowed' });
  const keys = await tx
    .select({ key: rolePermissions.permissionKey })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.clinicId, session.clinicId), eq(rolePermissions.roleId, role.id)));
  if (keys.some((k) => !session.permissions.has(k.key as PermissionKey)))
    fail('action_not_allowed', { roleId: 'action_not_allowed' });
}

export async function updateUser(tx: Tx, session: ClinicSession, typed: UpdateUserInput) {
  const clinicId = session.clinicId;
  const input = { ...typed, mobile: storedMobile(typed.mobile, session.clinic.countryId) };
  const target = await findUser(tx, clinicId, input.id, true);
  assertMayActOn(session, target);
  const deactivating = target.isActive && !input.isActive;
  if (deactivating) {
    if (target.id === session.userId) fail('action_not_allowed', { isActive: 'action_not_allowed' });
    await assertNotLastOwner(tx, clinicId, target);
  }
  if (input.branchId !== target.branchId) await assertHomeBranch(tx, clinicId, target, input.branchId);
  await assertIdentityFree(tx, clinicId, input, target.id);
  await tx
    .update(users)
    .set({
      fullName: input.fullName,
      displayName: input.displayName || input.fullName,
      userName: input.userName,
      email: input.email,
      mobile: input.mobile,
      countryId: input.countryId,
      isActive: input.isActive,
      isDoctor: input.isDoctor,
      branchId: input.branchId,
      updatedAt: new Date(),
      // a deactivated user's sessions end now, and stay ended if they are activated again
      ...(deactivating ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    })
    .where(and(eq(users.clinicId, clinicId), eq(users.id, target.id)));
  return { id: target.id };
}

/** A new home branch is one of the user's branches (any branch of the clinic for an owner). */
async function assertHomeBranch(tx: Tx, clinicId: number, target: TargetUser, branchId: number) {
  await assertClinicBranches(tx, clinicId, [branchId], 'branchId');
  if (target.baseRole === 'RL1') return;
  const assigned = await assignedBranches(tx, clinicId, target.id);
  if (!assigned.includes(branchId)) fail('home_branch_required', { branchId: 'home_branch_required' });
}

/**
 * Replaces a user's branches. They include the home branch; a branch the user did not have yet must be one the
 * caller works in; nobody but an owner changes their own branches.
 */
export async function updateUserBranches(tx: Tx, session: ClinicSession, input: UpdateUserBranchInput) {
  const clinicId = session.clinicId;
  const target = await findUser(tx, clinicId, input.userId, true); // locked: concurrent replacements take turns
  assertMayActOn(session, target);
  if (target.id === session.userId && !isOwner(session))
    fail('action_not_allowed', { branchIds: 'action_not_allowed' });
  const wanted = [...new Set(input.branchIds)];
  await assertClinicBranches(tx, clinicId, wanted, 'branchIds');
  if (target.branchId && !wanted.includes(target.branchId))
    fail('home_branch_required', { branchIds: 'home_branch_required' });
  const current = await assignedBranches(tx, clinicId, target.id);
  assertCallerBranches(
    session,
    wanted.filter((b) => !current.includes(b)),
    'branchIds',
  );
  await tx.delete(userBranches).where(and(eq(userBranches.clinicId, clinicId), eq(userBranches.userId, target.id)));
  await tx.insert(userBranches).values(wanted.map((branchId) => ({ clinicId, userId: target.id, branchId })));
  return { ok: true as const };
}

/**
 * Soft delete: the user stays for the records that name them, cannot log in, and frees their e-mail, user name
 * and mobile. Nobody deletes themselves; the last active owner stays.
 */
export async function deleteUser(tx: Tx, session: ClinicSession, id: number) {
  const clinicId = session.clinicId;
  const target = await findUser(tx, clinicId, id, true);
  if (target.id === session.userId) fail('action_not_allowed');
  assertMayActOn(session, target);
  await assertNotLastOwner(tx, clinicId, target);
  await tx
    .update(users)
    .set({
      deletedAt: new Date(),
      isActive: false,
      fcmToken: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.clinicId, clinicId), eq(users.id, target.id)));
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.clinicId, clinicId), eq(pushSubscriptions.userId, target.id)));
  return { ok: true as const };
}

/** Active doctors (role base RL3), branch managers and owners, optionally only those who work in a branch. */
export async function doctorsNames(tx: Tx, clinicId: number, branchId?: number) {
  const rows = await tx
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .innerJoin(roles, roleJoin)
    .where(
      and(
        liveUsers(clinicId),
        eq(users.isActive, true),
        eq(users.isDoctor, true),
        branchId ? worksIn(branchId) : undefined,
      ),
    )
    .orderBy(lowerOf(users.displayName), users.id);
  return { items: rows };
}
