import { password } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { generatePassword, secureRandomInt } from './generate-password';

describe('generated passwords (spec §5)', () => {
  it('are 8-16 characters with an upper, a lower, a digit and one of !@#$&*, and pass the password rules', () => {
    const lengths = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const p = generatePassword();
      lengths.add(p.length);
      expect(p.length).toBeGreaterThanOrEqual(8);
      expect(p.length).toBeLessThanOrEqual(16);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[0-9]/);
      expect(p).toMatch(/[!@#$&*]/);
      expect(p).toMatch(/^[A-Za-z0-9!@#$&*]+$/);
      expect(password.safeParse(p).success).toBe(true);
    }
    expect(lengths.has(8) && lengths.has(16)).toBe(true);
  });
  it('draws uniformly within range', () => {
    for (let i = 0; i < 200; i++) {
      const n = secureRandomInt(7);
      expect(Number.isInteger(n) && n >= 0 && n < 7).toBe(true);
    }
  });
});
