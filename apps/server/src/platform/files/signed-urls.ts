import { createHmac } from 'node:crypto';
import { signatureMatches } from '../auth/tokens.js';

/**
 * Private files: folders of a clinic whose files are never served by the open `GET /api/files/<key>` route (patient
 * attachments are medical records). A call that lists them hands out short-lived links signed with the server's
 * token secret; `GET /api/files/signed/<key>?cid=&exp=&sig=` serves a file only while its link is valid.
 */
export const PRIVATE_FOLDERS = ['attachments'] as const;

/** Whether a key lies in a private folder of some clinic (`clinics/<id>/attachments/...`). */
export const isPrivateKey = (key: string) =>
  PRIVATE_FOLDERS.some((folder) => new RegExp(`^clinics/\\d+/${folder}/`).test(key));

/** How long a signed link stays valid at least. */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;
/**
 * Expiry times are rounded up to this step, so the links of one file stay the same for a while (the browser's
 * cache keeps the image) and are valid between TTL and TTL + step.
 */
export const SIGNED_URL_STEP_SECONDS = 5 * 60;

export const SIGNED_FILES_PREFIX = '/api/files/signed/';

/** The signature of (clinic, key, expiry), with a key derived from the token secret for this use only. */
function signature(secret: string, clinicId: number, key: string, exp: number) {
  const fileKey = createHmac('sha256', secret).update('dentix/signed-files/v1').digest();
  return createHmac('sha256', fileKey).update(`${clinicId}\n${key}\n${exp}`).digest();
}

/** A link to a private file of the clinic, valid for at least SIGNED_URL_TTL_SECONDS. */
export function signedFileUrl(secret: string, clinicId: number, key: string, now = Date.now()) {
  const seconds = Math.floor(now / 1000) + SIGNED_URL_TTL_SECONDS;
  const exp = Math.ceil(seconds / SIGNED_URL_STEP_SECONDS) * SIGNED_URL_STEP_SECONDS;
  const sig = signature(secret, clinicId, key, exp).toString('base64url');
  return { url: `${SIGNED_FILES_PREFIX}${key}?cid=${clinicId}&exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000) };
}

export type SignedCheck = 'ok' | 'invalid' | 'expired';

/**
 * Checks a signed link: the key must be in the named clinic's folder, the signature must match (clinic, key,
 * expiry), and the expiry must not have passed.
 */
export function checkSignedFile(
  secret: string,
  key: string,
  query: { cid?: unknown; exp?: unknown; sig?: unknown },
  now = Date.now(),
): SignedCheck {
  const cid = Number(query.cid);
  const exp = Number(query.exp);
  if (!Number.isSafeInteger(cid) || cid <= 0 || !Number.isSafeInteger(exp) || typeof query.sig !== 'string')
    return 'invalid';
  if (!key.startsWith(`clinics/${cid}/`)) return 'invalid';
  if (!signatureMatches(query.sig, signature(secret, cid, key, exp))) return 'invalid';
  return exp * 1000 < now ? 'expired' : 'ok';
}
