import { prescriptionCalls } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newUser, testApp } from '../../../test/harness.js';
import { RX, drugId, expectError, expectOk, typedLine } from './prescriptions-test-kit.js';

const t = await testApp();
const C = prescriptionCalls;

const saveTemplate = async (token: string, body: Record<string, unknown>) => {
  const res = await api(t, token).post(RX.savePrescriptionTemplate, body);
  return expectContractAnswer(C.savePrescriptionTemplate, res).id;
};

describe('prescription templates', () => {
  it('adds, reads, lists (by name, search, paging), updates with the whole drug list and deletes', async () => {
    const c = await newClinic(t);
    const ibuprofen = await drugId(t, c, 'Ibuprofen');
    const id = await saveTemplate(c.token, {
      name: 'After extraction', notes: 'Cold packs',
      drugs: [{ productId: ibuprofen, dosage: '400 mg', timesPerDay: 3, mealTiming: 'after', duration: '3 days' }, typedLine()],
    });
    await saveTemplate(c.token, { name: 'Infection 50%_x', drugs: [typedLine('Metronidazole')] });
    const one = expectContractAnswer(C.getPrescriptionTemplate, await api(t, c.token).get(RX.getPrescriptionTemplate, { id }));
    expect(one).toMatchObject({ id, name: 'After extraction', notes: 'Cold packs' });
    expect(one.drugs.map((d) => [d.productId, d.drugName, d.dosage])).toEqual([[ibuprofen, 'Ibuprofen', '400 mg'], [null, 'Chlorhexidine mouthwash', '10 ml']]);
    const list = expectContractAnswer(C.getPrescriptionTemplates, await api(t, c.token).get(RX.getPrescriptionTemplates, {}));
    expect(list.items.map((i) => i.name)).toEqual(['After extraction', 'Infection 50%_x']);
    expect(list.items[0]!.drugNames).toEqual(['Ibuprofen', 'Chlorhexidine mouthwash']);
    expect(list.total).toBe(2);
    const found = await expectOk<{ items: Array<{ id: number }> }>(api(t, c.token).get(RX.getPrescriptionTemplates, { search: '50%_' }));
    expect(found.items).toHaveLength(1);
    expect((await expectOk<{ items: unknown[] }>(api(t, c.token).get(RX.getPrescriptionTemplates, { search: '%' }))).items).toHaveLength(1);
    const desc = await expectOk<{ items: Array<{ name: string }> }>(api(t, c.token).get(RX.getPrescriptionTemplates, { sortField: 'name', sortOrder: 'descend', pageSize: 1 }));
    expect(desc.items.map((i) => i.name)).toEqual(['Infection 50%_x']);
    // update: the first line kept and changed, the second removed, a new one added
    await saveTemplate(c.token, { id, name: 'After Extraction', drugs: [typedLine('New'), { id: one.drugs[0]!.id, productId: ibuprofen, dosage: '600 mg' }] });
    const updated = await expectOk<{ name: string; notes: string | null; drugs: Array<{ id: number; drugName: string; dosage: string }> }>(api(t, c.token).get(RX.getPrescriptionTemplate, { id }));
    expect(updated).toMatchObject({ name: 'After Extraction', notes: null });
    expect(updated.drugs.map((d) => [d.drugName, d.dosage])).toEqual([['New', '10 ml'], ['Ibuprofen', '600 mg']]);
    expect(updated.drugs[1]!.id).toBe(one.drugs[0]!.id);
    await expectOk(api(t, c.token).delete(RX.deletePrescriptionTemplateDrugs, { ids: [updated.drugs[0]!.id] }));
    expect((await expectOk<{ drugs: unknown[] }>(api(t, c.token).get(RX.getPrescriptionTemplate, { id }))).drugs).toHaveLength(1);
    await expectOk(api(t, c.token).delete(RX.deletePrescriptionTemplate, { id }));
    await expectError(api(t, c.token).get(RX.getPrescriptionTemplate, { id }), 404, 'prescription_template_not_found');
    await expectError(api(t, c.token).delete(RX.deletePrescriptionTemplate, { id }), 404, 'prescription_template_not_found');
  });

  it('names are unique in the clinic ignoring case (409 name_exists on name); another clinic may use the same', async () => {
    const c = await newClinic(t);
    const id = await saveTemplate(c.token, { name: 'Pain' });
    const res = await expectError(api(t, c.token).post(RX.savePrescriptionTemplate, { name: ' PAIN ' }), 409, 'name_exists');
    expect(res.errors).toEqual({ name: 'Already exists' });
    await saveTemplate(c.token, { id, name: 'pain' });
    const other = await saveTemplate(c.token, { name: 'Other' });
    await expectError(api(t, c.token).post(RX.savePrescriptionTemplate, { id: other, name: 'Pain' }), 409, 'name_exists');
    const c2 = await newClinic(t);
    await saveTemplate(c2.token, { name: 'Pain' });
  });

  it('refuses bad input of any shape with 400', async () => {
    const c = await newClinic(t);
    const post = (body: Record<string, unknown>) => api(t, c.token).post(RX.savePrescriptionTemplate, body);
    expect((await expectError(post({}), 400, 'validation')).errors).toEqual({ name: 'This field is required' });
    await expectError(post({ name: '   ' }), 400, 'validation');
    await expectError(post({ name: 'x'.repeat(201) }), 400, 'validation');
    await expectError(post({ name: 'x', drugs: [{}] }), 400, 'validation');
    await expectError(post({ name: 'x', drugs: [typedLine('a', { mealTiming: 1 })] }), 400, 'validation');
    await expectError(post({ name: 'x', drugs: {} }), 400, 'validation');
    await expectError(post({ name: 7 }), 400, 'validation');
    await expectError(api(t, c.token).get(RX.getPrescriptionTemplates, { sortField: 'drop' }), 400, 'validation');
    await expectError(api(t, c.token).get(RX.getPrescriptionTemplates, { page: 0 }), 400, 'validation');
    await expectError(api(t, c.token).get(RX.getPrescriptionTemplate, { id: 'x' }), 400, 'validation');
    await expectError(api(t, c.token).delete(RX.deletePrescriptionTemplate, {}), 400, 'validation');
    await expectError(api(t, c.token).delete(RX.deletePrescriptionTemplateDrugs, { ids: 'x' }), 400, 'validation');
  });

  it("another clinic's template, template line or drug → 404, nothing changed", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = await saveTemplate(other.token, { name: 'Theirs', drugs: [typedLine()] });
    const theirLine = (await expectOk<{ drugs: Array<{ id: number }> }>(api(t, other.token).get(RX.getPrescriptionTemplate, { id: theirs }))).drugs[0]!.id;
    await expectError(api(t, c.token).get(RX.getPrescriptionTemplate, { id: theirs }), 404, 'prescription_template_not_found');
    await expectError(api(t, c.token).post(RX.savePrescriptionTemplate, { id: theirs, name: 'Mine' }), 404, 'prescription_template_not_found');
    await expectError(api(t, c.token).delete(RX.deletePrescriptionTemplate, { id: theirs }), 404, 'prescription_template_not_found');
    await expectError(api(t, c.token).delete(RX.deletePrescriptionTemplateDrugs, { ids: [theirLine] }), 404, 'prescription_drug_not_found');
    await expectError(api(t, c.token).post(RX.savePrescriptionTemplate, { name: 'Mine', drugs: [{ productId: await drugId(t, other) }] }), 404, 'prescription_drug_not_found');
    const mine = await saveTemplate(c.token, { name: 'Mine' });
    await expectError(api(t, c.token).post(RX.savePrescriptionTemplate, { id: mine, name: 'Mine', drugs: [{ id: theirLine, drugName: 'x' }] }), 404, 'prescription_drug_not_found');
    expect((await expectOk<{ items: unknown[] }>(api(t, c.token).get(RX.getPrescriptionTemplates, {}))).items).toHaveLength(1);
    const still = await expectOk<{ name: string; drugs: unknown[] }>(api(t, other.token).get(RX.getPrescriptionTemplate, { id: theirs }));
    expect(still).toMatchObject({ name: 'Theirs', drugs: [expect.anything()] });
  });

  it('who: a prescribing doctor reads templates but cannot change them; add and edit keys; the Secretariat rule', async () => {
    const c = await newClinic(t);
    const id = await saveTemplate(c.token, { name: 'T' });
    const doctor = await newUser(t, c, ['prescription_add'], 'RL3');
    await expectOk(api(t, doctor).get(RX.getPrescriptionTemplates, {}));
    await expectOk(api(t, doctor).get(RX.getPrescriptionTemplate, { id }));
    await expectError(api(t, doctor).post(RX.savePrescriptionTemplate, { name: 'D' }), 403, 'BS11');
    const adder = await newUser(t, c, ['prescription_template_list', 'prescription_template_add'], 'RL4');
    await saveTemplate(adder, { name: 'Added' });
    await expectError(api(t, adder).post(RX.savePrescriptionTemplate, { id, name: 'Renamed' }), 403, 'BS11');
    await expectError(api(t, adder).delete(RX.deletePrescriptionTemplate, { id }), 403, 'BS11');
    const editor = await newUser(t, c, ['prescription_template_edit'], 'RL4');
    await saveTemplate(editor, { id, name: 'Renamed' });
    await expectError(api(t, editor).post(RX.savePrescriptionTemplate, { name: 'New' }), 403, 'BS11');
    // the keys in a role outside the Secretariat rule are not enough to change templates
    const operator = await newUser(t, c, ['prescription_template_add', 'prescription_template_delete'], 'RL3');
    await expectError(api(t, operator).post(RX.savePrescriptionTemplate, { name: 'Op' }), 403, 'BS14');
    await expectError(api(t, operator).delete(RX.deletePrescriptionTemplate, { id }), 403, 'BS14');
  });
});
