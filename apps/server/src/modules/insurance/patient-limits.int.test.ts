import { callPath, insuranceCalls } from '@dental/contract';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patientLimits } from '../patients/index.js';
import { insuranceCompanies } from './insurance.table.js';

const t = await testApp();
const LIST = callPath(insuranceCalls.getPatientLimits);
const SAVE = callPath(insuranceCalls.savePatientLimit);
const DELETE = callPath(insuranceCalls.deletePatientLimit);
const SAVE_COMPANY = callPath(insuranceCalls.saveInsuranceCompany);

const limitsOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(patientLimits).where(eq(patientLimits.clinicId, clinicId)).orderBy(asc(patientLimits.id)),
  );
const defaultCompanyOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, async (tx) => {
    const rows = await tx.select().from(insuranceCompanies).where(eq(insuranceCompanies.clinicId, clinicId));
    return rows.find((r) => r.isDefault)!;
  });

async function expectDenied(call: Promise<LightMyRequestResponse>, code: 'BS11' | 'BS13' = 'BS11') {
  const res = await call;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
}

async function addLimit(token: string, patientId: number, values: Record<string, unknown> = {}) {
  const res = await api(t, token).post(SAVE, { patientId, title: 'Annual', amount: '5000', ...values });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function addCompany(c: TestClinic, name: string) {
  const res = await api(t, c.token).post(SAVE_COMPANY, { name, coveragePercentage: '80' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('Patient/GetPatientLimits, SavePatientLimit, DeletePatientLimit', () => {
  it("adds, lists (latest period first, with the company and the total), updates and deletes a patient's limits", async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const axa = await addCompany(c, 'AXA مصر');
    const annual = await addLimit(c.token, patientId, {
      title: 'سقف سنوي',
      amount: 12500.5,
      insuranceCompanyId: axa,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      notes: 'يشمل التقويم',
    });
    const ortho = await addLimit(c.token, patientId, {
      title: 'Orthodontics',
      amount: '0.10',
      startDate: '2026-01-01',
    });
    const undated = await addLimit(c.token, patientId, { title: 'Emergency', amount: '999999999999.99' });
    const res = await api(t, c.token).get(LIST, { patientId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: ortho,
          patientId,
          title: 'Orthodontics',
          amount: '0.10',
          insuranceCompany: null,
          startDate: '2026-01-01',
          endDate: null,
          notes: null,
          createdAt: expect.any(String),
        },
        {
          id: annual,
          patientId,
          title: 'سقف سنوي',
          amount: '12500.50',
          insuranceCompany: { id: axa, name: 'AXA مصر' },
          startDate: '2025-01-01',
          endDate: '2025-12-31',
          notes: 'يشمل التقويم',
          createdAt: expect.any(String),
        },
        expect.objectContaining({ id: undated, amount: '999999999999.99', startDate: null }),
      ],
      totalAmount: '1000000012500.59',
    });
    const updated = await api(t, c.token).post(SAVE, {
      id: annual,
      patientId,
      title: 'Annual',
      amount: '8000',
      insuranceCompanyId: null,
      startDate: '2025-02-01',
      endDate: '',
    });
    expect(updated.json()).toEqual({ id: annual });
    expect((await limitsOf(c.clinicId)).find((l) => l.id === annual)).toMatchObject({
      title: 'Annual',
      amount: '8000.00',
      insuranceCompanyId: null,
      startDate: '2025-02-01',
      endDate: null,
      notes: null,
    });
    expect((await api(t, c.token).delete(DELETE, { id: ortho, patientId })).json()).toEqual({ ok: true });
    expect((await limitsOf(c.clinicId)).map((l) => l.id)).toEqual([annual, undated]);
    const empty = await newPatient(t, c);
    expect((await api(t, c.token).get(LIST, { patientId: empty })).json()).toEqual({ items: [], totalAmount: '0.00' });
  });

  it('refuses a bad body or query with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await addLimit(c.token, patientId);
    const before = await limitsOf(c.clinicId);
    const missing = await api(t, c.token).post(SAVE, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation',
      errors: {
        patientId: 'This field is required',
        title: 'This field is required',
        amount: 'This field is required',
      },
    });
    for (const amount of ['0', '-5', '1.234', 'abc', 1e13, '1000000000000']) {
      const bad = await api(t, c.token).post(SAVE, { id, patientId, title: 'Annual', amount });
      expect(bad.statusCode, String(amount)).toBe(400);
      expect(bad.json().errors).toEqual({ amount: 'Enter an amount above zero with at most 2 decimals' });
    }
    const dates = await api(t, c.token).post(SAVE, {
      id,
      patientId,
      title: 'Annual',
      amount: '10',
      startDate: '2025-06-01',
      endDate: '2025-06-01',
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().errors).toEqual({ endDate: 'The date must be after the start date' });
    const badDate = await api(t, c.token).post(SAVE, { patientId, title: 'x', amount: '10', startDate: '2025-02-30' });
    expect(badDate.json().errors).toEqual({ startDate: 'Invalid value' });
    const arabic = await api(t, c.token, { language: 'ar' }).post(SAVE, { patientId, title: 'x', amount: '-1' });
    expect(arabic.json().errors).toEqual({ amount: 'أدخل مبلغًا أكبر من صفر برقمين عشريين على الأكثر' });
    expect((await api(t, c.token).get(LIST, { patientId: 'abc' })).json().errors).toEqual({
      patientId: 'Invalid value',
    });
    expect((await api(t, c.token).delete(DELETE, { id })).json().errors).toEqual({
      patientId: 'This field is required',
    });
    expect(await limitsOf(c.clinicId)).toEqual(before);
  });

  it('reads with patient_list and writes with patient_edit, whatever the role', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await addLimit(c.token, patientId);
    const none = await newUser(t, c, ['insurance_list', 'insurance_edit']);
    await expectDenied(api(t, none).get(LIST, { patientId }));
    await expectDenied(api(t, none).post(SAVE, { patientId, title: 'x', amount: '1' }));
    await expectDenied(api(t, none).delete(DELETE, { id, patientId }));
    const reader = await newUser(t, c, ['patient_list'], 'RL5');
    expect((await api(t, reader).get(LIST, { patientId })).json().items).toHaveLength(1);
    await expectDenied(api(t, reader).post(SAVE, { id, patientId, title: 'x', amount: '1' }));
    await expectDenied(api(t, reader).delete(DELETE, { id, patientId }));
    const doctor = await newUser(t, c, ['patient_edit'], 'RL3');
    await expectDenied(api(t, doctor).get(LIST, { patientId }));
    expect((await api(t, doctor).post(SAVE, { id, patientId, title: 'Dental', amount: '7000' })).statusCode).toBe(200);
    expect((await api(t, doctor).delete(DELETE, { id, patientId })).statusCode).toBe(200);
    expect(await limitsOf(c.clinicId)).toEqual([]);
  });

  it('refuses every call below the Standard tier (BS13), even to the owner', async () => {
    const c = await newClinic(t, { tier: 'ST1' });
    const patientId = await newPatient(t, c);
    const [row] = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.insert(patientLimits).values({ clinicId: c.clinicId, patientId, title: 'Annual', amount: '100' }).returning(),
    );
    await expectDenied(api(t, c.token).get(LIST, { patientId }), 'BS13');
    await expectDenied(api(t, c.token).post(SAVE, { patientId, title: 'x', amount: '1' }), 'BS13');
    await expectDenied(api(t, c.token).delete(DELETE, { id: row!.id, patientId }), 'BS13');
    expect(await limitsOf(c.clinicId)).toEqual([row]);
  });

  it("never reads or touches another clinic's patient or limit, nor another patient's limit", async () => {
    const c = await newClinic(t);
    const mine = await newPatient(t, c);
    const sibling = await newPatient(t, c);
    const siblingLimit = await addLimit(c.token, sibling);
    const other = await newClinic(t);
    const theirPatient = await newPatient(t, other);
    const theirLimit = await addLimit(other.token, theirPatient);
    const theirCompany = (await defaultCompanyOf(other.clinicId)).id;
    const before = await limitsOf(other.clinicId);

    const notPatient = { code: 'patient_not_found', message: 'Patient not found' };
    expect((await api(t, c.token).get(LIST, { patientId: theirPatient })).json()).toEqual(notPatient);
    const foreignSave = await api(t, c.token).post(SAVE, { patientId: theirPatient, title: 'x', amount: '1' });
    expect(foreignSave.statusCode).toBe(404);
    expect(foreignSave.json()).toEqual(notPatient);
    expect((await api(t, c.token).delete(DELETE, { id: theirLimit, patientId: theirPatient })).statusCode).toBe(404);
    // their limit id, or a sibling's, under my own patient
    for (const id of [theirLimit, siblingLimit]) {
      const save = await api(t, c.token).post(SAVE, { id, patientId: mine, title: 'x', amount: '1' });
      expect(save.statusCode).toBe(404);
      expect(save.json().code).toBe('not_found');
      expect((await api(t, c.token).delete(DELETE, { id, patientId: mine })).json().code).toBe('not_found');
    }
    // another clinic's insurance company on my patient's limit
    const company = await api(t, c.token).post(SAVE, {
      patientId: mine,
      title: 'x',
      amount: '1',
      insuranceCompanyId: theirCompany,
    });
    expect(company.statusCode).toBe(404);
    expect(company.json()).toMatchObject({ code: 'not_found', errors: { insuranceCompanyId: 'ID not found' } });
    expect(await limitsOf(other.clinicId)).toEqual(before);
    expect((await limitsOf(c.clinicId)).map((l) => l.id)).toEqual([siblingLimit]);
  });

  it('treats a deleted patient as not found', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c, { deletedAt: new Date() });
    expect((await api(t, c.token).get(LIST, { patientId })).statusCode).toBe(404);
    expect((await api(t, c.token).post(SAVE, { patientId, title: 'x', amount: '1' })).json().code).toBe(
      'patient_not_found',
    );
    expect(await limitsOf(c.clinicId)).toEqual([]);
  });
});
