import { callPath, supportCalls } from '@dental/contract';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PASSWORD, api, newClinic, newUser, setTier, testApp } from '../../../test/harness.js';
import { providerAdmins } from '../../platform/auth/identity.table.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { supportComments, supportRequests, supportVotes } from './support.table.js';

const t = await testApp();
const c = supportCalls;
const LIST = callPath(c.getRequests);
const GET = callPath(c.getRequest);
const SAVE = callPath(c.saveRequest);
const VOTE = callPath(c.voteForRequest);
const STATUS = callPath(c.updateRequestStatus);
const COMMENT = callPath(c.requestComment);
const DELETE_COMMENT = callPath(c.deleteComment);
const ADMIN_LIST = callPath(c.adminGetRequests);
const ADMIN_GET = callPath(c.adminGetRequest);
const ADMIN_COMMENT = callPath(c.adminRequestComment);
const ADMIN_DELETE_COMMENT = callPath(c.adminDeleteComment);

/** The support tables are shared (no clinic_id): read them straight, to prove what a refused call left alone. */
const requestRow = async (id: number) =>
  (await t.database.db.select().from(supportRequests).where(eq(supportRequests.id, id)))[0];
const votesOf = (id: number) => t.database.db.select().from(supportVotes).where(eq(supportVotes.requestId, id));
const commentsOf = (id: number) =>
  t.database.db
    .select()
    .from(supportComments)
    .where(eq(supportComments.requestId, id))
    .orderBy(asc(supportComments.id));

