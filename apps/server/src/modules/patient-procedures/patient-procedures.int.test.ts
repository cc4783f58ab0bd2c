import { patientProceduresCalls as calls } from '@dental/contract';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.js';
import { patientProcedures } from './patient-procedures.table.js';
import { api, expectContractAnswer, newClinic, newPatient, testApp } from '../../../test/harness.js';
import {
  PATH, addBranch, addLimit, addProcedure, addUser, createProcedure, expectError, expectOk, insuredPatient, rowOf, setClinic,
} from './patient-procedures-test-kit.js';

const t = await testApp();

describe('PatientProcedure/SavePatientProcedure, GetPatientProcedures, GetPatientProcedure', () => {
  it('adds a procedure from the price list and reads it back with names, teeth, money as text and totals', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c, { name: 'سارة أحمد' });
    const rc = await addProcedure(t, c, { price: '1500.5' });
    const saved = await createProcedure(t, c, {
      patientId,
      procedureId: rc.procedureId,
      teeth: [{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 37 }],
      notes: 'ملاحظة',
      plannedDate: '2030-01-06',
    });
    expect(saved).toEqual({ id: expect.any(Number), version: 1, offerAppointment: false, insuranceLimitWarning: null });
    const list = expectContractAnswer(calls.getPatientProcedures, await api(t, c.token).get(PATH.getPatientProcedures, { patientId }));
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: saved.id,
      patientId,
      patientName: 'سارة أحمد',
      procedureId: rc.procedureId,
      procedureNameEn: rc.nameEn,
      procedureNameFr: rc.nameEn,
      toothSelection: 'tooth',
      treatmentBranchId: rc.treatmentBranchId,
      teeth: [{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 37, surfaces: [] }],
      status: 'S1',
      doctorId: c.ownerId,
      doctorName: 'Owner',
      branchId: c.branchId,
      branchName: 'Main',
      price: '1500.50',
      discount: '0.00',
      discountPercent: null,
      net: '1500.50',
      insuranceCompanyId: null,
      notes: 'ملاحظة',
      plannedDate: '2030-01-06',
      completedAt: null,
      completedById: null,
      version: 1,
      visitCount: 0,
    });
    expect(list.totals.planned).toEqual({ count: 1, price: '1500.50', discount: '0.00', net: '1500.50' });
    expect(list.totals.completed).toEqual({ count: 0, price: '0.00', discount: '0.00', net: '0.00' });
    const one = expectContractAnswer(calls.getPatientProcedure, await api(t, c.token).get(PATH.getPatientProcedure, { id: saved.id }));
    const { statusHistory, ...listed } = one;
    expect(listed).toEqual(list.items[0]);
    expect(statusHistory.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'S1']]);
  });

  it('filters a patient\'s procedures by tooth (TN) and status; the tooth panel counts its notes', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c);
    const a = await createProcedure(t, c, { patientId, procedureId: rc.procedureId, teeth: [{ tooth: 11 }] });
    const b = await createProcedure(t, c, { patientId, procedureId: rc.procedureId, teeth: [{ tooth: 36 }], status: 'S3' });
    const on36 = expectContractAnswer(calls.getPatientProcedures, await api(t, c.token).get(PATH.getPatientProcedures, { patientId, tooth: 36 }));
    expect(on36.items.map((i) => i.id)).toEqual([b.id]);
    const planned = expectContractAnswer(calls.getPatientProcedures, await api(t, c.token).get(PATH.getPatientProcedures, { patientId, status: 'S1' }));
    expect(planned.items.map((i) => i.id)).toEqual([a.id]);
    const both = expectContractAnswer(calls.getPatientProcedures, await api(t, c.token).get(PATH.getPatientProcedures, { patientId, status: 'S1,S3' }));
    expect(both.items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(both.totals.all).toEqual({ count: 2, price: '3000.00', discount: '0.00', net: '3000.00' });
    expect(both.totals.completed.count).toBe(1);
    const tooth = expectContractAnswer(calls.getPatientToothDetails, await api(t, c.token).get(PATH.getPatientToothDetails, { patientId, tooth: 11 }));
    expect(tooth).toMatchObject({ tooth: 11, notesCount: 0 });
    expect(tooth.items.map((i) => i.id)).toEqual([a.id]);
    await expectError(api(t, c.token).get(PATH.getPatientToothDetails, { patientId, tooth: 19 }), 400, 'validation');
  });

  it('a new completed procedure (S3) is completed now by its doctor; offers an appointment when the clinic says so', async () => {
    const c = await newClinic(t);
    await setClinic(t, c, { addAppointmentOnProcedureCreate: true });
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c);
    const saved = await createProcedure(t, c, { patientId, procedureId: rc.procedureId, status: 'S3' });
    expect(saved.offerAppointment).toBe(true);
    const row = await rowOf(t, c, saved.id);
    expect(row).toMatchObject({ status: 'S3', completedBy: c.ownerId });
    expect(row!.completedAt).toBeInstanceOf(Date);
    await expectError(api(t, c.token).post(PATH.savePatientProcedure, { patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 11 }], status: 'S2' }), 400, 'validation');
  });

  it('updates teeth, doctor and notes with the version; the price stays unless the procedure changes', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c, { price: '100' });
    const other = await addProcedure(t, c, { price: '250' });
    const saved = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    // the price list changes: the procedure keeps the price it was created with
    await addProcedure(t, c);
    const doctor = await addUser(t, c, ['patient_procedures']);
    const upd = await expectOk<{ version: number }>(
      api(t, c.token).post(PATH.savePatientProcedure, {
        id: saved.id, version: 1, patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: doctor.id, teeth: [{ tooth: 21 }], notes: 'x',
      }),
    );
    expect(upd.version).toBe(2);
    expect(await rowOf(t, c, saved.id)).toMatchObject({ price: '100.000', doctorId: doctor.id, teeth: [{ tooth: 21, surfaces: [] }], notes: 'x', version: 2 });
    await expectOk(
      api(t, c.token).post(PATH.savePatientProcedure, { id: saved.id, version: 2, patientId, procedureId: other.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 21 }] }),
    );
    expect(await rowOf(t, c, saved.id)).toMatchObject({ price: '250.000', procedureId: other.procedureId, version: 3 });
    // the version is required on an update, and must be the stored one
    await expectError(api(t, c.token).post(PATH.savePatientProcedure, { id: saved.id, patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 21 }] }), 400, 'field_required');
    await expectError(api(t, c.token).post(PATH.savePatientProcedure, { id: saved.id, version: 2, patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 21 }] }), 409, 'stale_version');
    expect((await rowOf(t, c, saved.id))!.version).toBe(3);
  });
});

