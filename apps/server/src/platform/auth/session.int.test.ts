import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newClinic, testApp } from '../../../test/harness.js';
import { withTenant } from '../db/tenancy.js';
import { branches, clinics, rolePermissions, userBranches, users } from './identity.table.js';
import { loadClinicSession } from './session.js';

const t = await testApp();

/** Loads the session of a user as a request would (the claims of a valid token, the scope's session stamp). */
async function sessionOf(clinicId: number, userId: number, headers: { cid?: string; bid?: string } = {}) {
  return withTenant(t.database.db, clinicId, async (tx, scope) => {
    const [user] = await tx.select().from(users).where(and(eq(users.clinicId, clinicId), eq(users.id, userId)));
    return loadClinicSession(tx, { kind: 'clinic', sub: userId, cid: clinicId, ver: user!.tokenVersion, exp: 0 }, headers, scope);
  });
}

/** The clinic's session stamp, as the next request will read it. */
const stampOf = (clinicId: number) => withTenant(t.database.db, clinicId, async (_tx, scope) => Number(scope.sessionStamp));

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

describe('cached sessions follow the session stamp', () => {
  it('a session is read once while nothing it is made of changes; other writes leave the stamp alone', async () => {
    const c = await newClinic(t);
    const first = await sessionOf(c.clinicId, c.ownerId);
    const stamp = await stampOf(c.clinicId);
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.execute(sql`insert into patients (clinic_id, code, name, name_normalized, mobile) values (${c.clinicId}, 'P1', 'أحمد', 'احمد', '+201001234567')`),
    );
    const second = await sessionOf(c.clinicId, c.ownerId);
    expect(await stampOf(c.clinicId)).toBe(stamp);
    expect(second.permissions).toBe(first.permissions); // the same cached object, not read again
    expect(second.user).toBe(first.user);
    expect(Object.isFrozen(second.user) && Object.isFrozen(second.clinic)).toBe(true);
  });

  it('every change to a user, role, role key, branch, user branch or the clinic, by anyone, is seen by the next request', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const [clerk] = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.insert(users).values({
        clinicId: c.clinicId, userName: 'clerk', fullName: 'Clerk', displayName: 'Clerk', email: 'clerk@x.test',
        passwordHash: 'x', roleId: c.roleIds.RL4, branchId: c.branchId,
      }).returning({ id: users.id }),
    );
    const clerkId = clerk!.id;
    const before = await sessionOf(c.clinicId, clerkId);
    const key = [...before.permissions][0]!;
    const otherStamp = await stampOf(other.clinicId);
    // raw SQL outside the application (as another server process or an operator would change them)
    const changes: Array<[string, () => Promise<void>, (s: Awaited<ReturnType<typeof sessionOf>>) => void]> = [
      ['role key removed', () => t.database.exec(`delete from role_permissions where clinic_id = ${c.clinicId} and role_id = ${c.roleIds.RL4} and permission_key = '${key}'`),
        (s) => expect(s.permissions.has(key)).toBe(false)],
      ['role key added', () => t.database.exec(`insert into role_permissions (clinic_id, role_id, permission_key) values (${c.clinicId}, ${c.roleIds.RL4}, '${key}')`),
        (s) => expect(s.permissions.has(key)).toBe(true)],
      ['user renamed', () => t.database.exec(`update users set display_name = 'Clerk 2' where id = ${clerkId}`),
        (s) => expect(s.user.displayName).toBe('Clerk 2')],
      ['branch added and assigned', async () => {
        await t.database.exec(`insert into branches (clinic_id, name) values (${c.clinicId}, 'North')`);
        await t.database.exec(`insert into user_branches (clinic_id, user_id, branch_id) select ${c.clinicId}, ${clerkId}, id from branches where clinic_id = ${c.clinicId} and name = 'North'`);
      }, (s) => expect(s.branchIds).toHaveLength(2)],
      ['user branch removed', () => t.database.exec(`delete from user_branches where clinic_id = ${c.clinicId} and user_id = ${clerkId}`),
        (s) => expect(s.branchIds).toEqual([c.branchId])],
      ['user branch added in the clinic\'s scope (as a call would)', () =>
        withTenant(t.database.db, c.clinicId, async (tx) => {
          await tx.execute(sql`insert into user_branches (clinic_id, user_id, branch_id) select ${c.clinicId}, ${clerkId}, id from branches where name = 'North'`);
        }),
        (s) => expect(s.branchIds).toHaveLength(2)],
      ['role changed', () => t.database.exec(`update roles set base_role = 'RL3' where clinic_id = ${c.clinicId} and id = ${c.roleIds.RL4}`),
        (s) => expect(s.userRole).toBe('RL3')],
      ['clinic setting changed', () => t.database.exec(`update clinics set time_zone = 'Asia/Riyadh' where id = ${c.clinicId}`),
        (s) => expect(s.clinic.timeZone).toBe('Asia/Riyadh')],
      ['tier changed', () => t.database.exec(`update clinics set subscription_type = 'ST3' where id = ${c.clinicId}`),
        (s) => expect(s.tier).toBe('ST3')],
    ];
    for (const [what, change, check] of changes) {
      const stamp = await stampOf(c.clinicId);
      await change();
      expect(await stampOf(c.clinicId), what).toBeGreaterThan(stamp);
      check(await sessionOf(c.clinicId, clerkId));
    }
    await t.database.exec(`update users set is_active = false where id = ${clerkId}`);
    await expect(sessionOf(c.clinicId, clerkId)).rejects.toMatchObject({ code: 'session_expired' });
    expect(await stampOf(other.clinicId)).toBe(otherStamp); // another clinic's sessions are kept
  });

  it('the application role cannot set the stamp', async () => {
    const c = await newClinic(t);
    await expect(
      withTenant(t.database.db, c.clinicId, (tx) => tx.execute(sql`update clinics set session_stamp = 0 where id = ${c.clinicId}`)),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
  });
});

describe('moving the session stamp cannot deadlock two requests', () => {
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, a request that changed a role key and then the user waits out another request changing the user',
    async () => {
      const c = await newClinic(t);
      const db = t.database.db;
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // B: a role key first (the clinic's row is locked for the stamp), then the owner's row
      const b = withTenant(db, c.clinicId, async (tx) => {
        await tx.execute(sql`delete from role_permissions where clinic_id = ${c.clinicId} and role_id = ${c.roleIds.RL4}`);
        await released;
        await tx.execute(sql`update users set display_name = 'B' where clinic_id = ${c.clinicId} and id = ${c.ownerId}`);
      });
      await pause(200);
      // A: the owner's row. Were the stamp moved after A locked that row, A would wait for B's clinic row while B
      // waits for A's user row: a deadlock, one request failing. The stamp moves first, so A only waits for B.
      const a = withTenant(db, c.clinicId, (tx) =>
        tx.execute(sql`update users set display_name = 'A' where clinic_id = ${c.clinicId} and id = ${c.ownerId}`),
      );
      await pause(300);
      release();
      await expect(Promise.all([a, b])).resolves.toHaveLength(2);
      const [owner] = await withTenant(db, c.clinicId, (tx) =>
        tx.select({ name: users.displayName }).from(users).where(and(eq(users.clinicId, c.clinicId), eq(users.id, c.ownerId))),
      );
      expect(owner!.name).toBe('A'); // A ran after B
    },
    20_000,
  );
});
