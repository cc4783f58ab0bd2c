import { LAB_ORDER_STATUSES, type LabOrderStatus, canMoveLabOrder, labsCalls } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { addBranch, addProcedure, createProcedure, setClinic } from '../patient-procedures/patient-procedures-test-kit.js';
import { PATH, addLab, addOrder, expectError, expectOk, move } from './labs-test-kit.js';
import { labOrders } from './labs.table.js';
import { patientBranches } from '../patients/index.js';

const t = await testApp();

/** Today's calendar day in a zone. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Puts an order straight into a status (to test moves out of every status). */
const setStatus = (clinicId: number, id: number, status: LabOrderStatus) =>
  withTenant(t.database.db, clinicId, (tx) => tx.update(labOrders).set({ status }).where(and(eq(labOrders.clinicId, clinicId), eq(labOrders.id, id))));

describe('Lab/SaveLabOrder, GetLabOrder, GetLabOrders, DeleteLabOrder', () => {
  it('creates a new order priced from the price list, with a procedure tooth, and reads it with its history', async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c, '450.5');
    const patientId = await newPatient(t, c, { name: 'Mona Ali' });
    const { procedureId } = await addProcedure(t, c);
    const procedure = await createProcedure(t, c, { patientId, procedureId, teeth: [{ tooth: 11, surfaces: [] }, { tooth: 21, surfaces: [] }] });
    const saved = await addOrder(t, c, lab, patientId, {
      patientProcedureId: procedure.id, tooth: 21, shade: 'A3.5', shapeType: 'Anatomic', neck: 'A3', body: 'A2', incisal: 'Translucent',
      sendDate: '2030-01-01', expectedDeliveryDate: '2030-01-08', notes: 'Rush',
    });
    expect(saved).toMatchObject({ orderNo: 1, version: 1 });
    const order = expectContractAnswer(labsCalls.getLabOrder, await api(t, c.token).get(PATH.getLabOrder, { id: saved.id }));
    expect(order).toMatchObject({
      status: 'LOS1', patientName: 'Mona Ali', tooth: 21, shade: 'A3.5', price: '450.50', currency: 'EGP', overdue: false,
      doctorId: c.ownerId, neck: 'A3', body: 'A2', incisal: 'Translucent', sendDate: '2030-01-01', expectedDeliveryDate: '2030-01-08',
    });
    expect(order.history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'LOS1', userId: c.ownerId, byLab: false })]);
    // the price list changes later: the order keeps its cost
    await expectOk(api(t, c.token).post(PATH.saveLabPrice, { labId: lab.labId, labServiceId: lab.serviceId, price: '999' }));
    const list = expectContractAnswer(labsCalls.getLabOrders, await api(t, c.token).get(PATH.getLabOrders));
    expect(list.items.map((i) => i.price)).toEqual(['450.50']);
    expect(list.totals).toEqual({ count: 1, overdue: 0, price: '450.50' });
    // edited while new
    const edited = await expectOk<{ version: number }>(
      api(t, c.token).post(PATH.saveLabOrder, { id: saved.id, version: 1, patientId, labId: lab.labId, labServiceId: lab.serviceId, shade: 'B1' }),
    );
    expect(edited.version).toBe(2);
    await expectError(
      api(t, c.token).post(PATH.saveLabOrder, { id: saved.id, version: 1, patientId, labId: lab.labId, labServiceId: lab.serviceId }),
      409,
      'lab_order_changed',
    );
    await expectOk(move(t, c.token, saved.id, 'LOS2'));
    await expectError(
      api(t, c.token).post(PATH.saveLabOrder, { id: saved.id, patientId, labId: lab.labId, labServiceId: lab.serviceId }),
      409,
      'lab_order_not_editable',
    );
    await expectError(api(t, c.token).delete(PATH.deleteLabOrder, { id: saved.id }), 409, 'lab_order_not_deletable');
    const second = await addOrder(t, c, lab, patientId);
    expect(second.orderNo).toBe(2);
    await expectOk(api(t, c.token).delete(PATH.deleteLabOrder, { id: second.id }));
    await expectError(api(t, c.token).get(PATH.getLabOrder, { id: second.id }), 404, 'lab_order_not_found');
  });

  it('refuses bad input with 400: a tooth not of the procedure, no price, an inactive lab, dates out of order, an unknown shade', async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    const patientId = await newPatient(t, c);
    const { procedureId } = await addProcedure(t, c);
    const procedure = await createProcedure(t, c, { patientId, procedureId, teeth: [{ tooth: 36, surfaces: ['O'] }] });
    const base = { patientId, labId: lab.labId, labServiceId: lab.serviceId };
    const tooth = await expectError(api(t, c.token).post(PATH.saveLabOrder, { ...base, patientProcedureId: procedure.id, tooth: 11 }), 400, 'lab_order_tooth_invalid');
    expect(tooth.errors).toHaveProperty('tooth');
    await expectError(api(t, c.token).post(PATH.saveLabOrder, { ...base, tooth: 10 }), 400, 'validation');
    await expectError(api(t, c.token).post(PATH.saveLabOrder, { ...base, shade: 'Z9' }), 400, 'validation');
    const dates = await expectError(api(t, c.token).post(PATH.saveLabOrder, { ...base, sendDate: '2030-02-02', expectedDeliveryDate: '2030-02-01' }), 400, 'validation');
    expect(dates.errors?.expectedDeliveryDate).toBe('The expected delivery date cannot be before the send date');
    await expectError(api(t, c.token).post(PATH.saveLabOrder, { ...base, sendDate: '2030-02-30' }), 400, 'validation');
    await expectOk(api(t, c.token).delete(PATH.deleteLabPrice, { labId: lab.labId, labServiceId: lab.serviceId }));
    await expectError(api(t, c.token).post(PATH.saveLabOrder, base), 400, 'lab_price_missing');
    const other = await addLab(t, c);
    await expectError(api(t, c.token).post(PATH.saveLabOrder, { ...base, labId: other.labId }), 404, 'lab_service_not_found');
    await expectOk(api(t, c.token).post(PATH.saveLab, { id: other.labId, name: `Inactive ${other.labId}`, isActive: false }));
    await expectError(api(t, c.token).post(PATH.saveLabOrder, { ...base, labId: other.labId, labServiceId: other.serviceId }), 400, 'lab_not_active');
    // another patient's procedure
    const otherPatient = await newPatient(t, c);
    await expectError(api(t, c.token).post(PATH.saveLabOrder, { ...base, patientId: otherPatient, patientProcedureId: procedure.id, tooth: 36 }), 404, 'patient_procedure_not_found');
  });

  it("answers 404 for another clinic's order, patient, lab or service, and 403 for a patient of none of the user's branches", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const lab = await addLab(t, c);
    const foreignLab = await addLab(t, other);
    const foreignPatient = await newPatient(t, other);
    const foreignOrder = await addOrder(t, other, foreignLab, foreignPatient);
    const patientId = await newPatient(t, c);
    await expectError(api(t, c.token).get(PATH.getLabOrder, { id: foreignOrder.id }), 404, 'lab_order_not_found');
    await expectError(move(t, c.token, foreignOrder.id, 'LOS2'), 404, 'lab_order_not_found');
    await expectError(api(t, c.token).delete(PATH.deleteLabOrder, { id: foreignOrder.id }), 404, 'lab_order_not_found');
    await expectError(api(t, c.token).post(PATH.saveLabOrder, { patientId: foreignPatient, labId: lab.labId, labServiceId: lab.serviceId }), 404, 'patient_not_found');
    await expectError(api(t, c.token).post(PATH.saveLabOrder, { patientId, labId: foreignLab.labId, labServiceId: lab.serviceId }), 404, 'lab_not_found');
    await expectError(api(t, c.token).post(PATH.saveLabOrder, { patientId, labId: lab.labId, labServiceId: foreignLab.serviceId }), 404, 'lab_service_not_found');
    expect((await expectOk<{ total: number }>(api(t, c.token).get(PATH.getLabOrders))).total).toBe(0);
    // a secretary of the main branch does not see the order of a patient of another branch only
    const order = await addOrder(t, c, lab, patientId);
    const branch = await addBranch(t, c);
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.update(patientBranches).set({ branchId: branch }).where(and(eq(patientBranches.clinicId, c.clinicId), eq(patientBranches.patientId, patientId))),
    );
    const mainOnly = await newUser(t, c, ['lab_orders_list'], 'RL4');
    expect((await expectOk<{ total: number }>(api(t, mainOnly).get(PATH.getLabOrders))).total).toBe(0);
    expect((await expectOk<{ total: number }>(api(t, c.token).get(PATH.getLabOrders))).total).toBe(1);
    await expectError(api(t, mainOnly).get(PATH.getLabOrder, { id: order.id }), 403, 'BS15');
    await expectError(move(t, mainOnly, order.id, 'LOS2'), 403, 'BS15');
  });

  it('needs lab_orders_list (403 BS11) and ST2; the overdue count also opens with dashboard_show', async () => {
    const c = await newClinic(t);
    const none = await newUser(t, c, ['lab_list'], 'RL4');
    await expectError(api(t, none).get(PATH.getLabOrders), 403, 'BS11');
    await expectError(api(t, none).post(PATH.saveLabOrder, { patientId: 1, labId: 1, labServiceId: 1 }), 403, 'BS11');
    await expectError(move(t, none, 1, 'LOS2'), 403, 'BS11');
    const dashboard = await newUser(t, c, ['dashboard_show'], 'RL3');
    expectContractAnswer(labsCalls.getOverdueLabOrders, await api(t, dashboard).get(PATH.getOverdueLabOrders));
    await expectError(api(t, dashboard).get(PATH.getLabOrders), 403, 'BS11');
  });
});

