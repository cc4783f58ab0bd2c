import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_KEYS, authCalls, callPath, rolesCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, newClinic, newUser, setTier, testApp } from '../../../test/harness.js';
import { rolePermissions, roles, users } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';

const t = await testApp();
const LIST = callPath(rolesCalls.getRoles);
const GET = callPath(rolesCalls.getRole);
const SAVE = callPath(rolesCalls.saveRole);
const DELETE = callPath(rolesCalls.deleteRole);
const ME = callPath(authCalls.refreshCurrentUser);
const ROLE_KEYS = ['role_list', 'role_add', 'role_edit', 'role_delete'] as const;

/** The clinic's roles straight from the database, to prove what a refused call left alone. */
const rolesOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(roles).where(eq(roles.clinicId, clinicId)).orderBy(asc(roles.id)),
  );
const keysOf = (clinicId: number, roleId: number) =>
  withTenant(t.database.db, clinicId, async (tx) =>
    (
      await tx
        .select({ key: rolePermissions.permissionKey })
        .from(rolePermissions)
        .where(and(eq(rolePermissions.clinicId, clinicId), eq(rolePermissions.roleId, roleId)))
    )
      .map((r) => r.key)
      .sort(),
  );
const me = async (token: string) => (await api(t, token).get(ME)).json() as { userId: number; roleId: number };

async function expectCode(call: Promise<LightMyRequestResponse>, status: number, code: string) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res;
}

async function addRole(c: TestClinic, body: Record<string, unknown>, token = c.token) {
  const res = await api(t, token).post(SAVE, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('RolePermission/GetRoles', () => {
  it('lists the seven default roles first, with the users and keys of each', async () => {
    const c = await newClinic(t);
    const res = await api(t, c.token).get(LIST);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 7, page: 1, pageSize: 30 });
    expect(body.items.map((r: { code: string }) => r.code)).toEqual(['RL1', 'RL2', 'RL3', 'RL4', 'RL5', 'RL6', 'RL7']);
    expect(body.items[0]).toEqual({
      id: c.roleIds.RL1,
      code: 'RL1',
      baseRole: 'RL1',
      nameAr: 'المالك',
      nameEn: 'Owner',
      nameFr: 'Propriétaire',
      isDefault: true,
      userCount: 1,
      permissionCount: PERMISSION_KEYS.length,
      createdAt: expect.any(String),
    });
    expect(body.items[3]).toMatchObject({
      code: 'RL4',
      userCount: 0,
      permissionCount: DEFAULT_ROLE_PERMISSIONS.RL4.length,
    });

    const custom = await addRole(c, { nameAr: 'سكرتارية مسائية', nameEn: 'Evening desk', baseRole: 'RL4' });
    const after = (await api(t, c.token).get(LIST)).json();
    expect(after.items.at(-1)).toMatchObject({
      id: custom,
      code: null,
      baseRole: 'RL4',
      isDefault: false,
      userCount: 0,
      permissionCount: 0,
    });
  });

  it('searches either name, sorts and pages', async () => {
    const c = await newClinic(t);
    await addRole(c, { nameAr: 'استقبال', nameEn: 'Front desk', baseRole: 'RL4' });
    await newUser(t, c, ['patient_list']); // a custom role held by one user
    const names = async (query: Record<string, unknown>) => {
      const res = await api(t, c.token).get(LIST, query);
      expect(res.statusCode, res.body).toBe(200);
      return { names: res.json().items.map((r: { nameEn: string }) => r.nameEn), total: res.json().total };
    };
    expect(await names({ search: 'FRONT' })).toEqual({ names: ['Front desk'], total: 1 });
    expect(await names({ search: 'استقب' })).toEqual({ names: ['Front desk'], total: 1 });
    expect(await names({ search: '%' })).toEqual({ names: [], total: 0 });
    expect((await names({ sortField: 'nameEn' })).names.slice(0, 3)).toEqual([
      'Accountant',
      'Administrative',
      'Assistant',
    ]);
    expect((await names({ sortField: 'userCount', sortOrder: 'descend' })).names.slice(0, 2)).toEqual([
      'Owner',
      expect.stringMatching(/^u/),
    ]);
    expect(await names({ page: 2, pageSize: 4 })).toEqual({
      names: ['Assistant', 'Accountant', 'Administrative', 'Front desk'],
      total: 9,
    });
    const bad = await api(t, c.token).get(LIST, { sortField: 'code', page: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'sortField']);
  });

  it('needs role_list, or a user key for the role dropdown of the users screens, on any tier', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    await expectCode(api(t, await newUser(t, c, ['patient_list'])).get(LIST), 403, 'BS11');
    for (const key of ['role_list', 'user_add', 'user_edit'] as const)
      expect((await api(t, await newUser(t, c, [key])).get(LIST)).statusCode, key).toBe(200);
    expect((await api(t).get(LIST)).statusCode).toBe(401);
  });

  it("never lists another clinic's roles", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    await addRole(other, { nameAr: 'خاص', nameEn: 'Theirs', baseRole: 'RL5' });
    const items = (await api(t, c.token).get(LIST, { pageSize: 100 })).json().items as Array<{ id: number }>;
    expect(items.map((r) => r.id).sort()).toEqual(Object.values(c.roleIds).sort());
  });
});

