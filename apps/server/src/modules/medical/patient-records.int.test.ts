import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patients } from '../patients/index.js';
import { medicalProducts, patientDiseases, patientDrugs } from './medical.table.js';
import { STARTER_DRUGS } from './medical.seed.js';
import { PATH, expectDenied, expectOk } from './medical-test-helpers.js';

const t = await testApp();

const diseasesOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(patientDiseases).where(eq(patientDiseases.clinicId, clinicId)).orderBy(asc(patientDiseases.id)),
  );
const drugsOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(patientDrugs).where(eq(patientDrugs.clinicId, clinicId)).orderBy(asc(patientDrugs.id)),
  );
const productsOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(medicalProducts).where(eq(medicalProducts.clinicId, clinicId)).orderBy(asc(medicalProducts.id)),
  );
const deletePatient = (clinicId: number, id: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx
      .update(patients)
      .set({ deletedAt: new Date() })
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id))),
  );

describe('Patient/SaveDieases, DeleteDieases', () => {
  it('adds, updates (alert toggle) and deletes a disease, on the free tier', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const patientId = await newPatient(t, c);
    const { id } = await expectOk<{ id: number }>(
      api(t, c.token).post(PATH.saveDieases, { patientId, name: ' ربو ', notes: 'بخاخ' }),
    );
    expect(await diseasesOf(c.clinicId)).toEqual([
      expect.objectContaining({ id, patientId, name: 'ربو', notes: 'بخاخ', isAlert: false, createdBy: c.ownerId }),
    ]);
    await expectOk(api(t, c.token).post(PATH.saveDieases, { id, patientId, name: 'ربو', isAlert: true }));
    expect((await diseasesOf(c.clinicId))[0]).toMatchObject({ name: 'ربو', notes: null, isAlert: true });
    const history = await expectOk<{ diseases: unknown[] }>(
      api(t, c.token).get(PATH.getPatientMedicalHistory, { patientId }),
    );
    expect(history.diseases).toEqual([{ id, name: 'ربو', notes: null, isAlert: true, createdAt: expect.any(String) }]);
    expect(await expectOk(api(t, c.token).delete(PATH.deleteDieases, { id }))).toEqual({ ok: true });
    expect(await diseasesOf(c.clinicId)).toEqual([]);
  });

  it('refuses a bad body with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const missing = await api(t, c.token).post(PATH.saveDieases, {});
    expect([missing.statusCode, missing.json().errors]).toEqual([
      400,
      { patientId: 'This field is required', name: 'This field is required' },
    ]);
    const bad = await api(t, c.token).post(PATH.saveDieases, { patientId, name: 'x'.repeat(201), isAlert: 'yes' });
    expect(bad.json().errors).toEqual({ name: 'The value is too long', isAlert: 'Invalid value' });
    expect((await api(t, c.token).delete(PATH.deleteDieases, {})).json().errors).toEqual({
      id: 'This field is required',
    });
    expect(await diseasesOf(c.clinicId)).toEqual([]);
  });

  it('needs patient_edit or patient_procedures', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const { id } = await expectOk<{ id: number }>(
      api(t, c.token).post(PATH.saveDieases, { patientId, name: 'Asthma' }),
    );
    const reader = await newUser(t, c, ['patient_list']);
    await expectDenied(api(t, reader).post(PATH.saveDieases, { patientId, name: 'Flu' }));
    await expectDenied(api(t, reader).delete(PATH.deleteDieases, { id }));
    const assistant = await newUser(t, c, ['patient_procedures'], 'RL5');
    await expectOk(api(t, assistant).post(PATH.saveDieases, { id, patientId, name: 'Asthma', isAlert: true }));
    expect((await diseasesOf(c.clinicId)).map((d) => [d.name, d.isAlert])).toEqual([['Asthma', true]]);
  });

  it("refuses another clinic's patient or disease, a disease of another patient and a deleted patient's (404)", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const mine = await newPatient(t, c);
    const second = await newPatient(t, c);
    const theirPatient = await newPatient(t, other);
    const { id: theirs } = await expectOk<{ id: number }>(
      api(t, other.token).post(PATH.saveDieases, { patientId: theirPatient, name: 'Asthma' }),
    );
    const before = await diseasesOf(other.clinicId);
    const add = await api(t, c.token).post(PATH.saveDieases, { patientId: theirPatient, name: 'Flu' });
    expect([add.statusCode, add.json().code]).toEqual([404, 'patient_not_found']);
    expect(
      (await api(t, c.token).post(PATH.saveDieases, { id: theirs, patientId: mine, name: 'Flu' })).statusCode,
    ).toBe(404);
    expect((await api(t, c.token).delete(PATH.deleteDieases, { id: theirs })).statusCode).toBe(404);
    expect(await diseasesOf(other.clinicId)).toEqual(before);
    const { id } = await expectOk<{ id: number }>(
      api(t, c.token).post(PATH.saveDieases, { patientId: mine, name: 'Flu' }),
    );
    expect((await api(t, c.token).post(PATH.saveDieases, { id, patientId: second, name: 'Flu' })).statusCode).toBe(404);
    await deletePatient(c.clinicId, mine);
    expect((await api(t, c.token).delete(PATH.deleteDieases, { id })).json().code).toBe('patient_not_found');
    expect(await diseasesOf(c.clinicId)).toHaveLength(1);
  });
});

