import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldMessages, issueCode } from './errors.js';

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
