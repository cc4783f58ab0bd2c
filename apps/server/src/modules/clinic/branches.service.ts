import type { BranchListInput, BranchSortField, ClinicBranchItem, ErrorCode, SaveBranchInput } from '@dental/contract';
import { type AnyColumn, type SQL, and, count, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { branches, userBranches, users } from '../../platform/auth/identity.table.js';
import { lockKeys } from '../../platform/db/locks.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { storedMobile } from '../../platform/phone.js';

/**
 * Active users who work in the branch: it is their home branch or they are assigned to it. The outer columns are
 * written out with their table, since Drizzle leaves single-table column names unqualified.
 */
const userCount = sql<number>`(
  select count(*) from ${users} u
  where u.clinic_id = "branches"."clinic_id" and u.deleted_at is null
    and (u.branch_id = "branches"."id" or exists (
      select 1 from ${userBranches} ub
      where ub.clinic_id = u.clinic_id and ub.user_id = u.id and ub.branch_id = "branches"."id")))`.mapWith(Number);

const SORT: Record<BranchSortField, AnyColumn | SQL> = {
  name: lowerOf(branches.name),
  userCount,
  createdAt: branches.createdAt,
};

const byId = (clinicId: number, id: number) => and(eq(branches.clinicId, clinicId), eq(branches.id, id));

export async function listBranches(tx: Tx, clinicId: number, input: BranchListInput) {
  const where = and(eq(branches.clinicId, clinicId), searchIn(input.search, branches.name, branches.mobile));
  const { limit, offset } = pageWindow(input);
  const rows = await tx
    .select({
      id: branches.id,
      name: branches.name,
      mobile: branches.mobile,
      latitude: branches.latitude,
      longitude: branches.longitude,
      createdAt: branches.createdAt,
      userCount,
    })
    .from(branches)
    .where(where)
    .orderBy(...orderBy(SORT[input.sortField ?? 'name'], input.sortOrder, branches.id))
    .limit(limit)
    .offset(offset);
  const items: ClinicBranchItem[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return listResult(items, await tx.$count(branches, where), input);
}

async function findBranch(tx: Tx, clinicId: number, id: number) {
  const [row] = await tx.select().from(branches).where(byId(clinicId, id));
  return row ?? fail('not_found');
}

/** Spec §8 "Branch name or mobile already exists": 409 branch_exists on each field another branch of the clinic uses. */
async function assertBranchFree(tx: Tx, clinicId: number, input: SaveBranchInput) {
  // requests at once take turns (the name's index is case-sensitive and the mobile has none)
  await lockKeys(tx, [`branch-name:${input.name.toLowerCase()}`, ...(input.mobile ? [`branch-mobile:${input.mobile}`] : [])]);
  const sameName = sql`lower(${branches.name}) = lower(${input.name})`;
  const sameMobile = input.mobile ? eq(branches.mobile, input.mobile) : undefined;
  const clashes = await tx
    .select({ name: sameName.mapWith(Boolean), mobile: (sameMobile ?? sql`false`).mapWith(Boolean) })
    .from(branches)
    .where(
      and(eq(branches.clinicId, clinicId), input.id ? ne(branches.id, input.id) : undefined, or(sameName, sameMobile)),
    );
  const fields: Partial<Record<'name' | 'mobile', ErrorCode>> = {};
  if (clashes.some((c) => c.name)) fields.name = 'branch_exists';
  if (clashes.some((c) => c.mobile)) fields.mobile = 'branch_exists';
  if (clashes.length) fail('branch_exists', fields);
}

/**
 * Creates the branch when input.id is absent, else updates it (name, mobile, location). Whoever creates a branch
 * is assigned to it, so they can switch to it at once (the owner works in every branch anyway).
 */
export async function saveBranch(tx: Tx, session: ClinicSession, typed: SaveBranchInput) {
  const clinicId = session.clinicId;
  // read against the clinic's country and stored in E.164 (issue 18), so the clash check compares like with like
  const input = { ...typed, mobile: typed.mobile ? storedMobile(typed.mobile, session.clinic.countryId, 'phone') : undefined };
  if (input.id) await findBranch(tx, clinicId, input.id);
  await assertBranchFree(tx, clinicId, input);
  const values = {
    name: input.name,
    mobile: input.mobile ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
  };
  if (input.id) {
    await tx.update(branches).set(values).where(byId(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(branches)
    .values({ clinicId, ...values })
    .returning({ id: branches.id });
  if (session.userRole !== 'RL1')
    await tx.insert(userBranches).values({ clinicId, userId: session.userId, branchId: created!.id });
  return { id: created!.id };
}

/** A reason a branch cannot be deleted (a catalogue code, 409), or null when this check has no objection. */
export type BranchDeleteCheck = (tx: Tx, clinicId: number, branchId: number) => Promise<ErrorCode | null>;

const lastBranch: BranchDeleteCheck = async (tx, clinicId) =>
  (await tx.$count(branches, eq(branches.clinicId, clinicId))) <= 1 ? 'cannot_delete_last_branch' : null;

const homeBranchOfUsers: BranchDeleteCheck = async (tx, clinicId, branchId) => {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.clinicId, clinicId), eq(users.branchId, branchId), isNull(users.deletedAt)));
  return row!.n > 0 ? 'branch_has_home_users' : null;
};

/**
 * What may refuse deleting a branch, asked in order; the first objection wins. Modules whose rows belong to a
 * branch push their check here when they load (patients: 'cannot_delete_branch'), so this module never imports
 * them.
 */
export const branchDeleteChecks: BranchDeleteCheck[] = [lastBranch, homeBranchOfUsers];

/**
 * Deletes a branch unless a check objects. Users assigned to it lose the assignment; deleted users who had it as
 * their home branch keep no home branch.
 */
export async function deleteBranch(tx: Tx, clinicId: number, id: number) {
  await findBranch(tx, clinicId, id);
  for (const check of branchDeleteChecks) {
    const refusal = await check(tx, clinicId, id);
    if (refusal) fail(refusal);
  }
  await tx
    .update(users)
    .set({ branchId: null })
    .where(and(eq(users.clinicId, clinicId), eq(users.branchId, id), isNotNull(users.deletedAt)));
  await tx.delete(branches).where(byId(clinicId, id));
  return { ok: true as const };
}
