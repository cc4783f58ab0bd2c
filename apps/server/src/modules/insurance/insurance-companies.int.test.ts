import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_INSURANCE_COMPANY_NAME, callPath, insuranceCalls } from '@dental/contract';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { clinics } from '../../platform/auth/identity.table.js';
import { MIGRATIONS_DIR } from '../../platform/db/migrate.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patientLimits } from '../patients/index.js';
import { insuranceCompanies } from './insurance.table.js';

const t = await testApp();
const LIST = callPath(insuranceCalls.getInsuranceCompanies);
const GET = callPath(insuranceCalls.getInsuranceCompany);
const SAVE = callPath(insuranceCalls.saveInsuranceCompany);
const DELETE = callPath(insuranceCalls.deleteInsuranceCompany);
const ALL_KEYS = ['insurance_list', 'insurance_add', 'insurance_edit', 'insurance_delete'] as const;

const companiesOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx
      .select()
      .from(insuranceCompanies)
      .where(eq(insuranceCompanies.clinicId, clinicId))
      .orderBy(asc(insuranceCompanies.id)),
  );
const namesOf = async (clinicId: number) => (await companiesOf(clinicId)).map((c) => c.name);
const defaultOf = async (clinicId: number) => (await companiesOf(clinicId)).find((c) => c.isDefault)!;

async function expectDenied(call: Promise<LightMyRequestResponse>, code: 'BS11' | 'BS13' | 'BS14' = 'BS11') {
  const res = await call;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
}

