import { password } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './passwords.js';
import { signToken, verifyToken } from './tokens.js';

describe('generated passwords (spec §5)', () => {
  it('are 8-16 characters with upper, lower, digit and one of !@#$&*, and pass the password rules', () => {
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p.length).toBeGreaterThanOrEqual(8);
      expect(p.length).toBeLessThanOrEqual(16);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[0-9]/);
      expect(p).toMatch(/[!@#$&*]/);
      expect(password.safeParse(p).success).toBe(true);
    }
  });
});

describe('password hashing and tokens', () => {
  it('verifies the right password only', async () => {
    const h = await hashPassword('Abc@1234');
    expect(h).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(h, 'Abc@1234')).toBe(true);
    expect(await verifyPassword(h, 'abc@1234')).toBe(false);
    expect(await verifyPassword('garbage', 'x')).toBe(false);
  });
  it('signs tokens that expire and cannot be forged', () => {
    const { token } = signToken({ kind: 'clinic', sub: 7, cid: 3, ver: 1 }, 's'.repeat(40), 1);
    expect(verifyToken(`Bearer ${token}`, 's'.repeat(40))).toMatchObject({ sub: 7, cid: 3, ver: 1 });
    expect(verifyToken(token, 'x'.repeat(40))).toBeNull();
    const expired = signToken({ kind: 'clinic', sub: 7, cid: 3, ver: 1 }, 's'.repeat(40), -1).token;
    expect(verifyToken(expired, 's'.repeat(40))).toBeNull();
    expect(verifyToken('a.b', 's'.repeat(40))).toBeNull();
  });
});