let admins = 0;
/** A provider admin (RL0), logged in through AdminAccount/Login. */
async function providerToken() {
  const email = `admin${admins++}-${Date.now()}@dentix.test`;
  await t.database.db.insert(providerAdmins).values({ email, passwordHash: await hashPassword(PASSWORD) });
  const res = await api(t).post('/api/AdminAccount/Login', { Email: email, Password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

async function addRequest(token: string, body: Record<string, unknown> = {}) {
  const res = await api(t, token).post(SAVE, {
    kind: 'feature',
    title: 'Export to Excel',
    body: 'Please add it',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function expectStatus(call: Promise<LightMyRequestResponse>, status: number, code?: string) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(status);
  if (code) expect(res.json().code).toBe(code);
  return res;
}

describe('Support/SaveRequest, GetRequests, GetRequest', () => {
  it('creates a request, lists it and reads it back with the author and the own clinic', async () => {
    const clinic = await newClinic(t, { tier: 'ST0' });
    const id = await addRequest(clinic.token, { title: '  Dark mode for print  ', body: 'Invoices in dark mode' });
    const list = (await api(t, clinic.token).get(LIST, { search: 'dark mode for' })).json();
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 30 });
    expect(list.items).toEqual([
      {
        id,
        kind: 'feature',
        title: 'Dark mode for print',
        status: 'RS1',
        authorName: 'Owner',
        authorClinic: `Clinic ${clinic.clinicName}`,
        isMine: true,
        canEdit: true,
        voteCount: 0,
        votedByMe: false,
        commentCount: 0,
        createdAt: expect.any(String),
      },
    ]);
    const one = await expectStatus(api(t, clinic.token).get(GET, { id }), 200);
    expect(one.json()).toMatchObject({
      id,
      body: 'Invoices in dark mode',
      comments: [],
      isMine: true,
      updatedAt: expect.any(String),
    });

    const edited = await api(t, clinic.token).post(SAVE, {
      id,
      kind: 'support',
      title: 'Print issue',
      body: 'Details',
    });
    expect(edited.json()).toEqual({ id });
    expect(await requestRow(id)).toMatchObject({
      kind: 'support',
      title: 'Print issue',
      body: 'Details',
      status: 'RS1',
    });
  });

  it('filters by kind, status and title; sorts by votes (most first by default), date and status; pages', async () => {
    const a = await newClinic(t);
    const tag = `f${Date.now()}`;
    const low = await addRequest(a.token, { title: `${tag} low` });
    const high = await addRequest(a.token, { title: `${tag} high` });
    const support = await addRequest(a.token, { title: `${tag} help`, kind: 'support' });
    const voters = [await newUser(t, a, []), await newUser(t, a, [])];
    for (const v of voters) await expectStatus(api(t, v).post(VOTE, { id: high }), 200);
    await expectStatus(api(t, voters[0]!).post(VOTE, { id: support }), 200);
    const admin = await providerToken();
    await expectStatus(api(t, admin).post(STATUS, { id: low, status: 'RS3' }), 200);

    const titles = async (query: Record<string, unknown>) => {
      const res = await api(t, a.token).get(LIST, { search: tag, ...query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((i: { title: string }) => i.title.replace(`${tag} `, ''));
    };
    expect(await titles({})).toEqual(['high', 'help', 'low']);
    expect(await titles({ kind: 'feature' })).toEqual(['high', 'low']);
    expect(await titles({ kind: 'support' })).toEqual(['help']);
    expect(await titles({ status: 'RS3' })).toEqual(['low']);
    expect(await titles({ sortField: 'votes', sortOrder: 'ascend' })).toEqual(['low', 'help', 'high']);
    expect(await titles({ sortField: 'createdAt', sortOrder: 'descend' })).toEqual(['help', 'high', 'low']);
    expect(await titles({ sortField: 'status', sortOrder: 'descend' })).toEqual(['low', 'high', 'help']);
    const page = (await api(t, a.token).get(LIST, { search: tag, page: 2, pageSize: 2 })).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((i: { id: number }) => i.id)).toEqual([low]);
    expect((await api(t, a.token).get(LIST, { search: `${tag}%` })).json().total).toBe(0);
  });

  it('refuses a bad body or query with field messages and changes nothing', async () => {
    const clinic = await newClinic(t);
    const id = await addRequest(clinic.token, { title: 'Original' });
    const missing = await expectStatus(api(t, clinic.token).post(SAVE, {}), 400, 'validation');
    expect(missing.json().errors).toEqual({
      kind: 'This field is required',
      title: 'This field is required',
      body: 'This field is required',
    });
    const bad = await expectStatus(
      api(t, clinic.token).post(SAVE, { id, kind: 'bug', title: ' ', body: 'x'.repeat(5001) }),
      400,
    );
    expect(bad.json().errors).toEqual({
      kind: 'Invalid value',
      title: 'This field is required',
      body: 'The value is too long',
    });
    const ar = await api(t, clinic.token, { language: 'ar' }).post(SAVE, {
      id,
      kind: 'feature',
      title: 'x'.repeat(201),
      body: 'b',
    });
    expect(ar.json().errors).toEqual({ title: 'القيمة أطول من المسموح' });
    expect(await requestRow(id)).toMatchObject({ title: 'Original', kind: 'feature' });

    const badQuery = await expectStatus(
      api(t, clinic.token).get(LIST, { kind: 'bug', status: 'RS9', sortField: 'title', pageSize: 0 }),
      400,
    );
    expect(Object.keys(badQuery.json().errors).sort()).toEqual(['kind', 'pageSize', 'sortField', 'status']);
    expect((await expectStatus(api(t, clinic.token).get(GET, { id: 'abc' }), 400)).json().errors).toEqual({
      id: 'Invalid value',
    });
    expect((await expectStatus(api(t, clinic.token).get(GET, {}), 400)).json().errors).toEqual({
      id: 'This field is required',
    });
  });

  it("lets only the author edit, only while new; another clinic's support request is not found", async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const id = await addRequest(a.token, { title: 'Mine' });
    const colleague = await newUser(t, a, []);
    await expectStatus(
      api(t, colleague).post(SAVE, { id, kind: 'feature', title: 'Hijack', body: 'b' }),
      403,
      'action_not_allowed',
    );
    await expectStatus(
      api(t, b.token).post(SAVE, { id, kind: 'feature', title: 'Hijack', body: 'b' }),
      403,
      'action_not_allowed',
    );
    const theirs = await addRequest(b.token, { kind: 'support', title: 'Their problem', body: 'secret' });
    await expectStatus(
      api(t, a.token).post(SAVE, { id: theirs, kind: 'support', title: 'Mine now', body: 'b' }),
      404,
      'not_found',
    );
    await expectStatus(api(t, a.token).post(SAVE, { id: 999_999_999, kind: 'support', title: 'x', body: 'b' }), 404);
    expect(await requestRow(theirs)).toMatchObject({
      title: 'Their problem',
      body: 'secret',
      authorClinicId: b.clinicId,
    });

    const colleagueView = (await api(t, colleague).get(GET, { id })).json();
    expect(colleagueView).toMatchObject({ isMine: false, canEdit: false, authorClinic: `Clinic ${a.clinicName}` });

    const admin = await providerToken();
    await expectStatus(api(t, admin).post(STATUS, { id, status: 'RS2' }), 200);
    expect((await api(t, a.token).get(GET, { id })).json()).toMatchObject({
      status: 'RS2',
      isMine: true,
      canEdit: false,
    });
    await expectStatus(
      api(t, a.token).post(SAVE, { id, kind: 'feature', title: 'Late edit', body: 'b' }),
      409,
      'request_not_editable',
    );
    expect(await requestRow(id)).toMatchObject({ title: 'Mine', status: 'RS2' });
  });

  it("shows every clinic's feature requests without their clinic or author's name, and never another clinic's support requests", async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const tag = `v${Date.now()}`;
    const feature = await addRequest(a.token, { title: `${tag} feature` });
    const support = await addRequest(a.token, { title: `${tag} support`, kind: 'support' });
    const seenByB = (await api(t, b.token).get(LIST, { search: tag })).json();
    expect(seenByB.total).toBe(1);
    expect(seenByB.items[0]).toMatchObject({
      id: feature,
      authorName: null,
      authorClinic: null,
      isMine: false,
      canEdit: false,
    });
    expect((await api(t, b.token).get(GET, { id: feature })).json()).toMatchObject({
      authorName: null,
      authorClinic: null,
      body: 'Please add it',
    });
    // the author's own clinic (another user of it too) still sees the name
    const colleague = await newUser(t, a, []);
    expect((await api(t, colleague).get(GET, { id: feature })).json()).toMatchObject({
      authorName: 'Owner',
      authorClinic: `Clinic ${a.clinicName}`,
      isMine: false,
    });
    await expectStatus(api(t, b.token).get(GET, { id: support }), 404, 'not_found');
    expect((await api(t, b.token).get(LIST, { search: tag, kind: 'support' })).json().total).toBe(0);
    expect((await api(t, a.token).get(LIST, { search: tag })).json().total).toBe(2);
  });

  it('needs a login only: any user of any tier, whatever their keys; a provider token is not a clinic session', async () => {
    const clinic = await newClinic(t);
    await setTier(t, clinic.clinicId, 'ST0');
    const nobody = await newUser(t, clinic, [], 'RL5');
    const id = await addRequest(nobody, { kind: 'support' });
    await expectStatus(api(t, nobody).get(LIST), 200);
    await expectStatus(api(t, nobody).get(GET, { id }), 200);
    await expectStatus(api(t).get(LIST), 401, 'session_expired');
    await expectStatus(api(t).post(SAVE, { kind: 'feature', title: 't', body: 'b' }), 401);
    const admin = await providerToken();
    await expectStatus(api(t, admin).get(LIST), 401);
    await expectStatus(api(t, admin).post(SAVE, { kind: 'feature', title: 't', body: 'b' }), 401);
  });
});

describe('Support/VoteForRequest', () => {
  it('toggles the caller’s vote: one per user, counted per request', async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const id = await addRequest(a.token);
    const first = await expectStatus(api(t, a.token).post(VOTE, { id }), 200);
    expect(first.json()).toEqual({ voted: true, voteCount: 1 });
    const other = await expectStatus(api(t, b.token).post(VOTE, { id }), 200);
    expect(other.json()).toEqual({ voted: true, voteCount: 2 });
    expect((await api(t, a.token).get(GET, { id })).json()).toMatchObject({ voteCount: 2, votedByMe: true });
    const again = await expectStatus(api(t, a.token).post(VOTE, { id }), 200);
    expect(again.json()).toEqual({ voted: false, voteCount: 1 });
    expect((await api(t, a.token).get(GET, { id })).json()).toMatchObject({ voteCount: 1, votedByMe: false });
    expect(
      (await api(t, b.token).get(LIST, { search: 'Export' })).json().items.find((i: { id: number }) => i.id === id),
    ).toMatchObject({
      voteCount: 1,
      votedByMe: true,
    });
    expect((await votesOf(id)).map((v) => v.voterClinicId)).toEqual([b.clinicId]);
  });

  it("refuses a bad id and another clinic's support request (404), leaving the votes alone", async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const support = await addRequest(a.token, { kind: 'support' });
    await expectStatus(api(t, a.token).post(VOTE, { id: support }), 200);
    expect((await expectStatus(api(t, b.token).post(VOTE, {}), 400)).json().errors).toEqual({
      id: 'This field is required',
    });
    expect((await expectStatus(api(t, b.token).post(VOTE, { id: -1 }), 400)).json().errors).toEqual({
      id: 'Invalid value',
    });
    await expectStatus(api(t, b.token).post(VOTE, { id: support }), 404, 'not_found');
    await expectStatus(api(t, b.token).post(VOTE, { id: 999_999_999 }), 404);
    expect((await votesOf(support)).map((v) => v.voterClinicId)).toEqual([a.clinicId]);
    await expectStatus(api(t).post(VOTE, { id: support }), 401);
  });
});

