import { labsCalls } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newPatient, newUser, setTier, testApp } from '../../../test/harness.js';
import { setClinic } from '../patient-procedures/patient-procedures-test-kit.js';
import { PATH, addLab, addOrder, expectError, expectOk } from './labs-test-kit.js';

const t = await testApp();

describe('Lab/GetLabs, GetLab, SaveLab, DeleteLab', () => {
  it('creates, lists (search, active filter, order count), reads, updates and deletes a lab', async () => {
    const c = await newClinic(t);
    const { id } = await expectOk<{ id: number }>(
      api(t, c.token).post(PATH.saveLab, { name: 'معمل النور', contactPerson: 'Ahmed', mobile: '+20 100 123 4567', email: 'LAB@x.test', address: 'Cairo', notes: '' }),
    );
    await expectOk(api(t, c.token).post(PATH.saveLab, { name: 'Old lab', isActive: false }));
    const all = expectContractAnswer(labsCalls.getLabs, await api(t, c.token).get(PATH.getLabs));
    expect(all.total).toBe(2);
    const active = expectContractAnswer(labsCalls.getLabs, await api(t, c.token).get(PATH.getLabs, { isActive: true }));
    expect(active.items.map((l) => l.name)).toEqual(['معمل النور']);
    const found = expectContractAnswer(labsCalls.getLabs, await api(t, c.token).get(PATH.getLabs, { search: 'ahm' }));
    expect(found.items).toHaveLength(1);
    const lab = expectContractAnswer(labsCalls.getLab, await api(t, c.token).get(PATH.getLab, { id }));
    expect(lab).toMatchObject({ name: 'معمل النور', mobile: '+201001234567', email: 'lab@x.test', notes: null, isActive: true, ordersCount: 0 });
    await expectOk(api(t, c.token).post(PATH.saveLab, { id, name: 'معمل النور', isActive: false }));
    expect((await expectOk<{ isActive: boolean }>(api(t, c.token).get(PATH.getLab, { id }))).isActive).toBe(false);
    await expectOk(api(t, c.token).delete(PATH.deleteLab, { id }));
    await expectError(api(t, c.token).get(PATH.getLab, { id }), 404, 'lab_not_found');
  });

  it('refuses a name the clinic already uses (ignoring case), bad input with 400, and another clinic\'s lab with 404', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    await expectOk(api(t, c.token).post(PATH.saveLab, { name: 'Smile Lab' }));
    const clash = await expectError(api(t, c.token).post(PATH.saveLab, { name: 'smile lab' }), 409, 'name_exists');
    expect(clash.errors).toHaveProperty('name');
    await expectError(api(t, c.token).post(PATH.saveLab, { name: '' }), 400, 'validation');
    await expectError(api(t, c.token).post(PATH.saveLab, { name: 'X', mobile: 'abc' }), 400, 'validation');
    await expectError(api(t, c.token).get(PATH.getLabs, { isActive: 'maybe' }), 400, 'validation');
    const { labId } = await addLab(t, other);
    await expectError(api(t, c.token).get(PATH.getLab, { id: labId }), 404, 'lab_not_found');
    await expectError(api(t, c.token).post(PATH.saveLab, { id: labId, name: 'Mine now' }), 404, 'lab_not_found');
    await expectError(api(t, c.token).delete(PATH.deleteLab, { id: labId }), 404, 'lab_not_found');
    await expectError(api(t, c.token).get(PATH.getLabPriceList, { labId }), 404, 'lab_not_found');
  });

  it('refuses to delete a lab with orders, in the caller\'s language (deactivate instead)', async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    await addOrder(t, c, lab, await newPatient(t, c));
    const res = await api(t, c.token, { language: 'ar' }).delete(PATH.deleteLab, { id: lab.labId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'lab_has_orders', message: 'لا يمكن حذف معمل له طلبات؛ أوقف تفعيله بدلًا من ذلك' });
    await expectError(api(t, c.token).delete(PATH.deleteLabService, { id: lab.serviceId }), 409, 'cannot_delete_in_use');
  });

  it('is ST2 and needs lab_list: no key 403 BS11, ST1 403 BS13, a role outside the Secretariat rule 403 BS14', async () => {
    const c = await newClinic(t);
    const none = await newUser(t, c, ['patient_list'], 'RL4');
    await expectError(api(t, none).get(PATH.getLabs), 403, 'BS11');
    await expectError(api(t, none).post(PATH.saveLab, { name: 'X' }), 403, 'BS11');
    const orderOnly = await newUser(t, c, ['lab_orders_list'], 'RL4');
    await expectOk(api(t, orderOnly).get(PATH.getLabs));
    await expectError(api(t, orderOnly).post(PATH.saveLab, { name: 'X' }), 403, 'BS11');
    const doctor = await newUser(t, c, ['lab_list'], 'RL3');
    await expectError(api(t, doctor).get(PATH.getLabs), 403, 'BS14');
    await setTier(t, c.clinicId, 'ST1');
    await expectError(api(t, c.token).get(PATH.getLabs), 403, 'BS13');
    await expectError(api(t, c.token).get(PATH.getLabOrders), 403, 'BS13');
    await setTier(t, c.clinicId, 'ST0');
    await expectError(api(t, c.token).post(PATH.saveLab, { name: 'X' }), 403, 'BS13');
    await expectError(api(t).get(PATH.getLabs), 401, 'session_expired');
  });
});

