import { callPath, dentalChartCalls } from '@dental/contract';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { toothNotes } from './dental-chart.table.js';

const t = await testApp();
const LIST = callPath(dentalChartCalls.getToothNotes);
const COUNT = callPath(dentalChartCalls.getPatientTeethNotesCount);
const SAVE = callPath(dentalChartCalls.saveToothNote);
const DELETE = callPath(dentalChartCalls.deleteToothNotes);

const notesOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(toothNotes).where(eq(toothNotes.clinicId, clinicId)).orderBy(asc(toothNotes.id)),
  );
const brief = async (clinicId: number) => (await notesOf(clinicId)).map((n) => [n.tooth, n.note]);

async function expectDenied(call: Promise<LightMyRequestResponse>, code = 'BS11') {
  const res = await call;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
}

async function addNote(token: string, patientId: number, tooth: number, note: string) {
  const res = await api(t, token).post(SAVE, { patientId, tooth, note });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('Patient/GetToothNotes, GetPatientTeethNotesCount, SaveToothNote, DeleteToothNotes', () => {
  it('adds, lists, counts, edits and deletes tooth notes, on the free tier', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const patientId = await newPatient(t, c);
    const other = await newPatient(t, c);
    const a = await addNote(c.token, patientId, 36, '  Deep caries distal  ');
    const b = await addNote(c.token, patientId, 36, 'Sensitive to cold');
    await addNote(c.token, patientId, 11, 'Chipped edge');
    await addNote(c.token, other, 36, 'Another patient');

    const list = await api(t, c.token).get(LIST, { patientId, tooth: 36 });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toEqual([
      { id: b, tooth: 36, note: 'Sensitive to cold', createdBy: { id: c.ownerId, name: expect.any(String) }, createdAt: expect.any(String), updatedAt: expect.any(String) },
      expect.objectContaining({ id: a, note: 'Deep caries distal' }),
    ]);
    expect((await api(t, c.token).get(COUNT, { patientId })).json()).toEqual({
      items: [
        { tooth: 11, count: 1 },
        { tooth: 36, count: 2 },
      ],
    });

    expect((await api(t, c.token).post(SAVE, { id: a, patientId, tooth: 37, note: 'Deep caries, moved to 37' })).json()).toEqual({ id: a });
    expect((await api(t, c.token).get(LIST, { patientId, tooth: 37 })).json().items.map((n: { note: string }) => n.note)).toEqual([
      'Deep caries, moved to 37',
    ]);

    const deleted = await api(t, c.token).delete(DELETE, { patientId, ids: [a, b] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await brief(c.clinicId)).toEqual([
      [11, 'Chipped edge'],
      [36, 'Another patient'],
    ]);
    expect((await api(t, c.token).get(COUNT, { patientId })).json()).toEqual({ items: [{ tooth: 11, count: 1 }] });
  });

  it('refuses a bad body or query with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await addNote(c.token, patientId, 21, 'Keep me');
    const missing = await api(t, c.token).post(SAVE, { patientId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'validation',
      message: 'Fill all required data',
      errors: { tooth: 'This field is required', note: 'This field is required' },
    });
    const bad = await api(t, c.token, { language: 'ar' }).post(SAVE, { id, patientId, tooth: 29, note: ' ' });
    expect(bad.json().errors).toEqual({ tooth: 'رقم السن غير صالح', note: 'هذا الحقل مطلوب' });
    const long = await api(t, c.token).post(SAVE, { id, patientId, tooth: 21, note: 'x'.repeat(2001) });
    expect(long.json().errors).toEqual({ note: 'The value is too long' });
    expect((await api(t, c.token).get(LIST, { patientId, tooth: 'abc' })).json().errors).toEqual({ tooth: 'Not a valid tooth number' });
    expect((await api(t, c.token).get(LIST, { patientId })).json().errors).toEqual({ tooth: 'This field is required' });
    expect((await api(t, c.token).delete(DELETE, { patientId, ids: [] })).json().errors).toEqual({ ids: 'This field is required' });
    expect((await api(t, c.token).delete(DELETE, { ids: [id] })).json().errors).toEqual({ patientId: 'This field is required' });
    expect(await brief(c.clinicId)).toEqual([[21, 'Keep me']]);
  });

  it('reads with patient_list and writes with patient_edit or patient_procedures', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await addNote(c.token, patientId, 21, 'Owner note');
    const none = await newUser(t, c, ['room_list']);
    await expectDenied(api(t, none).get(LIST, { patientId, tooth: 21 }));
    await expectDenied(api(t, none).get(COUNT, { patientId }));
    const reader = await newUser(t, c, ['patient_list']);
    expect((await api(t, reader).get(LIST, { patientId, tooth: 21 })).statusCode).toBe(200);
    expect((await api(t, reader).get(COUNT, { patientId })).statusCode).toBe(200);
    await expectDenied(api(t, reader).post(SAVE, { patientId, tooth: 21, note: 'No' }));
    await expectDenied(api(t, reader).post(SAVE, { id, patientId, tooth: 21, note: 'No' }));
    await expectDenied(api(t, reader).delete(DELETE, { patientId, ids: [id] }));
    expect(await brief(c.clinicId)).toEqual([[21, 'Owner note']]);
    const doctor = await newUser(t, c, ['patient_procedures'], 'RL3');
    await addNote(doctor, patientId, 22, 'Doctor note');
    const assistant = await newUser(t, c, ['patient_edit'], 'RL5');
    expect((await api(t, assistant).delete(DELETE, { patientId, ids: [id] })).statusCode).toBe(200);
    expect(await brief(c.clinicId)).toEqual([[22, 'Doctor note']]);
  });

  it("never reads, edits or deletes another clinic's or another patient's notes", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirPatient = await newPatient(t, other);
    const theirs = await addNote(other.token, theirPatient, 36, 'Theirs');
    const mine = await newPatient(t, c);
    const sibling = await newPatient(t, c);
    const siblingNote = await addNote(c.token, sibling, 36, 'Sibling');

    for (const res of [
      await api(t, c.token).get(LIST, { patientId: theirPatient, tooth: 36 }),
      await api(t, c.token).get(COUNT, { patientId: theirPatient }),
      await api(t, c.token).post(SAVE, { patientId: theirPatient, tooth: 36, note: 'Mine' }),
      await api(t, c.token).delete(DELETE, { patientId: theirPatient, ids: [theirs] }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('patient_not_found');
    }
    // their note id under my own patient: not found
    const edit = await api(t, c.token).post(SAVE, { id: theirs, patientId: mine, tooth: 36, note: 'Mine' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().code).toBe('not_found');
    expect((await api(t, c.token).delete(DELETE, { patientId: mine, ids: [theirs] })).statusCode).toBe(404);
    // a note of another patient of the same clinic, or one id among good ones: nothing deleted
    expect((await api(t, c.token).post(SAVE, { id: siblingNote, patientId: mine, tooth: 36, note: 'x' })).statusCode).toBe(404);
    const mineNote = await addNote(c.token, mine, 11, 'Mine');
    expect((await api(t, c.token).delete(DELETE, { patientId: mine, ids: [mineNote, siblingNote] })).statusCode).toBe(404);
    expect(await brief(c.clinicId)).toEqual([
      [36, 'Sibling'],
      [11, 'Mine'],
    ]);
    expect(await brief(other.clinicId)).toEqual([[36, 'Theirs']]);
  });
});
