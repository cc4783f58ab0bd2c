import { mobile } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { DIAL_CODES, joinPhone, nationalMaxLength, splitPhone } from './phone';

describe('phone input helpers', () => {
  it('offers Egypt and Saudi Arabia first, each code once', () => {
    expect(DIAL_CODES.slice(0, 2).map((c) => c.iso)).toEqual(['EG', 'SA']);
    expect(new Set(DIAL_CODES.map((c) => c.iso)).size).toBe(DIAL_CODES.length);
  });

  it('turns a national number into the international one the server accepts', () => {
    expect(joinPhone('20', '01001234567')).toBe('+201001234567');
    expect(joinPhone('966', '050 123 4567')).toBe('+96650 123 4567');
    expect(mobile.parse(joinPhone('966', '050 123 4567'))).toBe('+966501234567');
    expect(joinPhone('20', '+966501234567')).toBe('+966501234567');
    expect(joinPhone('20', '  ')).toBe('');
    expect(mobile.safeParse(joinPhone('20', '12ab')).error?.issues[0]?.message).toBe('phone_invalid');
  });

  it('splits a stored number on the longest matching code', () => {
    expect(splitPhone('+201001234567', '966')).toEqual({ dial: '20', national: '1001234567' });
    expect(splitPhone('+966501234567', '20')).toEqual({ dial: '966', national: '501234567' });
    expect(splitPhone('+967711234567', '20')).toEqual({ dial: '967', national: '711234567' });
    expect(splitPhone('+12025550100', '20')).toEqual({ dial: '1', national: '2025550100' });
    expect(splitPhone(null, '20')).toEqual({ dial: '20', national: '' });
    expect(splitPhone('+8613812345678', '20')).toEqual({ dial: '20', national: '+8613812345678' });
  });

  it('keeps the whole number within 20 characters', () => {
    expect(nationalMaxLength('20')).toBe(17);
    expect(nationalMaxLength('966')).toBe(16);
  });
});
