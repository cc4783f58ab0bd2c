import { callPath, clinicCalls, treatmentsCalls } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { P, addClinicBranch, addProcedure, addTreatmentBranch, expectError, setCurrency } from './treatments-test-kit.js';
import { priceListProcedures } from './treatments.table.js';

const t = await testApp();
const c = treatmentsCalls;

const listRows = (clinicId: number, branchId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(priceListProcedures).where(and(eq(priceListProcedures.clinicId, clinicId), eq(priceListProcedures.branchId, branchId))));

/** A clinic with a treatment branch and procedures A (100/120), B (250.5/300), C inactive. */
async function catalogueClinic() {
  const k = await newClinic(t);
  const tb = await addTreatmentBranch(t, k.token, 'Endodontics', { nameFr: 'Endodontie' });
  const a = await addProcedure(t, k.token, tb, 'Alpha', { code: 'D0001', toothSelection: 'none' });
  const b = await addProcedure(t, k.token, tb, 'Beta', { code: 'D0002', price: '250.5', insurancePrice: '300', toothSelection: 'surface' });
  const inactive = await addProcedure(t, k.token, tb, 'Gamma', { code: 'D0003' });
  return { k, tb, a, b, inactive };
}

describe('Procedure/SavePriceListProcedure, GetProceduresByBranch, DeleteListPriceProcedure', () => {
  it("adds procedures at the catalogue's or its own prices, lists them with the branch prices, reprices and removes", async () => {
    const { k, tb, a, b } = await catalogueClinic();
    const added = await api(t, k.token).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId: a });
    expect(added.statusCode, added.body).toBe(200);
    const rowA = added.json().id as number;
    const own = await api(t, k.token).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId: b, price: '199.99', insurancePrice: '0' });
    const rowB = own.json().id as number;
    const list = expectContractAnswer(c.getProceduresByBranch, await api(t, k.token).get(P.getProceduresByBranch, { branchId: k.branchId }));
    expect(list).toEqual({
      items: [
        {
          id: rowA, procedureId: a, nameAr: 'إجراء Alpha', nameEn: 'Alpha', nameFr: null, code: 'D0001', treatmentBranchId: tb,
          treatmentBranchNameAr: 'فرع Endodontics', treatmentBranchNameEn: 'Endodontics', treatmentBranchNameFr: 'Endodontie',
          toothSelection: 'none', price: '100.00', insurancePrice: '120.00', isActive: true,
        },
        expect.objectContaining({ id: rowB, procedureId: b, toothSelection: 'surface', price: '199.99', insurancePrice: '0.00' }),
      ],
      total: 2, page: 1, pageSize: 30,
    });
    // the request's branch when none is named; saving again updates the one row
    const again = await api(t, k.token).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId: a, price: '90' });
    expect(again.json()).toEqual({ id: rowA });
    const byPrice = expectContractAnswer(c.getProceduresByBranch, await api(t, k.token).get(P.getProceduresByBranch, { sortField: 'price', sortOrder: 'descend' }));
    expect(byPrice.items.map((i) => [i.nameEn, i.price, i.insurancePrice])).toEqual([['Beta', '199.99', '0.00'], ['Alpha', '90.00', '120.00']]);
    const searched = expectContractAnswer(c.getProceduresByBranch, await api(t, k.token).get(P.getProceduresByBranch, { search: 'd0002' }));
    expect(searched.items.map((i) => i.nameEn)).toEqual(['Beta']);
    const pastEnd = expectContractAnswer(c.getProceduresByBranch, await api(t, k.token).get(P.getProceduresByBranch, { page: 3, pageSize: 1 }));
    expect(pastEnd).toEqual({ items: [], total: 2, page: 3, pageSize: 1 });

    expect((await api(t, k.token).delete(P.deleteListPriceProcedure, { id: rowA })).json()).toEqual({ ok: true });
    expect((await listRows(k.clinicId, k.branchId)).map((r) => r.procedureId)).toEqual([b]);
    await expectError(api(t, k.token).delete(P.deleteListPriceProcedure, { id: rowA }), 404, 'not_found');
  });

  it('keeps a deactivated procedure in the list but out of activeOnly pickers, and refuses adding an inactive one', async () => {
    const { k, tb, a, b, inactive } = await catalogueClinic();
    for (const procedureId of [a, b, inactive]) await api(t, k.token).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId });
    const off = await api(t, k.token).post(P.saveProcedure, { id: inactive, treatmentBranchId: tb, nameAr: 'إجراء Gamma', nameEn: 'Gamma', price: '100', insurancePrice: '120', isActive: false });
    expect(off.statusCode).toBe(200);
    const all = expectContractAnswer(c.getProceduresByBranch, await api(t, k.token).get(P.getProceduresByBranch, {}));
    expect(all.items.map((i) => [i.nameEn, i.isActive])).toEqual([['Alpha', true], ['Beta', true], ['Gamma', false]]);
    const picker = expectContractAnswer(c.getProceduresByBranch, await api(t, k.token).get(P.getProceduresByBranch, { activeOnly: true }));
    expect(picker.items.map((i) => i.nameEn)).toEqual(['Alpha', 'Beta']);

    // a new list cannot take it, the list that has it may still reprice it
    const second = await addClinicBranch(t, k);
    const refused = await expectError(api(t, k.token).post(P.savePriceListProcedure, { branchId: second, procedureId: inactive }), 409, 'procedure_inactive');
    expect(refused.errors).toEqual({ procedureId: 'This procedure is inactive; activate it first' });
    expect(await listRows(k.clinicId, second)).toEqual([]);
    expect((await api(t, k.token).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId: inactive, price: '5' })).statusCode).toBe(200);

    // an inactive treatment branch hides its procedures from the picker too
    await api(t, k.token).post(P.saveTreatment, { id: tb, nameAr: 'فرع Endodontics', nameEn: 'Endodontics', isActive: false });
    expect(expectContractAnswer(c.getProceduresByBranch, await api(t, k.token).get(P.getProceduresByBranch, { activeOnly: true })).items).toEqual([]);
  });

  it('refuses bad prices (400, translated) and changes nothing', async () => {
    const { k, a } = await catalogueClinic();
    const save = (body: Record<string, unknown>) => api(t, k.token, { language: 'fr' }).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId: a, ...body });
    const negative = await expectError(save({ price: '-0.01' }), 400, 'validation');
    expect(negative.errors).toEqual({ price: 'Saisissez un montant valide, égal ou supérieur à zéro' });
    await expectError(save({ insurancePrice: '1.0001' }), 400, 'validation');
    await expectError(save({ price: '1.001' }), 400, 'money_decimals_invalid');
    await expectError(save({ procedureId: 'x', branchId: undefined }), 400, 'validation');
    await expectError(save({ procedureId: 999_999_999 }), 404, 'not_found');
    expect(await listRows(k.clinicId, k.branchId)).toEqual([]);
    await setCurrency(t, k, 'LYD');
    expect((await save({ price: '1.001' })).statusCode).toBe(200);
    const list = expectContractAnswer(c.getProceduresByBranch, await api(t, k.token).get(P.getProceduresByBranch, {}));
    expect(list.items.map((i) => [i.price, i.insurancePrice])).toEqual([['1.001', '120.000']]);
  });

  it('scopes lists to the user branches (403 BS15), keys and rules (BS11, BS14), and clinics (404)', async () => {
    const { k, a } = await catalogueClinic();
    const second = await addClinicBranch(t, k);
    const row = (await api(t, k.token).post(P.savePriceListProcedure, { branchId: second, procedureId: a })).json().id as number;
    // a branch manager of the first branch only
    const manager = await newUser(t, k, ['treatment_procedures_pricelist']);
    expect((await api(t, manager).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId: a })).statusCode).toBe(200);
    await expectError(api(t, manager).get(P.getProceduresByBranch, { branchId: second }), 403, 'BS15');
    await expectError(api(t, manager).post(P.savePriceListProcedure, { branchId: second, procedureId: a }), 403, 'BS15');
    await expectError(api(t, manager).delete(P.deleteListPriceProcedure, { id: row }), 403, 'BS15');
    await expectError(api(t, manager).post(P.copyProceduresFromAnotherBranch, { branchFrom: second, branchTo: k.branchId }), 403, 'BS15');
    await expectError(api(t, manager).post(P.copyProceduresFromAnotherBranch, { branchFrom: k.branchId, branchTo: second }), 403, 'BS15');
    expect((await listRows(k.clinicId, second)).map((r) => r.id)).toEqual([row]);

    // the picker (activeOnly) is any user's of that branch; the whole list needs the key and the BranchManager rule
    const doctor = await newUser(t, k, ['patient_procedures'], 'RL3');
    const picker = expectContractAnswer(c.getProceduresByBranch, await api(t, doctor).get(P.getProceduresByBranch, { activeOnly: true }));
    expect(picker.items.map((i) => i.nameEn)).toEqual(['Alpha']);
    await expectError(api(t, doctor).get(P.getProceduresByBranch, { activeOnly: true, branchId: second }), 403, 'BS15');
    await expectError(api(t, doctor).get(P.getProceduresByBranch, {}), 403, 'BS11');
    await expectError(api(t, doctor).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId: a }), 403, 'BS11');
    const secretary = await newUser(t, k, ['treatment_procedures_pricelist'], 'RL4');
    await expectError(api(t, secretary).get(P.getProceduresByBranch, {}), 403, 'BS14');
    await expectError(api(t, secretary).post(P.copyProceduresFromAnotherBranch, { branchFrom: second, branchTo: k.branchId }), 403, 'BS14');

    const other = await newClinic(t);
    await expectError(api(t, other.token).get(P.getProceduresByBranch, { branchId: second, activeOnly: true }), 404, 'not_found');
    await expectError(api(t, other.token).post(P.savePriceListProcedure, { branchId: other.branchId, procedureId: a }), 404, 'not_found');
    await expectError(api(t, other.token).post(P.savePriceListProcedure, { branchId: second, procedureId: a }), 404, 'not_found');
    await expectError(api(t, other.token).delete(P.deleteListPriceProcedure, { id: row }), 404, 'not_found');
    await expectError(api(t, other.token).post(P.copyProceduresFromAnotherBranch, { branchFrom: second, branchTo: other.branchId }), 404, 'not_found');
  });
});

