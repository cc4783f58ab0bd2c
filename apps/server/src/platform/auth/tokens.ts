import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** 'clinic' for clinic staff, 'provider' for the provider's RL0 staff. */
  kind: 'clinic' | 'provider';
  sub: number;
  cid?: number;
  ver: number;
  exp: number;
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** A compact HMAC-SHA256 signed token (JWT layout). Revocation is by the user's token version. */
export function signToken(claims: Omit<TokenClaims, 'exp'>, secret: string, ttlHours: number) {
  const exp = Math.floor(Date.now() / 1000) + Math.round(ttlHours * 3600);
  const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64(JSON.stringify({ ...claims, exp }));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return { token: `${head}.${body}.${sig}`, expiresAt: new Date(exp * 1000) };
}

/**
 * Whether a base64url signature is exactly the canonical encoding of the expected bytes, compared in constant time.
 * Decoding the given text instead would accept other spellings of the same bytes (a changed last character whose
 * extra bits are ignored, characters outside the alphabet that the decoder skips).
 */
export function signatureMatches(given: string, expected: Buffer): boolean {
  const canonical = Buffer.from(expected.toString('base64url'));
  const text = Buffer.from(given);
  return text.length === canonical.length && timingSafeEqual(text, canonical);
}

export function verifyToken(raw: string | undefined, secret: string): TokenClaims | null {
  if (!raw) return null;
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  const [head, body, sig] = token.split('.');
  if (!head || !body || !sig) return null;
  if (!signatureMatches(sig, createHmac('sha256', secret).update(`${head}.${body}`).digest())) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as TokenClaims;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return null;
    return claims;
  } catch {
    return null;
  }
}
