import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newClinic, testApp } from '../../../test/harness.js';
import { withTenant } from '../db/tenancy.js';
import { branches, clinics, rolePermissions, userBranches, users } from './identity.table.js';
import { loadClinicSession } from './session.js';

const t = await testApp();

/** Loads the session of a user as a request would (the claims of a valid token). */
async function sessionOf(clinicId: number, userId: number, headers: { cid?: string; bid?: string } = {}) {
  return withTenant(t.database.db, clinicId, async (tx) => {
    const [user] = await tx.select().from(users).where(and(eq(users.clinicId, clinicId), eq(users.id, userId)));
    return loadClinicSession(tx, { kind: 'clinic', sub: userId, cid: clinicId, ver: user!.tokenVersion, exp: 0 }, headers);
  });
}

describe('loadClinicSession (one query)', () => {
  it('carries the user and clinic rows exactly as the query builder reads them, the role keys and the tier', async () => {
    const c = await newClinic(t, { tier: 'ST2' });
    const session = await sessionOf(c.clinicId, c.ownerId);
    const [expected] = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.select({ user: users, clinic: clinics }).from(users).innerJoin(clinics, eq(clinics.id, users.clinicId))
        .where(and(eq(users.clinicId, c.clinicId), eq(users.id, c.ownerId))),
    );
    // dates as Date, bigint ids as numbers, numeric as text: the same values and types as a builder query
    expect(session.user).toStrictEqual(expected!.user);
    expect(session.clinic).toStrictEqual(expected!.clinic);
    expect(session.user.createdAt).toBeInstanceOf(Date);
    const keys = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.select({ key: rolePermissions.permissionKey }).from(rolePermissions)
        .where(and(eq(rolePermissions.clinicId, c.clinicId), eq(rolePermissions.roleId, c.roleIds.RL1))),
    );
    expect(keys.length).toBeGreaterThan(10);
    expect([...session.permissions].sort()).toEqual(keys.map((k) => k.key).sort());
    expect(session).toMatchObject({ userId: c.ownerId, clinicId: c.clinicId, roleId: c.roleIds.RL1, userRole: 'RL1', tier: 'ST2' });
  });

  it('the owner works in every branch; another user in the assigned branches and the home branch first', async () => {
    const c = await newClinic(t);
    const [second, third] = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.insert(branches).values([{ clinicId: c.clinicId, name: 'Second' }, { clinicId: c.clinicId, name: 'Third' }]).returning({ id: branches.id }),
    );
    expect((await sessionOf(c.clinicId, c.ownerId)).branchIds).toEqual([c.branchId, second!.id, third!.id]);

    const [clerk] = await withTenant(t.database.db, c.clinicId, async (tx) => {
      const rows = await tx.insert(users).values({
        clinicId: c.clinicId, userName: 'clerk', fullName: 'Clerk', displayName: 'Clerk', email: 'clerk@x.test',
        passwordHash: 'x', roleId: c.roleIds.RL4, branchId: third!.id,
      }).returning({ id: users.id });
      await tx.insert(userBranches).values({ clinicId: c.clinicId, userId: rows[0]!.id, branchId: second!.id });
      return rows;
    });
    const session = await sessionOf(c.clinicId, clerk!.id);
    expect(session).toMatchObject({ userRole: 'RL4', branchIds: [third!.id, second!.id], branchId: third!.id });
    expect((await sessionOf(c.clinicId, clerk!.id, { bid: String(second!.id) })).branchId).toBe(second!.id);
    await expect(sessionOf(c.clinicId, clerk!.id, { bid: String(c.branchId) })).rejects.toMatchObject({ code: 'BS15' });
  });

  it('a token of another version, of a deleted user or of an inactive clinic is refused', async () => {
    const c = await newClinic(t);
    const load = (ver: number) =>
      withTenant(t.database.db, c.clinicId, (tx) => loadClinicSession(tx, { kind: 'clinic', sub: c.ownerId, cid: c.clinicId, ver, exp: 0 }, {}));
    const { tokenVersion } = await sessionOf(c.clinicId, c.ownerId).then((s) => s.user);
    await expect(load(tokenVersion + 1)).rejects.toMatchObject({ code: 'session_expired' });
    await expect(
      withTenant(t.database.db, c.clinicId, (tx) => loadClinicSession(tx, { kind: 'clinic', sub: 999_999, cid: c.clinicId, ver: 1, exp: 0 }, {})),
    ).rejects.toMatchObject({ code: 'session_expired' });
    await t.database.db.update(clinics).set({ isActive: false }).where(eq(clinics.id, c.clinicId));
    await expect(load(tokenVersion)).rejects.toMatchObject({ code: 'account_not_active' });
    await t.database.db.update(clinics).set({ isActive: true }).where(eq(clinics.id, c.clinicId));
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(and(eq(users.clinicId, c.clinicId), eq(users.id, c.ownerId)));
    await expect(load(tokenVersion)).rejects.toMatchObject({ code: 'session_expired' });
  });
});
