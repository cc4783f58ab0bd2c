import { callPath, clinicCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, concurrently, newClinic, newUser, testApp } from '../../../test/harness.js';
import { branches, userBranches, users } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { type BranchDeleteCheck, branchDeleteChecks } from './index.js';

const t = await testApp();
const GET = callPath(clinicCalls.getBranchesByClinic);
const SAVE = callPath(clinicCalls.saveBranch);
const DELETE = callPath(clinicCalls.deleteBranch);

/** The clinic's branches straight from the database, to prove what a refused call left alone. */
const branchesOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx
      .select({ id: branches.id, name: branches.name, mobile: branches.mobile })
      .from(branches)
      .where(eq(branches.clinicId, clinicId))
      .orderBy(asc(branches.id)),
  );

const NO_PLACE = { latitude: null, longitude: null };

async function expectDenied(call: Promise<LightMyRequestResponse>, code: 'BS11' | 'BS14' = 'BS11') {
  const res = await call;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
}

async function addBranch(c: TestClinic, name: string, mobile?: string, token = c.token) {
  const res = await api(t, token).post(SAVE, { name, mobile });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('Lookups/GetBranchesByClinic', () => {
  it('lists the branches with their user counts: search by name or mobile, sort, page', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const north = await addBranch(c, 'North', '+201000000010');
    const south = await addBranch(c, 'south', '0222600000');
    await newUser(t, c, ['patient_list']); // home branch Main
    const list = await api(t, c.token).get(GET);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      items: [
        { id: c.branchId, name: 'Main', mobile: null, ...NO_PLACE, userCount: 2, createdAt: expect.any(String) },
        { id: north, name: 'North', mobile: '+201000000010', ...NO_PLACE, userCount: 0, createdAt: expect.any(String) },
        { id: south, name: 'south', mobile: '+20222600000', ...NO_PLACE, userCount: 0, createdAt: expect.any(String) },
      ],
      total: 3,
      page: 1,
      pageSize: 30,
    });
    const names = async (query: Record<string, unknown>) =>
      (await api(t, c.token).get(GET, query)).json().items.map((b: { name: string }) => b.name);
    expect(await names({ search: 'NOR' })).toEqual(['North']);
    expect(await names({ search: '2226' })).toEqual(['south']);
    expect(await names({ sortField: 'name', sortOrder: 'descend' })).toEqual(['south', 'North', 'Main']);
    expect(await names({ sortField: 'userCount', sortOrder: 'descend' })).toEqual(['Main', 'North', 'south']);
    expect(await names({ page: 2, pageSize: 2 })).toEqual(['south']);
  });

  it('needs clinic_show or clinic_branch_edit; refuses a bad query', async () => {
    const c = await newClinic(t);
    await expectDenied(api(t, await newUser(t, c, ['clinic_edit'])).get(GET));
    expect((await api(t, await newUser(t, c, ['clinic_show'], 'RL7')).get(GET)).statusCode).toBe(200);
    expect((await api(t, await newUser(t, c, ['clinic_branch_edit'])).get(GET)).statusCode).toBe(200);
    const bad = await api(t, c.token).get(GET, { sortField: 'mobile', page: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'sortField']);
  });
});

