import {
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSION_GROUPS,
  PERMISSION_KEYS,
  authCalls,
  callPath,
  lookupsCalls,
  rolesCalls,
} from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, login, newClinic, newUser, setTier, testApp } from '../../../test/harness.js';
import { rolePermissions, users } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';

const t = await testApp();
const CATALOGUE = callPath(rolesCalls.getPermissions);
const ONE = callPath(rolesCalls.getPermission);
const SAVE_KEY = callPath(rolesCalls.savePermission);
const DELETE_KEY = callPath(rolesCalls.deletePermission);
const KEYS = callPath(rolesCalls.getRolePermissions);
const SAVE_KEYS = callPath(rolesCalls.saveRolePermission);
const USER_ROLE = callPath(rolesCalls.saveUserRole);
const SAVE_ROLE = callPath(rolesCalls.saveRole);
const ME = callPath(authCalls.refreshCurrentUser);
const ROOMS = callPath(lookupsCalls.getRooms);

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
const roleOfUser = async (clinicId: number, userId: number) =>
  (
    await withTenant(t.database.db, clinicId, (tx) =>
      tx
        .select({ roleId: users.roleId })
        .from(users)
        .where(and(eq(users.clinicId, clinicId), eq(users.id, userId))),
    )
  )[0]!.roleId;
const me = async (token: string) =>
  (await api(t, token).get(ME)).json() as { userId: number; roleId: number; permissions: string[] };
const sorted = (keys: readonly string[]) => [...keys].sort();

async function expectCode(call: Promise<LightMyRequestResponse>, status: number, code: string) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res;
}

async function customRole(c: TestClinic, keys: readonly string[] = [], baseRole = 'RL4') {
  const res = await api(t, c.token).post(SAVE_ROLE, {
    nameAr: `دور ${Math.random()}`,
    nameEn: `Role ${Math.random()}`,
    baseRole,
  });
  expect(res.statusCode, res.body).toBe(200);
  const roleId = res.json().id as number;
  if (keys.length) expect((await api(t, c.token).post(SAVE_KEYS, { roleId, permissions: keys })).statusCode).toBe(200);
  return roleId;
}

describe('RolePermission/GetPermissions and GetPermission (the fixed catalogue)', () => {
  it('lists every key grouped by permission group with its tier, view-list mark and requirement', async () => {
    const c = await newClinic(t);
    const res = await api(t, c.token).get(CATALOGUE);
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json().groups as Array<{ group: string; tier: string; keys: Array<{ key: string }> }>;
    expect(groups.map((g) => g.group)).toEqual([...PERMISSION_GROUPS]);
    expect(groups.flatMap((g) => g.keys.map((k) => k.key)).sort()).toEqual(sorted(PERMISSION_KEYS));
    expect(groups.find((g) => g.group === 'room')).toEqual({
      group: 'room',
      tier: 'ST0',
      keys: [
        { key: 'room_list', group: 'room', tier: 'ST0', viewList: true, requires: null },
        { key: 'room_add', group: 'room', tier: 'ST0', viewList: false, requires: 'room_list' },
        { key: 'room_edit', group: 'room', tier: 'ST0', viewList: false, requires: 'room_list' },
        { key: 'room_delete', group: 'room', tier: 'ST0', viewList: false, requires: 'room_list' },
      ],
    });
  });

  it('reads one key; 404 for an unknown key, 400 without one', async () => {
    const c = await newClinic(t);
    const res = await api(t, c.token).get(ONE, { key: 'patient_add' });
    expect(res.json()).toEqual({
      key: 'patient_add',
      group: 'patient',
      tier: 'ST0',
      viewList: false,
      requires: 'patient_list',
    });
    await expectCode(api(t, c.token).get(ONE, { key: 'fly_to_moon' }), 404, 'not_found');
    expect((await api(t, c.token).get(ONE)).json().errors).toEqual({ key: 'This field is required' });
  });

  it('needs role_list or role_edit on ST1 or higher', async () => {
    const c = await newClinic(t);
    const none = await newUser(t, c, ['user_list', 'user_edit']);
    await expectCode(api(t, none).get(CATALOGUE), 403, 'BS11');
    await expectCode(api(t, none).get(ONE, { key: 'room_list' }), 403, 'BS11');
    expect((await api(t, await newUser(t, c, ['role_edit'])).get(CATALOGUE)).statusCode).toBe(200);
    await setTier(t, c.clinicId, 'ST0');
    await expectCode(api(t, c.token).get(CATALOGUE), 403, 'BS13');
    await expectCode(api(t, c.token).get(ONE, { key: 'room_list' }), 403, 'BS13');
  });
});

