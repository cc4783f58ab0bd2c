import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../db/demo-data.js';
import { providerAdmins } from './identity.table.js';
import { hashPassword } from './passwords.js';
import { sameBytesSpellings } from '../../../test/signature-spellings.js';
import { PASSWORD, api, login, newClinic, newUser, testApp } from '../../../test/harness.js';

const t = await testApp({ LOGIN_MAX_PER_ACCOUNT: 3 });

describe('clinic login', () => {
  it('logs in by e-mail, user name or mobile and returns the active user', async () => {
    const c = await newClinic(t);
    const res = await api(t).post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: `OWNER@${c.clinicName}.test`, Password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBeTruthy();
    expect(new Date(body.expiredTokenDate).getTime()).toBeGreaterThan(Date.now());
    expect(body.objectData).toMatchObject({ clinicId: c.clinicId, userRole: 'RL1', branchId: c.branchId, language: 'ar', theme: 'light', subscriptionType: 'ST3' });
    expect(body.objectData.permissions).toContain('room_list');
    const byName = await api(t).post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'owner', Password: PASSWORD });
    expect(byName.statusCode).toBe(200);
  });

  it('refuses a wrong password with a translated message and a missing field with a field message', async () => {
    const c = await newClinic(t);
    const wrong = await api(t, undefined, { language: 'ar' }).post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'owner', Password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'invalid_credential', message: 'بيانات الدخول غير صحيحة' });
    const missing = await api(t).post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'owner' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ Password: 'This field is required' });
  });

  it('limits failed attempts per account', async () => {
    const c = await newClinic(t);
    for (let i = 0; i < 3; i++) await api(t).post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'owner', Password: 'bad' });
    const locked = await api(t).post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'owner', Password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_attempts');
  });

  it('refuses an unknown clinic like a wrong password', async () => {
    const res = await api(t).post('/api/WithoutAuthorize/no-such-clinic/Login', { Email: 'x', Password: 'y' });
    expect(res.json().code).toBe('invalid_credential');
  });
});

