import { describe, expect, it } from 'vitest';
import { normalizeLogin } from './auth.service.js';

describe('normalizeLogin', () => {
  it('keeps dashes of e-mails and user names, lower-cased', () => {
    expect(normalizeLogin(' Owner@E2E-x.test ')).toBe('owner@e2e-x.test');
    expect(normalizeLogin('dr-karim')).toBe('dr-karim');
  });
  it('strips spaces, dashes and brackets of a phone number', () => {
    expect(normalizeLogin('+20 100-000 0001')).toBe('+201000000001');
    expect(normalizeLogin('(050) 123-4567')).toBe('0501234567');
  });
});