describe('RolePermission/SavePermission and DeletePermission', () => {
  it('are refused: the catalogue is fixed by the product', async () => {
    const c = await newClinic(t);
    const save = await expectCode(
      api(t, c.token).post(SAVE_KEY, { key: 'room_fly', group: 'room' }),
      409,
      'permissions_fixed',
    );
    expect(save.json().message).toBe(
      "The permission list is fixed and can't be changed; edit the roles' permissions instead",
    );
    const ar = await api(t, c.token, { language: 'ar' }).delete(DELETE_KEY, { key: 'room_list' });
    expect(ar.statusCode).toBe(409);
    expect(ar.json().message).toMatch(/الصلاحيات ثابتة/);
    expect((await api(t, c.token).get(ONE, { key: 'room_list' })).statusCode).toBe(200);
    expect(await keysOf(c.clinicId, c.roleIds.RL4)).toEqual(sorted(DEFAULT_ROLE_PERMISSIONS.RL4));
  });

  it('check the body, the key and the tier first', async () => {
    const c = await newClinic(t);
    expect((await api(t, c.token).post(SAVE_KEY, {})).json().errors).toEqual({ key: 'This field is required' });
    expect((await api(t, c.token).delete(DELETE_KEY, { key: '' })).json().errors).toEqual({
      key: 'This field is required',
    });
    const reader = await newUser(t, c, ['role_list']);
    await expectCode(api(t, reader).post(SAVE_KEY, { key: 'x' }), 403, 'BS11');
    await expectCode(api(t, reader).delete(DELETE_KEY, { key: 'room_list' }), 403, 'BS11');
    await setTier(t, c.clinicId, 'ST0');
    await expectCode(api(t, c.token).post(SAVE_KEY, { key: 'x' }), 403, 'BS13');
    await expectCode(api(t, c.token).delete(DELETE_KEY, { key: 'room_list' }), 403, 'BS13');
  });
});

describe('RolePermission/GetRolePermissions', () => {
  it("reads a role's keys; 400 bad id; 404 another clinic's role; 403 without the key or below ST1", async () => {
    const c = await newClinic(t);
    const res = await api(t, c.token).get(KEYS, { roleId: c.roleIds.RL5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      roleId: c.roleIds.RL5,
      permissions: PERMISSION_KEYS.filter((k) => DEFAULT_ROLE_PERMISSIONS.RL5.includes(k)),
    });
    expect((await api(t, c.token).get(KEYS, { roleId: -1 })).json().errors).toEqual({ roleId: 'Invalid value' });
    const other = await newClinic(t);
    await expectCode(api(t, c.token).get(KEYS, { roleId: other.roleIds.RL5 }), 404, 'not_found');
    await expectCode(api(t, await newUser(t, c, ['user_edit'])).get(KEYS, { roleId: c.roleIds.RL5 }), 403, 'BS11');
    await setTier(t, c.clinicId, 'ST0');
    await expectCode(api(t, c.token).get(KEYS, { roleId: c.roleIds.RL5 }), 403, 'BS13');
  });
});

