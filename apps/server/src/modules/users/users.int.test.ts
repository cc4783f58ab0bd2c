import { DEFAULT_ROLE_PERMISSIONS, authCalls, callPath, usersCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, concurrently, login, newClinic, newUser, testApp } from '../../../test/harness.js';
import { branches, rolePermissions, roles, userBranches, users } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';

const t = await testApp();
const REGISTER = callPath(usersCalls.register);
const GET = callPath(usersCalls.getUser);
const SEARCH = callPath(usersCalls.getUsersSearch);
const CHECK_NAME = callPath(usersCalls.checkUserName);
const CHECK_MOBILE = callPath(usersCalls.checkMobile);
const CHECK_EMAIL = callPath(usersCalls.checkEmail);
const UPDATE = callPath(usersCalls.updateUser);
const BRANCHES = callPath(usersCalls.updateUserBranch);
const DELETE = callPath(usersCalls.deleteUser);
const DOCTORS = callPath(usersCalls.getDoctorsNames);
const ME = callPath(authCalls.refreshCurrentUser);

/** The clinic's users straight from the database, to prove what a refused call left alone. */
const usersOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(users).where(eq(users.clinicId, clinicId)).orderBy(asc(users.id)),
  );
const branchesOfUser = (clinicId: number, userId: number) =>
  withTenant(t.database.db, clinicId, async (tx) =>
    (
      await tx
        .select({ id: userBranches.branchId })
        .from(userBranches)
        .where(and(eq(userBranches.clinicId, clinicId), eq(userBranches.userId, userId)))
        .orderBy(userBranches.branchId)
    ).map((r) => r.id),
  );
const addBranch = (c: TestClinic, name: string) =>
  withTenant(t.database.db, c.clinicId, async (tx) => {
    const [b] = await tx.insert(branches).values({ clinicId: c.clinicId, name }).returning({ id: branches.id });
    return b!.id;
  });
/** A custom role with these keys, acting as `baseRole`. */
const addRole = (c: TestClinic, keys: readonly string[], baseRole = 'RL4') =>
  withTenant(t.database.db, c.clinicId, async (tx) => {
    const [role] = await tx
      .insert(roles)
      .values({ clinicId: c.clinicId, baseRole, nameAr: `دور ${keys.length}`, nameEn: `Role ${keys.length}` })
      .returning({ id: roles.id });
    if (keys.length)
      await tx
        .insert(rolePermissions)
        .values(keys.map((permissionKey) => ({ clinicId: c.clinicId, roleId: role!.id, permissionKey })));
    return role!.id;
  });

let seq = 0;
function newUserBody(c: TestClinic, overrides: Record<string, unknown> = {}) {
  seq++;
  return {
    fullName: `Sara Ali ${seq}`,
    userName: `sara${seq}`,
    email: `sara${seq}@clinic.test`,
    mobile: `+20 100 000 ${String(1000 + seq).padStart(4, '0')}`,
    password: 'Ab3!cd5&',
    roleId: c.roleIds.RL4,
    branchIds: [c.branchId],
    branchId: c.branchId,
    countryId: 'CN3',
    language: 'en',
    ...overrides,
  };
}

async function register(c: TestClinic, overrides: Record<string, unknown> = {}, token = c.token) {
  const body = newUserBody(c, overrides);
  const res = await api(t, token).post(REGISTER, body);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, body };
}

async function expectCode(call: Promise<LightMyRequestResponse>, status: number, code: string) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res;
}

/** An UpdateUser body from a GetUser answer. */
const updateBody = (u: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
  id: u.id,
  fullName: u.fullName,
  displayName: u.displayName,
  userName: u.userName,
  email: u.email,
  mobile: u.mobile,
  countryId: u.countryId ?? 'CN3',
  isActive: u.isActive,
  branchId: u.branchId,
  ...overrides,
});