describe('Support/RequestComment, DeleteComment', () => {
  it('comments, lists the comments in order and lets their author delete them', async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const id = await addRequest(a.token);
    const mine = (await expectStatus(api(t, a.token).post(COMMENT, { requestId: id, body: '  First  ' }), 200)).json()
      .id;
    const theirs = (await expectStatus(api(t, b.token).post(COMMENT, { requestId: id, body: 'Second' }), 200)).json()
      .id;
    const view = (await api(t, a.token).get(GET, { id })).json();
    expect(view.commentCount).toBe(2);
    expect(view.comments).toEqual([
      {
        id: mine,
        authorName: 'Owner',
        fromProvider: false,
        body: 'First',
        createdAt: expect.any(String),
        isMine: true,
        canDelete: true,
      },
      {
        id: theirs,
        authorName: null, // a user of another clinic: no name
        fromProvider: false,
        body: 'Second',
        createdAt: expect.any(String),
        isMine: false,
        canDelete: false,
      },
    ]);
    expect((await api(t, b.token).get(GET, { id })).json().comments.map((x: { authorName: string | null }) => x.authorName))
      .toEqual([null, 'Owner']);
    expect(
      (await api(t, a.token).get(LIST, { search: 'Export' })).json().items.find((i: { id: number }) => i.id === id)
        .commentCount,
    ).toBe(2);
    expect((await expectStatus(api(t, a.token).delete(DELETE_COMMENT, { id: mine }), 200)).json()).toEqual({
      ok: true,
    });
    expect((await commentsOf(id)).map((c) => c.id)).toEqual([theirs]);
  });

  it('refuses to delete a comment of another user (403) and one on a hidden request (404)', async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const feature = await addRequest(a.token);
    const support = await addRequest(a.token, { kind: 'support' });
    const onFeature = (await api(t, a.token).post(COMMENT, { requestId: feature, body: 'owner says' })).json().id;
    const onSupport = (await api(t, a.token).post(COMMENT, { requestId: support, body: 'private' })).json().id;
    const colleague = await newUser(t, a, []);
    await expectStatus(api(t, colleague).delete(DELETE_COMMENT, { id: onFeature }), 403, 'action_not_allowed');
    await expectStatus(api(t, colleague).delete(DELETE_COMMENT, { id: onSupport }), 403, 'action_not_allowed');
    await expectStatus(api(t, b.token).delete(DELETE_COMMENT, { id: onFeature }), 403, 'action_not_allowed');
    await expectStatus(api(t, b.token).delete(DELETE_COMMENT, { id: onSupport }), 404, 'not_found');
    await expectStatus(api(t, b.token).post(COMMENT, { requestId: support, body: 'sneaky' }), 404, 'not_found');
    await expectStatus(api(t, b.token).delete(DELETE_COMMENT, { id: 999_999_999 }), 404);
    expect((await commentsOf(feature)).map((c) => c.body)).toEqual(['owner says']);
    expect((await commentsOf(support)).map((c) => c.body)).toEqual(['private']);
  });

  it('refuses a bad comment with field messages and stores nothing', async () => {
    const clinic = await newClinic(t);
    const id = await addRequest(clinic.token);
    const missing = await expectStatus(api(t, clinic.token).post(COMMENT, {}), 400);
    expect(missing.json().errors).toEqual({ requestId: 'This field is required', body: 'This field is required' });
    const long = await expectStatus(api(t, clinic.token).post(COMMENT, { requestId: id, body: 'x'.repeat(2001) }), 400);
    expect(long.json().errors).toEqual({ body: 'The value is too long' });
    expect((await expectStatus(api(t, clinic.token).delete(DELETE_COMMENT, {}), 400)).json().errors).toEqual({
      id: 'This field is required',
    });
    expect(await commentsOf(id)).toEqual([]);
    await expectStatus(api(t).post(COMMENT, { requestId: id, body: 'x' }), 401);
  });
});