async function addCompany(token: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await api(t, token).post(SAVE, { name, coveragePercentage: '80', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('MedicalInsurance/GetInsuranceCompanies, GetInsuranceCompany, SaveInsuranceCompany, DeleteInsuranceCompany', () => {
  it('gives every new clinic one active default company', async () => {
    const c = await newClinic(t);
    const res = await api(t, c.token).get(LIST);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: expect.any(Number),
          name: DEFAULT_INSURANCE_COMPANY_NAME,
          contactPerson: null,
          mobile: null,
          email: null,
          address: null,
          coveragePercentage: '100.00',
          requiresApproval: false,
          notes: null,
          isActive: true,
          isDefault: true,
          patientCount: 0,
          createdAt: expect.any(String),
        },
      ],
      total: 1,
      page: 1,
      pageSize: 30,
    });
    expect(DEFAULT_INSURANCE_COMPANY_NAME).toBe('التأمين الافتراضي');
  });

  it('creates, reads, updates and deletes a company; amounts stay decimal text', async () => {
    const c = await newClinic(t);
    const id = await addCompany(c.token, 'مصر للتأمين', {
      contactPerson: 'أ. محمد',
      mobile: '+20 100 123 4567',
      email: 'Claims@Misr.test',
      address: 'القاهرة',
      coveragePercentage: 82.5,
      requiresApproval: true,
      notes: 'موافقة مسبقة',
    });
    const one = await api(t, c.token).get(GET, { id });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      id,
      name: 'مصر للتأمين',
      contactPerson: 'أ. محمد',
      mobile: '+201001234567',
      email: 'claims@misr.test',
      address: 'القاهرة',
      coveragePercentage: '82.50',
      requiresApproval: true,
      notes: 'موافقة مسبقة',
      isActive: true,
      isDefault: false,
      patientCount: 0,
    });
    const updated = await api(t, c.token).post(SAVE, {
      id,
      name: 'Misr Insurance',
      mobile: '',
      email: '',
      coveragePercentage: '100',
      isActive: false,
    });
    expect(updated.json()).toEqual({ id });
    expect((await companiesOf(c.clinicId)).find((x) => x.id === id)).toMatchObject({
      name: 'Misr Insurance',
      contactPerson: null,
      mobile: null,
      email: null,
      coveragePercentage: '100.00',
      requiresApproval: false,
      isActive: false,
    });
    expect((await api(t, c.token).delete(DELETE, { id })).json()).toEqual({ ok: true });
    expect(await namesOf(c.clinicId)).toEqual([DEFAULT_INSURANCE_COMPANY_NAME]);
    expect((await api(t, c.token).get(GET, { id })).statusCode).toBe(404);
  });

  it('searches, filters active ones, sorts (default first by default), pages and counts patients', async () => {
    const c = await newClinic(t);
    const allianz = await addCompany(c.token, 'Allianz', { contactPerson: 'Reham' });
    await addCompany(c.token, 'AXA', { coveragePercentage: '60', email: 'dental@axa.test' });
    await addCompany(c.token, 'Bupa', { isActive: false, coveragePercentage: '90.5' });
    await newPatient(t, c, { insuranceCompanyId: allianz });
    await newPatient(t, c, { insuranceCompanyId: allianz });
    await newPatient(t, c, { insuranceCompanyId: allianz, deletedAt: new Date() });
    const names = async (query: Record<string, unknown>) => {
      const res = await api(t, c.token).get(LIST, query);
      expect(res.statusCode, res.body).toBe(200);
      return { names: res.json().items.map((x: { name: string }) => x.name), total: res.json().total };
    };
    expect((await names({})).names).toEqual([DEFAULT_INSURANCE_COMPANY_NAME, 'Allianz', 'AXA', 'Bupa']);
    expect(await names({ search: 'reham' })).toEqual({ names: ['Allianz'], total: 1 });
    expect(await names({ search: 'axa.test' })).toEqual({ names: ['AXA'], total: 1 });
    expect(await names({ activeOnly: true })).toMatchObject({ total: 3 });
    expect((await names({ activeOnly: true })).names).not.toContain('Bupa');
    expect((await names({ sortField: 'coveragePercentage', sortOrder: 'ascend' })).names).toEqual([
      'AXA',
      'Allianz',
      'Bupa',
      DEFAULT_INSURANCE_COMPANY_NAME,
    ]);
    expect((await names({ sortField: 'name', sortOrder: 'descend' })).names.slice(1)).toEqual([
      'Bupa',
      'AXA',
      'Allianz',
    ]);
    expect(await names({ sortField: 'name', page: 2, pageSize: 3 })).toEqual({
      names: [DEFAULT_INSURANCE_COMPANY_NAME],
      total: 4,
    });
    const counted = (await api(t, c.token).get(LIST, { sortField: 'patientCount', sortOrder: 'descend' })).json();
    expect(counted.items[0]).toMatchObject({ name: 'Allianz', patientCount: 2 });
  });

  it('refuses a bad body or query with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const id = await addCompany(c.token, 'AXA');
    const before = await companiesOf(c.clinicId);
    const missing = await api(t, c.token).post(SAVE, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation',
      errors: { name: 'This field is required', coveragePercentage: 'This field is required' },
    });
    const bad = await api(t, c.token).post(SAVE, {
      id,
      name: 'AXA',
      mobile: '0100',
      email: 'not-an-email',
      coveragePercentage: '100.5',
      requiresApproval: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      mobile: 'Phone number not valid',
      email: 'Enter a valid email',
      coveragePercentage: 'Coverage is a percentage from 0 to 100 with at most 2 decimals',
      requiresApproval: 'Invalid value',
    });
    const tooPrecise = await api(t, c.token).post(SAVE, { id, name: 'AXA', coveragePercentage: '12.345' });
    expect(tooPrecise.json().errors).toEqual({
      coveragePercentage: 'Coverage is a percentage from 0 to 100 with at most 2 decimals',
    });
    expect((await api(t, c.token).get(LIST, { activeOnly: 'maybe' })).json().errors).toEqual({
      activeOnly: 'Invalid value',
    });
    expect((await api(t, c.token).get(GET, { id: 'abc' })).json().errors).toEqual({ id: 'Invalid value' });
    const arabic = await api(t, c.token, { language: 'ar' }).post(SAVE, { name: '' });
    expect(arabic.json().errors.name).toBe('هذا الحقل مطلوب');
    expect(await companiesOf(c.clinicId)).toEqual(before);
  });

  it('refuses a name another company of the clinic uses, in any case', async () => {
    const c = await newClinic(t);
    const id = await addCompany(c.token, 'AXA Egypt');
    const dup = await api(t, c.token).post(SAVE, { name: 'axa egypt', coveragePercentage: '50' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'name_exists', message: 'Already exists', errors: { name: 'Already exists' } });
    const rename = await api(t, c.token).post(SAVE, {
      id,
      name: DEFAULT_INSURANCE_COMPANY_NAME,
      coveragePercentage: '50',
    });
    expect(rename.json().code).toBe('name_exists');
    // its own name in another case is fine
    expect((await api(t, c.token).post(SAVE, { id, name: 'AXA EGYPT', coveragePercentage: '50' })).statusCode).toBe(
      200,
    );
    expect(await namesOf(c.clinicId)).toEqual([DEFAULT_INSURANCE_COMPANY_NAME, 'AXA EGYPT']);
    // another clinic may use the same name
    const other = await newClinic(t);
    await addCompany(other.token, 'AXA Egypt');
  });

  it('keeps the default company: it cannot be deleted or deactivated, but may be renamed', async () => {
    const c = await newClinic(t);
    const initial = await defaultOf(c.clinicId);
    const del = await api(t, c.token).delete(DELETE, { id: initial.id });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({
      code: 'cannot_delete_default_insurance',
      message: "Can't delete the default insurance company",
    });
    const off = await api(t, c.token).post(SAVE, {
      id: initial.id,
      name: initial.name,
      coveragePercentage: '100',
      isActive: false,
    });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({
      code: 'cannot_deactivate_default',
      errors: { isActive: "Can't deactivate the default item" },
    });
    expect(await defaultOf(c.clinicId)).toEqual(initial);
    const renamed = await api(t, c.token).post(SAVE, {
      id: initial.id,
      name: 'Cash patients',
      coveragePercentage: '0',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await defaultOf(c.clinicId)).toMatchObject({
      name: 'Cash patients',
      coveragePercentage: '0.00',
      isActive: true,
    });
  });

  it('refuses to delete a company a patient (even a deleted one) or a limit uses', async () => {
    const c = await newClinic(t);
    const byPatient = await addCompany(c.token, 'Allianz');
    const byDeleted = await addCompany(c.token, 'AXA');
    const byLimit = await addCompany(c.token, 'Bupa');
    await newPatient(t, c, { insuranceCompanyId: byPatient });
    await newPatient(t, c, { insuranceCompanyId: byDeleted, deletedAt: new Date() });
    const patientId = await newPatient(t, c);
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx
        .insert(patientLimits)
        .values({ clinicId: c.clinicId, patientId, insuranceCompanyId: byLimit, title: 'Annual', amount: '5000' }),
    );
    for (const id of [byPatient, byDeleted, byLimit]) {
      const res = await api(t, c.token).delete(DELETE, { id });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ code: 'cannot_delete_in_use', message: "Can't delete: it is in use" });
    }
    expect(await namesOf(c.clinicId)).toEqual([DEFAULT_INSURANCE_COMPANY_NAME, 'Allianz', 'AXA', 'Bupa']);
  });

  it('needs the key of each call; the list also opens to patient screens of any role', async () => {
    const c = await newClinic(t);
    const id = await addCompany(c.token, 'AXA');
    const none = await newUser(t, c, ['room_list']);
    await expectDenied(api(t, none).get(LIST));
    await expectDenied(api(t, none).get(GET, { id }));
    await expectDenied(api(t, none).post(SAVE, { name: 'A', coveragePercentage: '1' }));
    await expectDenied(api(t, none).delete(DELETE, { id }));
    const editor = await newUser(t, c, ['insurance_edit']);
    await expectDenied(api(t, editor).post(SAVE, { name: 'New', coveragePercentage: '1' }));
    expect((await api(t, editor).get(GET, { id })).statusCode).toBe(200);
    expect((await api(t, editor).post(SAVE, { id, name: 'AXA Egypt', coveragePercentage: '75' })).statusCode).toBe(200);
    const adder = await newUser(t, c, ['insurance_add']);
    await expectDenied(api(t, adder).post(SAVE, { id, name: 'AXA', coveragePercentage: '75' }));
    await expectDenied(api(t, adder).delete(DELETE, { id }));
    expect(await namesOf(c.clinicId)).toEqual([DEFAULT_INSURANCE_COMPANY_NAME, 'AXA Egypt']);
    for (const key of ['patient_list', 'patient_add', 'patient_edit'] as const) {
      const reader = await newUser(t, c, [key], 'RL3');
      expect((await api(t, reader).get(LIST, { activeOnly: true })).json().total).toBe(2);
      await expectDenied(api(t, reader).get(GET, { id }));
    }
  });

  it('refuses every call below the Standard tier (BS13), even to the owner', async () => {
    const c = await newClinic(t, { tier: 'ST1' });
    const initial = await defaultOf(c.clinicId);
    await expectDenied(api(t, c.token).get(LIST), 'BS13');
    await expectDenied(api(t, c.token).get(GET, { id: initial.id }), 'BS13');
    await expectDenied(api(t, c.token).post(SAVE, { name: 'AXA', coveragePercentage: '80' }), 'BS13');
    await expectDenied(api(t, c.token).delete(DELETE, { id: initial.id }), 'BS13');
    expect(await companiesOf(c.clinicId)).toEqual([initial]);
  });

  it('refuses writes to a role outside the Secretariat rule even with every key (BS14)', async () => {
    const c = await newClinic(t);
    const id = await addCompany(c.token, 'AXA');
    const doctor = await newUser(t, c, ALL_KEYS, 'RL3');
    await expectDenied(api(t, doctor).post(SAVE, { name: 'A', coveragePercentage: '1' }), 'BS14');
    await expectDenied(api(t, doctor).post(SAVE, { id, name: 'A', coveragePercentage: '1' }), 'BS14');
    await expectDenied(api(t, doctor).delete(DELETE, { id }), 'BS14');
    expect(await namesOf(c.clinicId)).toEqual([DEFAULT_INSURANCE_COMPANY_NAME, 'AXA']);
    expect((await api(t, doctor).get(LIST)).statusCode).toBe(200);
    expect((await api(t, doctor).get(GET, { id })).statusCode).toBe(200);
  });

  it("never lists, reads, updates or deletes another clinic's company", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = await addCompany(other.token, 'AXA');
    const before = await companiesOf(other.clinicId);
    expect((await api(t, c.token).get(LIST, { search: 'AXA' })).json().total).toBe(0);
    expect((await api(t, c.token).get(GET, { id: theirs })).json()).toEqual({
      code: 'not_found',
      message: 'ID not found',
    });
    expect((await api(t, c.token).post(SAVE, { id: theirs, name: 'Mine', coveragePercentage: '1' })).statusCode).toBe(
      404,
    );
    expect((await api(t, c.token).delete(DELETE, { id: theirs })).statusCode).toBe(404);
    expect((await api(t, c.token).delete(DELETE, { id: (await defaultOf(other.clinicId)).id })).statusCode).toBe(404);
    expect(await companiesOf(other.clinicId)).toEqual(before);
  });

  it('the 0005 migration gives a clinic created before the module its default company, once', async () => {
    const [old] = await t.database.db
      .insert(clinics)
      .values({ clinicName: 'older-clinic', displayName: 'Older' })
      .returning();
    const sql = readFileSync(join(MIGRATIONS_DIR, '0005_patients.sql'), 'utf8');
    const backfill = sql.slice(sql.indexOf('DO $$'));
    await t.database.exec(backfill);
    await t.database.exec(backfill);
    expect((await companiesOf(old!.id)).map((x) => [x.name, x.isDefault, x.isActive])).toEqual([
      [DEFAULT_INSURANCE_COMPANY_NAME, true, true],
    ]);
  });
});