describe('User/Register', () => {
  it('adds a user who can log in with the given password, by e-mail, user name or mobile', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const second = await addBranch(c, 'Second');
    const { id, body } = await register(c, { branchIds: [c.branchId, second], branchId: second, displayName: '' });
    const row = (await usersOf(c.clinicId)).find((u) => u.id === id)!;
    expect(row).toMatchObject({
      fullName: body.fullName,
      displayName: body.fullName,
      userName: body.userName,
      email: body.email,
      mobile: body.mobile.replace(/\s/g, ''),
      roleId: c.roleIds.RL4,
      branchId: second,
      countryId: 'CN3',
      language: 'en',
      isActive: true,
      deletedAt: null,
    });
    expect(row.passwordHash).not.toContain(body.password);
    expect(await branchesOfUser(c.clinicId, id)).toEqual([c.branchId, second]);
    for (const name of [body.email, body.userName, body.mobile]) {
      const token = await login(t, c.clinicName, name, body.password);
      const me = (await api(t, token).get(ME)).json();
      expect(me).toMatchObject({ userId: id, userRole: 'RL4', branchId: second, language: 'en' });
    }
  });

  it('refuses a bad body with field messages and adds nobody', async () => {
    const c = await newClinic(t);
    const before = await usersOf(c.clinicId);
    const empty = await api(t, c.token).post(REGISTER, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation', message: 'Fill all required data' });
    expect(Object.keys(empty.json().errors).sort()).toEqual(
      ['branchId', 'branchIds', 'countryId', 'email', 'fullName', 'mobile', 'password', 'roleId', 'userName'].sort(),
    );
    const bad = await api(t, c.token).post(
      REGISTER,
      newUserBody(c, { mobile: 'call me', userName: 'has space', email: 'nope', password: 'abcdefgh' }),
    );
    expect(bad.json().errors).toEqual({
      mobile: 'Phone number not valid',
      userName: 'The user name is 3 to 50 Latin letters, digits, dots or underscores, without spaces',
      email: 'Enter a valid email',
      password: 'Password must contain an uppercase letter',
    });
    const home = await api(t, c.token).post(REGISTER, newUserBody(c, { branchId: c.branchId + 999 }));
    expect(home.statusCode).toBe(400);
    expect(home.json().errors).toEqual({ branchId: "The home branch must be one of the user's branches" });
    const ar = await api(t, c.token, { language: 'ar' }).post(REGISTER, newUserBody(c, { mobile: '+20' }));
    expect(ar.json().errors).toEqual({ mobile: 'رقم الهاتف غير صالح' });
    expect(await usersOf(c.clinicId)).toEqual(before);
  });

  it('refuses an e-mail, user name or mobile another live user has, with the §8 message on each field', async () => {
    const c = await newClinic(t);
    const { body } = await register(c);
    const before = await usersOf(c.clinicId);
    const dupEmail = await expectCode(
      api(t, c.token).post(REGISTER, newUserBody(c, { email: body.email.toUpperCase() })),
      409,
      'email_used',
    );
    expect(dupEmail.json()).toEqual({
      code: 'email_used',
      message: 'Email already used',
      errors: { email: 'Email already used' },
    });
    const dupMobile = await expectCode(
      api(t, c.token).post(REGISTER, newUserBody(c, { mobile: body.mobile.replace(/\s/g, '-') })),
      409,
      'phone_exists',
    );
    expect(dupMobile.json().errors).toEqual({ mobile: 'Phone number exists' });
    const dupName = await expectCode(
      api(t, c.token).post(REGISTER, newUserBody(c, { userName: body.userName.toUpperCase() })),
      409,
      'phone_or_username_exists',
    );
    expect(dupName.json().errors).toEqual({ userName: 'Phone number or username exist' });
    const all = await api(t, c.token).post(REGISTER, { ...body });
    expect(all.statusCode).toBe(409);
    expect(Object.keys(all.json().errors).sort()).toEqual(['email', 'mobile', 'userName']);
    expect(await usersOf(c.clinicId)).toEqual(before);
    // another clinic may use the same e-mail, user name and mobile
    const other = await newClinic(t);
    const again = { ...body, roleId: other.roleIds.RL4, branchIds: [other.branchId], branchId: other.branchId };
    expect((await api(t, other.token).post(REGISTER, again)).statusCode).toBe(201);
  });

  it("refuses another clinic's role or branch (404) and adds nobody", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const before = await usersOf(c.clinicId);
    const role = await expectCode(
      api(t, c.token).post(REGISTER, newUserBody(c, { roleId: other.roleIds.RL4 })),
      404,
      'not_found',
    );
    expect(role.json().errors).toEqual({ roleId: 'ID not found' });
    const branch = await expectCode(
      api(t, c.token).post(REGISTER, newUserBody(c, { branchIds: [c.branchId, other.branchId] })),
      404,
      'not_found',
    );
    expect(branch.json().errors).toEqual({ branchIds: 'ID not found' });
    expect(await usersOf(c.clinicId)).toEqual(before);
    expect((await usersOf(other.clinicId)).length).toBe(1);
  });

  it('gives the owner role, or a role with keys the caller lacks, only when the caller is the owner', async () => {
    const c = await newClinic(t);
    const manager = await newUser(t, c, ['user_list', 'user_add', 'room_list'], 'RL2');
    const before = await usersOf(c.clinicId);
    const owner = await expectCode(
      api(t, manager).post(REGISTER, newUserBody(c, { roleId: c.roleIds.RL1 })),
      403,
      'action_not_allowed',
    );
    expect(owner.json().errors).toEqual({ roleId: 'You are not allowed to do this action' });
    await expectCode(
      api(t, manager).post(REGISTER, newUserBody(c, { roleId: c.roleIds.RL4 })),
      403,
      'action_not_allowed',
    );
    expect(await usersOf(c.clinicId)).toEqual(before);
    // a role whose keys the manager holds is fine; the owner gives any role, the owner role included
    const small = await addRole(c, ['room_list']);
    await register(c, { roleId: small }, manager);
    await register(c, { roleId: c.roleIds.RL1 });
  });

  it('hands out only branches the caller works in', async () => {
    const c = await newClinic(t);
    const second = await addBranch(c, 'Second');
    const manager = await newUser(t, c, ['user_list', 'user_add'], 'RL2'); // works in the main branch only
    const small = await addRole(c, []);
    const before = await usersOf(c.clinicId);
    const res = await expectCode(
      api(t, manager).post(REGISTER, newUserBody(c, { roleId: small, branchIds: [c.branchId, second] })),
      403,
      'action_not_allowed',
    );
    expect(res.json().errors).toEqual({ branchIds: 'You are not allowed to do this action' });
    expect(await usersOf(c.clinicId)).toEqual(before);
  });

  it('needs user_add, the BranchManager rule and the login', async () => {
    const c = await newClinic(t);
    const before = await usersOf(c.clinicId);
    const lister = await newUser(t, c, ['user_list'], 'RL2');
    await expectCode(api(t, lister).post(REGISTER, newUserBody(c)), 403, 'BS11');
    const secretary = await newUser(t, c, ['user_list', 'user_add'], 'RL4');
    await expectCode(api(t, secretary).post(REGISTER, newUserBody(c)), 403, 'BS14');
    expect((await api(t).post(REGISTER, newUserBody(c))).statusCode).toBe(401);
    expect((await usersOf(c.clinicId)).length).toBe(before.length + 2); // only the two test users
  });
});