describe('prices, insurance and money', () => {
  it('an insured patient gets the insurance price and keeps the company; the default company is no insurer', async () => {
    const c = await newClinic(t);
    const rc = await addProcedure(t, c, { price: '1500', insurancePrice: '1200' });
    const { companyId, patientId } = await insuredPatient(t, c);
    const saved = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    expect(await rowOf(t, c, saved.id)).toMatchObject({ price: '1200.000', insuranceCompanyId: companyId });
    const item = expectContractAnswer(calls.getPatientProcedure, await api(t, c.token).get(PATH.getPatientProcedure, { id: saved.id }));
    expect(item).toMatchObject({ price: '1200.00', insuranceCompanyId: companyId, insuranceCompanyName: expect.stringMatching(/^Insurer/) });
    // an expired insurance prices as cash
    const expired = await newPatient(t, c, { insuranceCompanyId: companyId, insuranceEndDate: '2020-01-01' });
    const cash = await createProcedure(t, c, { patientId: expired, procedureId: rc.procedureId });
    expect(await rowOf(t, c, cash.id)).toMatchObject({ price: '1500.000', insuranceCompanyId: null });
  });

  it('refuses a procedure outside the branch price list or an inactive one (400), and does not find another clinic\'s (404)', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const patientId = await newPatient(t, c);
    const unlisted = await addProcedure(t, c, { branchId: null });
    const inactive = await addProcedure(t, c, { isActive: false });
    const foreign = await addProcedure(t, other);
    await expectError(
      api(t, c.token).post(PATH.savePatientProcedure, { patientId, procedureId: foreign.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 11 }] }),
      404,
      'not_found',
    );
    for (const p of [unlisted, inactive]) {
      const err = await expectError(
        api(t, c.token).post(PATH.savePatientProcedure, { patientId, procedureId: p.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 11 }] }),
        400,
        'procedure_not_in_price_list',
      );
      expect(err.message).toBe("This procedure is not in the branch's price list or is inactive");
    }
    // another branch's price list
    const b2 = await addBranch(t, c);
    const elsewhere = await addProcedure(t, c, { branchId: b2 });
    await expectError(
      api(t, c.token).post(PATH.savePatientProcedure, { patientId, procedureId: elsewhere.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 11 }] }),
      400,
      'procedure_not_in_price_list',
    );
  });

  it('discount: an amount in the currency\'s decimals, a percent rounded half away from zero, never above the price', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c, { price: '99.99' });
    const pct = await createProcedure(t, c, { patientId, procedureId: rc.procedureId, discount: { kind: 'percent', value: '12.5' } });
    // 99.99 × 12.5 % = 12.49875 → 12.50
    expect(await rowOf(t, c, pct.id)).toMatchObject({ discount: '12.500', discountPercent: '12.50', net: '87.490' });
    const item = expectContractAnswer(calls.getPatientProcedure, await api(t, c.token).get(PATH.getPatientProcedure, { id: pct.id }));
    expect(item).toMatchObject({ price: '99.99', discount: '12.50', discountPercent: '12.50', net: '87.49' });
    const amount = await createProcedure(t, c, { patientId, procedureId: rc.procedureId, discount: { kind: 'amount', value: '99.99' } });
    expect(await rowOf(t, c, amount.id)).toMatchObject({ discount: '99.990', net: '0.000' });
    const save = (discount: unknown) =>
      api(t, c.token).post(PATH.savePatientProcedure, { patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 11 }], discount });
    const above = await expectError(save({ kind: 'amount', value: '100' }), 400, 'discount_above_price');
    expect(above.errors).toEqual({ discount: 'The discount cannot be more than the price' });
    await expectError(save({ kind: 'amount', value: '1.005' }), 400, 'money_decimals_invalid');
    await expectError(save({ kind: 'amount', value: -1 }), 400, 'validation');
    await expectError(save({ kind: 'percent', value: '100.5' }), 400, 'validation');
    await expectError(save({ kind: 'percent', value: 'abc' }), 400, 'validation');
    await expectError(save({ kind: 'other', value: 1 }), 400, 'validation');
  });

  it('LYD has 3 decimals: 12.345 is a valid discount and answers carry 3 decimals; EGP refuses it', async () => {
    const c = await newClinic(t);
    await setClinic(t, c, { currency: 'LYD' });
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c, { price: '99.999' });
    const a = await createProcedure(t, c, { patientId, procedureId: rc.procedureId, discount: { kind: 'amount', value: '12.345' } });
    const item = expectContractAnswer(calls.getPatientProcedure, await api(t, c.token).get(PATH.getPatientProcedure, { id: a.id }));
    expect(item).toMatchObject({ price: '99.999', discount: '12.345', net: '87.654' });
    // 99.999 × 12.5 % = 12.499875 → 12.500
    const p = await createProcedure(t, c, { patientId, procedureId: rc.procedureId, discount: { kind: 'percent', value: 12.5 } });
    expect(await rowOf(t, c, p.id)).toMatchObject({ discount: '12.500' });
    const list = expectContractAnswer(calls.getPatientProcedures, await api(t, c.token).get(PATH.getPatientProcedures, { patientId }));
    expect(list.totals.planned).toEqual({ count: 2, price: '199.998', discount: '24.845', net: '175.153' });
    await setClinic(t, c, { currency: 'EGP' });
    await expectError(
      api(t, c.token).post(PATH.savePatientProcedure, { patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 11 }], discount: { kind: 'amount', value: '12.345' } }),
      400,
      'money_decimals_invalid',
    );
  });

  it('checkPatientInsuranceLimit: a procedure past the patient\'s limits answers a warning with what was left', async () => {
    const c = await newClinic(t);
    const rc = await addProcedure(t, c, { insurancePrice: '600' });
    const { companyId, patientId } = await insuredPatient(t, c, { coveragePercentage: '80' });
    await addLimit(t, c, patientId, '1000', companyId);
    // off: no warning
    expect((await createProcedure(t, c, { patientId, procedureId: rc.procedureId })).insuranceLimitWarning).toBeNull();
    await setClinic(t, c, { checkPatientInsuranceLimit: true });
    // covered so far 480; this one takes it to 960 (within 1000)
    expect((await createProcedure(t, c, { patientId, procedureId: rc.procedureId })).insuranceLimitWarning).toBeNull();
    // 960 + 480 > 1000: 40 was left
    const over = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    expect(over.insuranceLimitWarning).toEqual({ remaining: '40.00', total: '1000.00' });
    // an uninsured patient is never warned
    const cash = await newPatient(t, c);
    expect((await createProcedure(t, c, { patientId: cash, procedureId: rc.procedureId })).insuranceLimitWarning).toBeNull();
  });
});

