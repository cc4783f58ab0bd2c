import { authCalls, callPath, usersCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PASSWORD, type TestClinic, api, login, newClinic, newUser, testApp } from '../../../test/harness.js';
import { pushSubscriptions, users } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';

const t = await testApp();
const UPLOAD = callPath(usersCalls.uploadImage);
const CHANGE = callPath(usersCalls.changePassword);
const LANGUAGE = callPath(usersCalls.updateUserLanguage);
const THEME = callPath(usersCalls.updateUserTheme);
const POST_FCM = callPath(usersCalls.postFcmToken);
const AUTH_POST_FCM = callPath(usersCalls.authPostFcmToken);
const DELETE_FCM = callPath(usersCalls.deleteFcmToken);
const ME = callPath(authCalls.refreshCurrentUser);

const userRow = (c: TestClinic, id: number) =>
  withTenant(t.database.db, c.clinicId, async (tx) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.clinicId, c.clinicId), eq(users.id, id)));
    return row!;
  });
const subscriptionsOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx
      .select({ userId: pushSubscriptions.userId, token: pushSubscriptions.token })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.clinicId, clinicId))
      .orderBy(asc(pushSubscriptions.id)),
  );
const idOf = async (token: string) => (await api(t, token).get(ME)).json().userId as number;

async function expectCode(call: Promise<LightMyRequestResponse>, status: number, code: string) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res;
}

const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#079ee4' } })
    .png()
    .toBuffer();

