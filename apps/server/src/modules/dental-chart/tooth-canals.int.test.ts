import { callPath, dentalChartCalls } from '@dental/contract';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { toothCanals } from './dental-chart.table.js';

const t = await testApp();
const LIST = callPath(dentalChartCalls.getToothCanals);
const COUNT = callPath(dentalChartCalls.getPatientTeethCanalsCount);
const SAVE = callPath(dentalChartCalls.saveToothCanal);
const DELETE = callPath(dentalChartCalls.deleteToothCanals);

const canalsOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(toothCanals).where(eq(toothCanals.clinicId, clinicId)).orderBy(asc(toothCanals.id)),
  );
const brief = async (clinicId: number) => (await canalsOf(clinicId)).map((n) => [n.tooth, n.canalName, n.length]);

async function expectDenied(call: Promise<LightMyRequestResponse>, code = 'BS11') {
  const res = await call;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
}

async function addCanal(token: string, patientId: number, tooth: number, canalName: string, length: string | number) {
  const res = await api(t, token).post(SAVE, { patientId, tooth, canalName, length });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('Patient/GetToothCanals, GetPatientTeethCanalsCount, SaveToothCanal, DeleteToothCanals', () => {
  it('adds, lists, counts, edits and deletes canal measurements, lengths as exact decimal text', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const patientId = await newPatient(t, c);
    const mb = await addCanal(c.token, patientId, 16, 'MB', '21.5');
    const res = await api(t, c.token).post(SAVE, { patientId, tooth: 16, canalName: ' DB ', length: 20.25, referencePoint: 'DB cusp' });
    const db = res.json().id as number;
    await addCanal(c.token, patientId, 46, 'D', 19);

    const list = await api(t, c.token).get(LIST, { patientId, tooth: 16 });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toEqual([
      { id: mb, tooth: 16, canalName: 'MB', length: '21.50', referencePoint: null, createdBy: { id: c.ownerId, name: expect.any(String) }, createdAt: expect.any(String), updatedAt: expect.any(String) },
      expect.objectContaining({ id: db, canalName: 'DB', length: '20.25', referencePoint: 'DB cusp' }),
    ]);
    expect((await api(t, c.token).get(COUNT, { patientId })).json()).toEqual({
      items: [
        { tooth: 16, count: 2 },
        { tooth: 46, count: 1 },
      ],
    });
    const edit = await api(t, c.token).post(SAVE, { id: mb, patientId, tooth: 16, canalName: 'MB1', length: '22', referencePoint: 'MB cusp' });
    expect(edit.json()).toEqual({ id: mb });
    expect((await api(t, c.token).delete(DELETE, { patientId, ids: [db] })).json()).toEqual({ ok: true });
    expect(await brief(c.clinicId)).toEqual([
      [16, 'MB1', '22.00'],
      [46, 'D', '19.00'],
    ]);
  });

  it('refuses a bad body with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await addCanal(c.token, patientId, 16, 'P', '23');
    const missing = await api(t, c.token).post(SAVE, { patientId, tooth: 16 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ canalName: 'This field is required', length: 'This field is required' });
    const bad = await api(t, c.token).post(SAVE, { id, patientId, tooth: 16, canalName: 'P', length: '21.555' });
    expect(bad.json().errors).toEqual({ length: 'The canal length is 0.5 to 99.99 mm with at most 2 decimals' });
    const ar = await api(t, c.token, { language: 'ar' }).post(SAVE, { id, patientId, tooth: 86, canalName: 'P', length: -1 });
    expect(ar.json().errors).toEqual({ tooth: 'رقم السن غير صالح', length: 'طول القناة بالمليمتر من 0.5 إلى 99.99 برقمين عشريين على الأكثر' });
    const long = await api(t, c.token).post(SAVE, { patientId, tooth: 16, canalName: 'x'.repeat(21), length: 20, referencePoint: 'y'.repeat(51) });
    expect(long.json().errors).toEqual({ canalName: 'The value is too long', referencePoint: 'The value is too long' });
    expect((await api(t, c.token).delete(DELETE, { patientId, ids: ['x'] })).statusCode).toBe(400);
    expect(await brief(c.clinicId)).toEqual([[16, 'P', '23.00']]);
  });

  it('reads with patient_list and writes with patient_edit or patient_procedures', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await addCanal(c.token, patientId, 11, 'C', 24);
    const none = await newUser(t, c, ['room_list']);
    await expectDenied(api(t, none).get(LIST, { patientId, tooth: 11 }));
    await expectDenied(api(t, none).get(COUNT, { patientId }));
    const reader = await newUser(t, c, ['patient_list']);
    expect((await api(t, reader).get(LIST, { patientId, tooth: 11 })).statusCode).toBe(200);
    expect((await api(t, reader).get(COUNT, { patientId })).statusCode).toBe(200);
    await expectDenied(api(t, reader).post(SAVE, { patientId, tooth: 11, canalName: 'C', length: 20 }));
    await expectDenied(api(t, reader).delete(DELETE, { patientId, ids: [id] }));
    const doctor = await newUser(t, c, ['patient_procedures'], 'RL3');
    await addCanal(doctor, patientId, 12, 'C', 22);
    const assistant = await newUser(t, c, ['patient_edit'], 'RL5');
    expect((await api(t, assistant).delete(DELETE, { patientId, ids: [id] })).statusCode).toBe(200);
    expect(await brief(c.clinicId)).toEqual([[12, 'C', '22.00']]);
  });

  it("never reads, edits or deletes another clinic's or another patient's canals", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirPatient = await newPatient(t, other);
    const theirs = await addCanal(other.token, theirPatient, 36, 'MB', 20);
    const mine = await newPatient(t, c);
    for (const res of [
      await api(t, c.token).get(LIST, { patientId: theirPatient, tooth: 36 }),
      await api(t, c.token).get(COUNT, { patientId: theirPatient }),
      await api(t, c.token).post(SAVE, { patientId: theirPatient, tooth: 36, canalName: 'MB', length: 1 }),
      await api(t, c.token).delete(DELETE, { patientId: theirPatient, ids: [theirs] }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('patient_not_found');
    }
    const edit = await api(t, c.token).post(SAVE, { id: theirs, patientId: mine, tooth: 36, canalName: 'MB', length: 1 });
    expect(edit.statusCode).toBe(404);
    expect((await api(t, c.token).delete(DELETE, { patientId: mine, ids: [theirs] })).statusCode).toBe(404);
    expect(await brief(c.clinicId)).toEqual([]);
    expect(await brief(other.clinicId)).toEqual([[36, 'MB', '20.00']]);
  });
});
