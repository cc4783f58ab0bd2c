import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newPublicToken, publicTokenClinic, tokenHash } from './public-token.js';

const secret = 'a-test-secret-of-enough-length-0123456789';

describe('signed public tokens', () => {
  it('carry their clinic, and are refused when altered, made up, signed with another secret or for another use', () => {
    const token = newPublicToken(secret, 'qr-codes', 4321);
    expect(publicTokenClinic(secret, 'qr-codes', token)).toBe(4321);
    expect(publicTokenClinic(secret, 'feedback-links', token)).toBeNull();
    expect(publicTokenClinic(`${secret}-other`, 'qr-codes', token)).toBeNull();
    const [clinicPart, random, sig] = token.split('.');
    expect(publicTokenClinic(secret, 'qr-codes', `${(4322).toString(36)}.${random}.${sig}`)).toBeNull();
    expect(publicTokenClinic(secret, 'qr-codes', `${clinicPart}.${random}x.${sig}`)).toBeNull();
    for (const bad of ['', '...', 'a.b', `${token}.x`, `-1.${random}.${sig}`, `0.${random}.${sig}`])
      expect(publicTokenClinic(secret, 'qr-codes', bad)).toBeNull();
    expect(newPublicToken(secret, 'qr-codes', 4321)).not.toBe(token);
  });

  it('keeps the prescription links made before it was shared (same key derivation and shape)', () => {
    // the token as prescriptions/links.service.ts made it: its own key 'dentix/prescription-links/v1'
    const clinicPart = (77).toString(36);
    const random = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const key = createHmac('sha256', secret).update('dentix/prescription-links/v1').digest();
    const sig = createHmac('sha256', key).update(`${clinicPart}.${random}`).digest().subarray(0, 18).toString('base64url');
    const token = `${clinicPart}.${random}.${sig}`;
    expect(publicTokenClinic(secret, 'prescription-links', token)).toBe(77);
    expect(tokenHash(token)).toBe(createHash('sha256').update(token).digest('hex'));
  });
});