describe('Lookups/SaveBranch', () => {
  it("stores the branch's number in E.164 read against the clinic's country, and refuses a wrong one (issue 18)", async () => {
    const c = await newClinic(t);
    // a national mobile, an international one with 00, a Cairo fixed line (a branch's number is called, not texted)
    const national = await addBranch(c, 'A', '0100 123 4567');
    const international = await addBranch(c, 'B', '00966 50 123 4567');
    const fixed = await addBranch(c, 'C', '02 2260 0000');
    const stored = new Map((await branchesOf(c.clinicId)).map((b) => [b.id, b.mobile]));
    expect([stored.get(national), stored.get(international), stored.get(fixed)]).toEqual([
      '+201001234567',
      '+966501234567',
      '+20222600000',
    ]);
    // one digit short of an Egyptian mobile (the old check took any 6-19 digits); the message in the reader's language
    for (const [mobile, language, message] of [
      ['010012345', 'en', 'Phone number not valid'],
      ['+20100123456', 'ar', 'رقم الهاتف غير صالح'],
    ] as const) {
      const res = await api(t, c.token, { language }).post(SAVE, { name: 'D', mobile });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ mobile: message });
    }
    expect(await branchesOf(c.clinicId)).toHaveLength(4);
  });

  it('adds a branch and edits its name and mobile; the creator is assigned to it', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const id = await addBranch(c, '  East  ', '010 0000 0020');
    expect(await branchesOf(c.clinicId)).toEqual([
      { id: c.branchId, name: 'Main', mobile: null },
      { id, name: 'East', mobile: '+201000000020' },
    ]);
    const res = await api(t, c.token).post(SAVE, { id, name: 'East 2' });
    expect(res.json()).toEqual({ id });
    expect((await branchesOf(c.clinicId))[1]).toEqual({ id, name: 'East 2', mobile: null });

    const manager = await newUser(t, c, ['clinic_branch_edit'], 'RL2');
    const made = await addBranch(c, 'West', undefined, manager);
    const assigned = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx
        .select({ userId: userBranches.userId })
        .from(userBranches)
        .where(and(eq(userBranches.clinicId, c.clinicId), eq(userBranches.branchId, made))),
    );
    expect(assigned).toHaveLength(1);
    const branchesHeader = await api(t, manager, { bid: String(made) }).get(GET);
    expect(branchesHeader.statusCode).toBe(200); // the manager may work in the new branch at once
  });

  it('keeps a location (both coordinates or neither) and clears it', async () => {
    const c = await newClinic(t);
    const placed = { name: 'Nasr City', latitude: 30.0561234, longitude: 31.3301 };
    const id = await addBranch(c, 'Nasr City');
    expect((await api(t, c.token).post(SAVE, { id, ...placed })).statusCode).toBe(200);
    const located = async () =>
      (await api(t, c.token).get(GET, { search: 'Nasr' })).json().items.map((b: Record<string, unknown>) => [b.latitude, b.longitude]);
    expect(await located()).toEqual([[30.056123, 31.3301]]); // six decimals, about 10 cm
    const before = await branchesOf(c.clinicId);

    const lone = await api(t, c.token, { language: 'ar' }).post(SAVE, { id, name: 'Nasr City', latitude: 30.05 });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().errors).toEqual({ longitude: 'هذا الحقل مطلوب' });
    const outOfRange = await api(t, c.token).post(SAVE, { id, name: 'Nasr City', latitude: 91, longitude: -181 });
    expect(Object.keys(outOfRange.json().errors).sort()).toEqual(['latitude', 'longitude']);
    const text = await api(t, c.token).post(SAVE, { id, name: 'Nasr City', latitude: 'north', longitude: 31 });
    expect(text.json().errors).toEqual({ latitude: 'Invalid value' });
    expect(await branchesOf(c.clinicId)).toEqual(before);
    expect(await located()).toEqual([[30.056123, 31.3301]]);

    expect((await api(t, c.token).post(SAVE, { id, name: 'Nasr City' })).statusCode).toBe(200);
    expect(await located()).toEqual([[null, null]]);
  });

  it('refuses a name (in any case) or a mobile another branch of the clinic uses, and changes nothing', async () => {
    const c = await newClinic(t);
    const north = await addBranch(c, 'North', '+201000000030');
    const south = await addBranch(c, 'South');
    const before = await branchesOf(c.clinicId);
    const byName = await api(t, c.token).post(SAVE, { name: 'NORTH' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toEqual({
      code: 'branch_exists',
      message: 'Branch name or mobile already exists',
      errors: { name: 'Branch name or mobile already exists' },
    });
    const byMobile = await api(t, c.token).post(SAVE, { id: south, name: 'South', mobile: '+20 100 000 0030' });
    expect(byMobile.statusCode).toBe(409);
    expect(Object.keys(byMobile.json().errors)).toEqual(['mobile']);
    const both = await api(t, c.token).post(SAVE, { name: 'north', mobile: '+201000000030' });
    expect(Object.keys(both.json().errors).sort()).toEqual(['mobile', 'name']);
    expect(await branchesOf(c.clinicId)).toEqual(before);
    // a branch keeps its own name and mobile; another clinic may use the same ones
    expect((await api(t, c.token).post(SAVE, { id: north, name: 'north', mobile: '+201000000030' })).statusCode).toBe(
      200,
    );
    const other = await newClinic(t);
    await addBranch(other, 'North', '+201000000030');
  });

  it('refuses a bad body with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const before = await branchesOf(c.clinicId);
    const missing = await api(t, c.token).post(SAVE, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'validation',
      message: 'Fill all required data',
      errors: { name: 'This field is required' },
    });
    const bad = await api(t, c.token, { language: 'ar' }).post(SAVE, { id: 'x', name: 'n'.repeat(101), mobile: '12' });
    expect(bad.json().errors).toEqual({
      id: 'قيمة غير صالحة',
      name: 'القيمة أطول من المسموح',
      mobile: 'رقم الهاتف غير صالح',
    });
    expect(await branchesOf(c.clinicId)).toEqual(before);
  });

  it('needs clinic_branch_edit and the BranchManager rule', async () => {
    const c = await newClinic(t);
    const before = await branchesOf(c.clinicId);
    await expectDenied(api(t, await newUser(t, c, ['clinic_show', 'clinic_edit'])).post(SAVE, { name: 'X' }));
    await expectDenied(api(t, await newUser(t, c, ['clinic_branch_edit'], 'RL4')).post(SAVE, { name: 'X' }), 'BS14');
    await expectDenied(
      api(t, await newUser(t, c, ['clinic_branch_edit'], 'RL4')).post(SAVE, { id: c.branchId, name: 'X' }),
      'BS14',
    );
    expect(await branchesOf(c.clinicId)).toEqual(before);
  });
});

