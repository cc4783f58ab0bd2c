import { callPath, rolesCalls } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, testApp } from '../../../test/harness.js';
import { roles } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { keysOf } from './role-guards.js';

/* Roles under concurrency (issue 13): role names stay unique, and saving a role's keys is a whole replacement. */
const t = await testApp();
const N = 50;
const SAVE_ROLE = callPath(rolesCalls.saveRole);
const SAVE_KEYS = callPath(rolesCalls.saveRolePermission);

const keysNow = (clinicId: number, roleId: number) => withTenant(t.database.db, clinicId, (tx) => keysOf(tx, clinicId, roleId));

describe('roles under concurrency', () => {
  it(`${N} SaveRole with the same names: exactly one role is added, the others are 409 name_exists`, async () => {
    const c = await newClinic(t);
    const { tally } = await concurrently(N, () => api(t, c.token).post(SAVE_ROLE, { nameAr: 'مكتب', nameEn: 'Desk', baseRole: 'RL7' }));
    expect(tally).toEqual({ '200': 1, '409 name_exists': N - 1 });
    const desks = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.$count(roles, and(eq(roles.clinicId, c.clinicId), eq(roles.nameEn, 'Desk'))),
    );
    expect(desks).toBe(1);
  });

  it(`${N} SaveRolePermission with the same keys all succeed, with that end state`, async () => {
    const c = await newClinic(t);
    const roleId = c.roleIds.RL5;
    const { tally } = await concurrently(N, () => api(t, c.token).post(SAVE_KEYS, { roleId, permissions: ['room_list', 'room_add'] }));
    expect(tally).toEqual({ '200': N });
    expect(await keysNow(c.clinicId, roleId)).toEqual(['room_list', 'room_add']);
  });

  it(`${N} SaveRolePermission with two different lists all succeed; the role ends with one of the lists, not a mix`, async () => {
    const c = await newClinic(t);
    const roleId = c.roleIds.RL6;
    const lists = [['room_list', 'room_add'], ['patient_list']];
    const { tally } = await concurrently(N, (i) => api(t, c.token).post(SAVE_KEYS, { roleId, permissions: lists[i % 2] }));
    expect(tally).toEqual({ '200': N });
    expect(lists).toContainEqual(await keysNow(c.clinicId, roleId));
  });
});