describe('User/CheckUserName, CheckMobile, CheckEmail', () => {
  it('tells whether a value is free among live users, ignoring case and phone spacing', async () => {
    const c = await newClinic(t);
    const { id, body } = await register(c);
    const check = async (url: string, query: Record<string, unknown>) => {
      const res = await api(t, c.token).get(url, query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().available as boolean;
    };
    expect(await check(CHECK_NAME, { value: body.userName.toUpperCase() })).toBe(false);
    expect(await check(CHECK_NAME, { value: 'someone.else' })).toBe(true);
    expect(await check(CHECK_NAME, { value: body.userName, excludeUserId: id })).toBe(true);
    expect(await check(CHECK_EMAIL, { value: ` ${body.email.toUpperCase()} ` })).toBe(false);
    expect(await check(CHECK_EMAIL, { value: 'free@clinic.test' })).toBe(true);
    expect(await check(CHECK_MOBILE, { value: body.mobile.replace(/\s/g, '') })).toBe(false);
    expect(await check(CHECK_MOBILE, { value: body.mobile })).toBe(false);
    expect(await check(CHECK_MOBILE, { value: '+201009999999' })).toBe(true);
    // a deleted user frees their values
    expect((await api(t, c.token).delete(DELETE, { id })).statusCode).toBe(200);
    expect(await check(CHECK_EMAIL, { value: body.email })).toBe(true);
    expect(await check(CHECK_NAME, { value: body.userName })).toBe(true);
    expect(await check(CHECK_MOBILE, { value: body.mobile })).toBe(true);
  });

  it('refuses a missing value, needs user_add or user_edit, and never sees another clinic', async () => {
    const c = await newClinic(t);
    const res = await api(t, c.token).get(CHECK_EMAIL, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ value: 'This field is required' });
    const lister = await newUser(t, c, ['user_list']);
    await expectCode(api(t, lister).get(CHECK_EMAIL, { value: 'x' }), 403, 'BS11');
    await expectCode(api(t, lister).get(CHECK_NAME, { value: 'x' }), 403, 'BS11');
    await expectCode(api(t, lister).get(CHECK_MOBILE, { value: 'x' }), 403, 'BS11');
    const editor = await newUser(t, c, ['user_list', 'user_edit'], 'RL3');
    expect((await api(t, editor).get(CHECK_EMAIL, { value: 'x' })).statusCode).toBe(200);
    const other = await newClinic(t);
    const { body } = await register(other);
    expect((await api(t, c.token).get(CHECK_EMAIL, { value: body.email })).json()).toEqual({ available: true });
    expect((await api(t, c.token).get(CHECK_NAME, { value: body.userName })).json()).toEqual({ available: true });
  });
});