describe('teeth and surfaces', () => {
  it('follows the procedure\'s tooth selection and FDI numbers', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const tooth = await addProcedure(t, c, { toothSelection: 'tooth' });
    const surface = await addProcedure(t, c, { toothSelection: 'surface' });
    const none = await addProcedure(t, c, { toothSelection: 'none' });
    const save = (procedureId: number, teeth: unknown) =>
      api(t, c.token).post(PATH.savePatientProcedure, { patientId, procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth });
    await expectError(save(tooth.procedureId, []), 400, 'select_tooth');
    await expectError(save(surface.procedureId, [{ tooth: 36 }]), 400, 'select_surface');
    await expectError(save(surface.procedureId, [{ tooth: 36, surfaces: ['O'] }, { tooth: 37 }]), 400, 'select_surface');
    await expectOk(save(surface.procedureId, [{ tooth: 11, surfaces: ['O', 'L'] }]));
    await expectOk(save(none.procedureId, []));
    await expectOk(save(tooth.procedureId, [{ tooth: 85 }]));
    for (const bad of [[{ tooth: 19 }], [{ tooth: 0 }], [{ tooth: 'x' }], [{ tooth: 36, surfaces: ['Q'] }], [{ tooth: 36, surfaces: ['M', 'M'] }], [{ tooth: 36 }, { tooth: 36 }], 'teeth']) {
      const res = await save(tooth.procedureId, bad);
      expect(res.statusCode, res.body).toBe(400);
    }
    const err = await expectError(save(tooth.procedureId, [{ tooth: 36, surfaces: ['Q'] }]), 400, 'validation');
    expect(Object.values(err.errors ?? {})).toContain('Not a valid tooth surface');
  });
});

