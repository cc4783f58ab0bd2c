import { describe, expect, it } from 'vitest';
import { changePasswordInput, mobile, registerInput, userName } from './users.schemas.js';

/** The first message of each field, as the server reports them. */
function fieldMessages(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

const valid = {
  fullName: 'Sara Ali',
  userName: 'sara.ali',
  email: 'Sara@Clinic.test',
  mobile: '+20 100 123 4567',
  password: 'Ab3!Ab3!',
  roleId: 4,
  branchIds: [1, 2],
  branchId: 2,
  countryId: 'CN3',
};

describe('user fields', () => {
  it('normalises an international mobile and refuses anything else with phone_invalid', () => {
    expect(mobile.parse(' +20 100-123 (4567) ')).toBe('+201001234567');
    expect(mobile.parse('+966501234567')).toBe('+966501234567');
    expect(mobile.safeParse('01001234567').error?.issues[0]?.message).toBe('phone_invalid');
    expect(mobile.safeParse('+0100123456').error?.issues[0]?.message).toBe('phone_invalid');
    expect(mobile.safeParse('+2010012').error?.issues[0]?.message).toBe('phone_invalid'); // too short
    expect(mobile.safeParse('+2010012345678901').error?.issues[0]?.message).toBe('phone_invalid'); // 16 digits
    expect(mobile.safeParse('+20 100 123 4567 8 9 0').error?.issues[0]?.message).toBe('field_too_long'); // 21 chars
    expect(mobile.safeParse('').error?.issues[0]?.message).toBe('field_required');
    expect(mobile.safeParse(undefined).error?.issues[0]?.message).toBe('field_required');
  });

  it('takes a user name of 3-50 Latin letters, digits, dots or underscores', () => {
    expect(userName.parse(' dr.sara_1 ')).toBe('dr.sara_1');
    for (const bad of ['ab', 'dr sara', 'sara@x', '+2010', 'سارة', 'x'.repeat(51), 'a-b-c'])
      expect(userName.safeParse(bad).error?.issues[0]?.message, bad).toBe('user_name_invalid');
    expect(userName.safeParse(' ').error?.issues[0]?.message).toBe('field_required');
  });
});

describe('Register input', () => {
  it('accepts a full form, lower-cases the e-mail and defaults the language', () => {
    const v = registerInput.parse(valid);
    expect(v).toMatchObject({ email: 'sara@clinic.test', mobile: '+201001234567', language: 'ar' });
  });
  it('needs the home branch among the branches', () => {
    expect(fieldMessages(registerInput.safeParse({ ...valid, branchId: 3 }))).toEqual({
      branchId: 'home_branch_required',
    });
  });
  it('gives each field its catalogue message', () => {
    expect(fieldMessages(registerInput.safeParse({}))).toEqual({
      fullName: 'field_required',
      userName: 'field_required',
      email: 'field_required',
      mobile: 'field_required',
      password: 'field_required',
      roleId: 'field_required',
      branchIds: 'field_required',
      branchId: 'field_required',
      countryId: 'field_required',
    });
    expect(
      fieldMessages(
        registerInput.safeParse({ ...valid, email: 'x', password: 'abcdefgh', branchIds: [], countryId: 'CN9' }),
      ),
    ).toMatchObject({
      email: 'email_invalid',
      password: 'password_uppercase',
      branchIds: 'field_required',
      countryId: 'field_invalid',
    });
  });
});

describe('ChangePassword input', () => {
  it('checks the new password rules and the confirmation', () => {
    const ok = { currentPassword: 'old', newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' };
    expect(changePasswordInput.safeParse(ok).success).toBe(true);
    expect(fieldMessages(changePasswordInput.safeParse({ ...ok, confirmPassword: 'Abcdef1?' }))).toEqual({
      confirmPassword: 'password_mismatch',
    });
    expect(
      fieldMessages(changePasswordInput.safeParse({ ...ok, newPassword: 'abc', confirmPassword: 'abc' })),
    ).toMatchObject({
      newPassword: 'password_length',
    });
  });
});
