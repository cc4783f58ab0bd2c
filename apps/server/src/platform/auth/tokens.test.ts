import { describe, expect, it } from 'vitest';
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