describe('User/GetUsersSearch', () => {
  it('searches, filters by role, branch and active, sorts and pages; deleted users are never listed', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const second = await addBranch(c, 'Second');
    const a = await register(c, { fullName: 'Alpha Doctor', roleId: c.roleIds.RL3 });
    const b = await register(c, { fullName: 'beta Secretary', branchIds: [c.branchId, second], branchId: second });
    const g = await register(c, { fullName: 'Gamma Gone' });
    const d = await register(c, { fullName: 'Delta Away' });
    expect((await api(t, c.token).delete(DELETE, { id: g.id })).statusCode).toBe(200);
    const off = (await api(t, c.token).get(GET, { UserId: d.id })).json();
    expect((await api(t, c.token).post(UPDATE, updateBody(off, { isActive: false }))).statusCode).toBe(200);

    const search = async (input: Record<string, unknown>) => {
      const res = await api(t, c.token).post(SEARCH, input);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { fullName: string }[]; total: number; page: number; pageSize: number };
    };
    const names = async (input: Record<string, unknown>) => (await search(input)).items.map((u) => u.fullName);
    const all = await search({});
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 30 });
    expect(all.items.map((u) => u.fullName)).toEqual(['Alpha Doctor', 'beta Secretary', 'Delta Away', 'Owner']);
    expect(all.items[1]).toEqual({
      id: b.id,
      userName: b.body.userName,
      fullName: 'beta Secretary',
      displayName: 'beta Secretary',
      email: b.body.email,
      mobile: b.body.mobile.replace(/\s/g, ''),
      roleId: c.roleIds.RL4,
      roleNameAr: 'سكرتارية',
      roleNameEn: 'Secretary',
      roleNameFr: 'Secrétariat',
      baseRole: 'RL4',
      branchId: second,
      branches: [
        { id: c.branchId, name: 'Main' },
        { id: second, name: 'Second' },
      ],
      countryId: 'CN3',
      isActive: true,
      isDoctor: false,
      photoUrl: null,
      thumbnailUrl: null,
      createdAt: expect.any(String),
    });
    expect(await names({ search: 'ALPHA' })).toEqual(['Alpha Doctor']);
    expect(await names({ search: b.body.email })).toEqual(['beta Secretary']);
    expect(await names({ search: a.body.userName })).toEqual(['Alpha Doctor']);
    expect(await names({ search: '%' })).toEqual([]);
    expect(await names({ roleId: c.roleIds.RL3 })).toEqual(['Alpha Doctor']);
    expect(await names({ branchId: second })).toEqual(['beta Secretary', 'Owner']); // the owner works everywhere
    expect(await names({ isActive: false })).toEqual(['Delta Away']);
    expect(await names({ isActive: true, sortField: 'fullName', sortOrder: 'descend' })).toEqual([
      'Owner',
      'beta Secretary',
      'Alpha Doctor',
    ]);
    expect(await search({ pageSize: 2, page: 2 })).toMatchObject({
      total: 4,
      items: [{ fullName: 'Delta Away' }, { fullName: 'Owner' }],
    });
  });

  it('refuses a bad body, needs user_list and the BranchManager rule, and lists only the clinic', async () => {
    const c = await newClinic(t);
    const bad = await api(t, c.token).post(SEARCH, { sortField: 'password', page: 0, isActive: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['isActive', 'page', 'sortField']);
    const adder = await newUser(t, c, ['user_add']);
    await expectCode(api(t, adder).post(SEARCH, {}), 403, 'BS11');
    const staff = await newUser(t, c, ['user_list'], 'RL7');
    await expectCode(api(t, staff).post(SEARCH, {}), 403, 'BS14');
    const other = await newClinic(t);
    await register(other);
    const list = (await api(t, c.token).post(SEARCH, {})).json();
    expect(list.total).toBe(3); // the owner and the two test users
    expect(list.items.map((u: { id: number }) => u.id)).not.toContain(other.ownerId);
  });
});

describe('User/GetUser', () => {
  it("gives one's own profile without UserId, and another user with user_list or user_edit", async () => {
    const c = await newClinic(t);
    const { id, body } = await register(c);
    const mine = await api(t, c.token).get(GET);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      id: c.ownerId,
      baseRole: 'RL1',
      branchIds: [c.branchId],
      workingDays: [],
      language: 'ar',
      theme: 'light',
    });
    const theirs = (await api(t, c.token).get(GET, { UserId: id })).json();
    expect(theirs).toMatchObject({
      id,
      email: body.email,
      branchIds: [c.branchId],
      workingHours: null,
      photoJson: null,
    });

    const own = await login(t, c.clinicName, body.email, body.password);
    expect((await api(t, own).get(GET)).json().id).toBe(id);
    expect((await api(t, own).get(GET, { UserId: id })).statusCode).toBe(200);
    await expectCode(api(t, own).get(GET, { UserId: c.ownerId }), 403, 'BS11');
    const editor = await newUser(t, c, ['user_edit'], 'RL3');
    expect((await api(t, editor).get(GET, { UserId: id })).statusCode).toBe(200);
  });

  it("refuses a bad id, and another clinic's or a deleted user (404)", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const bad = await api(t, c.token).get(GET, { UserId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ UserId: 'Invalid value' });
    await expectCode(api(t, c.token).get(GET, { UserId: other.ownerId }), 404, 'user_not_found');
    const { id } = await register(c);
    await api(t, c.token).delete(DELETE, { id });
    await expectCode(api(t, c.token).get(GET, { UserId: id }), 404, 'user_not_found');
  });
});

