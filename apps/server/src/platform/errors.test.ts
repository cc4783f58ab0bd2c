import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CATALOGUE } from '@dental/contract';
import Fastify from 'fastify';
import { fieldMessages, issueCode, registerErrorHandler, uniqueViolationFields } from './errors.js';

describe('error translation', () => {
  it('uses a schema message that is a catalogue code', () => {
    expect(issueCode({ code: 'custom', message: 'phone_invalid' })).toBe('phone_invalid');
  });
  it('maps a missing field to field_required and other issues by kind', () => {
    expect(issueCode({ code: 'invalid_type', message: 'x', input: undefined })).toBe('field_required');
    expect(issueCode({ code: 'too_big', message: 'x' })).toBe('field_too_long');
    expect(issueCode({ code: 'invalid_type', message: 'x', input: 5 })).toBe('field_invalid');
  });
  it('gives one translated message per field path', () => {
    const schema = z.object({ name: z.string().min(1, 'field_required'), room: z.object({ color: z.string().regex(/^#/, 'field_invalid') }) });
    const r = schema.safeParse({ name: '', room: { color: 'red' } });
    expect(fieldMessages(r.error!.issues, 'en')).toEqual({ name: 'This field is required', 'room.color': 'Invalid value' });
    expect(fieldMessages(r.error!.issues, 'ar').name).toBe('هذا الحقل مطلوب');
  });
});

describe('unique violations', () => {
  it('names the field of the index from its name <table>_<column>_uq, on the error or its cause', () => {
    const fields = (table: string, constraint: string) => uniqueViolationFields({ cause: { code: '23505', table, constraint } });
    expect(fields('rooms', 'rooms_name_uq')).toEqual(['name']);
    expect(fields('clinic_lookups', 'clinic_lookups_name_ar_uq')).toEqual(['nameAr']);
    expect(fields('users', 'users_user_name_uq')).toEqual(['userName']);
    expect(uniqueViolationFields({ code: '23505', table: 'patients', constraint: 'patients_code_uq' })).toEqual(['code']);
    expect(fields('payment_types', 'payment_types_default_uq')).toEqual([]);
    expect(fields('rooms', 'rooms_pkey')).toEqual([]);
    expect(uniqueViolationFields(new Error('x'))).toEqual([]);
  });

  it('answers a unique violation as 409 name_exists with a translated message on each field', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/x', async () => {
      throw Object.assign(new Error('duplicate key'), { code: '23505', table: 'medical_categories', constraint: 'medical_categories_name_en_uq' });
    });
    const res = await app.inject({ method: 'GET', url: '/x', headers: { language: 'fr' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'name_exists', message: ERROR_CATALOGUE.name_exists.fr, errors: { nameEn: ERROR_CATALOGUE.name_exists.fr } });
    await app.close();
  });
});