describe('Lookups/DeleteBranch', () => {
  it('deletes a branch; users assigned to it lose the assignment', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const extra = await addBranch(c, 'Extra');
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.insert(userBranches).values({ clinicId: c.clinicId, userId: c.ownerId, branchId: extra }),
    );
    const res = await api(t, c.token).delete(DELETE, { id: extra });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await branchesOf(c.clinicId)).map((b) => b.id)).toEqual([c.branchId]);
    const assignments = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx
        .select()
        .from(userBranches)
        .where(and(eq(userBranches.clinicId, c.clinicId), eq(userBranches.branchId, extra))),
    );
    expect(assignments).toEqual([]);
  });

  it("refuses the clinic's last branch, and a branch that is some users' home branch", async () => {
    const c = await newClinic(t);
    const last = await api(t, c.token).delete(DELETE, { id: c.branchId });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      code: 'cannot_delete_last_branch',
      message: "Can't delete the clinic's only branch",
    });

    const second = await addBranch(c, 'Second');
    const home = await api(t, c.token).delete(DELETE, { id: c.branchId }); // the owner's home branch
    expect(home.statusCode).toBe(409);
    expect(home.json().code).toBe('branch_has_home_users');
    expect((await branchesOf(c.clinicId)).map((b) => b.id)).toEqual([c.branchId, second]);

    // once the owner's home is elsewhere, a deleted user's home branch does not hold it back
    await newUser(t, c, ['patient_list']); // home branch Main
    await withTenant(t.database.db, c.clinicId, async (tx) => {
      await tx
        .update(users)
        .set({ deletedAt: new Date() })
        .where(and(eq(users.clinicId, c.clinicId), eq(users.branchId, c.branchId)));
      await tx
        .update(users)
        .set({ branchId: second, deletedAt: null })
        .where(and(eq(users.clinicId, c.clinicId), eq(users.id, c.ownerId)));
    });
    const deleted = await api(t, c.token).delete(DELETE, { id: c.branchId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await branchesOf(c.clinicId)).map((b) => b.id)).toEqual([second]);
  });

  it("lets other modules refuse: a branch with patients gives the spec's message", async () => {
    const c = await newClinic(t);
    const extra = await addBranch(c, 'With patients');
    const hasPatients: BranchDeleteCheck = async (_tx, _clinicId, branchId) =>
      branchId === extra ? 'cannot_delete_branch' : null;
    branchDeleteChecks.push(hasPatients);
    try {
      const res = await api(t, c.token).delete(DELETE, { id: extra });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'cannot_delete_branch', message: "Can't delete a branch with patients" });
      expect((await branchesOf(c.clinicId)).map((b) => b.id)).toContain(extra);
    } finally {
      branchDeleteChecks.splice(branchDeleteChecks.indexOf(hasPatients), 1);
    }
    expect((await api(t, c.token).delete(DELETE, { id: extra })).statusCode).toBe(200);
  });

  it('refuses a bad body; needs clinic_branch_edit and the BranchManager rule', async () => {
    const c = await newClinic(t);
    const extra = await addBranch(c, 'Extra');
    expect((await api(t, c.token).delete(DELETE, {})).json().errors).toEqual({ id: 'This field is required' });
    expect((await api(t, c.token).delete(DELETE, { id: -1 })).json().errors).toEqual({ id: 'Invalid value' });
    await expectDenied(api(t, await newUser(t, c, ['clinic_show', 'clinic_edit'])).delete(DELETE, { id: extra }));
    await expectDenied(
      api(t, await newUser(t, c, ['clinic_branch_edit'], 'RL3')).delete(DELETE, { id: extra }),
      'BS14',
    );
    expect((await branchesOf(c.clinicId)).map((b) => b.id)).toContain(extra);
  });
});

describe("another clinic's branches", () => {
  it('are never listed, updated or deleted', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = await addBranch(other, 'Theirs', '+201000000099');
    const before = await branchesOf(other.clinicId);
    expect((await api(t, c.token).get(GET)).json().items.map((b: { id: number }) => b.id)).toEqual([c.branchId]);
    const update = await api(t, c.token).post(SAVE, { id: theirs, name: 'Mine' });
    expect(update.statusCode).toBe(404);
    expect(update.json().code).toBe('not_found');
    expect((await api(t, c.token).delete(DELETE, { id: theirs })).statusCode).toBe(404);
    expect((await api(t, c.token).delete(DELETE, { id: other.branchId })).statusCode).toBe(404);
    expect((await api(t, c.token).delete(DELETE, { id: 999_999 })).statusCode).toBe(404);
    expect(await branchesOf(other.clinicId)).toEqual(before);
  });
});

describe('Clinic/SaveBranch, many at once (issue 13)', () => {
  it('50 new branches with one name, or one mobile, at once: one of each is added, the others are 409 branch_exists', async () => {
    const c = await newClinic(t);
    const byName = await concurrently(50, () => api(t, c.token).post(SAVE, { name: 'North' }));
    expect(byName.tally).toEqual({ '200': 1, '409 branch_exists': 49 });
    const byMobile = await concurrently(50, (i) => api(t, c.token).post(SAVE, { name: `East ${i}`, mobile: '+20 100 555 0199' }));
    expect(byMobile.tally).toEqual({ '200': 1, '409 branch_exists': 49 });
    expect(await branchesOf(c.clinicId)).toHaveLength(3);
  });
});