describe('User/UpdateUser', () => {
  it('marks who takes appointments: by default users acting as RL3; the flag is kept unless sent', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const doctor = await register(c, { roleId: c.roleIds.RL3 });
    const secretary = await register(c);
    const assistantDoctor = await register(c, { roleId: c.roleIds.RL5, isDoctor: true });
    const flag = async (id: number) => (await api(t, c.token).get(GET, { UserId: id })).json().isDoctor;
    expect([await flag(doctor.id), await flag(secretary.id), await flag(assistantDoctor.id)]).toEqual([true, false, true]);
    const user = (await api(t, c.token).get(GET, { UserId: secretary.id })).json();
    const withoutFlag = updateBody(user);
    expect((await api(t, c.token).post(UPDATE, updateBody(user, { isDoctor: true }))).statusCode).toBe(200);
    expect(await flag(secretary.id)).toBe(true);
    expect((await api(t, c.token).post(UPDATE, { ...withoutFlag, isDoctor: undefined })).statusCode).toBe(200);
    expect(await flag(secretary.id)).toBe(true);
    await expectCode(api(t, c.token).post(UPDATE, updateBody(user, { isDoctor: 'yes' })), 400, 'validation');
    expect(await flag(secretary.id)).toBe(true);
    const names = (await api(t, c.token).get(DOCTORS)).json().items.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(['Owner', doctor.body.fullName, secretary.body.fullName, assistantDoctor.body.fullName]));
    expect(names).toHaveLength(4);
  });

  it("refuses a mobile that is not one of its country's (issue 18): a digit short, a fixed line, on add and edit", async () => {
    const c = await newClinic(t);
    const before = await usersOf(c.clinicId);
    for (const [mobile, message] of [
      ['+20 100 123 456', 'Phone number not valid'],
      ['+20 2 2260 0000', 'This number is not a mobile number'],
    ]) {
      const res = await api(t, c.token).post(REGISTER, newUserBody(c, { mobile }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ mobile: message });
    }
    expect(await usersOf(c.clinicId)).toEqual(before);
    const { id } = await register(c);
    const user = (await api(t, c.token).get(GET, { UserId: id })).json();
    const res = await api(t, c.token, { language: 'ar' }).post(UPDATE, updateBody(user, { mobile: '+967 1 234 567' }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ mobile: 'هذا الرقم ليس رقم هاتف محمول' });
  });

  it("takes a mobile typed in the clinic's national format and stores it in E.164 (issue 18)", async () => {
    const c = await newClinic(t);
    const { id } = await register(c, { mobile: '010 1234 5678' });
    expect((await usersOf(c.clinicId)).find((u) => u.id === id)?.mobile).toBe('+201012345678');
    // the live check and the clash read it the same way, typed either way
    const free = await api(t, c.token).get(CHECK_MOBILE, { value: '01012345678' });
    expect(free.json(), free.body).toEqual({ available: false });
    const clash = await api(t, c.token).post(REGISTER, newUserBody(c, { mobile: '+20 10 1234 5678' }));
    expect(clash.statusCode, clash.body).toBe(409);
    const user = (await api(t, c.token).get(GET, { UserId: id })).json();
    const res = await api(t, c.token).post(UPDATE, updateBody(user, { mobile: '0100-987-6543' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await usersOf(c.clinicId)).find((u) => u.id === id)?.mobile).toBe('+201009876543');
    // a national number one digit short is still refused, in the caller's language
    const short = await api(t, c.token, { language: 'fr' }).post(REGISTER, newUserBody(c, { mobile: '010 1234 567' }));
    expect(short.statusCode, short.body).toBe(400);
    expect(short.json().errors).toEqual({ mobile: expect.not.stringMatching(/^Phone number not valid$/) });
  });

  it("edits a user's names, user name, e-mail, mobile, country, active flag and home branch", async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const second = await addBranch(c, 'Second');
    const { id, body } = await register(c, { branchIds: [c.branchId, second] });
    const user = (await api(t, c.token).get(GET, { UserId: id })).json();
    const res = await api(t, c.token).post(
      UPDATE,
      updateBody(user, {
        fullName: 'Sara Ahmed',
        displayName: 'Sara',
        userName: 'sara.ahmed',
        email: 'NEW@clinic.test',
        mobile: '+966 50 123 4567',
        countryId: 'CN2',
        branchId: second,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id });
    expect((await usersOf(c.clinicId)).find((u) => u.id === id)).toMatchObject({
      fullName: 'Sara Ahmed',
      displayName: 'Sara',
      userName: 'sara.ahmed',
      email: 'new@clinic.test',
      mobile: '+966501234567',
      countryId: 'CN2',
      branchId: second,
      isActive: true,
    });
    // the user logs in with the new e-mail; deactivating them ends their session and their logins
    const token = await login(t, c.clinicName, 'new@clinic.test', body.password);
    const after = (await api(t, c.token).get(GET, { UserId: id })).json();
    expect((await api(t, c.token).post(UPDATE, updateBody(after, { isActive: false }))).statusCode).toBe(200);
    expect((await api(t, token).get(ME)).statusCode).toBe(401);
    await expect(login(t, c.clinicName, 'new@clinic.test', body.password)).rejects.toThrow(/account_not_active/);
  });

  it("refuses a bad body, a duplicate and a home branch outside the user's branches, changing nothing", async () => {
    const c = await newClinic(t);
    const second = await addBranch(c, 'Second');
    const a = await register(c);
    const b = await register(c);
    const user = (await api(t, c.token).get(GET, { UserId: b.id })).json();
    const before = await usersOf(c.clinicId);
    const bad = await api(t, c.token).post(UPDATE, updateBody(user, { fullName: ' ', mobile: '123', email: 'x' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      fullName: 'This field is required',
      mobile: 'Phone number not valid',
      email: 'Enter a valid email',
    });
    const dup = await expectCode(
      api(t, c.token).post(UPDATE, updateBody(user, { email: a.body.email })),
      409,
      'email_used',
    );
    expect(dup.json().errors).toEqual({ email: 'Email already used' });
    const dupMobile = await expectCode(
      api(t, c.token).post(UPDATE, updateBody(user, { mobile: a.body.mobile })),
      409,
      'phone_exists',
    );
    expect(dupMobile.json().errors).toEqual({ mobile: 'Phone number exists' });
    await expectCode(
      api(t, c.token).post(UPDATE, updateBody(user, { userName: a.body.userName })),
      409,
      'phone_or_username_exists',
    );
    const home = await expectCode(
      api(t, c.token).post(UPDATE, updateBody(user, { branchId: second })),
      400,
      'home_branch_required',
    );
    expect(home.json().errors).toEqual({ branchId: "The home branch must be one of the user's branches" });
    expect(await usersOf(c.clinicId)).toEqual(before);
    // keeping one's own values is fine
    expect((await api(t, c.token).post(UPDATE, updateBody(user))).statusCode).toBe(200);
  });

  it('refuses deactivating oneself, and lets only an owner edit an owner', async () => {
    const c = await newClinic(t);
    const owner = (await api(t, c.token).get(GET)).json();
    const self = await expectCode(
      api(t, c.token).post(UPDATE, updateBody(owner, { isActive: false, mobile: '+201001112223' })),
      403,
      'action_not_allowed',
    );
    expect(self.json().errors).toEqual({ isActive: 'You are not allowed to do this action' });
    const manager = await newUser(t, c, ['user_list', 'user_edit'], 'RL2');
    const before = await usersOf(c.clinicId);
    await expectCode(
      api(t, manager).post(UPDATE, updateBody(owner, { email: 'taken.over@x.test', mobile: '+201001112223' })),
      403,
      'action_not_allowed',
    );
    expect(await usersOf(c.clinicId)).toEqual(before);
  });

  it('lets one owner deactivate another; nobody deactivates themselves', async () => {
    const c = await newClinic(t);
    const { id, body } = await register(c, { roleId: c.roleIds.RL1 });
    const second = await login(t, c.clinicName, body.email, body.password);
    const first = (await api(t, c.token).get(GET)).json();
    const off = updateBody(first, { isActive: false, mobile: '+201001112224' });
    expect((await api(t, second).post(UPDATE, off)).statusCode).toBe(200);
    expect((await api(t, c.token).get(ME)).statusCode).toBe(401);
    const user = (await api(t, second).get(GET, { UserId: id })).json();
    await expectCode(api(t, second).post(UPDATE, updateBody(user, { isActive: false })), 403, 'action_not_allowed');
  });

  it("needs user_edit, and another clinic's user is 404 and unchanged", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const { id } = await register(other);
    const theirs = (await api(t, other.token).get(GET, { UserId: id })).json();
    const before = await usersOf(other.clinicId);
    await expectCode(
      api(t, c.token).post(UPDATE, updateBody(theirs, { fullName: 'Mine', branchId: c.branchId })),
      404,
      'user_not_found',
    );
    expect(await usersOf(other.clinicId)).toEqual(before);
    const lister = await newUser(t, c, ['user_list']);
    const mine = (await api(t, c.token).get(GET)).json();
    await expectCode(api(t, lister).post(UPDATE, updateBody(mine, { mobile: '+201001112225' })), 403, 'BS11');
  });
});

