import { describe, expect, it, vi } from 'vitest';
import { sameBytesSpellings } from '../../../test/signature-spellings.js';
import { signToken, verifyToken } from './tokens.js';

const SECRET = 'unit-secret-unit-secret-unit-secret-00';

describe('token signature', () => {
  it('accepts the token as signed and refuses other spellings of the same signature bytes', () => {
    const { token } = signToken({ kind: 'clinic', sub: 1, cid: 2, ver: 0 }, SECRET, 1);
    expect(verifyToken(token, SECRET)).toMatchObject({ sub: 1, cid: 2 });
    const [head, body, sig] = token.split('.');
    for (const other of sameBytesSpellings(sig!)) expect(verifyToken(`${head}.${body}.${other}`, SECRET)).toBeNull();
  });
});

describe('verified tokens kept', () => {
  it('verifies a token once: the same claims object comes back for the same text', () => {
    const { token } = signToken({ kind: 'clinic', sub: 3, cid: 4, ver: 1 }, SECRET, 1);
    const first = verifyToken(token, SECRET);
    expect(first).toMatchObject({ sub: 3, cid: 4, ver: 1 });
    expect(verifyToken(token, SECRET)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('still refuses a kept token once it has expired, and another secret or a changed signature', () => {
    vi.useFakeTimers({ now: new Date('2026-01-10T10:00:00Z') });
    try {
      const { token } = signToken({ kind: 'clinic', sub: 5, cid: 6, ver: 0 }, SECRET, 1);
      expect(verifyToken(token, SECRET)).not.toBeNull();
      expect(verifyToken(token, 'another-secret-another-secret-another')).toBeNull();
      const [head, body, sig] = token.split('.');
      expect(verifyToken(`${head}.${body}.${sig![0] === 'A' ? 'B' : 'A'}${sig!.slice(1)}`, SECRET)).toBeNull();
      vi.setSystemTime(new Date('2026-01-10T10:59:59Z'));
      expect(verifyToken(token, SECRET)).not.toBeNull();
      vi.setSystemTime(new Date('2026-01-10T11:00:01Z'));
      expect(verifyToken(token, SECRET)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
