import { describe, expect, it } from 'vitest';
import {
  SIGNED_FILES_PREFIX,
  SIGNED_URL_STEP_SECONDS,
  SIGNED_URL_TTL_SECONDS,
  checkSignedFile,
  isPrivateKey,
  signedFileUrl,
} from './signed-urls.js';
import { sameBytesSpellings } from '../../../test/signature-spellings.js';

const SECRET = 'unit-secret-unit-secret-unit-secret-00';
const KEY = 'clinics/7/attachments/0123456789abcdef0123456789abcdef.pdf';
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const keyOf = (url: string) => new URL(url, 'http://x').pathname.slice(SIGNED_FILES_PREFIX.length);

describe('signed file links', () => {
  it('knows the private folders', () => {
    expect(isPrivateKey(KEY)).toBe(true);
    expect(isPrivateKey('clinics/7/attachments/x-thumb.webp')).toBe(true);
    expect(isPrivateKey('clinics/7/users/x.png')).toBe(false);
    expect(isPrivateKey('clinics/7/logos/attachments.png')).toBe(false);
  });

  it('is valid for the TTL at least and the same link within one step', () => {
    const now = Date.UTC(2026, 0, 1, 10, 0, 30);
    const a = signedFileUrl(SECRET, 7, KEY, now);
    expect(keyOf(a.url)).toBe(KEY);
    const left = a.expiresAt.getTime() - now;
    expect(left).toBeGreaterThanOrEqual(SIGNED_URL_TTL_SECONDS * 1000);
    expect(left).toBeLessThanOrEqual((SIGNED_URL_TTL_SECONDS + SIGNED_URL_STEP_SECONDS) * 1000);
    expect(signedFileUrl(SECRET, 7, KEY, now + 60_000).url).toBe(a.url);
    expect(checkSignedFile(SECRET, KEY, queryOf(a.url), now)).toBe('ok');
    expect(checkSignedFile(SECRET, KEY, queryOf(a.url), a.expiresAt.getTime())).toBe('ok');
    expect(checkSignedFile(SECRET, KEY, queryOf(a.url), a.expiresAt.getTime() + 1000)).toBe('expired');
  });

  it('refuses a changed key, clinic, expiry, signature or secret', () => {
    const now = Date.now();
    const q = queryOf(signedFileUrl(SECRET, 7, KEY, now).url);
    expect(checkSignedFile(SECRET, KEY.replace('0123', '3210'), q, now)).toBe('invalid');
    expect(checkSignedFile(SECRET, KEY, { ...q, cid: '8' }, now)).toBe('invalid');
    expect(checkSignedFile(SECRET, KEY.replace('clinics/7/', 'clinics/8/'), { ...q, cid: '8' }, now)).toBe('invalid');
    expect(checkSignedFile(SECRET, KEY, { ...q, exp: String(Number(q.exp) + 3600) }, now)).toBe('invalid');
    // another first character: other bytes whatever the signature (its last two became 'AA' once: no change, 1 in 4096)
    const otherSig = `${q.sig!.startsWith('A') ? 'B' : 'A'}${q.sig!.slice(1)}`;
    expect(checkSignedFile(SECRET, KEY, { ...q, sig: otherSig }, now)).toBe('invalid');
    expect(checkSignedFile(SECRET, KEY, { ...q, sig: undefined }, now)).toBe('invalid');
    expect(checkSignedFile(SECRET, KEY, { ...q, exp: 'soon' }, now)).toBe('invalid');
    expect(checkSignedFile(`${SECRET}x`, KEY, q, now)).toBe('invalid');
  });

  it('refuses other spellings of the same signature bytes', () => {
    const now = Date.now();
    const q = queryOf(signedFileUrl(SECRET, 7, KEY, now).url);
    for (const sig of sameBytesSpellings(q.sig!)) expect(checkSignedFile(SECRET, KEY, { ...q, sig }, now)).toBe('invalid');
  });
});