describe('User/UpdateUserBranch', () => {
  it('replaces the branches a user works in; the session follows on the next request', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const second = await addBranch(c, 'Second');
    const third = await addBranch(c, 'Third');
    const { id, body } = await register(c);
    const token = await login(t, c.clinicName, body.email, body.password);
    const res = await api(t, c.token).post(BRANCHES, { userId: id, branchIds: [third, c.branchId, third] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await branchesOfUser(c.clinicId, id)).toEqual([c.branchId, third]);
    const mine = (await api(t, token).get(callPath(authCalls.getClinicBranches))).json();
    expect(mine.items.map((b: { branchId: number }) => b.branchId)).toEqual([c.branchId, third]);
    expect((await api(t, token, { bid: String(second) }).get(ME)).json().code).toBe('BS15');
  });

  it('refuses a bad body, a list without the home branch, and branches of another clinic', async () => {
    const c = await newClinic(t);
    const second = await addBranch(c, 'Second');
    const other = await newClinic(t);
    const { id } = await register(c);
    const bad = await api(t, c.token).post(BRANCHES, { userId: id, branchIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ branchIds: 'This field is required' });
    const home = await expectCode(
      api(t, c.token).post(BRANCHES, { userId: id, branchIds: [second] }),
      400,
      'home_branch_required',
    );
    expect(home.json().errors).toEqual({ branchIds: "The home branch must be one of the user's branches" });
    await expectCode(
      api(t, c.token).post(BRANCHES, { userId: id, branchIds: [c.branchId, other.branchId] }),
      404,
      'not_found',
    );
    await expectCode(
      api(t, c.token).post(BRANCHES, { userId: other.ownerId, branchIds: [c.branchId] }),
      404,
      'user_not_found',
    );
    expect(await branchesOfUser(c.clinicId, id)).toEqual([c.branchId]);
    expect(await branchesOfUser(other.clinicId, other.ownerId)).toEqual([other.branchId]);
  });

  it('needs user_edit; nobody but an owner widens their own branches or hands out branches they lack', async () => {
    const c = await newClinic(t);
    const second = await addBranch(c, 'Second');
    const lister = await newUser(t, c, ['user_list']);
    const { id } = await register(c);
    await expectCode(api(t, lister).post(BRANCHES, { userId: id, branchIds: [c.branchId] }), 403, 'BS11');
    const manager = await newUser(t, c, ['user_list', 'user_edit'], 'RL2');
    const managerId = (await api(t, manager).get(ME)).json().userId;
    await expectCode(
      api(t, manager).post(BRANCHES, { userId: managerId, branchIds: [c.branchId, second] }),
      403,
      'action_not_allowed',
    );
    await expectCode(
      api(t, manager).post(BRANCHES, { userId: id, branchIds: [c.branchId, second] }),
      403,
      'action_not_allowed',
    );
    expect(await branchesOfUser(c.clinicId, managerId)).toEqual([c.branchId]);
    expect(await branchesOfUser(c.clinicId, id)).toEqual([c.branchId]);
    // the owner may; the manager may then keep or take away the branch they lack
    expect((await api(t, c.token).post(BRANCHES, { userId: id, branchIds: [c.branchId, second] })).statusCode).toBe(
      200,
    );
    expect((await api(t, manager).post(BRANCHES, { userId: id, branchIds: [c.branchId, second] })).statusCode).toBe(
      200,
    );
    expect((await api(t, manager).post(BRANCHES, { userId: id, branchIds: [c.branchId] })).statusCode).toBe(200);
  });
});