describe('status transitions', () => {
  it('S1 → S2 → S3 records who completed and when; a forbidden move is 400; S3 → S2 reopens', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c);
    const { id } = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    const move = (status: string, version: number, extra: Record<string, unknown> = {}) =>
      api(t, c.token).post(PATH.updateProcedureStatus, { id, version, status, ...extra });
    expect(await expectOk(move('S2', 1))).toEqual({ id, version: 2 });
    expect(await expectOk(move('S3', 2))).toEqual({ id, version: 3 });
    const done = await rowOf(t, c, id);
    expect(done).toMatchObject({ status: 'S3', completedBy: c.ownerId });
    expect(done!.completedAt).toBeInstanceOf(Date);
    const err = await expectError(move('S5', 3), 400, 'status_transition_invalid');
    expect(err.message).toBe('The procedure cannot move to this status from its current status');
    await expectError(move('S1', 3), 400, 'status_transition_invalid');
    await expectOk(move('S2', 3));
    expect(await rowOf(t, c, id)).toMatchObject({ status: 'S2', completedAt: null, completedBy: null, version: 4 });
    await expectOk(move('S5', 4));
    await expectError(move('S3', 5), 400, 'status_transition_invalid');
    await expectOk(move('S1', 5));
    await expectError(move('S9', 6), 400, 'validation');
  });

  it('S4 needs another doctor of the branch as completedBy', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c);
    const { id } = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    const other = await addUser(t, c, ['patient_procedures']);
    const move = (extra: Record<string, unknown>) => api(t, c.token).post(PATH.updateProcedureStatus, { id, version: 1, status: 'S4', ...extra });
    await expectError(move({}), 400, 'completed_by_required');
    await expectError(move({ completedBy: c.ownerId }), 400, 'completed_by_required');
    const foreign = await newClinic(t);
    await expectError(move({ completedBy: foreign.ownerId }), 404, 'user_not_found');
    await expectOk(move({ completedBy: other.id }));
    expect(await rowOf(t, c, id)).toMatchObject({ status: 'S4', completedBy: other.id });
  });

  it('a company that requires approval: S2 needs confirmation, which is recorded', async () => {
    const c = await newClinic(t);
    const rc = await addProcedure(t, c);
    const { patientId } = await insuredPatient(t, c, { requiresApproval: true });
    const { id } = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    const err = await expectError(api(t, c.token).post(PATH.updateProcedureStatus, { id, version: 1, status: 'S2' }), 400, 'approval_required');
    expect(err.message).toBe('Approval is required to update procedure status');
    await expectOk(api(t, c.token).post(PATH.updateProcedureStatus, { id, version: 1, status: 'S2', confirmWithoutApproval: true }));
    expect(await rowOf(t, c, id)).toMatchObject({ status: 'S2', approvalOverriddenBy: c.ownerId });
    // confirmed once: completing it does not ask again
    await expectOk(api(t, c.token).post(PATH.updateProcedureStatus, { id, version: 2, status: 'S3' }));
    // a new completed procedure asks too
    const res = await api(t, c.token).post(PATH.savePatientProcedure, { patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 11 }], status: 'S3' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('approval_required');
  });

  it('an older version is 409 stale_version and changes nothing', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c);
    const { id } = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    await expectOk(api(t, c.token).post(PATH.updateProcedureStatus, { id, version: 1, status: 'S2' }));
    const err = await expectError(api(t, c.token).post(PATH.updateProcedureStatus, { id, version: 1, status: 'S5' }), 409, 'stale_version');
    expect(err.message).toBe('This procedure was changed by someone else; reload');
    await expectError(api(t, c.token).delete(PATH.deletePatientProcedure, { id, version: 1 }), 409, 'stale_version');
    expect(await rowOf(t, c, id)).toMatchObject({ status: 'S2', version: 2 });
  });
});

describe('status history (/TreatmentDetails)', () => {
  it('every change is kept with who, when, from, to and the note; refused changes leave none; GetPatientProcedure returns it oldest first', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const { procedureId } = await addProcedure(t, c);
    const doctor = await addUser(t, c, ['patient_procedures', 'patient_edit'], 'RL3');
    const { id } = await createProcedure(t, c, { patientId, procedureId });
    const move = (token: string, body: Record<string, unknown>) => api(t, token).post(PATH.updateProcedureStatus, { id, ...body });
    await expectOk(move(c.token, { version: 1, status: 'S2' }));
    await expectOk(move(doctor.token, { version: 2, status: 'S3', note: '  crown cemented  ' }));
    // refused: a forbidden move, a stale version, a note too long: no row
    await expectError(move(c.token, { version: 3, status: 'S5' }), 400, 'status_transition_invalid');
    await expectError(move(c.token, { version: 2, status: 'S2' }), 409, 'stale_version');
    expect((await move(c.token, { version: 3, status: 'S2', note: 'x'.repeat(501) })).statusCode).toBe(400);
    await expectOk(move(c.token, { version: 3, status: 'S2' }));
    const item = expectContractAnswer(calls.getPatientProcedure, await api(t, c.token).get(PATH.getPatientProcedure, { id }));
    expect(item.statusHistory.map((h) => [h.fromStatus, h.toStatus, h.note])).toEqual([
      [null, 'S1', null],
      ['S1', 'S2', null],
      ['S2', 'S3', 'crown cemented'],
      ['S3', 'S2', null],
    ]);
    // the owner made the first moves, the doctor the completion
    const [owner, completer] = [item.statusHistory[1]!.changedByName, item.statusHistory[2]!.changedByName];
    expect([owner, completer]).toEqual([expect.any(String), expect.any(String)]);
    expect(completer).not.toBe(owner);
    expect(item.statusHistory[0]!.changedByName).toBe(owner);
    expect(item.statusHistory.every((h) => /^\d{4}-\d{2}-\d{2}T.*Z$/.test(h.changedAt))).toBe(true);
    expect(item.status).toBe('S2');
    // completed on the spot: one row, created as S3
    const done = await createProcedure(t, c, { patientId, procedureId, status: 'S3' });
    const doneItem = expectContractAnswer(calls.getPatientProcedure, await api(t, c.token).get(PATH.getPatientProcedure, { id: done.id }));
    expect(doneItem.statusHistory.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'S3']]);
    // another clinic's procedure is not found; the history goes with a deleted procedure
    const other = await newClinic(t);
    await expectError(api(t, other.token).get(PATH.getPatientProcedure, { id }), 404, 'patient_procedure_not_found');
  });
});

