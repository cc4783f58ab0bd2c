import { createHash, createHmac, randomBytes } from 'node:crypto';
import { signatureMatches } from '../../platform/auth/tokens.js';

/**
 * Signed public tokens for the QR codes and the feedback links: `<clinic id, base 36>.<24 random bytes>.<signature>`,
 * base64url (the shape of the prescription links, docs/prescriptions.md). The signature (HMAC-SHA256 with a key
 * derived from TOKEN_SECRET and the token's use) lets a made-up or altered token be refused before any query; the
 * clinic part says which clinic's rows to read (row-level security scopes the read to it).
 */
export type TokenUse = 'qr-codes' | 'feedback-links';

function signature(secret: string, use: TokenUse, clinicPart: string, random: string) {
  const key = createHmac('sha256', secret).update(`dentix/${use}/v1`).digest();
  return createHmac('sha256', key).update(`${clinicPart}.${random}`).digest().subarray(0, 18);
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

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