describe('User/DeleteUser', () => {
  it('soft-deletes: the row stays, the user cannot log in, and their values become free', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const { id, body } = await register(c);
    const token = await login(t, c.clinicName, body.email, body.password);
    const res = await api(t, c.token).delete(DELETE, { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const row = (await usersOf(c.clinicId)).find((u) => u.id === id)!;
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.isActive).toBe(false);
    expect((await api(t, token).get(ME)).statusCode).toBe(401);
    await expect(login(t, c.clinicName, body.email, body.password)).rejects.toThrow(/invalid_credential/);
    await expectCode(api(t, c.token).delete(DELETE, { id }), 404, 'user_not_found');
    // the same e-mail, user name and mobile may be used again
    expect((await api(t, c.token).post(REGISTER, { ...body })).statusCode).toBe(201);
  });

  it("refuses a bad id, oneself, an owner for a non-owner and another clinic's user", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    expect((await api(t, c.token).delete(DELETE, {})).json().errors).toEqual({ id: 'This field is required' });
    await expectCode(api(t, c.token).delete(DELETE, { id: c.ownerId }), 403, 'action_not_allowed');
    const deleter = await newUser(t, c, ['user_list', 'user_delete'], 'RL2');
    await expectCode(api(t, deleter).delete(DELETE, { id: c.ownerId }), 403, 'action_not_allowed');
    await expectCode(api(t, c.token).delete(DELETE, { id: other.ownerId }), 404, 'user_not_found');
    const lister = await newUser(t, c, ['user_list']);
    const { id } = await register(c);
    await expectCode(api(t, lister).delete(DELETE, { id }), 403, 'BS11');
    expect((await usersOf(c.clinicId)).every((u) => u.deletedAt === null)).toBe(true);
    expect((await usersOf(other.clinicId))[0]!.deletedAt).toBeNull();
    // with a second owner, either owner may delete the other
    const second = await register(c, { roleId: c.roleIds.RL1 });
    const secondToken = await login(t, c.clinicName, second.body.email, second.body.password);
    expect((await api(t, secondToken).delete(DELETE, { id: c.ownerId })).statusCode).toBe(200);
    await expectCode(api(t, secondToken).delete(DELETE, { id: second.id }), 403, 'action_not_allowed');
    expect((await api(t, deleter).delete(DELETE, { id })).statusCode).toBe(200);
  });
});