describe('RolePermission/GetRole', () => {
  it('reads one role; 400 for a bad id, 404 for another clinic, 403 without the key or below ST1', async () => {
    const c = await newClinic(t);
    const res = await api(t, c.token).get(GET, { id: c.roleIds.RL4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.roleIds.RL4, code: 'RL4', nameEn: 'Secretary', isDefault: true });
    expect((await api(t, c.token).get(GET, { id: 'x' })).json().errors).toEqual({ id: 'Invalid value' });
    expect((await api(t, c.token).get(GET)).json().errors).toEqual({ id: 'This field is required' });
    const other = await newClinic(t);
    await expectCode(api(t, c.token).get(GET, { id: other.roleIds.RL1 }), 404, 'not_found');
    await expectCode(api(t, await newUser(t, c, ['user_list'])).get(GET, { id: c.roleIds.RL4 }), 403, 'BS11');
    expect((await api(t, await newUser(t, c, ['role_edit'])).get(GET, { id: c.roleIds.RL4 })).statusCode).toBe(200);
    await setTier(t, c.clinicId, 'ST0');
    await expectCode(api(t, c.token).get(GET, { id: c.roleIds.RL4 }), 403, 'BS13');
  });
});

describe('RolePermission/SaveRole', () => {
  it('adds a custom role (with the keys of another role when asked) and renames it', async () => {
    const c = await newClinic(t);
    const id = await addRole(c, {
      nameAr: '  سكرتارية بدون إضافة مرضى ',
      nameEn: 'Desk without adding patients',
      baseRole: 'RL4',
    });
    const [row] = (await rolesOf(c.clinicId)).filter((r) => r.id === id);
    expect(row).toMatchObject({ code: null, baseRole: 'RL4', nameAr: 'سكرتارية بدون إضافة مرضى', isDefault: false });
    expect(await keysOf(c.clinicId, id)).toEqual([]);

    const copy = await addRole(c, { nameAr: 'نسخة', nameEn: 'Copy', baseRole: 'RL3', copyFromRoleId: c.roleIds.RL4 });
    expect(await keysOf(c.clinicId, copy)).toEqual([...DEFAULT_ROLE_PERMISSIONS.RL4].sort());

    expect((await api(t, c.token).post(SAVE, { id, nameAr: 'مكتب', nameEn: 'Desk', baseRole: 'RL7' })).json()).toEqual({
      id,
    });
    expect((await rolesOf(c.clinicId)).find((r) => r.id === id)).toMatchObject({
      nameAr: 'مكتب',
      nameEn: 'Desk',
      baseRole: 'RL7',
    });
    // a default role may be renamed but keeps its base role
    expect(
      (await api(t, c.token).post(SAVE, { id: c.roleIds.RL4, nameAr: 'الاستقبال', nameEn: 'Reception' })).statusCode,
    ).toBe(200);
    expect((await rolesOf(c.clinicId)).find((r) => r.id === c.roleIds.RL4)).toMatchObject({
      code: 'RL4',
      baseRole: 'RL4',
      nameEn: 'Reception',
    });
  });

  it('refuses a bad body with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const before = await rolesOf(c.clinicId);
    const empty = await api(t, c.token).post(SAVE, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      code: 'validation',
      message: 'Fill all required data',
      errors: { nameAr: 'This field is required', nameEn: 'This field is required' },
    });
    const owner = await api(t, c.token).post(SAVE, { nameAr: 'مالك ٢', nameEn: 'Owner 2', baseRole: 'RL1' });
    expect(owner.json().errors).toEqual({ baseRole: 'Invalid value' });
    const noBase = await api(t, c.token).post(SAVE, { nameAr: 'أ', nameEn: 'A' });
    expect(noBase.statusCode).toBe(400);
    expect(noBase.json().errors).toEqual({ baseRole: 'This field is required' });
    const rebase = await api(t, c.token).post(SAVE, { id: c.roleIds.RL4, nameAr: 'أ', nameEn: 'A', baseRole: 'RL2' });
    expect(rebase.statusCode).toBe(400);
    expect(rebase.json().errors).toEqual({ baseRole: 'Invalid value' });
    const copyOnUpdate = await api(t, c.token).post(SAVE, {
      id: c.roleIds.RL4,
      nameAr: 'أ',
      nameEn: 'A',
      copyFromRoleId: c.roleIds.RL1,
    });
    expect(copyOnUpdate.json().errors).toEqual({ copyFromRoleId: 'Invalid value' });
    const long = await api(t, c.token, { language: 'ar' }).post(SAVE, {
      nameAr: 'x'.repeat(101),
      nameEn: 'A',
      baseRole: 'RL3',
    });
    expect(long.json().errors).toEqual({ nameAr: 'القيمة أطول من المسموح' });
    expect(await rolesOf(c.clinicId)).toEqual(before);
  });

  it('refuses a name another role of the clinic uses, in any case', async () => {
    const c = await newClinic(t);
    const dup = await api(t, c.token).post(SAVE, { nameAr: 'سكرتارية', nameEn: 'SECRETARY', baseRole: 'RL4' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'name_exists',
      message: 'Already exists',
      errors: { nameAr: 'Already exists', nameEn: 'Already exists' },
    });
    expect(await rolesOf(c.clinicId)).toHaveLength(7);
    // a role keeps its own name, and another clinic may use the same names
    expect(
      (await api(t, c.token).post(SAVE, { id: c.roleIds.RL4, nameAr: 'سكرتارية', nameEn: 'secretary' })).statusCode,
    ).toBe(200);
  });

  it('needs role_add to add and role_edit to rename, on ST1 or higher', async () => {
    const c = await newClinic(t);
    const editor = await newUser(t, c, ['role_list', 'role_edit']);
    await expectCode(api(t, editor).post(SAVE, { nameAr: 'أ', nameEn: 'A', baseRole: 'RL3' }), 403, 'BS11');
    expect(
      (await api(t, editor).post(SAVE, { id: c.roleIds.RL5, nameAr: 'مساعد ١', nameEn: 'Assistant 1' })).statusCode,
    ).toBe(200);
    const adder = await newUser(t, c, ['role_add']);
    await expectCode(api(t, adder).post(SAVE, { id: c.roleIds.RL5, nameAr: 'ب', nameEn: 'B' }), 403, 'BS11');
    expect((await api(t, adder).post(SAVE, { nameAr: 'ب', nameEn: 'B', baseRole: 'RL3' })).statusCode).toBe(200);
    await expectCode(
      api(t, await newUser(t, c, ['user_add'])).post(SAVE, { nameAr: 'ج', nameEn: 'C', baseRole: 'RL3' }),
      403,
      'BS11',
    );
    await setTier(t, c.clinicId, 'ST0');
    await expectCode(api(t, c.token).post(SAVE, { nameAr: 'د', nameEn: 'D', baseRole: 'RL3' }), 403, 'BS13');
    expect((await rolesOf(c.clinicId)).map((r) => r.nameEn)).not.toContain('D');
  });

  it('does not let a user other than the owner edit their own role or copy keys they lack', async () => {
    const c = await newClinic(t);
    const manager = await newUser(t, c, ['role_list', 'role_add', 'role_edit', 'room_list']);
    const { roleId } = await me(manager);
    await expectCode(
      api(t, manager).post(SAVE, { id: roleId, nameAr: 'ي', nameEn: 'Y', baseRole: 'RL2' }),
      403,
      'action_not_allowed',
    );
    await expectCode(
      api(t, manager).post(SAVE, {
        nameAr: 'نسخة المالك',
        nameEn: 'Owner copy',
        baseRole: 'RL2',
        copyFromRoleId: c.roleIds.RL1,
      }),
      403,
      'action_not_allowed',
    );
    expect((await rolesOf(c.clinicId)).map((r) => r.nameEn)).not.toContain('Owner copy');
    // copying a role whose keys the caller holds is fine
    const small = await addRole(c, { nameAr: 'غرف', nameEn: 'Rooms only', baseRole: 'RL7' });
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.insert(rolePermissions).values({ clinicId: c.clinicId, roleId: small, permissionKey: 'room_list' }),
    );
    const copy = await addRole(
      c,
      { nameAr: 'غرف ٢', nameEn: 'Rooms 2', baseRole: 'RL7', copyFromRoleId: small },
      manager,
    );
    expect(await keysOf(c.clinicId, copy)).toEqual(['room_list']);
    // the owner edits the owner role's names
    expect(
      (await api(t, c.token).post(SAVE, { id: c.roleIds.RL1, nameAr: 'صاحب العيادة', nameEn: 'Owner' })).statusCode,
    ).toBe(200);
  });

  it("never updates or copies another clinic's role", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = await addRole(other, { nameAr: 'لهم', nameEn: 'Theirs', baseRole: 'RL5' });
    await expectCode(
      api(t, c.token).post(SAVE, { id: theirs, nameAr: 'لي', nameEn: 'Mine', baseRole: 'RL5' }),
      404,
      'not_found',
    );
    await expectCode(
      api(t, c.token).post(SAVE, { nameAr: 'لي', nameEn: 'Mine', baseRole: 'RL5', copyFromRoleId: other.roleIds.RL1 }),
      404,
      'not_found',
    );
    expect((await rolesOf(other.clinicId)).find((r) => r.id === theirs)).toMatchObject({ nameEn: 'Theirs' });
    expect((await rolesOf(c.clinicId)).map((r) => r.nameEn)).not.toContain('Mine');
  });
});

