import { describe, expect, it } from 'vitest';
import { loginAccountKey, normalizeLogin, readLogin } from './auth.service.js';

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

describe('readLogin', () => {
  it('reads a number against the clinic’s country, national or international, as one key', () => {
    expect(readLogin('010 1234 5678', 'CN3')).toEqual({ value: '01012345678', mobile: '+201012345678', key: '+201012345678' });
    expect(readLogin('00201012345678', 'CN3').key).toBe('+201012345678');
    expect(readLogin('0501234567', 'CN2').mobile).toBe('+966501234567');
    expect(loginAccountKey(' Demo ', '+20 10 1234 5678', 'CN3')).toBe(loginAccountKey('demo', '01012345678', 'CN3'));
  });
  it('leaves e-mails, user names and what is not a mobile as normalizeLogin does', () => {
    expect(readLogin('Dr.Karim', 'CN3')).toEqual({ value: 'dr.karim', mobile: null, key: 'dr.karim' });
    expect(readLogin('0101234', 'CN3')).toEqual({ value: '0101234', mobile: null, key: '0101234' });
    expect(readLogin('0501234567', 'CN3').mobile).toBeNull(); // a Saudi national form is no Egyptian mobile
  });
});
