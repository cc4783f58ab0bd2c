import { describe, expect, it } from 'vitest';
import { password } from './auth.schemas.js';

const messages = (value: string) => {
  const r = password.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('password rules (spec §5)', () => {
  it('accepts a password with lower, upper, digit and special character', () => {
    expect(messages('Abcdef1!')).toEqual([]);
    expect(messages('Zz9^zzzzzz')).toEqual([]);
  });
  it('gives each missing rule its own message', () => {
    expect(messages('ABCDEF1!')).toEqual(['password_lowercase']);
    expect(messages('abcdef1!')).toEqual(['password_uppercase']);
    expect(messages('Abcdefg!')).toEqual(['password_digit']);
    expect(messages('Abcdefg1')).toEqual(['password_special']);
    expect(messages('Ab1!')).toEqual(['password_length']);
  });
  it('only counts the special characters the spec lists', () => {
    expect(messages('Abcdefg1~')).toEqual(['password_special']);
    for (const c of '!@#$%^&*') expect(messages(`Abcdefg1${c}`)).toEqual([]);
  });
});
