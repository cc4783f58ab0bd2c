import {
  type CallDescriptor,
  DEFAULT_ROLE_PERMISSIONS,
  authCalls,
  callPath,
  providerCalls,
  readsQuery,
  tierRank,
} from '@dental/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD, api, concurrently, login, newClinic, newUser, testApp } from '../../../test/harness.js';
import { branches, clinics, providerAdmins, roles, users } from '../../platform/auth/identity.table.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { childrenFirst, deletionPlan } from './clinics.service.js';

const t = await testApp();
const GET = callPath(providerCalls.getClinics);
const CREATE = callPath(providerCalls.createClinic);
const SET_TIER = callPath(providerCalls.setClinicSubscription);
const SET_ACTIVE = callPath(providerCalls.setClinicActive);
const DELETE = callPath(providerCalls.deleteClinic);
const REFRESH = callPath(authCalls.refreshCurrentUser);

await t.database.db
  .insert(providerAdmins)
  .values({ email: 'admin@dentix.test', passwordHash: await hashPassword('Admin@1234') });
const adminLogin = await api(t).post(callPath(authCalls.adminLogin), {
  Email: 'admin@dentix.test',
  Password: 'Admin@1234',
});
const admin = adminLogin.json().token as string;
const provider = () => api(t, admin);