describe('RolePermission/SaveRolePermission', () => {
  it("replaces a role's keys, dropping action keys without their view-list key", async () => {
    const c = await newClinic(t);
    const roleId = await customRole(c);
    const res = await api(t, c.token).post(SAVE_KEYS, {
      roleId,
      permissions: ['patient_add', 'room_list', 'patient_list', 'room_add', 'room_add', 'user_edit'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ roleId, permissions: ['patient_list', 'patient_add', 'room_list', 'room_add'] });
    expect(await keysOf(c.clinicId, roleId)).toEqual(['patient_add', 'patient_list', 'room_add', 'room_list']);
    expect((await api(t, c.token).post(SAVE_KEYS, { roleId, permissions: [] })).json()).toEqual({
      roleId,
      permissions: [],
    });
    expect(await keysOf(c.clinicId, roleId)).toEqual([]);
    // a default role other than the owner's can be edited too
    expect(
      (await api(t, c.token).post(SAVE_KEYS, { roleId: c.roleIds.RL5, permissions: ['room_list'] })).statusCode,
    ).toBe(200);
    expect(await keysOf(c.clinicId, c.roleIds.RL5)).toEqual(['room_list']);
  });

  it('applies on the next request of the same token, without logging in again', async () => {
    const c = await newClinic(t);
    const roleId = await customRole(c, ['room_list'], 'RL4');
    await withTenant(t.database.db, c.clinicId, async (tx) => {
      const [owner] = await tx
        .select()
        .from(users)
        .where(and(eq(users.clinicId, c.clinicId), eq(users.id, c.ownerId)));
      const [user] = await tx
        .insert(users)
        .values({
          clinicId: c.clinicId,
          userName: 'desk',
          fullName: 'Desk',
          displayName: 'Desk',
          email: 'desk@x.test',
          passwordHash: owner!.passwordHash,
          roleId,
          branchId: c.branchId,
        })
        .returning();
      expect(user!.id).toBeGreaterThan(0);
    });
    const desk = await login(t, c.clinicName, 'desk@x.test');
    expect((await api(t, desk).get(ROOMS)).statusCode).toBe(200);
    await api(t, c.token).post(SAVE_KEYS, { roleId, permissions: ['patient_list'] });
    await expectCode(api(t, desk).get(ROOMS), 403, 'BS11');
    expect((await me(desk)).permissions).toEqual(['patient_list']);
    await api(t, c.token).post(SAVE_KEYS, { roleId, permissions: ['patient_list', 'room_list'] });
    expect((await api(t, desk).get(ROOMS)).statusCode).toBe(200);
  });

  it('refuses an unknown key or a bad body with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const roleId = await customRole(c, ['room_list']);
    const bad = await api(t, c.token).post(SAVE_KEYS, { roleId, permissions: ['room_add', 'superpower'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'validation',
      message: 'Fill all required data',
      errors: { 'permissions.1': 'Invalid value' },
    });
    expect((await api(t, c.token).post(SAVE_KEYS, { roleId })).json().errors).toEqual({
      permissions: 'This field is required',
    });
    expect((await api(t, c.token).post(SAVE_KEYS, { roleId, permissions: 'room_add' })).json().errors).toEqual({
      permissions: 'Invalid value',
    });
    expect((await api(t, c.token).post(SAVE_KEYS, { permissions: [] })).json().errors).toEqual({
      roleId: 'This field is required',
    });
    expect(await keysOf(c.clinicId, roleId)).toEqual(['room_list']);
  });

  it('never edits the owner role, which always holds every key', async () => {
    const c = await newClinic(t);
    await expectCode(
      api(t, c.token).post(SAVE_KEYS, { roleId: c.roleIds.RL1, permissions: ['room_list'] }),
      403,
      'action_not_allowed',
    );
    expect(await keysOf(c.clinicId, c.roleIds.RL1)).toEqual(sorted(PERMISSION_KEYS));
  });

  it('a user other than the owner cannot raise their own keys, grant keys they lack or edit a role above them', async () => {
    const c = await newClinic(t);
    const mine = ['role_list', 'role_edit', 'room_list', 'room_add', 'patient_list'] as const;
    const manager = await newUser(t, c, mine);
    const { roleId: own } = await me(manager);
    const raise = await expectCode(
      api(t, manager).post(SAVE_KEYS, { roleId: own, permissions: [...mine, 'user_add', 'user_list'] }),
      403,
      'action_not_allowed',
    );
    expect(raise.json().message).toBe('You are not allowed to do this action');
    // not even lowering: one's own role is edited by someone else
    await expectCode(
      api(t, manager).post(SAVE_KEYS, { roleId: own, permissions: ['role_edit'] }),
      403,
      'action_not_allowed',
    );
    expect(await keysOf(c.clinicId, own)).toEqual(sorted(mine));

    const desk = await customRole(c, ['room_list']);
    await expectCode(
      api(t, manager).post(SAVE_KEYS, { roleId: desk, permissions: ['room_list', 'room_delete'] }),
      403,
      'action_not_allowed',
    );
    expect(await keysOf(c.clinicId, desk)).toEqual(['room_list']);
    const ok = await api(t, manager).post(SAVE_KEYS, {
      roleId: desk,
      permissions: ['room_list', 'room_add', 'patient_list'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // a role holding a key the manager lacks (the secretary's) is out of reach, even to remove keys
    await expectCode(
      api(t, manager).post(SAVE_KEYS, { roleId: c.roleIds.RL4, permissions: [] }),
      403,
      'action_not_allowed',
    );
    expect(await keysOf(c.clinicId, c.roleIds.RL4)).toEqual(sorted(DEFAULT_ROLE_PERMISSIONS.RL4));
  });

  it("needs role_edit on ST1 or higher; 404 for another clinic's role, which stays unchanged", async () => {
    const c = await newClinic(t);
    const roleId = await customRole(c, ['room_list']);
    await expectCode(
      api(t, await newUser(t, c, ['role_list', 'room_list'])).post(SAVE_KEYS, { roleId, permissions: [] }),
      403,
      'BS11',
    );
    const other = await newClinic(t);
    await expectCode(api(t, c.token).post(SAVE_KEYS, { roleId: other.roleIds.RL4, permissions: [] }), 404, 'not_found');
    expect(await keysOf(other.clinicId, other.roleIds.RL4)).toEqual(sorted(DEFAULT_ROLE_PERMISSIONS.RL4));
    await setTier(t, c.clinicId, 'ST0');
    await expectCode(api(t, c.token).post(SAVE_KEYS, { roleId, permissions: [] }), 403, 'BS13');
    expect(await keysOf(c.clinicId, roleId)).toEqual(['room_list']);
  });
});

describe('RolePermission/SaveUserRole', () => {
  it("moves a user to another role; the user's keys change on their next request", async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const user = await newUser(t, c, ['room_list'], 'RL4');
    const { userId } = await me(user);
    expect((await api(t, user).get(ROOMS)).statusCode).toBe(200);
    const res = await api(t, c.token).post(USER_ROLE, { userId, roleId: c.roleIds.RL3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await roleOfUser(c.clinicId, userId)).toBe(c.roleIds.RL3);
    expect((await me(user)).roleId).toBe(c.roleIds.RL3);
    await expectCode(api(t, user).get(ROOMS), 403, 'BS11');
  });

  it('refuses a bad body; 404 for a user or a role of another clinic, or a deleted user', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    expect((await api(t, c.token).post(USER_ROLE, {})).json().errors).toEqual({
      userId: 'This field is required',
      roleId: 'This field is required',
    });
    const user = await newUser(t, c, ['room_list']);
    const { userId, roleId } = await me(user);
    const theirs = await newUser(t, other, ['room_list']);
    const { userId: theirUser, roleId: theirRole } = await me(theirs);
    await expectCode(
      api(t, c.token).post(USER_ROLE, { userId: theirUser, roleId: c.roleIds.RL3 }),
      404,
      'user_not_found',
    );
    await expectCode(api(t, c.token).post(USER_ROLE, { userId, roleId: other.roleIds.RL3 }), 404, 'not_found');
    expect(await roleOfUser(other.clinicId, theirUser)).toBe(theirRole);
    expect(await roleOfUser(c.clinicId, userId)).toBe(roleId);
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx
        .update(users)
        .set({ deletedAt: new Date() })
        .where(and(eq(users.clinicId, c.clinicId), eq(users.id, userId))),
    );
    await expectCode(api(t, c.token).post(USER_ROLE, { userId, roleId: c.roleIds.RL3 }), 404, 'user_not_found');
  });

  it("never changes one's own role, even for the owner", async () => {
    const c = await newClinic(t);
    await expectCode(
      api(t, c.token).post(USER_ROLE, { userId: c.ownerId, roleId: c.roleIds.RL4 }),
      403,
      'action_not_allowed',
    );
    const manager = await newUser(t, c, ['user_edit', 'user_list', 'role_edit']);
    const { userId } = await me(manager);
    await expectCode(api(t, manager).post(USER_ROLE, { userId, roleId: c.roleIds.RL2 }), 403, 'action_not_allowed');
    expect(await roleOfUser(c.clinicId, c.ownerId)).toBe(c.roleIds.RL1);
  });

  it('only the owner gives or takes the owner role, or assigns a role with keys the caller lacks', async () => {
    const c = await newClinic(t);
    const manager = await newUser(t, c, ['user_list', 'user_edit', 'room_list', 'patient_list']);
    const desk = await newUser(t, c, ['room_list']);
    const { userId: deskId, roleId: deskRole } = await me(desk);
    await expectCode(
      api(t, manager).post(USER_ROLE, { userId: deskId, roleId: c.roleIds.RL1 }),
      403,
      'action_not_allowed',
    );
    await expectCode(
      api(t, manager).post(USER_ROLE, { userId: c.ownerId, roleId: deskRole }),
      403,
      'action_not_allowed',
    );
    await expectCode(
      api(t, manager).post(USER_ROLE, { userId: deskId, roleId: c.roleIds.RL4 }),
      403,
      'action_not_allowed',
    );
    expect(await roleOfUser(c.clinicId, deskId)).toBe(deskRole);
    expect(await roleOfUser(c.clinicId, c.ownerId)).toBe(c.roleIds.RL1);
    // within the manager's own keys it works
    const small = await customRole(c, ['patient_list']);
    expect((await api(t, manager).post(USER_ROLE, { userId: deskId, roleId: small })).statusCode).toBe(200);
    // the owner may make someone else an owner
    expect((await api(t, c.token).post(USER_ROLE, { userId: deskId, roleId: c.roleIds.RL1 })).statusCode).toBe(200);
    expect((await me(desk)).permissions).toHaveLength(PERMISSION_KEYS.length);
  });

  it('needs role_edit or user_edit', async () => {
    const c = await newClinic(t);
    const desk = await newUser(t, c, ['room_list']);
    const { userId } = await me(desk);
    await expectCode(
      api(t, await newUser(t, c, ['user_list', 'role_list'])).post(USER_ROLE, { userId, roleId: c.roleIds.RL5 }),
      403,
      'BS11',
    );
    expect(
      (await api(t, await newUser(t, c, ['role_edit', 'room_list'])).post(USER_ROLE, { userId, roleId: c.roleIds.RL5 }))
        .statusCode,
    ).toBe(403); // RL5 holds keys it lacks
    const ok = await api(t, await newUser(t, c, ['user_edit', 'room_list', ...DEFAULT_ROLE_PERMISSIONS.RL5])).post(USER_ROLE, {
      userId,
      roleId: c.roleIds.RL5,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await roleOfUser(c.clinicId, userId)).toBe(c.roleIds.RL5);
  });
});
