import { treatmentsCalls } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newPatient, newUser, setTier, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patientProcedures } from '../patient-procedures/index.js';
import { P, addProcedure, addTreatmentBranch, expectError, setCurrency } from './treatments-test-kit.js';
import { priceListProcedures, procedures } from './treatments.table.js';

const t = await testApp();
const c = treatmentsCalls;

const proceduresOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) => tx.select().from(procedures).where(eq(procedures.clinicId, clinicId)));

describe('Procedure/SaveTreatment, GetTreatmentBranch(es), GetActiveTreatmentBranches, DeleteTreatmentBranch', () => {
  it('creates, reads, lists with procedure counts, updates and deletes a treatment branch, on the free tier', async () => {
    const k = await newClinic(t, { tier: 'ST0' });
    const endo = await addTreatmentBranch(t, k.token, 'Endodontics', { nameAr: 'علاج الجذور', nameFr: ' Endodontie ', sortOrder: 2 });
    const surgery = await addTreatmentBranch(t, k.token, 'Surgery', { nameAr: 'الجراحة', sortOrder: 1, nameFr: '' });
    await addProcedure(t, k.token, endo, 'Root canal');

    const one = expectContractAnswer(c.getTreatmentBranch, await api(t, k.token).get(P.getTreatmentBranch, { id: endo }));
    expect(one).toMatchObject({ id: endo, nameAr: 'علاج الجذور', nameEn: 'Endodontics', nameFr: 'Endodontie', isActive: true, sortOrder: 2, procedureCount: 1 });

    const list = expectContractAnswer(c.getTreatmentBranches, await api(t, k.token).get(P.getTreatmentBranches));
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 30 });
    expect(list.items.map((b) => [b.nameEn, b.nameFr, b.procedureCount])).toEqual([['Surgery', null, 0], ['Endodontics', 'Endodontie', 1]]);
    const byCount = expectContractAnswer(
      c.getTreatmentBranches,
      await api(t, k.token).get(P.getTreatmentBranches, { sortField: 'procedureCount', sortOrder: 'descend' }),
    );
    expect(byCount.items.map((b) => b.id)).toEqual([endo, surgery]);
    const searched = expectContractAnswer(c.getTreatmentBranches, await api(t, k.token).get(P.getTreatmentBranches, { search: 'endodontie' }));
    expect(searched.items.map((b) => b.id)).toEqual([endo]);

    expect((await api(t, k.token).post(P.saveTreatment, { id: surgery, nameAr: 'الجراحة', nameEn: 'Oral surgery', isActive: false })).statusCode).toBe(200);
    const active = await api(t, k.token).get(P.getActiveTreatmentBranches);
    expect(expectContractAnswer(c.getActiveTreatmentBranches, active)).toEqual({
      items: [{ id: endo, nameAr: 'علاج الجذور', nameEn: 'Endodontics', nameFr: 'Endodontie' }],
    });
    const activeOnly = expectContractAnswer(c.getTreatmentBranches, await api(t, k.token).get(P.getTreatmentBranches, { activeOnly: true }));
    expect(activeOnly.items.map((b) => b.id)).toEqual([endo]);

    expect((await api(t, k.token).delete(P.deleteTreatmentBranch, { id: surgery })).json()).toEqual({ ok: true });
    await expectError(api(t, k.token).get(P.getTreatmentBranch, { id: surgery }), 404, 'not_found');
  });

  it('refuses a treatment branch with procedures (409 treatment_branch_in_use) and changes nothing', async () => {
    const k = await newClinic(t);
    const endo = await addTreatmentBranch(t, k.token);
    await addProcedure(t, k.token, endo);
    const res = await expectError(api(t, k.token, { language: 'fr' }).delete(P.deleteTreatmentBranch, { id: endo }), 409, 'treatment_branch_in_use');
    expect(res.message).toBe('Impossible de supprimer une spécialité qui contient des actes ; supprimez-les ou déplacez-les d’abord');
    expect(expectContractAnswer(c.getTreatmentBranch, await api(t, k.token).get(P.getTreatmentBranch, { id: endo })).procedureCount).toBe(1);
  });

  it('refuses missing or duplicate names with translated field messages', async () => {
    const k = await newClinic(t);
    const missing = await api(t, k.token, { language: 'ar' }).post(P.saveTreatment, { nameEn: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ nameAr: 'اسم الإجراء مطلوب', nameEn: 'اسم الإجراء مطلوب' });
    await addTreatmentBranch(t, k.token, 'Endodontics', { nameAr: 'علاج الجذور' });
    const dup = await expectError(api(t, k.token).post(P.saveTreatment, { nameAr: 'علاج الجذور', nameEn: 'ENDODONTICS' }), 409, 'name_exists');
    expect(dup.errors).toEqual({ nameAr: 'Already exists', nameEn: 'Already exists' });
    await expectError(api(t, k.token).post(P.saveTreatment, { nameAr: 'x', nameEn: 'y', sortOrder: -1 }), 400, 'validation');
  });

  it('checks the keys and the Secretariat rule, and keeps clinics apart (404)', async () => {
    const k = await newClinic(t);
    const endo = await addTreatmentBranch(t, k.token);
    const listOnly = await newUser(t, k, ['treatment_list']);
    await expectError(api(t, listOnly).post(P.saveTreatment, { nameAr: 'أ', nameEn: 'A' }), 403, 'BS11');
    await expectError(api(t, listOnly).post(P.saveTreatment, { id: endo, nameAr: 'أ', nameEn: 'A' }), 403, 'BS11');
    await expectError(api(t, listOnly).delete(P.deleteTreatmentBranch, { id: endo }), 403, 'BS11');
    const adder = await newUser(t, k, ['treatment_add']);
    expect((await api(t, adder).post(P.saveTreatment, { nameAr: 'ب', nameEn: 'B' })).statusCode).toBe(200);
    await expectError(api(t, adder).post(P.saveTreatment, { id: endo, nameAr: 'ب2', nameEn: 'B2' }), 403, 'BS11');
    const doctor = await newUser(t, k, ['treatment_list', 'treatment_add'], 'RL3');
    await expectError(api(t, doctor).get(P.getTreatmentBranches), 403, 'BS14');
    // any logged-in user reads the active branches (the patient procedure picker's filter)
    const nobody = await newUser(t, k, [], 'RL5');
    expect((await api(t, nobody).get(P.getActiveTreatmentBranches)).statusCode).toBe(200);

    const other = await newClinic(t);
    await expectError(api(t, other.token).get(P.getTreatmentBranch, { id: endo }), 404, 'not_found');
    await expectError(api(t, other.token).post(P.saveTreatment, { id: endo, nameAr: 'ج', nameEn: 'C' }), 404, 'not_found');
    await expectError(api(t, other.token).delete(P.deleteTreatmentBranch, { id: endo }), 404, 'not_found');
    expect(expectContractAnswer(c.getTreatmentBranches, await api(t, other.token).get(P.getTreatmentBranches)).total).toBe(0);
  });
});