let seq = 0;
const uniqueName = (prefix = 'p') => `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

const newClinicBody = (clinicName = uniqueName()) => ({
  clinicName,
  displayName: `Clinic ${clinicName}`,
  countryId: 'CN2',
  currency: 'SAR',
  timeZone: 'Asia/Riyadh',
  subscriptionType: 'ST1',
  branchName: 'Olaya',
  branchMobile: '+966 11 000 0001',
  owner: {
    fullName: 'Dr. Fahd',
    userName: 'fahd',
    email: `fahd@${clinicName}.test`,
    mobile: '0500000001',
    password: 'Strong@Pass1',
  },
});

const clinicRow = async (clinicId: number) =>
  (await t.database.db.select().from(clinics).where(eq(clinics.id, clinicId)))[0];
const clinicNamed = async (name: string) =>
  (
    await t.database.db
      .select()
      .from(clinics)
      .where(sql`lower(${clinics.clinicName}) = lower(${name})`)
  )[0];

/** A registered clinic call above the free tier that the owner holds a key for and that takes an empty input. */
function tierGatedCall(): CallDescriptor {
  const ownerKeys = new Set<string>(DEFAULT_ROLE_PERMISSIONS.RL1);
  const call = t.app.deps.calls.find(
    (d) =>
      'permissions' in d.access &&
      tierRank(d.access.tier) >= tierRank('ST1') &&
      d.access.tier !== 'ST3' &&
      !d.access.rule &&
      (d.access.permissions.length === 0 || d.access.permissions.some((k) => ownerKeys.has(k))) &&
      !d.multipart &&
      !d.action.includes(':') &&
      d.input.safeParse({}).success,
  );
  if (!call) throw new Error('no ST1/ST2 clinic call with an empty input is registered');
  return call;
}
const callAs = (token: string, d: CallDescriptor) =>
  readsQuery(d)
    ? api(t, token).get(callPath(d))
    : d.method === 'DELETE'
      ? api(t, token).delete(callPath(d))
      : api(t, token).post(callPath(d));

describe('provider calls refuse everyone but the provider', () => {
  it('answers 401 without a token and with a clinic token, for every provider call', async () => {
    expect(adminLogin.statusCode).toBe(200);
    const c = await newClinic(t);
    const calls: Array<[string, 'get' | 'post' | 'delete', Record<string, unknown>]> = [
      [GET, 'get', {}],
      [CREATE, 'post', newClinicBody()],
      [SET_TIER, 'post', { clinicId: c.clinicId, subscriptionType: 'ST0' }],
      [SET_ACTIVE, 'post', { clinicId: c.clinicId, isActive: false }],
      [DELETE, 'delete', { clinicId: c.clinicId }],
    ];
    for (const [url, method, input] of calls) {
      for (const token of [undefined, c.token]) {
        const res = await api(t, token)[method](url, input);
        expect(res.statusCode, `${url} ${token ? 'clinic token' : 'no token'}`).toBe(401);
        expect(res.json().code).toBe('session_expired');
      }
    }
    const row = await clinicRow(c.clinicId);
    expect([row!.subscriptionType, row!.isActive]).toEqual(['ST3', true]);
    expect((await api(t, c.token).get(REFRESH)).statusCode).toBe(200);
  });

  it('lists every provider call in the OpenAPI document under its spec name', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/Lookups/GetClinics'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/Lookups/DeleteClinic'])).toEqual(['delete']);
    for (const action of ['CreateClinic', 'SetClinicSubscription', 'SetClinicActive'])
      expect(Object.keys(doc.paths[`/api/Provider/${action}`])).toEqual(['post']);
  });
});

describe('Lookups/GetClinics', () => {
  it('lists clinics with their branch and user counts, searches, filters, sorts and pages', async () => {
    const tag = uniqueName('list');
    const a = await newClinic(t, { tier: 'ST0' });
    const b = await newClinic(t, { tier: 'ST2' });
    // give the clinics recognisable display names, a second branch and user for b, and b inactive
    for (const [c, name] of [
      [a, `${tag} Alpha`],
      [b, `${tag} beta`],
    ] as const)
      await t.database.db.update(clinics).set({ displayName: name }).where(eq(clinics.id, c.clinicId));
    await withTenant(t.database.db, b.clinicId, (tx) =>
      tx.insert(branches).values({ clinicId: b.clinicId, name: 'Second' }),
    );
    await newUser(t, b, ['room_list']);
    await t.database.db.update(clinics).set({ isActive: false }).where(eq(clinics.id, b.clinicId));

    const list = async (query: Record<string, unknown>) => {
      const res = await provider().get(GET, { search: tag, ...query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const all = await list({ sortField: 'displayName' });
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 30 });
    expect(all.items).toEqual([
      {
        id: a.clinicId,
        clinicName: a.clinicName,
        displayName: `${tag} Alpha`,
        countryId: 'CN3',
        currency: 'EGP',
        subscriptionType: 'ST0',
        isActive: true,
        branchCount: 1,
        userCount: 1,
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        id: b.clinicId,
        subscriptionType: 'ST2',
        isActive: false,
        branchCount: 2,
        userCount: 2,
      }),
    ]);
    const ids = (r: { items: Array<{ id: number }> }) => r.items.map((i) => i.id);
    expect(ids(await list({ sortField: 'displayName', sortOrder: 'descend' }))).toEqual([b.clinicId, a.clinicId]);
    expect(ids(await list({ subscriptionType: 'ST2' }))).toEqual([b.clinicId]);
    expect(ids(await list({ isActive: 'true' }))).toEqual([a.clinicId]);
    expect(ids(await list({ isActive: false }))).toEqual([b.clinicId]);
    expect(await list({ sortField: 'displayName', page: 2, pageSize: 1 })).toMatchObject({
      total: 2,
      items: [{ id: b.clinicId }],
    });
    // search by clinic name too, ignoring case
    expect(ids(await list({ search: a.clinicName.toUpperCase() }))).toEqual([a.clinicId]);
    expect(await list({ search: `${tag}%` })).toMatchObject({ total: 0, items: [] });
  });

  it('refuses a bad query with field messages', async () => {
    const res = await provider().get(GET, {
      sortField: 'userCount',
      subscriptionType: 'ST9',
      isActive: 'maybe',
      pageSize: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['isActive', 'pageSize', 'sortField', 'subscriptionType']);
  });
});

describe('Provider/CreateClinic', () => {
  it('creates the clinic, its default roles, first branch and owner, who can log in at once', async () => {
    const body = newClinicBody();
    const res = await provider().post(CREATE, body);
    expect(res.statusCode, res.body).toBe(201);
    const { clinicId, branchId, ownerId } = res.json();
    expect(await clinicRow(clinicId)).toMatchObject({
      clinicName: body.clinicName,
      displayName: body.displayName,
      countryId: 'CN2',
      currency: 'SAR',
      timeZone: 'Asia/Riyadh',
      subscriptionType: 'ST1',
      isActive: true,
    });
    const rows = await withTenant(t.database.db, clinicId, async (tx) => ({
      branches: await tx.select().from(branches).where(eq(branches.clinicId, clinicId)),
      roles: await tx.select({ code: roles.code }).from(roles).where(eq(roles.clinicId, clinicId)),
      owner: (
        await tx
          .select()
          .from(users)
          .where(and(eq(users.clinicId, clinicId), eq(users.id, ownerId)))
      )[0],
    }));
    expect(rows.branches.map((b) => [b.id, b.name, b.mobile])).toEqual([[branchId, 'Olaya', '+966110000001']]);
    expect(rows.roles.map((r) => r.code).sort()).toEqual(['RL1', 'RL2', 'RL3', 'RL4', 'RL5', 'RL6', 'RL7']);
    expect(rows.owner).toMatchObject({
      userName: 'fahd',
      fullName: 'Dr. Fahd',
      email: body.owner.email,
      mobile: '0500000001',
      branchId,
    });

    const token = await login(t, body.clinicName.toUpperCase(), 'fahd', 'Strong@Pass1');
    const me = (await api(t, token).get(REFRESH)).json();
    expect(me).toMatchObject({
      userRole: 'RL1',
      clinicId,
      subscriptionType: 'ST1',
      clinicCountryId: 'CN2',
      currency: 'SAR',
    });
    expect(me.permissions).toEqual([...DEFAULT_ROLE_PERMISSIONS.RL1].sort());
  });

  it('refuses a clinic name in use, in any case, on the field, and creates nothing', async () => {
    const c = await newClinic(t);
    const before = await t.database.db.$count(clinics);
    const dup = await provider().post(CREATE, newClinicBody(c.clinicName.toUpperCase()));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'clinic_name_exists',
      message: 'Clinic name exists',
      errors: { clinicName: 'Clinic name exists' },
    });
    expect(await t.database.db.$count(clinics)).toBe(before);
  });

  it('refuses a bad body with a message on each field and creates nothing', async () => {
    const before = await t.database.db.$count(clinics);
    const empty = await provider().post(CREATE, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation', message: 'Fill all required data' });
    expect(empty.json().errors).toMatchObject({
      clinicName: 'This field is required',
      displayName: 'This field is required',
      countryId: 'This field is required',
      currency: 'This field is required',
      timeZone: 'This field is required',
      subscriptionType: 'This field is required',
      branchName: 'This field is required',
      owner: 'This field is required',
    });
    const name = uniqueName();
    const bad = await api(t, admin, { language: 'ar' }).post(CREATE, {
      ...newClinicBody(name),
      clinicName: `${name} x`,
      countryId: 'CN7',
      timeZone: 'Cairo',
      subscriptionType: 'ST4',
      owner: { fullName: ' ', userName: 'dr fahd', email: 'no', password: 'weakpass1!' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      clinicName: 'اسم العيادة من 3 إلى 50 حرفًا لاتينيًا أو رقمًا أو شرطة',
      countryId: 'قيمة غير صالحة',
      timeZone: 'المنطقة الزمنية غير معروفة',
      subscriptionType: 'قيمة غير صالحة',
      'owner.fullName': 'هذا الحقل مطلوب',
      'owner.userName': 'اسم المستخدم من 3 إلى 50 حرفًا لاتينيًا أو رقمًا أو نقطة أو شرطة سفلية، بدون مسافات',
      'owner.email': 'أدخل بريدًا إلكترونيًا صحيحًا',
      'owner.password': 'يجب أن تحتوي كلمة المرور على حرف كبير',
    });
    expect(await t.database.db.$count(clinics)).toBe(before);
    expect(await clinicNamed(name)).toBeUndefined();
  });
});

describe('Provider/SetClinicSubscription', () => {
  it("changes what the clinic's users reach on their next request, without logging in again", async () => {
    const c = await newClinic(t, { tier: 'ST3' });
    const gated = tierGatedCall();
    const before = await callAs(c.token, gated);
    expect(before.json().code, `${callPath(gated)} ${before.body}`).not.toBe('BS13');

    const lower = await provider().post(SET_TIER, { clinicId: c.clinicId, subscriptionType: 'ST0' });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json()).toEqual({ ok: true });
    expect((await clinicRow(c.clinicId))!.subscriptionType).toBe('ST0');
    const refused = await callAs(c.token, gated);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BS13', message: 'Upgrade to access this feature' });
    expect((await api(t, c.token).get(REFRESH)).json().subscriptionType).toBe('ST0');

    expect((await provider().post(SET_TIER, { clinicId: c.clinicId, subscriptionType: 'ST2' })).statusCode).toBe(200);
    expect((await callAs(c.token, gated)).json().code).not.toBe('BS13');
    expect((await api(t, c.token).get(REFRESH)).json().subscriptionType).toBe('ST2');
  });

  it('refuses a bad body and an unknown clinic, and changes nothing', async () => {
    const c = await newClinic(t, { tier: 'ST2' });
    const bad = await provider().post(SET_TIER, { clinicId: 'abc', subscriptionType: 'ST9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ clinicId: 'Invalid value', subscriptionType: 'Invalid value' });
    expect((await provider().post(SET_TIER, {})).json().errors).toEqual({
      clinicId: 'This field is required',
      subscriptionType: 'This field is required',
    });
    const unknown = await provider().post(SET_TIER, { clinicId: 999_999, subscriptionType: 'ST0' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('clinic_not_found');
    expect((await clinicRow(c.clinicId))!.subscriptionType).toBe('ST2');
  });
});

describe('Provider/SetClinicActive', () => {
  it('refuses a deactivated clinic on the next request and at login, and lets it back in when reactivated', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const off = await provider().post(SET_ACTIVE, { clinicId: c.clinicId, isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ ok: true });

    const next = await api(t, c.token).get(REFRESH);
    expect(next.statusCode).toBe(403);
    expect(next.json()).toMatchObject({ code: 'account_not_active', message: 'Account not active' });
    const refusedLogin = await api(t).post(`/api/WithoutAuthorize/${c.clinicName}/Login`, {
      Email: 'owner',
      Password: PASSWORD,
    });
    expect(refusedLogin.statusCode).toBe(403);
    expect(refusedLogin.json().code).toBe('account_not_active');
    // another clinic is untouched
    expect((await api(t, other.token).get(REFRESH)).statusCode).toBe(200);

    expect((await provider().post(SET_ACTIVE, { clinicId: c.clinicId, isActive: true })).statusCode).toBe(200);
    expect((await api(t, c.token).get(REFRESH)).statusCode).toBe(200);
    await login(t, c.clinicName, 'owner');
  });

  it('refuses a bad body and an unknown clinic, and changes nothing', async () => {
    const c = await newClinic(t);
    expect((await provider().post(SET_ACTIVE, { clinicId: c.clinicId })).json().errors).toEqual({
      isActive: 'This field is required',
    });
    expect((await provider().post(SET_ACTIVE, { clinicId: c.clinicId, isActive: 'no' })).json().errors).toEqual({
      isActive: 'Invalid value',
    });
    const unknown = await provider().post(SET_ACTIVE, { clinicId: 999_999, isActive: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('clinic_not_found');
    expect((await clinicRow(c.clinicId))!.isActive).toBe(true);
  });
});

describe('Lookups/DeleteClinic', () => {
  /** Every row any table holds for a clinic, counted table by table under the clinic's row-level security. */
  async function rowsLeft(clinicId: number) {
    const plan = await deletionPlan(t.database.db);
    const counts: Record<string, number> = {};
    await withTenant(t.database.db, clinicId, async (tx) => {
      for (const table of plan.tenantTables) {
        const res = (await tx.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where clinic_id = ${clinicId}`,
        )) as unknown as { rows: Array<{ n: number }> };
        if (res.rows[0]!.n) counts[table] = res.rows[0]!.n;
      }
    });
    for (const { table, column } of plan.globalReferences) {
      const [row] = await t.database.query<{ n: number }>(
        `select count(*)::int as n from "${table}" where "${column}" = $1`,
        [clinicId],
      );
      if (row!.n) counts[`${table}.${column}`] = row!.n;
    }
    return counts;
  }

  /** What the clinic's owner must do first: remove every branch (users keep no home branch). */
  async function removeBranches(clinicId: number) {
    await withTenant(t.database.db, clinicId, async (tx) => {
      await tx.update(users).set({ branchId: null }).where(eq(users.clinicId, clinicId));
      await tx.delete(branches).where(eq(branches.clinicId, clinicId));
    });
  }

  it('refuses a clinic that still has branches, and deletes nothing', async () => {
    const c = await newClinic(t);
    const res = await provider().delete(DELETE, { clinicId: c.clinicId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'cannot_delete_clinic', message: "Can't delete a clinic with branches" });
    expect(await clinicRow(c.clinicId)).toBeDefined();
    expect((await api(t, c.token).get(REFRESH)).statusCode).toBe(200);
  });

  it('deletes a clinic without branches with every row it owns, and nothing of another clinic', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    await newUser(t, c, ['room_list', 'room_add']);
    // rows in provider-wide tables that name the clinic (support) go too
    await t.database.query(
      `insert into contact_messages (author_clinic_id, author_user_id, name, email, subject, message) values ($1, $2, 'n', 'e@x.test', 's', 'm')`,
      [c.clinicId, c.ownerId],
    );
    const [request] = await t.database.query<{ id: number }>(
      `insert into support_requests (kind, author_clinic_id, author_user_id, author_name, title, body) values ('feature', $1, $2, 'n', 't', 'b') returning id`,
      [other.clinicId, other.ownerId],
    );
    await t.database.query(
      `insert into support_votes (request_id, voter_clinic_id, voter_user_id) values ($1, $2, $3)`,
      [request!.id, c.clinicId, c.ownerId],
    );
    const otherBefore = await rowsLeft(other.clinicId);
    expect(Object.keys(await rowsLeft(c.clinicId))).toEqual(
      expect.arrayContaining(['users', 'roles', 'role_permissions', 'branches', 'contact_messages.author_clinic_id']),
    );

    await removeBranches(c.clinicId);
    const res = await provider().delete(DELETE, { clinicId: c.clinicId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await clinicRow(c.clinicId)).toBeUndefined();
    expect(await rowsLeft(c.clinicId)).toEqual({});
    expect(await rowsLeft(other.clinicId)).toEqual(otherBefore);
    expect(await t.database.query(`select id from support_requests where id = $1`, [request!.id])).toHaveLength(1);

    // its users are gone: the old token and a login both fail
    expect((await api(t, c.token).get(REFRESH)).statusCode).toBe(401);
    const relogin = await api(t).post(`/api/WithoutAuthorize/${c.clinicName}/Login`, {
      Email: 'owner',
      Password: PASSWORD,
    });
    expect(relogin.json().code).toBe('invalid_credential');
    // the name is free again
    expect((await provider().post(CREATE, newClinicBody(c.clinicName))).statusCode).toBe(201);
  });

  it('refuses a bad id and answers 404 for an unknown clinic', async () => {
    expect((await provider().delete(DELETE, { clinicId: 'abc' })).json().errors).toEqual({ clinicId: 'Invalid value' });
    expect((await provider().delete(DELETE, {})).json().errors).toEqual({ clinicId: 'This field is required' });
    const unknown = await provider().delete(DELETE, { clinicId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('clinic_not_found');
  });
});

