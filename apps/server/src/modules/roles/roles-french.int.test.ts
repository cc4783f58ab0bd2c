import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_IN_ROLE_NAMES, CLINIC_ROLE_CODES, callPath, rolesCalls, usersCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, testApp } from '../../../test/harness.js';
import { roles } from '../../platform/auth/identity.table.js';
import { MIGRATIONS_DIR } from '../../platform/db/migrate.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { labRoleId } from '../labs/lab-users.service.js';

/* Issue 18: a role carries an optional French name (shown in French; else a built-in role's translated name, else the
 * English one), saved and read back through the roles calls and named in the users list; 0029 gives the built-in
 * roles still named as provisioned their French name. */

const t = await testApp();
const LIST = callPath(rolesCalls.getRoles);
const GET = callPath(rolesCalls.getRole);
const SAVE = callPath(rolesCalls.saveRole);
const USERS = callPath(usersCalls.getUsersSearch);

async function ok<T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}
type Role = { id: number; code: string | null; nameEn: string; nameFr: string | null };

describe('French names of roles', () => {
  it('saves a custom role French name, reads it back, searches it, and stores an empty one as null', async () => {
    const c = await newClinic(t);
    const { id } = await ok<{ id: number }>(
      api(t, c.token).post(SAVE, { nameAr: 'منسق', nameEn: 'Coordinator', nameFr: '  Coordinateur ', baseRole: 'RL4' }),
    );
    expect(await ok<Role>(api(t, c.token).get(GET, { id }))).toMatchObject({ nameEn: 'Coordinator', nameFr: 'Coordinateur' });
    const found = await ok<{ items: Role[] }>(api(t, c.token).get(LIST, { search: 'coordinateur' }));
    expect(found.items.map((r) => [r.id, r.nameFr])).toEqual([[id, 'Coordinateur']]);
    // renamed without a French name: null (shown in English)
    await ok(api(t, c.token).post(SAVE, { id, nameAr: 'منسق', nameEn: 'Coordinator', nameFr: '' }));
    expect((await ok<Role>(api(t, c.token).get(GET, { id }))).nameFr).toBeNull();
    const tooLong = await api(t, c.token).post(SAVE, { nameAr: 'س', nameEn: 'S', nameFr: 'x'.repeat(101), baseRole: 'RL4' });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().errors)).toEqual(['nameFr']);
  });

  it('gives new clinics’ built-in roles (and the lab role) their French name, and the users list names it', async () => {
    const c = await newClinic(t);
    await withTenant(t.database.db, c.clinicId, (tx) => labRoleId(tx, c.clinicId));
    const list = await ok<{ items: Role[] }>(api(t, c.token).get(LIST, { pageSize: 50 }));
    expect(list.items.filter((r) => r.code).map((r) => [r.code, r.nameFr])).toEqual([
      ['LAB', 'Utilisateur de laboratoire'],
      ...CLINIC_ROLE_CODES.map((code) => [code, BUILT_IN_ROLE_NAMES[code].fr]),
    ]);
    const users = await ok<{ items: Array<{ id: number; roleNameFr: string | null }> }>(api(t, c.token).post(USERS, {}));
    expect(users.items.find((u) => u.id === c.ownerId)?.roleNameFr).toBe('Propriétaire');
  });

  it('0029 names in French the built-in roles still as provisioned, and leaves renamed and custom roles alone', async () => {
    const c = await newClinic(t);
    await ok(api(t, c.token).post(SAVE, { nameAr: 'منسق', nameEn: 'Coordinator', baseRole: 'RL4' }));
    const byCode = (code: string) => and(eq(roles.clinicId, c.clinicId), eq(roles.code, code));
    await withTenant(t.database.db, c.clinicId, async (tx) => {
      await tx.update(roles).set({ nameFr: null }).where(eq(roles.clinicId, c.clinicId)); // as before 0029
      await tx.update(roles).set({ nameEn: 'Front desk' }).where(byCode('RL4'));
      await tx.update(roles).set({ nameFr: 'Gérant' }).where(byCode('RL2'));
    });
    const sql = readFileSync(join(MIGRATIONS_DIR, '0029_roles_french.sql'), 'utf8');
    const handWritten = sql.slice(sql.indexOf('-- hand-written below'));
    await t.database.exec(handWritten);
    await t.database.exec(handWritten);
    const seen = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.select().from(roles).where(eq(roles.clinicId, c.clinicId)).orderBy(asc(roles.id)),
    );
    expect(seen.map((r) => [r.code, r.nameEn, r.nameFr])).toEqual([
      ['RL1', 'Owner', 'Propriétaire'],
      ['RL2', 'Branch manager', 'Gérant'],
      ['RL3', 'Employee (operator)', 'Employé (opérateur)'],
      ['RL4', 'Front desk', null],
      ['RL5', 'Assistant', 'Assistant'],
      ['RL6', 'Accountant', 'Comptable'],
      ['RL7', 'Administrative', 'Administratif'],
      [null, 'Coordinator', null],
    ]);
  });
});