describe('session headers and refresh', () => {
  it('returns the current user and the branches the user may use', async () => {
    const c = await newClinic(t);
    const me = await api(t, c.token).get('/api/Auth/RefreshCurrentUser');
    expect(me.statusCode).toBe(200);
    expect(me.json().userId).toBe(c.ownerId);
    const branches = await api(t, c.token).get('/api/Auth/GetClinicBranches');
    expect(branches.json().items).toEqual([{ branchId: c.branchId, name: 'Main', mobile: null }]);
  });

  it('refuses a missing token, a Cid of another clinic, and a Bid the user may not use', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    expect((await api(t).get('/api/Auth/RefreshCurrentUser')).statusCode).toBe(401);
    const cid = await api(t, c.token, { cid: String(other.clinicId) }).get('/api/Auth/RefreshCurrentUser');
    expect(cid.statusCode).toBe(403);
    expect(cid.json().code).toBe('BS16');
    const bid = await api(t, c.token, { bid: String(other.branchId) }).get('/api/Auth/RefreshCurrentUser');
    expect(bid.statusCode).toBe(403);
    expect(bid.json().code).toBe('BS15');
  });

  it('refuses a tampered token', async () => {
    const c = await newClinic(t);
    const tampered = c.token.slice(0, -3) + (c.token.endsWith('aaa') ? 'bbb' : 'aaa');
    expect((await api(t, tampered).get('/api/Auth/RefreshCurrentUser')).statusCode).toBe(401);
  });

  it('refuses a token whose signature is spelled differently (same bytes when decoded leniently)', async () => {
    const c = await newClinic(t);
    const [head, body, sig] = c.token.split('.');
    for (const other of sameBytesSpellings(sig!))
      expect((await api(t, `${head}.${body}.${other}`).get('/api/Auth/RefreshCurrentUser')).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a link whose token sets a new password once, and ends old sessions', async () => {
    const c = await newClinic(t);
    const res = await api(t).post('/api/WithoutAuthorize/ForgetPassword', { clinicName: c.clinicName, email: `owner@${c.clinicName}.test` });
    expect(res.statusCode).toBe(200);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(`owner@${c.clinicName}.test`);
    const token = decodeURIComponent(mail.body.match(/ResetPasswordByUser\/(\S+)/)![1]!);
    const weak = await api(t).post('/api/WithoutAuthorize/ResetPasswordByUser', { token, password: 'weakpass', confirmPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBe('Password must contain an uppercase letter');
    const ok = await api(t).post('/api/WithoutAuthorize/ResetPasswordByUser', { token, password: 'New@Pass99', confirmPassword: 'New@Pass99' });
    expect(ok.statusCode).toBe(200);
    expect((await api(t, c.token).get('/api/Auth/RefreshCurrentUser')).statusCode).toBe(401);
    await login(t, c.clinicName, 'owner', 'New@Pass99');
    const again = await api(t).post('/api/WithoutAuthorize/ResetPasswordByUser', { token, password: 'Other@Pass9', confirmPassword: 'Other@Pass9' });
    expect(again.json().code).toBe('incorrect_code');
  });

  it('refuses a malformed reset token with incorrect_code (400), a clinic id past bigint included', async () => {
    for (const token of ['100000000000000000000.abc', '9007199254740993.abc', '1e3.abc', '0x10.abc', '-1.abc', '1.', 'abc']) {
      const res = await api(t).post('/api/WithoutAuthorize/ResetPasswordByUser', { token, password: 'New@Pass99', confirmPassword: 'New@Pass99' });
      expect({ token, status: res.statusCode, code: res.json().code }).toEqual({ token, status: 400, code: 'incorrect_code' });
    }
  });

  it('answers an unknown e-mail or clinic as a registered one, and mails nothing', async () => {
    const c = await newClinic(t);
    const known = await api(t).post('/api/WithoutAuthorize/ForgetPassword', { clinicName: c.clinicName, email: `owner@${c.clinicName}.test` });
    const mails = t.mails.length;
    const unknownEmail = await api(t).post('/api/WithoutAuthorize/ForgetPassword', { clinicName: c.clinicName, email: 'nobody@x.test' });
    const unknownClinic = await api(t).post('/api/WithoutAuthorize/ForgetPassword', { clinicName: 'no-such-clinic', email: 'nobody@x.test' });
    for (const res of [known, unknownEmail, unknownClinic]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(known.body);
    }
    expect(t.mails).toHaveLength(mails);
  });

  it('lets an administrator issue a one-time code; only with user_edit; not for another clinic', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const clerk = await newUser(t, c, ['room_list']);
    expect((await api(t, clerk).post('/api/User/ResetPasswordByAdmin', { userId: c.ownerId })).statusCode).toBe(403);
    expect((await api(t, c.token).post('/api/User/ResetPasswordByAdmin', { userId: other.ownerId })).statusCode).toBe(404);
    const issued = await api(t, c.token).post('/api/User/ResetPasswordByAdmin', { userId: c.ownerId });
    expect(issued.statusCode).toBe(200);
    const { code } = issued.json();
    const bad = await api(t).post('/api/WithoutAuthorize/ResetPasswordByAdmin', { clinicName: c.clinicName, userName: 'owner', code: 'wrong', password: 'Fresh@Pass1', confirmPassword: 'Fresh@Pass1' });
    expect(bad.json().code).toBe('incorrect_code');
    const ok = await api(t).post('/api/WithoutAuthorize/ResetPasswordByAdmin', { clinicName: c.clinicName, userName: 'owner', code, password: 'Fresh@Pass1', confirmPassword: 'Fresh@Pass1' });
    expect(ok.statusCode).toBe(200);
    await login(t, c.clinicName, 'owner', 'Fresh@Pass1');
  });
});

describe('provider admin', () => {
  it('logs in and registers another admin; clinic tokens cannot', async () => {
    await t.database.db.insert(providerAdmins).values({ email: DEMO_ADMIN.email, passwordHash: await hashPassword(DEMO_ADMIN.password) });
    const res = await api(t).post('/api/AdminAccount/Login', { Email: DEMO_ADMIN.email, Password: DEMO_ADMIN.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().objectData.userRole).toBe('RL0');
    const adminToken = res.json().token;
    const body = { email: 'second@dentix.test', password: 'Second@Pass1', confirmPassword: 'Second@Pass1' };
    expect((await api(t, adminToken).post('/api/AdminAccount/RegisterUser', body)).statusCode).toBe(201);
    expect((await api(t, adminToken).post('/api/AdminAccount/RegisterUser', body)).json().code).toBe('email_used');
    const c = await newClinic(t);
    expect((await api(t, c.token).post('/api/AdminAccount/RegisterUser', { ...body, email: 'x@y.test' })).statusCode).toBe(401);
  });

  it('refuses a password longer than 200 characters before hashing anything', async () => {
    const res = await api(t).post('/api/AdminAccount/Login', { Email: DEMO_ADMIN.email, Password: 'x'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ Password: expect.any(String) });
  });
});