describe('provider: Support/UpdateRequestStatus and AdminSupport/*', () => {
  it("sees every clinic's requests with their clinic, moves their status, answers and deletes any comment", async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const tag = `p${Date.now()}`;
    const feature = await addRequest(a.token, { title: `${tag} feature` });
    const support = await addRequest(b.token, { title: `${tag} support`, kind: 'support' });
    const admin = await providerToken();
    const list = (
      await expectStatus(api(t, admin).get(ADMIN_LIST, { search: tag, sortField: 'createdAt' }), 200)
    ).json();
    expect(list.items.map((i: { id: number; authorClinic: string }) => [i.id, i.authorClinic])).toEqual([
      [feature, `Clinic ${a.clinicName}`],
      [support, `Clinic ${b.clinicName}`],
    ]);
    expect(list.items[0]).toMatchObject({ isMine: false, canEdit: false, votedByMe: false });
    expect((await api(t, admin).get(ADMIN_LIST, { search: tag, kind: 'support' })).json().total).toBe(1);

    expect((await expectStatus(api(t, admin).post(STATUS, { id: support, status: 'RS4' }), 200)).json()).toEqual({
      ok: true,
    });
    expect((await api(t, b.token).get(GET, { id: support })).json().status).toBe('RS4');
    expect(
      (await api(t, admin).get(ADMIN_LIST, { search: tag, status: 'RS4' }))
        .json()
        .items.map((i: { id: number }) => i.id),
    ).toEqual([support]);

    const answer = (
      await expectStatus(api(t, admin).post(ADMIN_COMMENT, { requestId: support, body: 'Fixed' }), 200)
    ).json().id;
    const clinicComment = (await api(t, b.token).post(COMMENT, { requestId: support, body: 'Thanks' })).json().id;
    const seenByClinic = (await api(t, b.token).get(GET, { id: support })).json().comments;
    expect(seenByClinic[0]).toMatchObject({ id: answer, fromProvider: true, isMine: false, canDelete: false });
    await expectStatus(api(t, b.token).delete(DELETE_COMMENT, { id: answer }), 403, 'action_not_allowed');
    const seenByAdmin = (await expectStatus(api(t, admin).get(ADMIN_GET, { id: support }), 200)).json();
    expect(seenByAdmin).toMatchObject({ authorClinic: `Clinic ${b.clinicName}`, body: 'Please add it' });
    expect(
      seenByAdmin.comments.map((c: { id: number; isMine: boolean; canDelete: boolean }) => [
        c.id,
        c.isMine,
        c.canDelete,
      ]),
    ).toEqual([
      [answer, true, true],
      [clinicComment, false, true],
    ]);
    await expectStatus(api(t, admin).delete(ADMIN_DELETE_COMMENT, { id: clinicComment }), 200);
    expect((await commentsOf(support)).map((c) => c.id)).toEqual([answer]);
  });

  it('refuses bad input (400), unknown ids (404) and clinic tokens (401), changing nothing', async () => {
    const a = await newClinic(t);
    const id = await addRequest(a.token);
    const comment = (await api(t, a.token).post(COMMENT, { requestId: id, body: 'keep' })).json().id;
    const admin = await providerToken();
    const bad = await expectStatus(api(t, admin).post(STATUS, { id, status: 'RS9' }), 400);
    expect(bad.json().errors).toEqual({ status: 'Invalid value' });
    expect((await expectStatus(api(t, admin).post(STATUS, {}), 400)).json().errors).toEqual({
      id: 'This field is required',
      status: 'This field is required',
    });
    await expectStatus(api(t, admin).post(STATUS, { id: 999_999_999, status: 'RS2' }), 404, 'not_found');
    await expectStatus(api(t, admin).get(ADMIN_GET, { id: 999_999_999 }), 404);
    await expectStatus(api(t, admin).post(ADMIN_COMMENT, { requestId: 999_999_999, body: 'x' }), 404);
    await expectStatus(api(t, admin).delete(ADMIN_DELETE_COMMENT, { id: 999_999_999 }), 404);
    // the owner of the clinic cannot use the provider's calls
    await expectStatus(api(t, a.token).post(STATUS, { id, status: 'RS4' }), 401, 'session_expired');
    await expectStatus(api(t, a.token).get(ADMIN_LIST), 401);
    await expectStatus(api(t, a.token).get(ADMIN_GET, { id }), 401);
    await expectStatus(api(t, a.token).post(ADMIN_COMMENT, { requestId: id, body: 'x' }), 401);
    await expectStatus(api(t, a.token).delete(ADMIN_DELETE_COMMENT, { id: comment }), 401);
    expect(await requestRow(id)).toMatchObject({ status: 'RS1' });
    expect((await commentsOf(id)).map((c) => c.body)).toEqual(['keep']);
  });
});