describe('Patient/SaveProductDieases, DeleteProductDieases', () => {
  it('adds a drug by id or by name (a new name joins the clinic list once, ignoring case), updates and deletes', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const patientId = await newPatient(t, c);
    const products = await productsOf(c.clinicId);
    const amoxicillin = products.find((p) => p.name === 'Amoxicillin')!;
    const { id } = await expectOk<{ id: number }>(
      api(t, c.token).post(PATH.saveProductDieases, {
        patientId,
        productId: amoxicillin.id,
        dosage: '500 mg',
        notes: '3 times a day',
      }),
    );
    await expectOk(
      api(t, c.token).post(PATH.saveProductDieases, { patientId, productName: 'warfarin', isAlert: true }),
    );
    const { id: newDrug } = await expectOk<{ id: number }>(
      api(t, c.token).post(PATH.saveProductDieases, { patientId, productName: ' Vitamin D3 ' }),
    );
    await expectOk(api(t, c.token).post(PATH.saveProductDieases, { patientId, productName: 'VITAMIN d3' }));
    const after = await productsOf(c.clinicId);
    expect(after).toHaveLength(products.length + 1);
    expect(after.at(-1)!.name).toBe('Vitamin D3');
    const drugs = await drugsOf(c.clinicId);
    expect(drugs.map((d) => [d.productId, d.dosage, d.isAlert])).toEqual([
      [amoxicillin.id, '500 mg', false],
      [products.find((p) => p.name === 'Warfarin')!.id, null, true],
      [after.at(-1)!.id, null, false],
      [after.at(-1)!.id, null, false],
    ]);
    const history = await expectOk<{ drugs: Array<{ name: string }> }>(
      api(t, c.token).get(PATH.getPatientMedicalHistory, { patientId }),
    );
    expect(history.drugs[0]).toEqual({
      id,
      productId: amoxicillin.id,
      name: 'Amoxicillin',
      dosage: '500 mg',
      notes: '3 times a day',
      isAlert: false,
      createdAt: expect.any(String),
    });
    expect(history.drugs.map((d) => d.name)).toEqual(['Amoxicillin', 'Warfarin', 'Vitamin D3', 'Vitamin D3']);
    await expectOk(
      api(t, c.token).post(PATH.saveProductDieases, { id, patientId, productId: amoxicillin.id, isAlert: true }),
    );
    expect((await drugsOf(c.clinicId))[0]).toMatchObject({ dosage: null, notes: null, isAlert: true });
    expect(await expectOk(api(t, c.token).delete(PATH.deleteProductDieases, { id: newDrug }))).toEqual({ ok: true });
    expect(await drugsOf(c.clinicId)).toHaveLength(3);
  });

  it('refuses a drug without id or name, and other bad fields, changing nothing', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const before = await productsOf(c.clinicId);
    const none = await api(t, c.token).post(PATH.saveProductDieases, { patientId, productName: '  ' });
    expect([none.statusCode, none.json().errors]).toEqual([400, { productName: 'This field is required' }]);
    const bad = await api(t, c.token).post(PATH.saveProductDieases, {
      patientId,
      productId: -2,
      dosage: 'x'.repeat(201),
    });
    expect(bad.json().errors).toEqual({ productId: 'Invalid value', dosage: 'The value is too long' });
    expect(await drugsOf(c.clinicId)).toEqual([]);
    expect(await productsOf(c.clinicId)).toEqual(before);
  });

  it('needs patient_edit or patient_procedures', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const { id } = await expectOk<{ id: number }>(
      api(t, c.token).post(PATH.saveProductDieases, { patientId, productName: 'Aspirin' }),
    );
    const reader = await newUser(t, c, ['patient_list']);
    await expectDenied(api(t, reader).post(PATH.saveProductDieases, { patientId, productName: 'Brand new' }));
    await expectDenied(api(t, reader).delete(PATH.deleteProductDieases, { id }));
    expect((await productsOf(c.clinicId)).some((p) => p.name === 'Brand new')).toBe(false);
    await expectOk(api(t, await newUser(t, c, ['patient_edit'], 'RL3')).delete(PATH.deleteProductDieases, { id }));
  });

  it("refuses another clinic's patient, drug row or drug name id (404), changing nothing there", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const mine = await newPatient(t, c);
    const theirPatient = await newPatient(t, other);
    const theirProduct = (await productsOf(other.clinicId))[0]!;
    const { id: theirs } = await expectOk<{ id: number }>(
      api(t, other.token).post(PATH.saveProductDieases, { patientId: theirPatient, productId: theirProduct.id }),
    );
    const before = await drugsOf(other.clinicId);
    expect(
      (await api(t, c.token).post(PATH.saveProductDieases, { patientId: theirPatient, productName: 'X' })).json().code,
    ).toBe('patient_not_found');
    const byTheirProduct = await api(t, c.token).post(PATH.saveProductDieases, {
      patientId: mine,
      productId: theirProduct.id,
    });
    expect([byTheirProduct.statusCode, byTheirProduct.json().code]).toEqual([404, 'not_found']);
    expect(
      (await api(t, c.token).post(PATH.saveProductDieases, { id: theirs, patientId: mine, productName: 'X' }))
        .statusCode,
    ).toBe(404);
    expect((await api(t, c.token).delete(PATH.deleteProductDieases, { id: theirs })).statusCode).toBe(404);
    expect(await drugsOf(other.clinicId)).toEqual(before);
    expect(await drugsOf(c.clinicId)).toEqual([]);
  });
});