/** A multipart POST of UploadImage, built the way a browser's FormData is sent. */
async function upload(
  token: string | undefined,
  fields: Record<string, string>,
  file?: { data: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('formFile', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: UPLOAD,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      language: 'en',
      'content-type': encoded.headers.get('content-type')!,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

describe('User/UploadImage', () => {
  it('stores one’s own photo with a thumbnail, served as images; a new photo replaces the old files', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const res = await upload(
      c.token,
      { userId: String(c.ownerId) },
      { data: await png(), name: 'me.png', type: 'image/png' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.url).toMatch(new RegExp(`^/api/files/clinics/${c.clinicId}/users/[0-9a-f]{32}\\.png$`));
    expect(body.thumbnailUrl).toMatch(/-thumb\.webp$/);
    expect(JSON.parse(body.photoJson)).toEqual({ url: body.url, thumbnailUrl: body.thumbnailUrl });
    expect((await userRow(c, c.ownerId)).photoJson).toBe(body.photoJson);
    const thumb = await t.app.inject(body.thumbnailUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await api(t, c.token).get(ME)).json().photoJson).toBe(body.photoJson);

    const jpeg = await sharp(await png())
      .jpeg()
      .toBuffer();
    const again = await upload(
      c.token,
      { userId: String(c.ownerId) },
      { data: jpeg, name: 'me.jfif', type: 'image/jpeg' },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().url).toMatch(/\.jpg$/);
    expect((await t.app.inject(body.url)).statusCode).toBe(404);
    expect((await t.app.inject(body.thumbnailUrl)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image by content, a missing file or user id, and changes nothing', async () => {
    const c = await newClinic(t);
    const fake = await upload(
      c.token,
      { userId: String(c.ownerId) },
      { data: Buffer.from('<html><script>alert(1)</script></html>'), name: 'x.png', type: 'image/png' },
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({
      code: 'invalid_image_type',
      message: 'Invalid image type (jpg, jpeg, png, svg, gif)',
      errors: { formFile: 'Invalid image type (jpg, jpeg, png, svg, gif)' },
    });
    const noFile = await upload(c.token, { userId: String(c.ownerId) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ formFile: 'This field is required' });
    const noUser = await upload(c.token, {}, { data: await png(), name: 'me.png', type: 'image/png' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().errors).toEqual({ userId: 'This field is required' });
    const json = await api(t, c.token).post(UPLOAD, { userId: c.ownerId });
    expect(json.statusCode).toBe(400);
    expect((await userRow(c, c.ownerId)).photoJson).toBeNull();
  });

  it("needs user_edit for another user's photo, only an owner changes an owner's, and another clinic is 404", async () => {
    const c = await newClinic(t);
    const plain = await newUser(t, c, [], 'RL4');
    const plainId = await idOf(plain);
    const image = { data: await png(), name: 'a.png', type: 'image/png' };
    expect((await upload(plain, { userId: String(plainId) }, image)).statusCode).toBe(200);
    await expectCode(upload(plain, { userId: String(c.ownerId) }, image), 403, 'BS11');
    const editor = await newUser(t, c, ['user_list', 'user_edit'], 'RL2');
    expect((await upload(editor, { userId: String(plainId) }, image)).statusCode).toBe(200);
    await expectCode(upload(editor, { userId: String(c.ownerId) }, image), 403, 'action_not_allowed');
    const other = await newClinic(t);
    await expectCode(upload(c.token, { userId: String(other.ownerId) }, image), 404, 'user_not_found');
    expect((await userRow(c, c.ownerId)).photoJson).toBeNull();
    expect((await userRow(other, other.ownerId)).photoJson).toBeNull();
    expect((await upload(undefined, { userId: String(plainId) }, image)).statusCode).toBe(401);
  });
});

describe('User/ChangePassword', () => {
  it('changes one’s own password, ends every other session and returns a new token', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const otherTab = await login(t, c.clinicName, `owner@${c.clinicName}.test`);
    const res = await api(t, c.token).post(CHANGE, {
      currentPassword: PASSWORD,
      newPassword: 'New@Pass9',
      confirmPassword: 'New@Pass9',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token, expiredTokenDate } = res.json();
    expect(Date.parse(expiredTokenDate)).toBeGreaterThan(Date.now());
    expect((await api(t, token).get(ME)).statusCode).toBe(200);
    expect((await api(t, c.token).get(ME)).statusCode).toBe(401);
    expect((await api(t, otherTab).get(ME)).statusCode).toBe(401);
    await login(t, c.clinicName, `owner@${c.clinicName}.test`, 'New@Pass9');
    await expect(login(t, c.clinicName, `owner@${c.clinicName}.test`, PASSWORD)).rejects.toThrow(/invalid_credential/);
  });

  it('refuses a wrong current password on its field, and a new one that breaks the rules, changing nothing', async () => {
    const c = await newClinic(t);
    const before = (await userRow(c, c.ownerId)).passwordHash;
    const wrong = await expectCode(
      api(t, c.token).post(CHANGE, {
        currentPassword: 'Nope@1234',
        newPassword: 'New@Pass9',
        confirmPassword: 'New@Pass9',
      }),
      400,
      'password_wrong',
    );
    expect(wrong.json().errors).toEqual({ currentPassword: 'The current password is wrong' });
    const weak = await api(t, c.token).post(CHANGE, {
      currentPassword: PASSWORD,
      newPassword: 'newpass9',
      confirmPassword: 'x',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({
      newPassword: 'Password must contain an uppercase letter',
      confirmPassword: 'Passwords do not match',
    });
    const mismatch = await api(t, c.token).post(CHANGE, {
      currentPassword: PASSWORD,
      newPassword: 'New@Pass9',
      confirmPassword: 'New@Pass8',
    });
    expect(mismatch.json().errors).toEqual({ confirmPassword: 'Passwords do not match' });
    expect((await api(t, c.token).post(CHANGE, {})).json().errors).toEqual({
      currentPassword: 'This field is required',
      newPassword: 'This field is required',
      confirmPassword: 'This field is required',
    });
    expect((await userRow(c, c.ownerId)).passwordHash).toBe(before);
    expect((await api(t, c.token).get(ME)).statusCode).toBe(200);
    const anonymous = { currentPassword: PASSWORD, newPassword: 'New@Pass9', confirmPassword: 'New@Pass9' };
    expect((await api(t).post(CHANGE, anonymous)).statusCode).toBe(401);
  });

  it('is open to a user without any key, and changes only the caller', async () => {
    const c = await newClinic(t);
    const plain = await newUser(t, c, [], 'RL5');
    const plainId = await idOf(plain);
    const owner = (await userRow(c, c.ownerId)).passwordHash;
    const res = await api(t, plain).post(CHANGE, {
      currentPassword: PASSWORD,
      newPassword: 'New@Pass9',
      confirmPassword: 'New@Pass9',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(c, c.ownerId)).passwordHash).toBe(owner);
    expect((await userRow(c, plainId)).tokenVersion).toBe(2);
  });
});

describe('User/UpdateUserToothNumbering', () => {
  it("saves the caller's numbering, which the active user then carries over the clinic's", async () => {
    const c = await newClinic(t);
    const refresh = async () => (await api(t, c.token).get(callPath(authCalls.refreshCurrentUser))).json().toothNumberingSystem;
    expect(await refresh()).toBe('FDI');
    const saved = await api(t, c.token).post(callPath(usersCalls.updateUserToothNumbering), { toothNumberingSystem: 'Palmer' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await refresh()).toBe('Palmer');
    const bad = await api(t, c.token).post(callPath(usersCalls.updateUserToothNumbering), { toothNumberingSystem: 'Universal' });
    expect(bad.statusCode).toBe(400);
    expect(await refresh()).toBe('Palmer');
  });
});

describe('User/UpdateUserLanguage and UpdateUserTheme', () => {
  it('save the caller’s language and theme, which the next refresh of the current user carries', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const plain = await newUser(t, c, [], 'RL5');
    expect((await api(t, plain).get(LANGUAGE, { language: 'en' })).json()).toEqual({ ok: true });
    expect((await api(t, plain).get(THEME, { theme: 'dark' })).json()).toEqual({ ok: true });
    expect((await api(t, plain).get(ME)).json()).toMatchObject({ language: 'en', userLanguage: 'en', theme: 'dark' });
    expect((await api(t, c.token).get(ME)).json()).toMatchObject({ language: 'ar', theme: 'light' });
    expect((await api(t, plain).get(LANGUAGE, { language: 'fr' })).statusCode).toBe(200);
    expect((await api(t, plain).get(ME)).json().language).toBe('fr');
  });

  it('refuse an unknown or missing value and change nothing', async () => {
    const c = await newClinic(t);
    const bad = await api(t, c.token).get(LANGUAGE, { language: 'de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ language: 'Invalid value' });
    expect((await api(t, c.token).get(THEME, {})).json().errors).toEqual({ theme: 'This field is required' });
    expect((await api(t, c.token).get(THEME, { theme: 'blue' })).statusCode).toBe(400);
    expect(await userRow(c, c.ownerId)).toMatchObject({ language: 'ar', theme: 'light' });
    expect((await api(t).get(THEME, { theme: 'dark' })).statusCode).toBe(401);
  });
});

describe('User/PostFCMToken, Auth/PostFCMToken and User/DeleteFCMToken', () => {
  it('store the caller’s device subscriptions; a device moves to whoever logs in on it', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const plain = await newUser(t, c, [], 'RL5');
    const plainId = await idOf(plain);
    const sub = JSON.stringify({ endpoint: 'https://push.example/abc', keys: { p256dh: 'k', auth: 'a' } });
    expect((await api(t, plain).post(POST_FCM, { fcmtoken: sub, userId: plainId })).json()).toEqual({ ok: true });
    expect((await api(t, plain).post(AUTH_POST_FCM, { fcmtoken: 'device-2' })).statusCode).toBe(200);
    expect((await api(t, plain).post(POST_FCM, { fcmtoken: sub })).statusCode).toBe(200); // again: no duplicate
    expect(await subscriptionsOf(c.clinicId)).toEqual([
      { userId: plainId, token: sub },
      { userId: plainId, token: 'device-2' },
    ]);
    expect((await api(t, plain).get(ME)).json().fcmToken).toBe(sub);
    // the owner logs in on the same browser
    expect((await api(t, c.token).post(POST_FCM, { fcmtoken: sub })).statusCode).toBe(200);
    expect(await subscriptionsOf(c.clinicId)).toEqual([
      { userId: c.ownerId, token: sub },
      { userId: plainId, token: 'device-2' },
    ]);
    expect((await userRow(c, plainId)).fcmToken).toBeNull();
    // deleting forgets only the caller's own subscription
    expect((await api(t, plain).delete(DELETE_FCM, { fcmtoken: sub })).json()).toEqual({ ok: true });
    expect((await subscriptionsOf(c.clinicId)).length).toBe(2);
    expect((await api(t, c.token).delete(DELETE_FCM, { fcmtoken: sub })).statusCode).toBe(200);
    expect(await subscriptionsOf(c.clinicId)).toEqual([{ userId: plainId, token: 'device-2' }]);
    expect((await userRow(c, c.ownerId)).fcmToken).toBeNull();
  });

  it("refuse a missing token and another user's id, and never touch another clinic", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    expect((await api(t, c.token).post(POST_FCM, {})).json().errors).toEqual({ fcmtoken: 'This field is required' });
    expect((await api(t, c.token).delete(DELETE_FCM, {})).json().errors).toEqual({
      fcmtoken: 'This field is required',
    });
    const plain = await newUser(t, c, [], 'RL5');
    const res = await expectCode(
      api(t, plain).post(POST_FCM, { fcmtoken: 'x', userId: c.ownerId }),
      403,
      'action_not_allowed',
    );
    expect(res.json().errors).toEqual({ userId: 'You are not allowed to do this action' });
    expect((await api(t, other.token).post(POST_FCM, { fcmtoken: 'same-token' })).statusCode).toBe(200);
    expect((await api(t, c.token).post(POST_FCM, { fcmtoken: 'same-token' })).statusCode).toBe(200);
    expect((await api(t, c.token).delete(DELETE_FCM, { fcmtoken: 'same-token' })).statusCode).toBe(200);
    expect(await subscriptionsOf(c.clinicId)).toEqual([]);
    expect(await subscriptionsOf(other.clinicId)).toEqual([{ userId: other.ownerId, token: 'same-token' }]);
    expect((await api(t).post(AUTH_POST_FCM, { fcmtoken: 'x' })).statusCode).toBe(401);
  });
});