describe('deletion order', () => {
  it('puts a table before the tables it references and refuses a cycle', () => {
    const edges = [
      { child: 'users', parent: 'roles' },
      { child: 'role_permissions', parent: 'roles' },
      { child: 'user_branches', parent: 'users' },
      { child: 'user_branches', parent: 'branches' },
      { child: 'users', parent: 'branches' },
      { child: 'comments', parent: 'comments' },
    ];
    const order = childrenFirst(['roles', 'branches', 'users', 'role_permissions', 'user_branches', 'comments'], edges);
    const before = (a: string, b: string) =>
      expect(order.indexOf(a), `${a} before ${b}`).toBeLessThan(order.indexOf(b));
    before('users', 'roles');
    before('role_permissions', 'roles');
    before('user_branches', 'users');
    before('users', 'branches');
    expect(order).toContain('comments');
    expect(() =>
      childrenFirst(
        ['a', 'b'],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow(/cycle/);
  });
});

describe('AdminAccount/CreateClinic, many at once (issue 13)', () => {
  it('50 new clinics with one name at once: one is created, the others are 409 clinic_name_exists on the field', async () => {
    const name = uniqueName();
    const { responses, tally } = await concurrently(50, () => provider().post(CREATE, newClinicBody(name)));
    expect(tally).toEqual({ '201': 1, '409 clinic_name_exists': 49 });
    for (const res of responses.filter((r) => r.statusCode === 409)) expect(Object.keys(res.json().errors)).toEqual(['clinicName']);
    expect(await t.database.db.$count(clinics, sql`lower(${clinics.clinicName}) = lower(${name})`)).toBe(1);
  });
});
