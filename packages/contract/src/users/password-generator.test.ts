import { describe, expect, it } from 'vitest';
import { password } from '../auth/auth.schemas.js';
import { GENERATED_PASSWORD_SETS, cryptoRandomInt, generatePassword, isGeneratedShape } from './password-generator.js';

describe('generated password (spec §5)', () => {
  it('is 8-16 characters with upper, lower, digit and one of !@#$&*, and passes the password rules', () => {
    const lengths = new Set<number>();
    for (let i = 0; i < 600; i++) {
      const value = generatePassword();
      lengths.add(value.length);
      expect(value.length).toBeGreaterThanOrEqual(8);
      expect(value.length).toBeLessThanOrEqual(16);
      expect(value).toMatch(/[A-Z]/);
      expect(value).toMatch(/[a-z]/);
      expect(value).toMatch(/[0-9]/);
      expect(value).toMatch(/[!@#$&*]/);
      expect(value).not.toMatch(/[^A-Za-z0-9!@#$&*]/);
      expect(isGeneratedShape(value), value).toBe(true);
      expect(password.safeParse(value).success, value).toBe(true);
    }
    // every length of the range comes up
    expect([...lengths].sort((a, b) => a - b)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
  });

  it('uses the random source it is given (deterministic with a fixed one)', () => {
    const zero = () => 0;
    const value = generatePassword(zero);
    expect(value).toHaveLength(8);
    expect([...value].sort().join('')).toBe([...'Aa2!AAAA'].sort().join(''));
  });

  it('draws uniform integers below the bound', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[cryptoRandomInt(3)]!++;
    for (const c of counts) expect(c).toBeGreaterThan(800);
    expect(GENERATED_PASSWORD_SETS.join('')).not.toMatch(/[IlO01]/);
  });

  it('tells a generated shape from others', () => {
    expect(isGeneratedShape('Ab3!Ab3!')).toBe(true);
    expect(isGeneratedShape('Ab3!Ab3')).toBe(false); // 7
    expect(isGeneratedShape('Ab3!Ab3!Ab3!Ab3!A')).toBe(false); // 17
    expect(isGeneratedShape('Ab3%Ab3%')).toBe(false); // % is not among the generated specials
    expect(isGeneratedShape('abcd3!ef')).toBe(false); // no upper
  });
});