describe('Procedure/CopyProceduresFromAnotherBranch', () => {
  it("copies what the target lacks with the source's prices, keeps the target's own and reports both by name", async () => {
    const { k, a, b, inactive } = await catalogueClinic();
    const second = await addClinicBranch(t, k);
    await api(t, k.token).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId: a, price: '80' });
    await api(t, k.token).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId: b, price: '260' });
    await api(t, k.token).post(P.savePriceListProcedure, { branchId: second, procedureId: b, price: '999' });
    await api(t, k.token).post(P.savePriceListProcedure, { branchId: second, procedureId: inactive });

    const res = await api(t, k.token).post(P.copyProceduresFromAnotherBranch, { branchFrom: k.branchId, branchTo: second });
    const report = expectContractAnswer(c.copyProceduresFromAnotherBranch, res);
    expect(report).toEqual({
      copied: 1,
      skipped: 1,
      copiedProcedures: [{ procedureId: a, nameAr: 'إجراء Alpha', nameEn: 'Alpha', nameFr: null }],
      skippedProcedures: [{ procedureId: b, nameAr: 'إجراء Beta', nameEn: 'Beta', nameFr: null }],
    });
    const target = expectContractAnswer(c.getProceduresByBranch, await api(t, k.token).get(P.getProceduresByBranch, { branchId: second }));
    expect(target.items.map((i) => [i.nameEn, i.price])).toEqual([['Alpha', '80.00'], ['Beta', '999.00'], ['Gamma', '100.00']]);

    // again: nothing left to copy
    const twice = expectContractAnswer(c.copyProceduresFromAnotherBranch, await api(t, k.token).post(P.copyProceduresFromAnotherBranch, { branchFrom: k.branchId, branchTo: second }));
    expect([twice.copied, twice.skipped]).toEqual([0, 2]);
  });

  it('refuses the same branch (400 copy_same_branch) and bad ids', async () => {
    const { k } = await catalogueClinic();
    const same = await expectError(api(t, k.token, { language: 'ar' }).post(P.copyProceduresFromAnotherBranch, { branchFrom: k.branchId, branchTo: k.branchId }), 400, 'validation');
    expect(same.errors).toEqual({ branchTo: 'اختر فرعًا مختلفًا للنسخ منه' });
    const missing = await expectError(api(t, k.token).post(P.copyProceduresFromAnotherBranch, { branchFrom: 'one' }), 400, 'validation');
    expect(Object.keys(missing.errors!).sort()).toEqual(['branchFrom', 'branchTo']);
    await expectError(api(t, k.token).post(P.copyProceduresFromAnotherBranch, { branchFrom: k.branchId, branchTo: 999_999_999 }), 404, 'not_found');
  });
});

describe('deleting a clinic branch', () => {
  it('takes its price list with it (a price list alone does not keep a branch)', async () => {
    const { k, a } = await catalogueClinic();
    const second = await addClinicBranch(t, k);
    await api(t, k.token).post(P.savePriceListProcedure, { branchId: second, procedureId: a });
    const res = await api(t, k.token).delete(callPath(clinicCalls.deleteBranch), { id: second });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listRows(k.clinicId, second)).toEqual([]);
  });
});