describe('RolePermission/DeleteRole', () => {
  it('deletes a custom role no user holds, with its keys', async () => {
    const c = await newClinic(t);
    const id = await addRole(c, { nameAr: 'مؤقت', nameEn: 'Temp', baseRole: 'RL5', copyFromRoleId: c.roleIds.RL5 });
    const res = await api(t, c.token).delete(DELETE, { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await rolesOf(c.clinicId)).map((r) => r.id)).not.toContain(id);
    expect(await keysOf(c.clinicId, id)).toEqual([]);
  });

  it('refuses a default role and a role in use; a role only deleted users held can go', async () => {
    const c = await newClinic(t);
    const res = await expectCode(
      api(t, c.token).delete(DELETE, { id: c.roleIds.RL5 }),
      409,
      'cannot_delete_default_role',
    );
    expect(res.json().message).toBe("Can't delete a default role");
    const fr = await api(t, c.token, { language: 'fr' }).delete(DELETE, { id: c.roleIds.RL5 });
    expect(fr.json().message).toBe('Impossible de supprimer un rôle par défaut');

    const user = await newUser(t, c, ['patient_list']);
    const { userId, roleId } = await me(user);
    await expectCode(api(t, c.token).delete(DELETE, { id: roleId }), 409, 'cannot_delete_in_use');
    expect((await rolesOf(c.clinicId)).map((r) => r.id)).toContain(roleId);

    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx
        .update(users)
        .set({ deletedAt: new Date() })
        .where(and(eq(users.clinicId, c.clinicId), eq(users.id, userId))),
    );
    expect((await api(t, c.token).delete(DELETE, { id: roleId })).statusCode).toBe(200);
    const [moved] = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx
        .select({ roleId: users.roleId })
        .from(users)
        .where(and(eq(users.clinicId, c.clinicId), eq(users.id, userId))),
    );
    expect(moved!.roleId).toBe(c.roleIds.RL2); // newUser's roles act as RL2
  });

  it('needs role_delete on ST1 or higher; 400 for a bad id; 404 for another clinic', async () => {
    const c = await newClinic(t);
    const id = await addRole(c, { nameAr: 'مؤقت', nameEn: 'Temp', baseRole: 'RL5' });
    await expectCode(api(t, await newUser(t, c, ['role_list', 'role_edit'])).delete(DELETE, { id }), 403, 'BS11');
    expect((await api(t, c.token).delete(DELETE, {})).json().errors).toEqual({ id: 'This field is required' });
    const other = await newClinic(t);
    const theirs = await addRole(other, { nameAr: 'لهم', nameEn: 'Theirs', baseRole: 'RL5' });
    await expectCode(api(t, c.token).delete(DELETE, { id: theirs }), 404, 'not_found');
    expect((await rolesOf(other.clinicId)).map((r) => r.id)).toContain(theirs);
    await setTier(t, c.clinicId, 'ST0');
    await expectCode(api(t, c.token).delete(DELETE, { id }), 403, 'BS13');
    expect((await rolesOf(c.clinicId)).map((r) => r.id)).toContain(id);
    await setTier(t, c.clinicId, 'ST1');
    expect((await api(t, await newUser(t, c, [...ROLE_KEYS])).delete(DELETE, { id })).statusCode).toBe(200);
  });
});
