import { describe, expect, it } from 'vitest';
import { displayMobile, mobileIssue } from './mobile';

describe('patient mobiles on the web (issue 18)', () => {
  it('accepts a valid mobile of its country and refuses a short number or a fixed line, as the server does', () => {
    expect(mobileIssue('+201001234567', 'CN3')).toBeNull();
    expect(mobileIssue('010 0123 4567', 'CN3')).toBeNull();
    expect(mobileIssue('+966501234567', 'CN3')).toBeNull();
    expect(mobileIssue('0501234567', 'CN2')).toBeNull();
    expect(mobileIssue('+20123456789', 'CN3')).toBe('phone_invalid'); // 9 digits: the old digit count took it
    expect(mobileIssue('+20223456789', 'CN3')).toBe('phone_invalid'); // a Cairo landline
    expect(mobileIssue('', 'CN3')).toBeNull(); // "required" is another rule
  });

  it('shows a stored mobile in the national form of the clinic’s country, others internationally', () => {
    expect(displayMobile('+201001234567', 'CN3')).toBe('010 01234567');
    expect(displayMobile('+966501234567', 'CN2')).toBe('050 123 4567');
    expect(displayMobile('+966501234567', 'CN3')).toBe('+966 50 123 4567');
    expect(displayMobile('0223', 'CN3')).toBe('0223');
  });
});
