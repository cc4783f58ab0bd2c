import { eq, like } from 'drizzle-orm';
import * as argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD, api, newClinic, testApp } from '../../../test/harness.js';
import { loginAttempts } from './identity.table.js';

vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

const t = await testApp();
let addressSeq = 0;
/** Each test logs in from an address of its own, so the per-address count of another test never interferes. */
const fromAddress = () => api(t, undefined, { language: 'en', 'x-forwarded-for': `198.51.100.${++addressSeq}` });

describe('login attempts under concurrency', () => {
  it('checks at most LOGIN_MAX_PER_ACCOUNT passwords of 40 sent at once; the rest are refused unchecked', async () => {
    const c = await newClinic(t);
    const caller = fromAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => caller.post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'owner', Password: 'Wrong@Pass1' })),
    );
    const codes = answers.map((r) => `${r.statusCode} ${r.json().code}`);
    expect(codes.filter((x) => x === '400 invalid_credential')).toHaveLength(5);
    expect(codes.filter((x) => x === '429 too_many_attempts')).toHaveLength(35);
    const right = await caller.post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'owner', Password: PASSWORD });
    expect(right.statusCode).toBe(429);
  });

  it('a correct password clears the account count and is not counted against the address', async () => {
    const c = await newClinic(t);
    const caller = fromAddress();
    const address = `198.51.100.${addressSeq}`;
    for (let i = 0; i < 4; i++) await caller.post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'owner', Password: 'Wrong@Pass1' });
    expect((await caller.post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'owner', Password: PASSWORD })).statusCode).toBe(200);
    expect(await t.database.db.select().from(loginAttempts).where(like(loginAttempts.attemptKey, `acct:${c.clinicName}:%`))).toEqual([]);
    expect(await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.attemptKey, `ip:${address}`))).toHaveLength(4);
    const again = await Promise.all(
      Array.from({ length: 6 }, () => caller.post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'owner', Password: 'Wrong@Pass1' })),
    );
    expect(again.filter((r) => r.statusCode === 400)).toHaveLength(5);
  });
});

describe('unknown accounts cost a password check too', () => {
  const verify = vi.mocked(argon2.verify);

  it('checks the password against a dummy hash for an unknown clinic, user or provider admin', async () => {
    const c = await newClinic(t);
    for (const [url, body] of [
      ['/api/WithoutAuthorize/no-such-clinic/Login', { Email: 'owner', Password: 'Any@Pass1' }],
      [`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'nobody', Password: 'Any@Pass1' }],
      ['/api/AdminAccount/Login', { Email: 'nobody@dentix.test', Password: 'Any@Pass1' }],
    ] as const) {
      verify.mockClear();
      const res = await fromAddress().post(url, body);
      expect(res.json().code).toBe('invalid_credential');
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
      expect(verify.mock.calls[0]![1]).toBe('Any@Pass1');
    }
  });
});