describe('status history backfill (migration 0014)', () => {
  it('one row per procedure older than the history, at its current status', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const { procedureId } = await addProcedure(t, c);
    const [planned, completed, cancelled] = await withTenant(t.database.db, c.clinicId, async (tx) => {
      const row = (status: string) => ({
        clinicId: c.clinicId, patientId, branchId: c.branchId, procedureId, doctorId: c.ownerId, status, price: '10', createdBy: c.ownerId,
        completedAt: status === 'S3' ? new Date('2026-01-02T10:00:00Z') : null, createdAt: new Date('2026-01-01T10:00:00Z'),
        updatedAt: new Date('2026-01-03T10:00:00Z'),
      });
      const ids = await tx.insert(patientProcedures).values([row('S1'), row('S3'), row('S5')]).returning({ id: patientProcedures.id });
      return ids.map((r) => r.id);
    });
    // the migration's hand-written statements, run again over these procedures (the others already have a history)
    const file = readFileSync(new URL('../../db/migrations/0017_billing_gaps.sql', import.meta.url), 'utf8');
    const statements = file.split('-- hand-written below')[1]!.split('--> statement-breakpoint').map((q) => q.trim()).filter(Boolean)
      .map((q) => q.replace('FROM "patient_procedures"', `FROM "patient_procedures" WHERE "id" IN (${planned}, ${completed}, ${cancelled})`));
    for (const q of statements) await t.database.db.execute(sql.raw(q));
    const rows = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.execute(sql`select patient_procedure_id as id, from_status, to_status, changed_by, changed_at from patient_procedure_status_history
        where clinic_id = ${c.clinicId} order by patient_procedure_id`),
    );
    expect((rows as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => [Number(r.id), r.from_status, r.to_status, r.changed_by === null ? null : Number(r.changed_by), new Date(r.changed_at as string).toISOString()])).toEqual([
      [planned, null, 'S1', c.ownerId, '2026-01-01T10:00:00.000Z'],
      [completed, null, 'S3', null, '2026-01-02T10:00:00.000Z'],
      [cancelled, null, 'S5', null, '2026-01-03T10:00:00.000Z'],
    ]);
  });
});

