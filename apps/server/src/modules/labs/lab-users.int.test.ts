import { LAB_USER_KEYS, callPath, labsCalls, patientsCalls, usersCalls } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newPatient, newUser, setRoleKeys, testApp } from '../../../test/harness.js';
import { roles } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { PATH, addLab, addLabUser, addOrder, expectError, expectOk, move } from './labs-test-kit.js';

const t = await testApp();

describe('Lab/SaveLabUser, GetLabUsers', () => {
  it("creates a login with the clinic's lab role (only the lab's own keys), linked to one lab", async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    const first = await addLabUser(t, c, lab.labId);
    await addLabUser(t, c, lab.labId);
    const [role] = await withTenant(t.database.db, c.clinicId, (tx) => tx.select().from(roles).where(and(eq(roles.clinicId, c.clinicId), eq(roles.code, 'LAB'))));
    expect(role).toMatchObject({ baseRole: 'RL5', isDefault: true });
    const me = await expectOk<{ permissions?: string[]; userRole: string }>(api(t, first.token).get(callPath(usersCalls.getUser), { id: first.id }));
    expect(me).toBeTruthy();
    const list = expectContractAnswer(labsCalls.getLabUsers, await api(t, c.token).get(PATH.getLabUsers, { labId: lab.labId }));
    expect(list.items).toHaveLength(2);
    expect(list.items[0]).toMatchObject({ labId: lab.labId, isActive: true });
    // the users module's checks apply: a taken e-mail is refused
    const again = await api(t, c.token).post(PATH.saveLabUser, {
      labId: lab.labId, fullName: 'X', userName: 'another1', email: list.items[0]!.email, mobile: '+201112223334', password: 'Lab@12345', branchId: c.branchId, countryId: 'CN3',
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses bad input (400), another clinic\'s lab (404) and a caller without user_add (403)', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const foreign = await addLab(t, other);
    const input = { labId: foreign.labId, fullName: 'X', userName: 'labx1', email: 'labx1@x.test', mobile: '+201112223335', password: 'Lab@12345', branchId: c.branchId, countryId: 'CN3' };
    await expectError(api(t, c.token).post(PATH.saveLabUser, input), 404, 'lab_not_found');
    await expectError(api(t, c.token).post(PATH.saveLabUser, { ...input, password: 'short' }), 400, 'validation');
    const secretary = await newUser(t, c, ['lab_list', 'lab_orders_list'], 'RL4');
    await expectError(api(t, secretary).post(PATH.saveLabUser, input), 403, 'BS11');
    await expectOk(api(t, secretary).get(PATH.getLabUsers));
    await expectError(api(t, c.token).get(PATH.getLabUsers, { labId: foreign.labId }), 404, 'lab_not_found');
    await expectError(api(t, c.token).get(PATH.getLabUsers, { labId: 'x' }), 400, 'validation');
  });
});

describe('a lab user', () => {
  it("sees only their lab's orders, with the patient's name and code only", async () => {
    const c = await newClinic(t);
    const mine = await addLab(t, c);
    const theirs = await addLab(t, c);
    const patientId = await newPatient(t, c, { name: 'Salma Hassan' });
    const order = await addOrder(t, c, mine, patientId, { shade: 'A2' });
    const foreign = await addOrder(t, c, theirs, patientId);
    const labUser = await addLabUser(t, c, mine.labId);
    const list = expectContractAnswer(labsCalls.getMyLabOrders, await api(t, labUser.token).get(PATH.getMyLabOrders));
    expect(list.labId).toBe(mine.labId);
    expect(list.items.map((i) => i.id)).toEqual([order.id]);
    expect(Object.keys(list.items[0]!)).not.toContain('patientId');
    expect(list.items[0]).toMatchObject({ patientName: 'Salma Hassan', shade: 'A2', status: 'LOS1' });
    const one = expectContractAnswer(labsCalls.getMyLabOrder, await api(t, labUser.token).get(PATH.getMyLabOrder, { id: order.id }));
    expect(one.history).toHaveLength(1);
    await expectError(api(t, labUser.token).get(PATH.getMyLabOrder, { id: foreign.id }), 404, 'lab_order_not_found');
    await expectError(api(t, labUser.token).post(PATH.updateMyLabOrderStatus, { id: foreign.id, to: 'LOS2' }), 404, 'lab_order_not_found');
    // another clinic's order
    const other = await newClinic(t);
    const otherOrder = await addOrder(t, other, await addLab(t, other), await newPatient(t, other));
    await expectError(api(t, labUser.token).get(PATH.getMyLabOrder, { id: otherOrder.id }), 404, 'lab_order_not_found');
    await expectError(api(t, labUser.token).get(PATH.getMyLabOrders, { status: 'LOS9' }), 400, 'validation');
    await expectError(api(t, labUser.token).get(PATH.getMyLabOrder, { id: 'abc' }), 400, 'validation');
  });

  it('moves only LOS1→LOS2 and LOS4→LOS5, marks ready once in LOS2/LOS5; the clinic then receives it', async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    const { id } = await addOrder(t, c, lab, await newPatient(t, c));
    const labUser = await addLabUser(t, c, lab.labId);
    const my = (to: string) => api(t, labUser.token).post(PATH.updateMyLabOrderStatus, { id, to, note: `lab ${to}` });
    await expectError(my('ready'), 409, 'lab_order_transition_forbidden');
    await expectError(my('LOS5'), 409, 'lab_order_transition_forbidden');
    await expectError(my('LOS7'), 400, 'validation');
    expect(await expectOk(my('LOS2'))).toMatchObject({ status: 'LOS2' });
    await expectOk(my('ready'));
    await expectError(my('ready'), 409, 'lab_order_transition_forbidden');
    // the lab cannot receive, use, return or cancel, even through the clinic's call (no key)
    await expectError(move(t, labUser.token, id, 'LOS7'), 403, 'BS11');
    await expectOk(move(t, c.token, id, 'LOS7'));
    await expectOk(move(t, c.token, id, 'LOS4'));
    await expectOk(my('LOS5'));
    await expectOk(my('ready'));
    const order = await expectOk<{ readyAt: string | null; history: { toStatus: string; ready: boolean; byLab: boolean; userId: number }[] }>(
      api(t, c.token).get(PATH.getLabOrder, { id }),
    );
    expect(order.readyAt).not.toBeNull();
    expect(order.history.map((h) => [h.toStatus, h.ready, h.byLab])).toEqual([
      ['LOS1', false, false],
      ['LOS2', false, true],
      ['LOS2', true, true],
      ['LOS7', false, false],
      ['LOS4', false, false],
      ['LOS5', false, true],
      ['LOS5', true, true],
    ]);
    expect(order.history[1]!.userId).toBe(labUser.id);
  });

  it("cannot call anything else of the clinic (403), even with keys added to the lab role", async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    const labUser = await addLabUser(t, c, lab.labId);
    await expectError(api(t, labUser.token).get(PATH.getLabOrders), 403, 'BS11');
    await expectError(api(t, labUser.token).get(PATH.getLabs), 403, 'BS11');
    await expectError(api(t, labUser.token).get(callPath(patientsCalls.getPatient), { id: 1 }), 403, 'BS11');
    // calls open to any logged-in user are closed to a lab user, but for their own session and profile
    await expectError(api(t, labUser.token).get('/api/Lookups/CheckClinicName', { clinicName: 'abc' }), 403, 'BS11');
    await expectOk(api(t, labUser.token).get('/api/Auth/RefreshCurrentUser'));
    // an administrator adds the patient keys to the lab role: still only the lab's calls
    const [role] = await withTenant(t.database.db, c.clinicId, (tx) => tx.select().from(roles).where(and(eq(roles.clinicId, c.clinicId), eq(roles.code, 'LAB'))));
    await setRoleKeys(t, c.clinicId, role!.id, [...LAB_USER_KEYS, 'patient_list', 'lab_orders_list']);
    await expectError(api(t, labUser.token).get(callPath(patientsCalls.getPatient), { id: 1 }), 403, 'BS11');
    // (the clinic's order list also carries the Secretariat rule, which the lab role's base RL5 does not satisfy)
    await expectError(api(t, labUser.token).get(PATH.getLabOrders), 403, 'BS14');
    await expectOk(api(t, labUser.token).get(PATH.getMyLabOrders));
  });

  it("saves every preference of their profile page (language, theme, tooth numbering: lab orders name teeth)", async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    const labUser = await addLabUser(t, c, lab.labId);
    await expectOk(api(t, labUser.token).get(callPath(usersCalls.getUser), { id: labUser.id }));
    await expectOk(api(t, labUser.token).get(callPath(usersCalls.updateUserLanguage), { language: 'fr' }));
    await expectOk(api(t, labUser.token).get(callPath(usersCalls.updateUserTheme), { theme: 'dark' }));
    await expectOk(api(t, labUser.token).post(callPath(usersCalls.updateUserToothNumbering), { toothNumberingSystem: 'Palmer' }));
    const me = await expectOk<{ toothNumberingSystem: string }>(api(t, labUser.token).get('/api/Auth/RefreshCurrentUser'));
    expect(JSON.stringify(me)).toContain('Palmer');
  });

  it('is refused the own-lab calls when not linked to a lab (the owner holds the keys): 403 lab_user_not_linked', async () => {
    const c = await newClinic(t);
    await expectError(api(t, c.token).get(PATH.getMyLabOrders), 403, 'lab_user_not_linked');
    const noKey = await newUser(t, c, ['lab_orders_list'], 'RL4');
    await expectError(api(t, noKey).get(PATH.getMyLabOrders), 403, 'BS11');
  });
});
