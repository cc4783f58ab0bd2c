import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';
import { signToken, verifyToken } from './tokens.js';

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
