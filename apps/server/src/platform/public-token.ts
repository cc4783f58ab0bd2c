import { createHash, createHmac, randomBytes } from 'node:crypto';
import { signatureMatches } from './auth/tokens.js';

/**
 * Signed public tokens, for links anyone may open without logging in (a prescription's public link, a QR code, a
 * feedback link): `<clinic id, base 36>.<24 random bytes>.<signature>`, base64url. The random part makes a token
 * unguessable; the signature (HMAC-SHA256, truncated to 18 bytes, with a key derived from TOKEN_SECRET and the
 * token's use) lets a made-up or altered token, or one made for another use, be refused before any query; the clinic
 * part says which clinic's rows to read (row-level security scopes the read to it). Only `tokenHash` of a token is
 * stored, so revoking is a column on that row.
 */
export type TokenUse = 'prescription-links' | 'qr-codes' | 'feedback-links';

function signature(secret: string, use: TokenUse, clinicPart: string, random: string) {
  const key = createHmac('sha256', secret).update(`dentix/${use}/v1`).digest();
  return createHmac('sha256', key).update(`${clinicPart}.${random}`).digest().subarray(0, 18);
}

/** What is stored of a token: its SHA-256, hex. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token of this use for the clinic. */
export function newPublicToken(secret: string, use: TokenUse, clinicId: number) {
  const clinicPart = clinicId.toString(36);
  const random = randomBytes(24).toString('base64url');
  return `${clinicPart}.${random}.${signature(secret, use, clinicPart, random).toString('base64url')}`;
}

/** The clinic of a well-formed token of this use whose signature matches, else null. */
export function publicTokenClinic(secret: string, use: TokenUse, token: string): number | null {
  const [clinicPart, random, sig, extra] = token.split('.');
  if (!clinicPart || !random || !sig || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(clinicPart)) return null;
  if (!signatureMatches(sig, signature(secret, use, clinicPart, random))) return null;
  const clinicId = parseInt(clinicPart, 36);
  return Number.isSafeInteger(clinicId) && clinicId > 0 ? clinicId : null;
}