describe('Lab/GetLabServices, SaveLabService, DeleteLabService, GetLabPriceList, SaveLabPrice, DeleteLabPrice', () => {
  it("keeps a lab's services and one price per service, in the currency's decimals", async () => {
    const c = await newClinic(t);
    const { id: labId } = await expectOk<{ id: number }>(api(t, c.token).post(PATH.saveLab, { name: 'Lab A' }));
    const { id: crown } = await expectOk<{ id: number }>(api(t, c.token).post(PATH.saveLabService, { labId, nameAr: 'تاج زركونيا', nameEn: 'Zirconia crown' }));
    const { id: guard } = await expectOk<{ id: number }>(api(t, c.token).post(PATH.saveLabService, { labId, nameAr: 'واقي ليلي', nameEn: 'Night guard' }));
    await expectError(api(t, c.token).post(PATH.saveLabService, { labId, nameAr: 'تاج زركونيا', nameEn: 'Other' }), 409, 'name_exists');
    await expectOk(api(t, c.token).post(PATH.saveLabPrice, { labId, labServiceId: crown, price: '1200' }));
    await expectOk(api(t, c.token).post(PATH.saveLabPrice, { labId, labServiceId: crown, price: '1250.5' }));
    const list = expectContractAnswer(labsCalls.getLabPriceList, await api(t, c.token).get(PATH.getLabPriceList, { labId }));
    expect(list).toMatchObject({ labId, labName: 'Lab A', currency: 'EGP' });
    expect(list.items.map((i) => [i.labServiceId, i.price])).toEqual([
      [crown, '1250.50'],
      [guard, null],
    ]);
    const services = expectContractAnswer(labsCalls.getLabServices, await api(t, c.token).get(PATH.getLabServices, { labId }));
    expect(services.items.find((s) => s.id === crown)?.price).toBe('1250.50');
    // more decimals than the currency has, a negative or a text amount: 400
    await expectError(api(t, c.token).post(PATH.saveLabPrice, { labId, labServiceId: guard, price: '10.005' }), 400, 'money_decimals_invalid');
    await expectError(api(t, c.token).post(PATH.saveLabPrice, { labId, labServiceId: guard, price: '-1' }), 400, 'validation');
    await expectError(api(t, c.token).post(PATH.saveLabPrice, { labId, labServiceId: guard, price: 'ten' }), 400, 'validation');
    // LYD has three decimals
    await setClinic(t, c, { currency: 'LYD' });
    await expectOk(api(t, c.token).post(PATH.saveLabPrice, { labId, labServiceId: guard, price: '10.005' }));
    const lyd = await expectOk<{ items: { price: string | null }[] }>(api(t, c.token).get(PATH.getLabPriceList, { labId }));
    expect(lyd.items.map((i) => i.price)).toEqual(['1250.500', '10.005']);
    await expectOk(api(t, c.token).delete(PATH.deleteLabPrice, { labId, labServiceId: guard }));
    await expectError(api(t, c.token).delete(PATH.deleteLabPrice, { labId, labServiceId: guard }), 404, 'not_found');
    await expectOk(api(t, c.token).delete(PATH.deleteLabService, { id: guard }));
    expect((await expectOk<{ items: unknown[] }>(api(t, c.token).get(PATH.getLabServices, { labId }))).items).toHaveLength(1);
  });

  it("refuses another lab's service for a price and another clinic's service or lab", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const a = await addLab(t, c);
    const b = await addLab(t, c);
    const foreign = await addLab(t, other);
    await expectError(api(t, c.token).post(PATH.saveLabPrice, { labId: a.labId, labServiceId: b.serviceId, price: '1' }), 404, 'lab_service_not_found');
    await expectError(api(t, c.token).post(PATH.saveLabPrice, { labId: a.labId, labServiceId: foreign.serviceId, price: '1' }), 404, 'lab_service_not_found');
    await expectError(api(t, c.token).post(PATH.saveLabService, { labId: foreign.labId, nameAr: 'x', nameEn: 'x' }), 404, 'lab_not_found');
    await expectError(api(t, c.token).delete(PATH.deleteLabService, { id: foreign.serviceId }), 404, 'lab_service_not_found');
    await expectError(api(t, c.token).get(PATH.getLabServices, { labId: foreign.labId }), 404, 'lab_not_found');
    await expectError(api(t, c.token).post(PATH.saveLabService, { labId: a.labId }), 400, 'validation');
  });
});
