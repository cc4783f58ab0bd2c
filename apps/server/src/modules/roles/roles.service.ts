import type { ClinicRoleCode, RoleItem, RoleListInput, RoleSortField, SaveRoleInput } from '@dental/contract';
import { type AnyColumn, type SQL, and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { rolePermissions, roles, users } from '../../platform/auth/identity.table.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import type { Tx } from '../../platform/db/types.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';
import { fail } from '../../platform/errors.js';
import { assertMayManageRole, callerIsOwner, keysOf, replaceKeys } from './role-guards.js';

/* Correlated counts; the outer columns are spelled out because drizzle leaves a column of the selected table unqualified. */
/** Users (not deleted) holding the role. */
const userCount =
  sql<number>`(select count(*) from ${users} u where u.clinic_id = "roles"."clinic_id" and u.role_id = "roles"."id" and u.deleted_at is null)`.mapWith(
    Number,
  );
const permissionCount =
  sql<number>`(select count(*) from ${rolePermissions} rp where rp.clinic_id = "roles"."clinic_id" and rp.role_id = "roles"."id")`.mapWith(
    Number,
  );

const SORT: Record<RoleSortField, AnyColumn | SQL> = {
  nameAr: lowerOf(roles.nameAr),
  nameEn: lowerOf(roles.nameEn),
  baseRole: roles.baseRole,
  userCount,
  createdAt: roles.createdAt,
};

const columns = { role: roles, userCount, permissionCount };
type Row = { role: typeof roles.$inferSelect; userCount: number; permissionCount: number };

const toItem = ({ role, userCount, permissionCount }: Row): RoleItem => ({
  id: role.id,
  code: role.code as ClinicRoleCode | null,
  baseRole: role.baseRole as ClinicRoleCode,
  nameAr: role.nameAr,
  nameEn: role.nameEn,
  nameFr: role.nameFr,
  isDefault: role.isDefault,
  userCount,
  permissionCount,
  createdAt: role.createdAt.toISOString(),
});

const byId = (clinicId: number, id: number) => and(eq(roles.clinicId, clinicId), eq(roles.id, id));
const othersThan = (clinicId: number, id?: number) =>
  and(eq(roles.clinicId, clinicId), id ? ne(roles.id, id) : undefined);

/** The clinic's roles: unless another sort is asked for, the default roles first (RL1..RL7), then custom ones by age. */
export async function listRoles(tx: Tx, clinicId: number, input: RoleListInput) {
  const where = and(eq(roles.clinicId, clinicId), searchIn(input.search, roles.nameAr, roles.nameEn, roles.nameFr));
  const order = input.sortField
    ? orderBy(SORT[input.sortField], input.sortOrder, roles.id)
    : [desc(roles.isDefault), asc(roles.code), asc(roles.createdAt), asc(roles.id)];
  const { limit, offset } = pageWindow(input);
  const rows = await tx
    .select(columns)
    .from(roles)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return listResult(rows.map(toItem), await tx.$count(roles, where), input);
}

export async function getRole(tx: Tx, clinicId: number, id: number): Promise<RoleItem> {
  const [row] = await tx.select(columns).from(roles).where(byId(clinicId, id));
  return row ? toItem(row) : fail('not_found');
}

/** The role row of the clinic, or 404; `lock`: held (FOR UPDATE) until the transaction ends. */
export async function findRole(tx: Tx, clinicId: number, id: number, lock = false) {
  const query = tx.select().from(roles).where(byId(clinicId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? fail('not_found');
}

/**
 * Adds a custom role (base role required, optionally with another role's keys) or renames a role. A default
 * role keeps its base role; a non-owner cannot edit their own role, nor copy keys they do not hold.
 */
export async function saveRole(tx: Tx, session: ClinicSession, input: SaveRoleInput) {
  const clinicId = session.clinicId;
  const current = input.id ? await findRole(tx, clinicId, input.id) : undefined;
  if (!current && !input.baseRole) fail('validation', { baseRole: 'field_required' });
  if (current?.isDefault && input.baseRole && input.baseRole !== current.baseRole)
    fail('validation', { baseRole: 'field_invalid' });
  if (current && input.copyFromRoleId) fail('validation', { copyFromRoleId: 'field_invalid' });
  const owner = await callerIsOwner(tx, session);
  if (current && !owner && current.id === session.roleId) fail('action_not_allowed');
  const copied = input.copyFromRoleId
    ? await keysOf(tx, clinicId, (await findRole(tx, clinicId, input.copyFromRoleId)).id)
    : [];
  if (copied.length) assertMayManageRole(session, owner, copied);
  await assertNamesFree(tx, roles, othersThan(clinicId, input.id), {
    nameAr: [roles.nameAr, input.nameAr],
    nameEn: [roles.nameEn, input.nameEn],
  });
  if (current) {
    await tx
      .update(roles)
      .set({ nameAr: input.nameAr, nameEn: input.nameEn, nameFr: input.nameFr, baseRole: input.baseRole ?? current.baseRole })
      .where(byId(clinicId, current.id));
    return { id: current.id };
  }
  const [created] = await tx
    .insert(roles)
    .values({
      clinicId,
      code: null,
      baseRole: input.baseRole!,
      nameAr: input.nameAr,
      nameEn: input.nameEn,
      nameFr: input.nameFr,
      isDefault: false,
    })
    .returning({ id: roles.id });
  await replaceKeys(tx, clinicId, created!.id, copied);
  return { id: created!.id };
}

/**
 * Deletes a custom role no active user holds. Deleted users still name a role (the foreign key): they move to the
 * default role of the same base role, which changes nothing for anybody.
 */
export async function deleteRole(tx: Tx, clinicId: number, id: number) {
  const role = await findRole(tx, clinicId, id);
  if (role.isDefault) fail('cannot_delete_default_role');
  const inUse = await tx.$count(
    users,
    and(eq(users.clinicId, clinicId), eq(users.roleId, id), isNull(users.deletedAt)),
  );
  if (inUse) fail('cannot_delete_in_use');
  const [fallback] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.clinicId, clinicId), eq(roles.code, role.baseRole)));
  if (fallback)
    await tx
      .update(users)
      .set({ roleId: fallback.id })
      .where(and(eq(users.clinicId, clinicId), eq(users.roleId, id)));
  await tx.delete(roles).where(byId(clinicId, id));
  return { ok: true as const };
}
