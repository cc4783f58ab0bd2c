import { callPath, patientFilesCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patientNotes, patients } from '../patients/index.js';

const t = await testApp();
const GET = callPath(patientFilesCalls.getNotes);
const SAVE = callPath(patientFilesCalls.saveNotes);
const DELETE = callPath(patientFilesCalls.deleteNote);

/** The clinic's notes straight from the database, to prove what a refused call left alone. */
const notesOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx
      .select({ id: patientNotes.id, patientId: patientNotes.patientId, note: patientNotes.note })
      .from(patientNotes)
      .where(eq(patientNotes.clinicId, clinicId))
      .orderBy(asc(patientNotes.id)),
  );

async function expectCode(call: Promise<LightMyRequestResponse>, status: number, code: string) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res;
}

async function addNote(token: string, patientId: number, note: string) {
  const res = await api(t, token).post(SAVE, { patientId, note });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function setup(tier: 'ST0' | 'ST3' = 'ST3'): Promise<TestClinic & { patientId: number }> {
  const c = await newClinic(t, { tier });
  return { ...c, patientId: await newPatient(t, c) };
}

describe('Patient/GetNotes, SaveNotes, DeleteNote', () => {
  it('adds, lists newest first with author and date, rewrites and deletes notes, on the free tier', async () => {
    const c = await setup('ST0');
    const before = Date.now();
    const first = await addNote(c.token, c.patientId, '  Allergic to penicillin  ');
    const second = await addNote(c.token, c.patientId, 'Prefers morning appointments');
    const other = await newPatient(t, c);
    await addNote(c.token, other, 'Another patient');

    const list = await api(t, c.token).get(GET, { patientId: c.patientId });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items;
    expect(items.map((n: { id: number }) => n.id)).toEqual([second, first]);
    expect(items[1]).toEqual({
      id: first,
      patientId: c.patientId,
      note: 'Allergic to penicillin',
      branchId: c.branchId,
      createdBy: c.ownerId,
      authorName: 'Owner',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(Date.parse(items[1].createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const rewritten = await api(t, c.token).post(SAVE, { id: first, patientId: c.patientId, note: 'Allergic to amoxicillin' });
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    expect(rewritten.json()).toEqual({ id: first });
    const after = (await api(t, c.token).get(GET, { patientId: c.patientId })).json().items;
    expect(after.map((n: { note: string }) => n.note)).toEqual(['Prefers morning appointments', 'Allergic to amoxicillin']);
    expect(after[1].createdAt).toBe(items[1].createdAt); // the date and author of a rewritten note stay
    expect(Date.parse(after[1].updatedAt)).toBeGreaterThanOrEqual(Date.parse(items[1].updatedAt));

    const deleted = await api(t, c.token).delete(DELETE, { id: second });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await notesOf(c.clinicId)).map((n) => n.note)).toEqual(['Allergic to amoxicillin', 'Another patient']);
    expect((await api(t, c.token).get(GET, { patientId: await newPatient(t, c) })).json()).toEqual({ items: [] });
  });

  it('refuses a bad body or query with field messages and changes nothing', async () => {
    const c = await setup();
    const id = await addNote(c.token, c.patientId, 'Keep me');
    const missing = await api(t, c.token).post(SAVE, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'validation',
      message: 'Fill all required data',
      errors: { patientId: 'This field is required', note: 'This field is required' },
    });
    const blank = await api(t, c.token).post(SAVE, { id, patientId: c.patientId, note: '   ' });
    expect(blank.json().errors).toEqual({ note: 'This field is required' });
    const long = await api(t, c.token, { language: 'ar' }).post(SAVE, { patientId: c.patientId, note: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ note: 'الملاحظة 2000 حرف على الأكثر' });
    const badIds = await api(t, c.token).post(SAVE, { id: 'abc', patientId: -1, note: 'x' });
    expect(Object.keys(badIds.json().errors).sort()).toEqual(['id', 'patientId']);
    expect(await notesOf(c.clinicId)).toEqual([{ id, patientId: c.patientId, note: 'Keep me' }]);

    expect((await api(t, c.token).get(GET)).json().errors).toEqual({ patientId: 'This field is required' });
    expect((await api(t, c.token).get(GET, { patientId: 'abc' })).json().errors).toEqual({ patientId: 'Invalid value' });
    expect((await api(t, c.token).delete(DELETE, {})).json().errors).toEqual({ id: 'This field is required' });
    expect(await notesOf(c.clinicId)).toHaveLength(1);
  });

  it('reads with patient_list and writes with patient_edit or patient_procedures', async () => {
    const c = await setup();
    const id = await addNote(c.token, c.patientId, 'First');
    const none = await newUser(t, c, ['room_list']);
    await expectCode(api(t, none).get(GET, { patientId: c.patientId }), 403, 'BS11');
    const reader = await newUser(t, c, ['patient_list']);
    expect((await api(t, reader).get(GET, { patientId: c.patientId })).statusCode).toBe(200);
    await expectCode(api(t, reader).post(SAVE, { patientId: c.patientId, note: 'No' }), 403, 'BS11');
    await expectCode(api(t, reader).post(SAVE, { id, patientId: c.patientId, note: 'No' }), 403, 'BS11');
    await expectCode(api(t, reader).delete(DELETE, { id }), 403, 'BS11');
    expect((await notesOf(c.clinicId)).map((n) => n.note)).toEqual(['First']);

    const doctor = await newUser(t, c, ['patient_procedures'], 'RL3');
    const byDoctor = await addNote(doctor, c.patientId, 'Charted by the doctor');
    const editor = await newUser(t, c, ['patient_edit'], 'RL4');
    expect((await api(t, editor).post(SAVE, { id: byDoctor, patientId: c.patientId, note: 'Edited' })).statusCode).toBe(200);
    expect((await api(t, editor).delete(DELETE, { id })).statusCode).toBe(200);
    expect((await notesOf(c.clinicId)).map((n) => n.note)).toEqual(['Edited']);
    expect((await api(t).get(GET, { patientId: c.patientId })).statusCode).toBe(401);
  });

  it("never reads, adds to, rewrites or deletes another clinic's notes", async () => {
    const mine = await setup();
    const theirs = await setup();
    const theirNote = await addNote(theirs.token, theirs.patientId, 'Theirs');
    const myNote = await addNote(mine.token, mine.patientId, 'Mine');

    await expectCode(api(t, mine.token).get(GET, { patientId: theirs.patientId }), 404, 'patient_not_found');
    await expectCode(api(t, mine.token).post(SAVE, { patientId: theirs.patientId, note: 'x' }), 404, 'patient_not_found');
    await expectCode(api(t, mine.token).post(SAVE, { id: theirNote, patientId: mine.patientId, note: 'x' }), 404, 'not_found');
    await expectCode(api(t, mine.token).delete(DELETE, { id: theirNote }), 404, 'not_found');
    await expectCode(api(t, mine.token).delete(DELETE, { id: 999_999 }), 404, 'not_found');
    expect(await notesOf(theirs.clinicId)).toEqual([{ id: theirNote, patientId: theirs.patientId, note: 'Theirs' }]);
    expect(await notesOf(mine.clinicId)).toEqual([{ id: myNote, patientId: mine.patientId, note: 'Mine' }]);
  });

  it("keeps a note with its patient: another patient's id or a deleted patient is 404", async () => {
    const c = await setup();
    const id = await addNote(c.token, c.patientId, 'Original');
    const other = await newPatient(t, c);
    await expectCode(api(t, c.token).post(SAVE, { id, patientId: other, note: 'Moved' }), 404, 'not_found');
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.update(patients).set({ deletedAt: new Date() }).where(and(eq(patients.clinicId, c.clinicId), eq(patients.id, c.patientId))),
    );
    await expectCode(api(t, c.token).get(GET, { patientId: c.patientId }), 404, 'patient_not_found');
    await expectCode(api(t, c.token).post(SAVE, { id, patientId: c.patientId, note: 'x' }), 404, 'patient_not_found');
    await expectCode(api(t, c.token).delete(DELETE, { id }), 404, 'patient_not_found');
    expect((await notesOf(c.clinicId)).map((n) => n.note)).toEqual(['Original']);
  });
});
