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

/**
 * Tokens already verified, per secret: the token's text → its claims (frozen, shared). Checking the signature (an HMAC)
 * and decoding the claims cost more of the server's thread than anything else in a cached session's request but the
 * database's round trips (CPU profile under 50 clients, issue 19); a token is the same text for its whole life, so
 * it is verified once. Only valid tokens are kept; the expiry is checked on every use; revocation is not the token's
 * business (the user's token version, checked against the session on every call). The least recently used go past MAX.
 */
const MAX_VERIFIED_TOKENS = 10_000;
const verifiedTokens = new Map<string, Map<string, Readonly<TokenClaims>>>();

export function verifyToken(raw: string | undefined, secret: string): Readonly<TokenClaims> | null {
  if (!raw) return null;
  let cache = verifiedTokens.get(secret);
  const cached = cache?.get(raw);
  if (cached) {
    if (cached.exp * 1000 < Date.now()) {
      cache!.delete(raw);
      return null;
    }
    // most recently used last
    cache!.delete(raw);
    cache!.set(raw, cached);
    return cached;
  }
  const claims = checkToken(raw, secret);
  if (!claims) return null;
  if (!cache) verifiedTokens.set(secret, (cache = new Map()));
  cache.set(raw, claims);
  if (cache.size > MAX_VERIFIED_TOKENS) cache.delete(cache.keys().next().value!);
  return claims;
}

function checkToken(raw: string, secret: string): Readonly<TokenClaims> | null {
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  const [head, body, sig] = token.split('.');
  if (!head || !body || !sig) return null;
  if (!signatureMatches(sig, createHmac('sha256', secret).update(`${head}.${body}`).digest())) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as TokenClaims;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return null;
    return Object.freeze(claims);
  } catch {
    return null;
  }
}
