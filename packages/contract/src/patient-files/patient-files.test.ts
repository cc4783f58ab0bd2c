import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../common/errors.js';
import { LANGUAGES } from '../enums.js';
import {
  ATTACHMENT_LIMITS,
  attachmentKindOfName,
  saveAttachmentsFields,
  updateAttachmentProcedureInput,
} from './attachments.schemas.js';
import { NOTE_MAX_LENGTH, saveNoteInput } from './notes.schemas.js';

const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('patient notes', () => {
  it('keeps a trimmed note up to the limit and names the limit in its message', () => {
    expect(saveNoteInput.parse({ patientId: '7', note: '  Allergic to penicillin  ' })).toEqual({
      patientId: 7,
      note: 'Allergic to penicillin',
    });
    expect(saveNoteInput.safeParse({ patientId: 7, note: 'x'.repeat(NOTE_MAX_LENGTH) }).success).toBe(true);
    expect(issues(saveNoteInput.safeParse({ patientId: 7, note: 'x'.repeat(NOTE_MAX_LENGTH + 1) }))).toEqual({
      note: 'note_too_long',
    });
    expect(issues(saveNoteInput.safeParse({ note: '   ' }))).toEqual({ patientId: 'field_required', note: 'field_required' });
    for (const lang of LANGUAGES) expect(ERROR_CATALOGUE.note_too_long[lang]).toContain(String(NOTE_MAX_LENGTH));
  });
});

describe('patient attachments', () => {
  it('tells an image or a PDF by the name, as a first check only', () => {
    for (const name of ['x-ray.JPG', 'a.jpeg', 'scan.jfif', 'b.png', 'c.svg', 'd.gif']) expect(attachmentKindOfName(name)).toBe('image');
    expect(attachmentKindOfName('report.PDF')).toBe('pdf');
    for (const name of ['notes.txt', 'pdf', 'archive.png.exe', '.png.', 'photo.webp', '']) expect(attachmentKindOfName(name)).toBeNull();
  });

  it('names the count limit in its message (the size limit is the server setting MAX_UPLOAD_MB)', () => {
    for (const lang of LANGUAGES) {
      expect(ERROR_CATALOGUE.too_many_files[lang]).toContain(String(ATTACHMENT_LIMITS.maxFiles));
    }
  });

  it('reads the multipart fields as text', () => {
    expect(saveAttachmentsFields.parse({ patientId: '3', comments: ' Before ', patientProcedureId: '9' })).toEqual({
      patientId: 3,
      comments: 'Before',
      patientProcedureId: 9,
    });
    expect(issues(saveAttachmentsFields.safeParse({ patientId: 'x', comments: 'c'.repeat(501) }))).toEqual({
      patientId: 'field_invalid',
      comments: 'field_too_long',
    });
  });

  it('updates the procedure link and comments independently', () => {
    expect(updateAttachmentProcedureInput.parse({ id: 1 })).toEqual({ id: 1 });
    expect(updateAttachmentProcedureInput.parse({ id: 1, patientProcedureId: null })).toEqual({ id: 1, patientProcedureId: null });
    expect(updateAttachmentProcedureInput.parse({ id: 1, patientProcedureId: 4, comments: '' })).toEqual({
      id: 1,
      patientProcedureId: 4,
      comments: '',
    });
    expect(issues(updateAttachmentProcedureInput.safeParse({ patientProcedureId: 0 }))).toEqual({
      id: 'field_required',
      patientProcedureId: 'field_invalid',
    });
  });
});