describe('Lab/UpdateLabOrderStatus: the transition table', () => {
  it('allows exactly the moves of LAB_ORDER_TRANSITIONS and records each; a forbidden one is 409 naming both statuses', async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    const patientId = await newPatient(t, c);
    const { id } = await addOrder(t, c, lab, patientId);
    for (const from of LAB_ORDER_STATUSES) {
      for (const to of LAB_ORDER_STATUSES) {
        await setStatus(c.clinicId, id, from);
        const res = await move(t, c.token, id, to);
        if (canMoveLabOrder(from, to)) expect(res.statusCode, `${from}→${to} ${res.body}`).toBe(200);
        else {
          expect(res.statusCode, `${from}→${to}`).toBe(409);
          expect(res.json()).toMatchObject({ code: 'lab_order_transition_forbidden', data: { from, to } });
        }
      }
    }
    await setStatus(c.clinicId, id, 'LOS3');
    const ar = await api(t, c.token, { language: 'ar' }).post(PATH.updateLabOrderStatus, { id, to: 'LOS2' });
    expect(ar.json().message).toBe('لا يمكن نقل طلب المعمل من «استُخدم للمريض» إلى «أُرسل إلى المعمل وقيد التحضير»');
    const fr = await api(t, c.token, { language: 'fr' }).post(PATH.updateLabOrderStatus, { id, to: 'LOS2' });
    expect(fr.json().message).toBe('Une commande de laboratoire ne peut pas passer de « Utilisée pour le patient » à « Envoyée au laboratoire, en préparation »');
  });

  it('walks the whole journey with who, when, from, to and note in the history', async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    const { id } = await addOrder(t, c, lab, await newPatient(t, c));
    for (const to of ['LOS2', 'LOS7', 'LOS4', 'LOS5', 'LOS7', 'LOS3'] as const) await expectOk(move(t, c.token, id, to, { note: `to ${to}` }));
    const order = await expectOk<{ status: string; version: number; history: { fromStatus: string | null; toStatus: string; note: string | null }[] }>(
      api(t, c.token).get(PATH.getLabOrder, { id }),
    );
    expect(order.status).toBe('LOS3');
    expect(order.version).toBe(7);
    expect(order.history.map((h) => [h.fromStatus, h.toStatus, h.note])).toEqual([
      [null, 'LOS1', null],
      ['LOS1', 'LOS2', 'to LOS2'],
      ['LOS2', 'LOS7', 'to LOS7'],
      ['LOS7', 'LOS4', 'to LOS4'],
      ['LOS4', 'LOS5', 'to LOS5'],
      ['LOS5', 'LOS7', 'to LOS7'],
      ['LOS7', 'LOS3', 'to LOS3'],
    ]);
    await expectError(move(t, c.token, id, 'LOS6', { version: 1 }), 409, 'lab_order_changed');
    await expectError(move(t, c.token, id, 'LOS9'), 400, 'validation');
  });
});