describe('PatientProcedure/DeletePatientProcedure and procedure visits', () => {
  it('deletes a planned or cancelled procedure with its visits; refuses one in progress or completed', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c);
    const { id } = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    const visit = await expectOk<{ id: number }>(api(t, c.token).post(PATH.saveProcedureVisit, { patientProcedureId: id, visitDate: '2030-01-06', doctorId: c.ownerId, notes: 'أولى' }));
    await expectOk(api(t, c.token).post(PATH.saveProcedureVisit, { id: visit.id, patientProcedureId: id, visitDate: '2030-01-07', doctorId: c.ownerId }));
    await expectOk(api(t, c.token).post(PATH.saveProcedureVisit, { patientProcedureId: id, visitDate: '2030-01-01', doctorId: c.ownerId }));
    const visits = expectContractAnswer(calls.getProcedureVisitList, await api(t, c.token).get(PATH.getProcedureVisitList, { patientProcedureId: id }));
    expect(visits.items.map((v) => [v.visitDate, v.notes, v.doctorName])).toEqual([['2030-01-01', null, 'Owner'], ['2030-01-07', null, 'Owner']]);
    expect(expectContractAnswer(calls.getPatientProcedure, await api(t, c.token).get(PATH.getPatientProcedure, { id })).visitCount).toBe(2);
    await expectOk(api(t, c.token).post(PATH.updateProcedureStatus, { id, version: 1, status: 'S2' }));
    const err = await expectError(api(t, c.token).delete(PATH.deletePatientProcedure, { id, version: 2 }), 409, 'procedure_not_deletable');
    expect(err.message).toMatch(/^Can't delete procedure/);
    await expectOk(api(t, c.token).post(PATH.updateProcedureStatus, { id, version: 2, status: 'S5' }));
    // a cancelled procedure gets no visits
    await expectError(api(t, c.token).post(PATH.saveProcedureVisit, { patientProcedureId: id, visitDate: '2030-01-08', doctorId: c.ownerId }), 409, 'procedure_cancelled');
    await expectOk(api(t, c.token).delete(PATH.deletePatientProcedure, { id, version: 3 }));
    expect(await rowOf(t, c, id)).toBeUndefined();
    await expectError(api(t, c.token).get(PATH.getProcedureVisitList, { patientProcedureId: id }), 404, 'patient_procedure_not_found');
    await expectError(api(t, c.token).delete(PATH.deleteProcedureVisit, { id: visit.id }), 404, 'not_found');
  });

  it('deletes a visit; its doctor must work in the branch; bad dates are 400', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c);
    const { id } = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    const v = await expectOk<{ id: number }>(api(t, c.token).post(PATH.saveProcedureVisit, { patientProcedureId: id, visitDate: '2030-01-06', doctorId: c.ownerId }));
    await expectOk(api(t, c.token).delete(PATH.deleteProcedureVisit, { id: v.id }));
    expect(expectContractAnswer(calls.getProcedureVisitList, await api(t, c.token).get(PATH.getProcedureVisitList, { patientProcedureId: id })).items).toEqual([]);
    await expectError(api(t, c.token).post(PATH.saveProcedureVisit, { patientProcedureId: id, visitDate: '2030-02-30', doctorId: c.ownerId }), 400, 'validation');
    const b2 = await addBranch(t, c);
    const elsewhere = await addUser(t, c, []);
    // the user works in the first branch only; a user of branch 2 only is not a doctor of branch 1
    const { id: b2User } = await addUser(t, c, []);
    await t.database.db.execute(`update users set branch_id = ${b2} where id = ${b2User}`);
    await t.database.db.execute(`delete from user_branches where user_id = ${b2User}`);
    await expectError(api(t, c.token).post(PATH.saveProcedureVisit, { patientProcedureId: id, visitDate: '2030-01-06', doctorId: b2User }), 400, 'doctor_not_in_branch');
    await expectOk(api(t, c.token).post(PATH.saveProcedureVisit, { patientProcedureId: id, visitDate: '2030-01-06', doctorId: elsewhere.id }));
  });
});

