import { loginInput, password } from '@dental/contract';
import type { FormInstance } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { applyServerErrors, fieldPath, isRequired, pairedRule, zodRule } from './form';
import { setLanguage } from './i18n';

const validate = (schema: Parameters<typeof zodRule>[0], value: unknown) =>
  (zodRule(schema).validator as (rule: unknown, value: unknown) => Promise<void>)({}, value);

beforeEach(async () => {
  await setLanguage('en');
});

describe('zodRule', () => {
  it('passes valid values and rejects with the translated catalogue message', async () => {
    await expect(validate(loginInput.shape.clinicName, 'demo')).resolves.toBeUndefined();
    await expect(validate(loginInput.shape.clinicName, '')).rejects.toThrow('This field is required');
    await expect(validate(loginInput.shape.clinicName, undefined)).rejects.toThrow('This field is required');
    await expect(validate(password, 'abcdefgh')).rejects.toThrow('Password must contain an uppercase letter');
    await setLanguage('fr');
    await expect(validate(password, 'Abcdefgh1')).rejects.toThrow('Le mot de passe doit contenir un caractère spécial');
  });

  it('knows which schemas are required', () => {
    expect(isRequired(loginInput.shape.Email)).toBe(true);
    expect(isRequired(loginInput.shape.Email.optional())).toBe(false);
  });
});

describe('pairedRule', () => {
  const check = (value: unknown, other: unknown) => {
    const rule = (pairedRule('longitude') as (form: { getFieldValue: (n: string) => unknown }) => { validator: (r: unknown, v: unknown) => Promise<void> })({
      getFieldValue: () => other,
    });
    return rule.validator({}, value);
  };
  it('asks for the field only when the other one is filled', async () => {
    await expect(check(undefined, undefined)).resolves.toBeUndefined();
    await expect(check(null, '')).resolves.toBeUndefined();
    await expect(check(30.05, 31.2)).resolves.toBeUndefined();
    await expect(check(30.05, null)).resolves.toBeUndefined();
    await expect(check(null, 31.2)).rejects.toThrow('This field is required');
    await expect(check('', 0)).rejects.toThrow('This field is required');
  });
});

describe('server errors on a form', () => {
  it('splits dotted paths', () => {
    expect(fieldPath('items.0.name')).toEqual(['items', 0, 'name']);
  });

  it('sets messages on the form fields it has', () => {
    const setFields = vi.fn();
    const form = { getFieldsValue: () => ({ Email: 'x', Password: undefined }), setFields } as unknown as FormInstance;
    const error = new ApiError(400, {
      code: 'validation',
      message: 'Fill all required data',
      errors: { Email: 'bad', other: 'ignored' },
    });
    expect(applyServerErrors(form, error)).toBe(true);
    expect(setFields).toHaveBeenCalledWith([{ name: ['Email'], errors: ['bad'] }]);
    expect(applyServerErrors(form, new ApiError(409, { code: 'name_exists', message: 'x' }))).toBe(false);
  });
});