describe('overdue orders', () => {
  it("flags an order past its expected day in the clinic's zone, not in UTC, and never a received, used or cancelled one", async () => {
    // Kiritimati (UTC+14) is always one or two days ahead of Pago Pago (UTC-11): a day before Kiritimati's today is
    // past there and not yet past in Pago Pago, whatever the hour in UTC
    const expected = dayBefore(todayIn('Pacific/Kiritimati'));
    for (const [timeZone, overdue] of [['Pacific/Kiritimati', true], ['Pacific/Pago_Pago', false]] as const) {
      const c = await newClinic(t);
      await setClinic(t, c, { timeZone });
      const lab = await addLab(t, c);
      const patientId = await newPatient(t, c);
      const { id } = await addOrder(t, c, lab, patientId, { expectedDeliveryDate: expected });
      const closed = await addOrder(t, c, lab, patientId, { expectedDeliveryDate: expected });
      await expectOk(move(t, c.token, closed.id, 'LOS2'));
      await expectOk(move(t, c.token, closed.id, 'LOS7'));
      const list = expectContractAnswer(labsCalls.getLabOrders, await api(t, c.token).get(PATH.getLabOrders, { sortField: 'createdAt' }));
      expect(list.items.map((i) => [i.id, i.overdue])).toEqual([[id, overdue], [closed.id, false]]);
      expect(list.totals.overdue).toBe(overdue ? 1 : 0);
      const only = await expectOk<{ items: { id: number }[] }>(api(t, c.token).get(PATH.getLabOrders, { overdueOnly: true }));
      expect(only.items.map((i) => i.id)).toEqual(overdue ? [id] : []);
      expect(await expectOk(api(t, c.token).get(PATH.getOverdueLabOrders))).toEqual({ count: overdue ? 1 : 0 });
    }
  });

  it('filters by status, lab, patient, doctor and a date range, and sorts', async () => {
    const c = await newClinic(t);
    const a = await addLab(t, c);
    const b = await addLab(t, c);
    const p1 = await newPatient(t, c, { name: 'Alpha Patient' });
    const p2 = await newPatient(t, c, { name: 'Beta Patient' });
    const o1 = await addOrder(t, c, a, p1, { sendDate: '2030-01-01' });
    const o2 = await addOrder(t, c, b, p2, { sendDate: '2030-01-05' });
    await expectOk(move(t, c.token, o2.id, 'LOS2'));
    const ids = async (q: Record<string, unknown>) =>
      (expectContractAnswer(labsCalls.getLabOrders, await api(t, c.token).get(PATH.getLabOrders, q))).items.map((i) => i.id);
    expect(await ids({ status: 'LOS2' })).toEqual([o2.id]);
    expect(await ids({ status: 'LOS1,LOS2', sortField: 'sendDate' })).toEqual([o1.id, o2.id]);
    expect(await ids({ labId: a.labId })).toEqual([o1.id]);
    expect(await ids({ patientId: p2 })).toEqual([o2.id]);
    expect(await ids({ doctorId: c.ownerId, sortField: 'patientName', sortOrder: 'descend' })).toEqual([o2.id, o1.id]);
    expect(await ids({ from: '2030-01-02', to: '2030-01-31' })).toEqual([o2.id]);
    expect(await ids({ search: 'alpha' })).toEqual([o1.id]);
    await expectError(api(t, c.token).get(PATH.getLabOrders, { status: 'LOS8' }), 400, 'validation');
    await expectError(api(t, c.token).get(PATH.getLabOrders, { from: 'yesterday' }), 400, 'validation');
  });
});