describe('access', () => {
  it('reading needs patient_procedures; writing treatment_add or patient_edit (403 BS11)', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c);
    const { id } = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    const reader = await addUser(t, c, ['patient_procedures'], 'RL5');
    const nobody = await addUser(t, c, ['patient_list']);
    expectContractAnswer(calls.getPatientProcedures, await api(t, reader.token).get(PATH.getPatientProcedures, { patientId }));
    await expectError(api(t, nobody.token).get(PATH.getPatientProcedures, { patientId }), 403, 'BS11');
    await expectError(api(t, nobody.token).get(PATH.getPatientProceduresFilter, {}), 403, 'BS11');
    const save = await api(t, reader.token).post(PATH.savePatientProcedure, { patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 11 }] });
    expect(save.statusCode).toBe(403);
    expect(save.json().code).toBe('BS11');
    await expectError(api(t, reader.token).post(PATH.updateProcedureStatus, { id, version: 1, status: 'S2' }), 403, 'BS11');
    await expectError(api(t, reader.token).delete(PATH.deletePatientProcedure, { id, version: 1 }), 403, 'BS11');
    await expectError(api(t, reader.token).post(PATH.saveProcedureVisit, { patientProcedureId: id, visitDate: '2030-01-06', doctorId: c.ownerId }), 403, 'BS11');
    // a doctor with patient_edit adds and completes
    const doctor = await addUser(t, c, ['patient_procedures', 'patient_edit']);
    const mine = await createProcedure(t, c, { patientId, procedureId: rc.procedureId, doctorId: doctor.id }, doctor.token);
    await expectOk(api(t, doctor.token).post(PATH.updateProcedureStatus, { id: mine.id, version: 1, status: 'S3' }));
  });

  it('every call: a malformed input is 400, a user without the key 403 BS11', async () => {
    const c = await newClinic(t);
    const nobody = await addUser(t, c, ['patient_list']);
    // the input is checked before the keys: a malformed one is 400 for anyone, a well-formed one 403 without the key
    const cases: Array<[keyof typeof PATH, Record<string, unknown>, Record<string, unknown>]> = [
      ['getPatientProcedures', { patientId: 'x' }, { patientId: 1 }],
      ['getPatientProcedure', { id: -1 }, { id: 1 }],
      ['savePatientProcedure', { patientId: 1 }, { patientId: 1, branchId: c.branchId, procedureId: 1, doctorId: c.ownerId, teeth: [] }],
      ['updateProcedureStatus', { id: 1, status: 'S2' }, { id: 1, version: 1, status: 'S2' }],
      ['deletePatientProcedure', { id: 1 }, { id: 1, version: 1 }],
      ['getPatientProceduresFilter', { page: 0 }, {}],
      ['getPatientToothDetails', { patientId: 1, tooth: 99 }, { patientId: 1, tooth: 36 }],
      ['getProcedureVisitList', {}, { patientProcedureId: 1 }],
      ['saveProcedureVisit', { patientProcedureId: 1, visitDate: 'tomorrow', doctorId: 1 }, { patientProcedureId: 1, visitDate: '2030-01-06', doctorId: 1 }],
      ['deleteProcedureVisit', { id: 'x' }, { id: 1 }],
    ];
    for (const [name, bad, good] of cases) {
      const method = calls[name].method;
      const send = (token: string, body: Record<string, unknown>) =>
        method === 'GET' ? api(t, token).get(PATH[name], body) : method === 'POST' ? api(t, token).post(PATH[name], body) : api(t, token).delete(PATH[name], body);
      const res = await send(c.token, bad);
      expect(res.statusCode, `${name} ${res.body}`).toBe(400);
      const denied = await send(nobody.token, good);
      expect(denied.statusCode, `${name} ${denied.body}`).toBe(403);
      expect(denied.json().code).toBe('BS11');
    }
  });

  it('a discount needs patient_apply_discount (403), also to change an existing one; keeping it does not', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c, { price: '200' });
    const doctor = await addUser(t, c, ['patient_procedures', 'patient_edit']);
    const err = await expectError(
      api(t, doctor.token).post(PATH.savePatientProcedure, { patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: doctor.id, teeth: [{ tooth: 11 }], discount: { kind: 'amount', value: '10' } }),
      403,
      'no_discount_permission',
    );
    expect(err.message).toBe('No permission granted to apply discount');
    // a zero discount is no discount
    await expectOk(api(t, doctor.token).post(PATH.savePatientProcedure, { patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: doctor.id, teeth: [{ tooth: 11 }], discount: { kind: 'amount', value: '0' } }));
    const { id } = await createProcedure(t, c, { patientId, procedureId: rc.procedureId, discount: { kind: 'percent', value: '10' } });
    const update = (extra: Record<string, unknown>, version: number) =>
      api(t, doctor.token).post(PATH.savePatientProcedure, { id, version, patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: doctor.id, teeth: [{ tooth: 12 }], ...extra });
    await expectError(update({ discount: { kind: 'percent', value: '20' } }, 1), 403, 'no_discount_permission');
    await expectError(update({ discount: null }, 1), 403, 'no_discount_permission');
    await expectOk(update({}, 1));
    await expectOk(update({ discount: { kind: 'percent', value: '10.00' } }, 2));
    expect(await rowOf(t, c, id)).toMatchObject({ discount: '20.000', discountPercent: '10.00', teeth: [{ tooth: 12, surfaces: [] }], version: 3 });
  });

  it('another clinic\'s patient, procedure, branch, doctor or visit is 404; a branch the user may not work in is 403', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const patientId = await newPatient(t, c);
    const theirPatient = await newPatient(t, other);
    const rc = await addProcedure(t, c);
    const theirs = await addProcedure(t, other);
    const theirProcedure = await createProcedure(t, other, { patientId: theirPatient, procedureId: theirs.procedureId });
    const theirVisit = await expectOk<{ id: number }>(api(t, other.token).post(PATH.saveProcedureVisit, { patientProcedureId: theirProcedure.id, visitDate: '2030-01-06', doctorId: other.ownerId }));
    const base = { patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 11 }] };
    const save = (extra: Record<string, unknown>) => api(t, c.token).post(PATH.savePatientProcedure, { ...base, ...extra });
    await expectError(save({ patientId: theirPatient }), 404, 'patient_not_found');
    await expectError(save({ branchId: other.branchId }), 404, 'not_found');
    await expectError(save({ doctorId: other.ownerId }), 404, 'user_not_found');
    await expectError(save({ id: theirProcedure.id, version: 1 }), 404, 'patient_procedure_not_found');
    await expectError(api(t, c.token).get(PATH.getPatientProcedures, { patientId: theirPatient }), 404, 'patient_not_found');
    await expectError(api(t, c.token).get(PATH.getPatientProcedure, { id: theirProcedure.id }), 404, 'patient_procedure_not_found');
    await expectError(api(t, c.token).get(PATH.getPatientToothDetails, { patientId: theirPatient, tooth: 36 }), 404, 'patient_not_found');
    await expectError(api(t, c.token).post(PATH.updateProcedureStatus, { id: theirProcedure.id, version: 1, status: 'S2' }), 404, 'patient_procedure_not_found');
    await expectError(api(t, c.token).delete(PATH.deletePatientProcedure, { id: theirProcedure.id, version: 1 }), 404, 'patient_procedure_not_found');
    await expectError(api(t, c.token).get(PATH.getProcedureVisitList, { patientProcedureId: theirProcedure.id }), 404, 'patient_procedure_not_found');
    await expectError(api(t, c.token).post(PATH.saveProcedureVisit, { patientProcedureId: theirProcedure.id, visitDate: '2030-01-06', doctorId: c.ownerId }), 404, 'patient_procedure_not_found');
    await expectError(api(t, c.token).delete(PATH.deleteProcedureVisit, { id: theirVisit.id }), 404, 'not_found');
    const filtered = expectContractAnswer(calls.getPatientProceduresFilter, await api(t, c.token).get(PATH.getPatientProceduresFilter, { patientId: theirPatient }));
    expect(filtered.items).toEqual([]);
    await expectError(api(t, c.token).get(PATH.getPatientProceduresFilter, { branchId: other.branchId }), 404, 'not_found');
    // a branch of the clinic the user does not work in
    const b2 = await addBranch(t, c);
    const limited = await addUser(t, c, ['patient_procedures', 'patient_edit']);
    await expectError(api(t, limited.token).post(PATH.savePatientProcedure, { ...base, branchId: b2, doctorId: limited.id }), 403, 'BS15');
    await expectError(api(t, limited.token).get(PATH.getPatientProceduresFilter, { branchId: b2 }), 403, 'BS15');
  });
});