describe('Patient/GetProductsSearch', () => {
  it("finds up to 20 of the clinic's drug names containing the text, ignoring case, those starting with it first", async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const patientId = await newPatient(t, c);
    await expectOk(api(t, c.token).post(PATH.saveProductDieases, { patientId, productName: 'Co-Amoxiclav' }));
    const names = async (search?: string) =>
      (
        await expectOk<{ items: Array<{ id: number; name: string }> }>(
          api(t, c.token).get(PATH.getProductsSearch, search === undefined ? {} : { search }),
        )
      ).items.map((i) => i.name);
    expect(await names('AMOX')).toEqual(['Amoxicillin', 'Co-Amoxiclav']);
    expect(await names('pril')).toEqual(['Lisinopril']);
    expect(await names('100%_')).toEqual([]);
    const all = await names();
    expect(all).toHaveLength(20);
    expect(all.slice(0, 3)).toEqual(['Alendronate', 'Amlodipine', 'Amoxicillin']);
    expect(STARTER_DRUGS.length + 1).toBeGreaterThan(20);
  });

  it("refuses a too long search, a user without patient_list, and never shows another clinic's names", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirPatient = await newPatient(t, other);
    await expectOk(
      api(t, other.token).post(PATH.saveProductDieases, { patientId: theirPatient, productName: 'Zzyzx secret drug' }),
    );
    expect((await api(t, c.token).get(PATH.getProductsSearch, { search: 'x'.repeat(101) })).json().errors).toEqual({
      search: 'The value is too long',
    });
    await expectDenied(api(t, await newUser(t, c, ['patient_edit'])).get(PATH.getProductsSearch, { search: 'a' }));
    expect(
      (await expectOk<{ items: unknown[] }>(api(t, c.token).get(PATH.getProductsSearch, { search: 'zzyzx' }))).items,
    ).toEqual([]);
    const doctor = await newUser(t, c, ['patient_list'], 'RL3');
    expect(
      (await expectOk<{ items: unknown[] }>(api(t, doctor).get(PATH.getProductsSearch, { search: 'warf' }))).items,
    ).toHaveLength(1);
  });
});