describe('Procedure/SaveProcedure, GetProcedures, GetProcedure, DeleteProcedure', () => {
  it('creates, reads, lists, updates and deletes a procedure with its price list rows', async () => {
    const k = await newClinic(t, { tier: 'ST0' });
    const endo = await addTreatmentBranch(t, k.token, 'Endodontics', { nameFr: 'Endodontie' });
    const res = await api(t, k.token).post(P.saveProcedure, {
      treatmentBranchId: endo, nameAr: 'علاج جذور ضرس', nameEn: 'Root canal, molar', nameFr: 'Traitement endodontique, molaire',
      code: ' d3330 ', price: '3000.5', insurancePrice: 3300, toothSelection: 'tooth',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;
    await api(t, k.token).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId: id });
    const one = expectContractAnswer(c.getProcedure, await api(t, k.token).get(P.getProcedure, { id }));
    expect(one).toEqual({
      id, treatmentBranchId: endo, treatmentBranchNameAr: 'فرع Endodontics', treatmentBranchNameEn: 'Endodontics',
      treatmentBranchNameFr: 'Endodontie', nameAr: 'علاج جذور ضرس', nameEn: 'Root canal, molar',
      nameFr: 'Traitement endodontique, molaire', code: 'D3330', price: '3000.50', insurancePrice: '3300.00',
      toothSelection: 'tooth', isActive: true, priceListCount: 1, createdAt: expect.any(String),
    });
    const updated = await api(t, k.token).post(P.saveProcedure, {
      id, treatmentBranchId: endo, nameAr: 'علاج جذور ضرس', nameEn: 'Root canal, molar', code: '', price: '0', insurancePrice: '0',
      toothSelection: 'none', isActive: false,
    });
    expect(updated.json()).toEqual({ id });
    expect(expectContractAnswer(c.getProcedure, await api(t, k.token).get(P.getProcedure, { id }))).toMatchObject({
      nameFr: null, code: null, price: '0.00', insurancePrice: '0.00', toothSelection: 'none', isActive: false,
    });
    expect((await api(t, k.token).delete(P.deleteProcedure, { id })).json()).toEqual({ ok: true });
    expect(await proceduresOf(k.clinicId)).toEqual([]);
    const rows = await withTenant(t.database.db, k.clinicId, (tx) => tx.select().from(priceListProcedures).where(eq(priceListProcedures.clinicId, k.clinicId)));
    expect(rows).toEqual([]);
  });

  it('searches by name or code, filters by treatment branch and active, sorts and pages', async () => {
    const k = await newClinic(t);
    const endo = await addTreatmentBranch(t, k.token, 'Endo', { sortOrder: 1 });
    const surgery = await addTreatmentBranch(t, k.token, 'Surgery', { sortOrder: 2 });
    await addProcedure(t, k.token, surgery, 'Extraction', { code: 'D7140', price: '400' });
    await addProcedure(t, k.token, endo, 'Pulpotomy', { code: 'D3220', price: '700' });
    await addProcedure(t, k.token, endo, 'Root canal', { code: 'D3310', price: '1800', isActive: false });
    const names = async (query: Record<string, unknown>) => {
      const list = expectContractAnswer(c.getProcedures, await api(t, k.token).get(P.getProcedures, query));
      return { names: list.items.map((p) => p.nameEn), total: list.total };
    };
    expect((await names({})).names).toEqual(['Pulpotomy', 'Root canal', 'Extraction']);
    expect(await names({ search: 'd33' })).toEqual({ names: ['Root canal'], total: 1 });
    expect(await names({ search: 'إجراء Ext' })).toEqual({ names: ['Extraction'], total: 1 });
    expect(await names({ treatmentBranchId: surgery })).toEqual({ names: ['Extraction'], total: 1 });
    expect(await names({ isActive: true })).toEqual({ names: ['Pulpotomy', 'Extraction'], total: 2 });
    expect(await names({ isActive: 'false' })).toEqual({ names: ['Root canal'], total: 1 });
    expect((await names({ sortField: 'price', sortOrder: 'descend' })).names).toEqual(['Root canal', 'Pulpotomy', 'Extraction']);
    expect((await names({ sortField: 'code' })).names).toEqual(['Pulpotomy', 'Root canal', 'Extraction']);
    expect(await names({ sortField: 'nameEn', page: 2, pageSize: 2 })).toEqual({ names: ['Root canal'], total: 3 });
    const bad = await api(t, k.token).get(P.getProcedures, { sortField: 'color', isActive: 'maybe', treatmentBranchId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['isActive', 'sortField', 'treatmentBranchId']);
  });

  it('refuses bad prices and names (400, translated) and saves nothing', async () => {
    const k = await newClinic(t); // EGP: 2 decimals
    const endo = await addTreatmentBranch(t, k.token);
    const save = (body: Record<string, unknown>, language = 'en') =>
      api(t, k.token, { language }).post(P.saveProcedure, { treatmentBranchId: endo, nameAr: 'أ', nameEn: 'A', price: '10', insurancePrice: '10', ...body });
    const negative = await expectError(save({ price: '-1', insurancePrice: -5 }), 400, 'validation');
    expect(negative.errors).toEqual({ price: 'Enter a valid amount of zero or more', insurancePrice: 'Enter a valid amount of zero or more' });
    const four = await expectError(save({ price: '1.2345' }), 400, 'validation');
    expect(Object.keys(four.errors!)).toEqual(['price']);
    const three = await expectError(save({ insurancePrice: '10.125' }), 400, 'money_decimals_invalid');
    expect(Object.keys(three.errors!)).toEqual(['insurancePrice']);
    const names = await expectError(save({ nameAr: '', nameEn: undefined }, 'ar'), 400, 'validation');
    expect(names.errors).toEqual({ nameAr: 'اسم الإجراء مطلوب', nameEn: 'اسم الإجراء مطلوب' });
    const noPrice = await expectError(save({ price: undefined, insurancePrice: ' ' }), 400, 'validation');
    expect(noPrice.errors).toEqual({ price: 'This field is required', insurancePrice: 'This field is required' });
    await expectError(save({ toothSelection: 'root', code: 'D 3310' }), 400, 'validation');
    await expectError(save({ treatmentBranchId: 999_999_999 }), 404, 'not_found');
    expect(await proceduresOf(k.clinicId)).toEqual([]);

    // a LYD clinic takes 3 decimals
    await setCurrency(t, k, 'LYD');
    expect((await save({ price: '10.125' })).statusCode).toBe(200);
    const [row] = await proceduresOf(k.clinicId);
    expect(expectContractAnswer(c.getProcedure, await api(t, k.token).get(P.getProcedure, { id: row!.id })).price).toBe('10.125');
  });

  it('refuses a name or code another procedure uses, in any case', async () => {
    const k = await newClinic(t);
    const endo = await addTreatmentBranch(t, k.token);
    const first = await addProcedure(t, k.token, endo, 'Pulpotomy', { code: 'D3220' });
    const dup = await expectError(
      api(t, k.token).post(P.saveProcedure, { treatmentBranchId: endo, nameAr: 'x', nameEn: 'PULPOTOMY', code: 'd3220', price: '1', insurancePrice: '1' }),
      409,
      'name_exists',
    );
    expect(dup.errors).toEqual({ nameEn: 'Already exists', code: 'Already exists' });
    // it keeps its own name and code
    const same = await api(t, k.token).post(P.saveProcedure, { id: first, treatmentBranchId: endo, nameAr: 'إجراء Pulpotomy', nameEn: 'pulpotomy', code: 'D3220', price: '1', insurancePrice: '1' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it("refuses to delete a procedure a patient procedure uses (409 procedure_in_use, 'Can't delete procedure'); it can be deactivated", async () => {
    const k = await newClinic(t);
    const endo = await addTreatmentBranch(t, k.token);
    const id = await addProcedure(t, k.token, endo, 'Root canal');
    const patientId = await newPatient(t, k);
    await withTenant(t.database.db, k.clinicId, (tx) =>
      tx.insert(patientProcedures).values({ clinicId: k.clinicId, patientId, branchId: k.branchId, procedureId: id, doctorId: k.ownerId, price: '100' }),
    );
    const res = await expectError(api(t, k.token).delete(P.deleteProcedure, { id }), 409, 'procedure_in_use');
    expect(res.message).toBe("Can't delete procedure: patients' procedures use it; deactivate it instead");
    expect(await proceduresOf(k.clinicId)).toHaveLength(1);
    const off = await api(t, k.token).post(P.saveProcedure, { id, treatmentBranchId: endo, nameAr: 'إجراء Root canal', nameEn: 'Root canal', price: '100', insurancePrice: '120', isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    const used = await withTenant(t.database.db, k.clinicId, (tx) =>
      tx.select().from(patientProcedures).where(and(eq(patientProcedures.clinicId, k.clinicId), eq(patientProcedures.procedureId, id))));
    expect(used).toHaveLength(1);
  });

  it('checks keys, rule and tier and keeps clinics apart (404)', async () => {
    const k = await newClinic(t);
    const endo = await addTreatmentBranch(t, k.token);
    const id = await addProcedure(t, k.token, endo);
    const body = { id, treatmentBranchId: endo, nameAr: 'ب', nameEn: 'B', price: '1', insurancePrice: '1' };
    const adder = await newUser(t, k, ['treatment_add', 'treatment_list']);
    await expectError(api(t, adder).post(P.saveProcedure, body), 403, 'BS11');
    await expectError(api(t, adder).delete(P.deleteProcedure, { id }), 403, 'BS11');
    const noKeys = await newUser(t, k, []);
    await expectError(api(t, noKeys).get(P.getProcedures), 403, 'BS11');
    await expectError(api(t, noKeys).get(P.getProcedure, { id }), 403, 'BS11');
    const assistant = await newUser(t, k, ['treatment_list', 'treatment_edit'], 'RL5');
    await expectError(api(t, assistant).post(P.saveProcedure, body), 403, 'BS14');
    // the price list key reads the catalogue (to add procedures to a list)
    const manager = await newUser(t, k, ['treatment_procedures_pricelist']);
    expect((await api(t, manager).get(P.getProcedures)).statusCode).toBe(200);

    const other = await newClinic(t);
    await expectError(api(t, other.token).get(P.getProcedure, { id }), 404, 'not_found');
    await expectError(api(t, other.token).post(P.saveProcedure, body), 404, 'not_found');
    await expectError(api(t, other.token).delete(P.deleteProcedure, { id }), 404, 'not_found');
    const otherBranch = await addTreatmentBranch(t, other.token);
    await expectError(api(t, k.token).post(P.saveProcedure, { ...body, id: undefined, nameEn: 'New', nameAr: 'جديد', treatmentBranchId: otherBranch }), 404, 'not_found');
    expect(expectContractAnswer(c.getProcedures, await api(t, other.token).get(P.getProcedures)).total).toBe(0);

    await setTier(t, k.clinicId, 'ST0');
    expect((await api(t, k.token).get(P.getProcedures)).statusCode).toBe(200);
  });
});

