import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../db/tenancy.js';
import { clinics, users } from './identity.table.js';
import { PASSWORD, api, newClinic, newUser, testApp } from '../../../test/harness.js';

// Issue 18: users' mobiles are stored E.164; a user logs in with the mobile as they know it.
const t = await testApp({ LOGIN_MAX_PER_ACCOUNT: 3 });

const loginAs = (clinicName: string, login: string, password = PASSWORD) =>
  api(t, undefined, { language: 'en' }).post(`/api/WithoutAuthorize/${clinicName}/Login`, { Email: login, Password: password });

async function setMobile(clinicId: number, userId: number, mobile: string) {
  await withTenant(t.database.db, clinicId, (tx) =>
    tx.update(users).set({ mobile }).where(and(eq(users.clinicId, clinicId), eq(users.id, userId))),
  );
}

describe('login by mobile', () => {
  it('takes the mobile in the clinic’s national form, with spaces, or international (+ or 00)', async () => {
    const c = await newClinic(t); // an Egyptian clinic (CN3)
    await setMobile(c.clinicId, c.ownerId, '+201012345678');
    for (const typed of ['01012345678', '010 1234 5678', '(010) 1234-5678', '+201012345678', '+20 10 1234 5678', '00201012345678']) {
      const res = await loginAs(c.clinicName, typed);
      expect({ typed, status: res.statusCode }).toEqual({ typed, status: 200 });
      expect(res.json().objectData.userId).toBe(c.ownerId);
    }
  });

  it('reads the national form against the clinic’s own country', async () => {
    const c = await newClinic(t);
    await t.database.db.update(clinics).set({ countryId: 'CN2' }).where(eq(clinics.id, c.clinicId)); // Saudi Arabia
    await setMobile(c.clinicId, c.ownerId, '+966501234567');
    expect((await loginAs(c.clinicName, '050 123 4567')).statusCode).toBe(200);
    expect((await loginAs(c.clinicName, '+966501234567')).statusCode).toBe(200);
    // the same digits in an Egyptian clinic are another number (or none)
    const eg = await newClinic(t);
    await setMobile(eg.clinicId, eg.ownerId, '+966501234567');
    expect((await loginAs(eg.clinicName, '0501234567')).json().code).toBe('invalid_credential');
    expect((await loginAs(eg.clinicName, '+966 50 123 4567')).statusCode).toBe(200);
  });

  it('answers garbage, an unknown number and a wrong password as before: 400 invalid_credential', async () => {
    const c = await newClinic(t);
    await setMobile(c.clinicId, c.ownerId, '+201012345678');
    for (const typed of ['0101234', '++20', '01012345679', '()-', '0'.repeat(200)]) {
      const res = await loginAs(c.clinicName, typed);
      expect({ typed, status: res.statusCode, body: res.json() }).toEqual({
        typed,
        status: 400,
        body: { code: 'invalid_credential', message: expect.any(String) },
      });
    }
    const wrong = await loginAs(c.clinicName, '01012345678', 'nope');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_credential');
  });

  it('refuses a number that points at two users (one’s digit user name, another’s mobile) like a wrong login', async () => {
    const c = await newClinic(t);
    await setMobile(c.clinicId, c.ownerId, '+201012345678');
    await newUser(t, c, []);
    const other = (await withTenant(t.database.db, c.clinicId, (tx) => tx.select().from(users).where(eq(users.clinicId, c.clinicId)))).find(
      (u) => u.id !== c.ownerId,
    );
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.update(users).set({ userName: '01012345678' }).where(and(eq(users.clinicId, c.clinicId), eq(users.id, other!.id))),
    );
    const res = await loginAs(c.clinicName, '01012345678');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_credential');
    // unambiguous spellings still find their one user
    expect((await loginAs(c.clinicName, '+201012345678')).json().objectData.userId).toBe(c.ownerId);
  });

  it('counts the national and international spellings of one mobile as one account', async () => {
    const c = await newClinic(t);
    await setMobile(c.clinicId, c.ownerId, '+201012345678');
    await loginAs(c.clinicName, '01012345678', 'bad');
    await loginAs(c.clinicName, '+201012345678', 'bad');
    await loginAs(c.clinicName, '010 1234 5678', 'bad');
    const locked = await loginAs(c.clinicName, '00201012345678');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_attempts');
  });
});