describe('User/GetDoctorsNames', () => {
  it('lists active doctors, managers and owners (optionally of one branch) to any user of the clinic', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const second = await addBranch(c, 'Second');
    await register(c, { fullName: 'Dr Zed', roleId: c.roleIds.RL3 });
    const away = await register(c, {
      fullName: 'Dr Away',
      roleId: c.roleIds.RL3,
      branchIds: [second],
      branchId: second,
    });
    const custom = await addRole(c, ['patient_list'], 'RL3');
    await register(c, { fullName: 'Dr Custom', roleId: custom });
    await register(c, { fullName: 'Secretary', roleId: c.roleIds.RL4 });
    const gone = await register(c, { fullName: 'Dr Gone', roleId: c.roleIds.RL3 });
    await api(t, c.token).delete(DELETE, { id: gone.id });
    const nobody = await newUser(t, c, [], 'RL5');
    const res = await api(t, nobody).get(DOCTORS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((d: { name: string }) => d.name)).toEqual(['Dr Away', 'Dr Custom', 'Dr Zed', 'Owner']);
    expect(res.json().items[0]).toEqual({ id: away.id, name: 'Dr Away' });
    const main = (await api(t, nobody).get(DOCTORS, { branchId: c.branchId })).json();
    expect(main.items.map((d: { name: string }) => d.name)).toEqual(['Dr Custom', 'Dr Zed', 'Owner']);
    expect((await api(t, nobody).get(DOCTORS, { branchId: 'x' })).statusCode).toBe(400);
    const other = await newClinic(t);
    expect((await api(t, other.token).get(DOCTORS)).json().items.map((d: { name: string }) => d.name)).toEqual([
      'Owner',
    ]);
    expect((await api(t).get(DOCTORS)).statusCode).toBe(401);
  });
});

describe('default roles', () => {
  it('the default branch manager (RL2) may add and list users, the secretary (RL4) may not', () => {
    expect(DEFAULT_ROLE_PERMISSIONS.RL2).toEqual(
      expect.arrayContaining(['user_list', 'user_add', 'user_edit', 'user_delete']),
    );
    expect(DEFAULT_ROLE_PERMISSIONS.RL4).not.toContain('user_add');
  });
});

describe('User/Register, many at once (issue 13)', () => {
  it('50 new users with one e-mail at once: one is added, the others are 409 email_used on the field', async () => {
    const c = await newClinic(t);
    const email = `same${Date.now()}@clinic.test`;
    const { responses, tally } = await concurrently(50, () => api(t, c.token).post(REGISTER, newUserBody(c, { email })));
    expect(tally).toEqual({ '201': 1, '409 email_used': 49 });
    for (const res of responses.filter((r) => r.statusCode === 409)) expect(Object.keys(res.json().errors)).toEqual(['email']);
    expect((await usersOf(c.clinicId)).filter((u) => u.email === email)).toHaveLength(1);
  });
});

describe('User/DeleteUser, two owners at once (issue 13)', () => {
  it('two owners deleting each other 25 times each at once: exactly one delete happens, one owner stays', async () => {
    const c = await newClinic(t);
    const b = await register(c, { roleId: c.roleIds.RL1 });
    const bToken = await login(t, c.clinicName, b.body.email, b.body.password);
    const { tally } = await concurrently(50, (i) =>
      i % 2 ? api(t, bToken).delete(DELETE, { id: c.ownerId }) : api(t, c.token).delete(DELETE, { id: b.id }),
    );
    expect(tally['200']).toBe(1);
    expect(Object.keys(tally).filter((k) => k.startsWith('5'))).toEqual([]);
    const owners = (await usersOf(c.clinicId)).filter((u) => [c.ownerId, b.id].includes(u.id) && u.isActive && !u.deletedAt);
    expect(owners).toHaveLength(1);
  });
});

describe('User/UpdateUserBranch, many at once (issue 13)', () => {
  it('50 saves of one user\'s branches with two lists at once: all succeed, the user ends with one of the lists', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const second = await addBranch(c, 'Second');
    const { id } = await register(c);
    const lists = [[c.branchId], [c.branchId, second]];
    const { tally } = await concurrently(50, (i) => api(t, c.token).post(BRANCHES, { userId: id, branchIds: lists[i % 2] }));
    expect(tally).toEqual({ '200': 50 });
    expect(lists).toContainEqual(await branchesOfUser(c.clinicId, id));
  });
});