describe('PatientProcedure/GetPatientProceduresFilter', () => {
  it('filters by status, doctor, branch, dates, treatment, procedure and patient search; sorts, pages and totals the filter', async () => {
    const c = await newClinic(t);
    const b2 = await addBranch(t, c);
    const p1 = await newPatient(t, c, { name: 'Mona Hassan' });
    const p2 = await newPatient(t, c, { name: 'Ali Omar' });
    const rc = await addProcedure(t, c, { price: '100' });
    const crown = await addProcedure(t, c, { price: '300' });
    const crownB2 = await withBranchPrice(crown.procedureId, b2, '400');
    expect(crownB2).toBe(true);
    const doctor = await addUser(t, c, ['patient_procedures']);
    const a = await createProcedure(t, c, { patientId: p1, procedureId: rc.procedureId });
    const b = await createProcedure(t, c, { patientId: p1, procedureId: crown.procedureId, status: 'S3', doctorId: doctor.id, discount: { kind: 'amount', value: '50' } });
    const d = await createProcedure(t, c, { patientId: p2, procedureId: crown.procedureId, branchId: b2 });
    const get = (q: Record<string, unknown> = {}) =>
      api(t, c.token).get(PATH.getPatientProceduresFilter, q).then((res) => expectContractAnswer(calls.getPatientProceduresFilter, res));
    const all = await get();
    expect(all.items.map((i) => i.id)).toEqual([d.id, b.id, a.id]);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 30, totals: { count: 3, price: '800.00', discount: '50.00', net: '750.00' } });
    expect((await get({ status: 'S3' })).items.map((i) => i.id)).toEqual([b.id]);
    expect((await get({ status: 'S1,S3', doctorId: doctor.id })).items.map((i) => i.id)).toEqual([b.id]);
    expect((await get({ branchId: b2 })).items.map((i) => i.id)).toEqual([d.id]);
    expect((await get({ treatmentBranchId: crown.treatmentBranchId })).totals).toEqual({ count: 2, price: '700.00', discount: '50.00', net: '650.00' });
    expect((await get({ procedureId: rc.procedureId })).items.map((i) => i.id)).toEqual([a.id]);
    expect((await get({ search: 'mona' })).items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect((await get({ search: '%' })).items).toEqual([]);
    expect((await get({ sortField: 'patientName', sortOrder: 'ascend' })).items.map((i) => i.patientName)).toEqual(['Ali Omar', 'Mona Hassan', 'Mona Hassan']);
    expect((await get({ sortField: 'price', sortOrder: 'ascend' })).items.map((i) => i.price)).toEqual(['100.00', '300.00', '400.00']);
    const page2 = await get({ pageSize: 2, page: 2 });
    expect(page2.items.map((i) => i.id)).toEqual([a.id]);
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2, totals: { count: 3 } });
    // dates are the clinic's days
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Cairo' });
    expect((await get({ from: today, to: today })).total).toBe(3);
    expect((await get({ from: '2020-01-01', to: '2020-12-31' })).total).toBe(0);
    expect((await get({ dateField: 'completedAt', from: today, to: today })).items.map((i) => i.id)).toEqual([b.id]);
    await expectError(api(t, c.token).get(PATH.getPatientProceduresFilter, { from: '2030-01-02', to: '2030-01-01' }), 400, 'end_date_before_start');
    await expectError(api(t, c.token).get(PATH.getPatientProceduresFilter, { status: 'S7' }), 400, 'validation');
    await expectError(api(t, c.token).get(PATH.getPatientProceduresFilter, { sortField: 'nope' }), 400, 'validation');
    // a user of the first branch only sees its procedures
    const limited = await addUser(t, c, ['patient_procedures']);
    const res = expectContractAnswer(calls.getPatientProceduresFilter, await api(t, limited.token).get(PATH.getPatientProceduresFilter, {}));
    expect(res.items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(res.totals.count).toBe(2);

    async function withBranchPrice(procedureId: number, branchId: number, price: string) {
      const { priceListProcedures } = await import('../treatments/index.js');
      const { withTenant } = await import('../../platform/db/tenancy.js');
      await withTenant(t.database.db, c.clinicId, (tx) =>
        tx.insert(priceListProcedures).values({ clinicId: c.clinicId, branchId, procedureId, price, insurancePrice: price }),
      );
      return true;
    }
  });
});
