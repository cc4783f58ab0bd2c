import { callPath, paymentsCalls, patientsCalls } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import {
  PATH, addBranch, addLimit, addProcedure, addUser, createProcedure, expectOk, insuredPatient, rowOf, setClinic,
} from '../patient-procedures/patient-procedures-test-kit.js';
import { PAY, balanceOf, expectError, pay, patientWith, payBody, paymentTypeOf } from './payments-test-kit.js';
import { rowsOf } from './payments.sql.js';

const t = await testApp();
const P = paymentsCalls;

describe('SaveProcedurePayment (LT1) and the balance', () => {
  it('pays one procedure: allocation, receipt number, balance, the payment list and the receipt', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [pp] } = await patientWith(t, c, ['1500']);
    const saved = await pay(t, c, typeId, { patientId, procedureIds: [pp], amount: '500', notes: 'first' });
    expect(saved).toMatchObject({ receiptNo: 1, allocations: [{ patientProcedureId: pp, amount: '500.00' }] });
    expect(await balanceOf(t, c, patientId)).toEqual({
      currency: 'EGP', charged: '1500.00', discounts: '0.00', insuranceShare: '0.00', patientShare: '1500.00', paid: '500.00',
      remaining: '1000.00', planned: '0.00', plannedPaid: '0.00', plannedRemaining: '0.00', credit: '0.00', balance: '-1000.00',
    });
    const list = expectContractAnswer(P.getProcedurePaymentList, await api(t, c.token).get(PAY.getProcedurePaymentList, { patientId }));
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id: saved.id, receiptNo: 1, ledgerType: 'LT1', amount: '500.00', applied: '500.00', unapplied: '0.00', notes: 'first', reversal: null });
    expect(list.items[0]!.allocations[0]).toMatchObject({ patientProcedureId: pp, amount: '500.00', teeth: [36] });
    const receipt = expectContractAnswer(P.getProcedurePayment, await api(t, c.token).get(PAY.getProcedurePayment, { id: saved.id }));
    expect(receipt).toMatchObject({ receiptNo: 1, currency: 'EGP', receivedById: c.ownerId, receivedByName: 'Owner', patientId });
    expect(receipt.allocations[0]!.procedureNameEn).toMatch(/^Root canal/);
    // the second payment takes the next receipt number
    expect((await pay(t, c, typeId, { patientId, procedureIds: [pp], amount: '1' })).receiptNo).toBe(2);
  });

  it('pays all selected: the amount is split in the given order, each up to its remaining; more is 400 with the maximum', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a, b] } = await patientWith(t, c, ['1000', '500']);
    const saved = await pay(t, c, typeId, { patientId, procedureIds: [b, a], amount: '700' });
    expect(saved.allocations).toEqual([{ patientProcedureId: b, amount: '500.00' }, { patientProcedureId: a, amount: '200.00' }]);
    const over = await expectError(api(t, c.token).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds: [a, b], amount: '800.01' })), 400, 'max_amount_exceeded');
    expect(over).toMatchObject({ data: { maximum: '800.00' }, message: 'Max amount exceeded' });
    await pay(t, c, typeId, { patientId, procedureIds: [a, b], amount: '800' });
    expect((await balanceOf(t, c, patientId)).remaining).toBe('0.00');
    const none = await expectError(api(t, c.token).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds: [a], amount: '1' })), 400, 'max_amount_exceeded');
    expect(none.data).toEqual({ maximum: '0.00' });
  });

  it('refuses bad input of any shape with 400 and a translated message', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [pp] } = await patientWith(t, c, ['100']);
    const post = (body: Record<string, unknown>) => api(t, c.token).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds: [pp], amount: '10', ...body }));
    expect((await expectError(post({ amount: '0.99' }), 400, 'payment_minimum')).errors).toEqual({ amount: 'Minimum value is 1' });
    await expectError(post({ amount: '10.005' }), 400, 'money_decimals_invalid');
    await expectError(post({ amount: 'ten' }), 400, 'validation');
    await expectError(post({ amount: -5 }), 400, 'validation');
    await expectError(post({ amount: '1e3' }), 400, 'validation');
    await expectError(post({ amount: null }), 400, 'validation');
    const none = await expectError(post({ procedureIds: [] }), 400, 'validation');
    expect(none.errors).toEqual({ procedureIds: 'Select one or more to pay' });
    await expectError(post({ procedureIds: [pp, pp] }), 400, 'validation');
    await expectError(post({ procedureIds: 'x' }), 400, 'validation');
    await expectError(post({ ledgerType: 'LT9' }), 400, 'validation');
    await expectError(post({ ledgerType: 'LT2' }), 400, 'validation');
    await expectError(post({ paidOn: '2999-12-31' }), 400, 'payment_date_future');
    await expectError(post({ paidOn: '2025-02-30' }), 400, 'validation');
    await expectError(post({ paymentTypeId: 999999 }), 400, 'payment_type_invalid');
    await expectError(post({ receivedBy: 999999 }), 400, 'field_invalid');
    await expectError(post({ notes: 'x'.repeat(1001) }), 400, 'validation');
    await expectError(post({ procedureIds: [999999] }), 404, 'patient_procedure_not_found');
    await expectError(post({ branchId: 999999 }), 404, 'not_found');
    const ar = await api(t, c.token, { language: 'ar' }).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds: [pp], amount: '0.5' }));
    expect(ar.json().message).toBe('أقل قيمة هي 1');
    // nothing was written
    expect((await balanceOf(t, c, patientId)).paid).toBe('0.00');
  });

  it('a planned procedure (S1) may be paid in advance; a cancelled one (S5) cannot be paid', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [planned, cancelled] } = await patientWith(t, c, ['300', '200'], 'S1');
    await expectOk(api(t, c.token).post(PATH.updateProcedureStatus, { id: cancelled, version: 1, status: 'S5' }));
    await pay(t, c, typeId, { patientId, procedureIds: [planned], amount: '100' });
    expect(await balanceOf(t, c, patientId)).toMatchObject({ remaining: '0.00', planned: '300.00', plannedPaid: '100.00', plannedRemaining: '200.00', balance: '100.00' });
    await expectError(api(t, c.token).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds: [cancelled], amount: '10' })), 409, 'procedure_not_payable');
  });

  it('LYD: three decimals exact, printed with three', async () => {
    const c = await newClinic(t);
    await setClinic(t, c, { currency: 'LYD' });
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a, b] } = await patientWith(t, c, ['10.125', '0.333']);
    const saved = await pay(t, c, typeId, { patientId, procedureIds: [a, b], amount: '10.457' });
    expect(saved.allocations).toEqual([{ patientProcedureId: a, amount: '10.125' }, { patientProcedureId: b, amount: '0.332' }]);
    expect(await balanceOf(t, c, patientId)).toMatchObject({ currency: 'LYD', patientShare: '10.458', paid: '10.457', remaining: '0.001' });
    const over = await expectError(api(t, c.token).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds: [b], amount: '1.000' })), 400, 'max_amount_exceeded');
    expect(over.data).toEqual({ maximum: '0.001' });
  });
});

describe('credit (LT2), ApplyPatientCredit and reversals', () => {
  it('LT2 is credit on account; applied oldest first to procedures in order; more than the credit is 400 with what is available', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a, b] } = await patientWith(t, c, ['300', '400']);
    const first = await pay(t, c, typeId, { patientId, ledgerType: 'LT2', amount: '100', paidOn: '2026-01-01' });
    const second = await pay(t, c, typeId, { patientId, ledgerType: 'LT2', amount: '250' });
    expect(first.allocations).toEqual([]);
    expect(await balanceOf(t, c, patientId)).toMatchObject({ remaining: '700.00', credit: '350.00', balance: '-350.00' });
    const applied = expectContractAnswer(P.applyPatientCredit, await api(t, c.token).post(PAY.applyPatientCredit, { patientId, procedureIds: [b, a], amount: '150' }));
    expect(applied.allocations).toEqual([
      { patientProcedureId: b, amount: '100.00', paymentId: first.id },
      { patientProcedureId: b, amount: '50.00', paymentId: second.id },
    ]);
    expect(await balanceOf(t, c, patientId)).toMatchObject({ paid: '150.00', remaining: '550.00', credit: '200.00', balance: '-350.00' });
    const short = await expectError(api(t, c.token).post(PAY.applyPatientCredit, { patientId, procedureIds: [a], amount: '200.01' }), 400, 'credit_balance_insufficient');
    expect(short).toMatchObject({ data: { maximum: '200.00' }, message: "Can't add payment because balance is less than credit" });
    await expectError(api(t, c.token).post(PAY.applyPatientCredit, { patientId, procedureIds: [], amount: '1' }), 400, 'validation');
    await expectError(api(t, c.token).post(PAY.applyPatientCredit, { patientId, procedureIds: [a], amount: '0' }), 400, 'field_invalid');
    const list = expectContractAnswer(P.getProcedurePaymentList, await api(t, c.token).get(PAY.getProcedurePaymentList, { patientId }));
    expect(list.items.map((p) => [p.id, p.applied, p.unapplied])).toEqual([[second.id, '50.00', '200.00'], [first.id, '100.00', '0.00']]);
  });

  it('DeleteProcedurePayment reverses (reason, who, when): the allocations stop counting, the credit it gave too; twice is 409', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a] } = await patientWith(t, c, ['500']);
    const lt1 = await pay(t, c, typeId, { patientId, procedureIds: [a], amount: '200' });
    const lt2 = await pay(t, c, typeId, { patientId, ledgerType: 'LT2', amount: '150' });
    await expectOk(api(t, c.token).post(PAY.applyPatientCredit, { patientId, procedureIds: [a], amount: '100' }));
    expect(await balanceOf(t, c, patientId)).toMatchObject({ paid: '300.00', remaining: '200.00', credit: '50.00' });
    await expectError(api(t, c.token).delete(PAY.deleteProcedurePayment, { id: lt2.id }), 400, 'validation');
    await expectError(api(t, c.token).delete(PAY.deleteProcedurePayment, { id: lt2.id, reason: '  ' }), 400, 'validation');
    await expectOk(api(t, c.token).delete(PAY.deleteProcedurePayment, { id: lt2.id, reason: 'wrong patient' }));
    expect(await balanceOf(t, c, patientId)).toMatchObject({ paid: '200.00', remaining: '300.00', credit: '0.00' });
    await expectError(api(t, c.token).delete(PAY.deleteProcedurePayment, { id: lt2.id, reason: 'again' }), 409, 'payment_already_reversed');
    await expectOk(api(t, c.token).delete(PAY.deleteProcedurePayment, { id: lt1.id, reason: 'refund' }));
    expect(await balanceOf(t, c, patientId)).toMatchObject({ paid: '0.00', remaining: '500.00', balance: '-500.00' });
    const list = expectContractAnswer(P.getProcedurePaymentList, await api(t, c.token).get(PAY.getProcedurePaymentList, { patientId, patientProcedureId: a }));
    expect(list.items.map((p) => p.reversal?.reason)).toEqual(['wrong patient', 'refund']);
    expect(list.items.every((p) => p.reversal && p.reversal.createdById === c.ownerId)).toBe(true);
    // the payments are still there, reversed, and their allocations too
    const [count] = await withTenant(t.database.db, c.clinicId, async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from payment_allocations where clinic_id = ${c.clinicId}`)),
    );
    expect(count!.n).toBe(2);
    await expectError(api(t, c.token).delete(PAY.deleteProcedurePayment, { id: 999999, reason: 'x' }), 404, 'payment_not_found');
  });
});

describe('the ledger, the statement, the money history', () => {
  it('lists charges, payments, credit applied and reversals in date order with a running balance ending at − balance', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a, b] } = await patientWith(t, c, ['300', '200']);
    await pay(t, c, typeId, { patientId, procedureIds: [a], amount: '100' });
    const lt2 = await pay(t, c, typeId, { patientId, ledgerType: 'LT2', amount: '50' });
    await expectOk(api(t, c.token).post(PAY.applyPatientCredit, { patientId, procedureIds: [b], amount: '20' }));
    await expectOk(api(t, c.token).delete(PAY.deleteProcedurePayment, { id: lt2.id, reason: 'bounced' }));
    const ledger = expectContractAnswer(P.getPatientLedger, await api(t, c.token).get(PAY.getPatientLedger, { patientId }));
    expect(ledger.items.map((e) => [e.kind, e.debit, e.credit, e.runningBalance])).toEqual([
      ['charge', '300.00', '0.00', '300.00'],
      ['charge', '200.00', '0.00', '500.00'],
      ['payment', '0.00', '100.00', '400.00'],
      ['payment', '0.00', '50.00', '350.00'],
      ['credit_applied', '0.00', '0.00', '350.00'],
      ['reversal', '50.00', '0.00', '400.00'],
    ]);
    expect(ledger.items.at(-1)!.notes).toBe('bounced');
    expect(ledger.summary).toMatchObject({ remaining: '400.00', credit: '0.00', balance: '-400.00' });
  });

  it('GetPatientProcedurePrinting: each procedure with price, discount, insurance share, paid, remaining; the summary', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a, b] } = await patientWith(t, c, ['300', '200']);
    await pay(t, c, typeId, { patientId, procedureIds: [a], amount: '120.50' });
    const doc = expectContractAnswer(P.getPatientProcedurePrinting, await api(t, c.token).get(PAY.getPatientProcedurePrinting, { patientId }));
    expect(doc.items.map((i) => [i.id, i.price, i.insuranceShare, i.patientShare, i.paid, i.remaining])).toEqual([
      [a, '300.00', '0.00', '300.00', '120.50', '179.50'],
      [b, '200.00', '0.00', '200.00', '0.00', '200.00'],
    ]);
    expect(doc.patient.id).toBe(patientId);
    expect(doc.summary.remaining).toBe('379.50');
  });

  it('the money history (owner only): payments, reversals, price and discount changes with before and after', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a] } = await patientWith(t, c, ['300']);
    const row = await rowOf(t, c, a);
    await expectOk(api(t, c.token).post(PATH.savePatientProcedure, {
      id: a, version: row!.version, patientId, procedureId: row!.procedureId, branchId: c.branchId, doctorId: c.ownerId,
      teeth: [{ tooth: 36, surfaces: ['O'] }], discount: { kind: 'amount', value: '50' },
    }));
    const p = await pay(t, c, typeId, { patientId, procedureIds: [a], amount: '100' });
    await expectOk(api(t, c.token).delete(PAY.deleteProcedurePayment, { id: p.id, reason: 'typo' }));
    const history = expectContractAnswer(P.getPatientMoneyHistory, await api(t, c.token).get(PAY.getPatientMoneyHistory, { patientId }));
    expect(history.items.map((h) => [h.entity, h.action])).toEqual([
      ['payment', 'reversed'], ['payment', 'created'], ['patient_procedure', 'discount_changed'], ['patient_procedure', 'created'],
    ]);
    expect(history.items[2]).toMatchObject({ before: { discount: '0.00', price: '300.00' }, after: { discount: '50.00' }, userId: c.ownerId, userName: 'Owner' });
    expect(history.items[0]!.after).toMatchObject({ reason: 'typo' });
    expect(history.total).toBe(4);
    // a manager holding the key is not the owner
    const manager = await newUser(t, c, ['patient_delete'], 'RL2');
    await expectError(api(t, manager).get(PAY.getPatientMoneyHistory, { patientId }), 403, 'action_not_allowed');
  });
});

describe('patient procedures and patients with money', () => {
  it('a procedure with payments cannot be cancelled or deleted; after the reversal it can be cancelled, never deleted', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a] } = await patientWith(t, c, ['300'], 'S1');
    const p = await pay(t, c, typeId, { patientId, procedureIds: [a], amount: '100' });
    await expectError(api(t, c.token).post(PATH.updateProcedureStatus, { id: a, version: 1, status: 'S5' }), 409, 'procedure_has_payments');
    await expectError(api(t, c.token).delete(PATH.deletePatientProcedure, { id: a, version: 1 }), 409, 'procedure_has_payments');
    await expectOk(api(t, c.token).delete(PAY.deleteProcedurePayment, { id: p.id, reason: 'refund' }));
    await expectOk(api(t, c.token).post(PATH.updateProcedureStatus, { id: a, version: 1, status: 'S5' }));
    await expectError(api(t, c.token).delete(PATH.deletePatientProcedure, { id: a, version: 2 }), 409, 'procedure_has_payments');
  });

  it('a discount that leaves less than what is paid is refused (409) and nothing changes', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a] } = await patientWith(t, c, ['300']);
    await pay(t, c, typeId, { patientId, procedureIds: [a], amount: '280' });
    const row = await rowOf(t, c, a);
    const save = (value: string) => api(t, c.token).post(PATH.savePatientProcedure, {
      id: a, version: row!.version, patientId, procedureId: row!.procedureId, branchId: c.branchId, doctorId: c.ownerId,
      teeth: [{ tooth: 36, surfaces: ['O'] }], discount: { kind: 'amount', value },
    });
    await expectError(save('20.01'), 409, 'procedure_paid_above_share');
    expect((await rowOf(t, c, a))!.discount).toBe('0.000');
    await expectOk(save('20'));
    expect((await balanceOf(t, c, patientId)).remaining).toBe('0.00');
  });

  it('insurance share: net × coverage, half away from zero, stored when priced and when the discount changes; the patient pays the rest', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId } = await insuredPatient(t, c, { coveragePercentage: '50' });
    const { procedureId } = await addProcedure(t, c, { price: '999', insurancePrice: '100.05' });
    const { id } = await createProcedure(t, c, { patientId, procedureId, status: 'S3' });
    expect((await rowOf(t, c, id))!.insuranceShare).toBe('50.030');
    expect(await balanceOf(t, c, patientId)).toMatchObject({ charged: '100.05', insuranceShare: '50.03', patientShare: '50.02' });
    const over = await expectError(api(t, c.token).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds: [id], amount: '50.03' })), 400, 'max_amount_exceeded');
    expect(over.data).toEqual({ maximum: '50.02' });
    await expectOk(api(t, c.token).post(PATH.savePatientProcedure, {
      id, version: 1, patientId, procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 36, surfaces: ['O'] }],
      discount: { kind: 'percent', value: '10' },
    }));
    // net 100.05 − 10.01 (10 % rounded) = 90.04; half of it 45.02
    expect(await rowOf(t, c, id)).toMatchObject({ discount: '10.010', insuranceShare: '45.020' });
  });

  it('the insurance limit warning uses the stored shares (a later change of the coverage moves neither)', async () => {
    const c = await newClinic(t);
    await setClinic(t, c, { checkPatientInsuranceLimit: true });
    const { patientId, companyId } = await insuredPatient(t, c, { coveragePercentage: '80' });
    await addLimit(t, c, patientId, '1000', companyId);
    const { procedureId } = await addProcedure(t, c, { insurancePrice: '1000' });
    const first = await createProcedure(t, c, { patientId, procedureId });
    expect(first.insuranceLimitWarning).toBeNull();
    // the company now covers 30 %: the first procedure's share stays 800, the second's is 300 (together past the limit)
    await withTenant(t.database.db, c.clinicId, (tx) => tx.execute(sql`update insurance_companies set coverage_percentage = 30 where clinic_id = ${c.clinicId} and id = ${companyId}`));
    expect(await balanceOf(t, c, patientId)).toMatchObject({ insuranceShare: '0.00', planned: '200.00' });
    const second = await createProcedure(t, c, { patientId, procedureId });
    expect(second.insuranceLimitWarning).toEqual({ remaining: '200.00', total: '1000.00' });
    expect((await rowOf(t, c, second.id))!.insuranceShare).toBe('300.000');
  });

  it('a patient who owes, has credit or paid in advance cannot be deleted (409 patient_negative_balance)', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const del = (id: number) => api(t, c.token).delete(callPath(patientsCalls.deletePatient), { id });
    const owes = await patientWith(t, c, ['100']);
    await expectError(del(owes.patientId), 409, 'patient_negative_balance');
    const credit = await newPatient(t, c);
    await pay(t, c, typeId, { patientId: credit, ledgerType: 'LT2', amount: '10' });
    await expectError(del(credit), 409, 'patient_negative_balance');
    const advance = await patientWith(t, c, ['100'], 'S1');
    await pay(t, c, typeId, { patientId: advance.patientId, procedureIds: advance.procedureIds, amount: '10' });
    await expectError(del(advance.patientId), 409, 'patient_negative_balance');
    const settled = await patientWith(t, c, ['100']);
    await pay(t, c, typeId, { patientId: settled.patientId, procedureIds: settled.procedureIds, amount: '100' });
    await expectOk(del(settled.patientId));
    // planned and unpaid does not block
    const planned = await patientWith(t, c, ['100'], 'S1');
    await expectOk(del(planned.patientId));
  });
});

describe('instalment plans (SaveRecurrencePayment)', () => {
  it('instalments add up to the total; paid fills them in due order; overdue is derived', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a] } = await patientWith(t, c, ['900']);
    const body = { patientId, branchId: c.branchId, total: '900', instalments: [{ dueOn: '2020-01-01', amount: '300' }, { dueOn: '2020-02-01', amount: '300' }, { dueOn: '2999-03-01', amount: '300' }] };
    await expectError(api(t, c.token).post(PAY.saveRecurrencePayment, { ...body, total: '901' }), 400, 'instalments_total_mismatch');
    await expectError(api(t, c.token).post(PAY.saveRecurrencePayment, { ...body, instalments: [body.instalments[1], body.instalments[0], body.instalments[2]] }), 400, 'instalment_dates_invalid');
    await expectError(api(t, c.token).post(PAY.saveRecurrencePayment, { ...body, instalments: [] }), 400, 'validation');
    await expectError(api(t, c.token).post(PAY.saveRecurrencePayment, { ...body, total: '900.001' }), 400, 'money_decimals_invalid');
    const { id } = await expectOk<{ id: number }>(api(t, c.token).post(PAY.saveRecurrencePayment, body));
    await pay(t, c, typeId, { patientId, procedureIds: [a], amount: '400' });
    const plans = expectContractAnswer(P.getPaymentPlans, await api(t, c.token).get(PAY.getPaymentPlans, { patientId }));
    expect(plans.items).toHaveLength(1);
    expect(plans.items[0]).toMatchObject({ id, total: '900.00', paid: '400.00', remaining: '500.00', overdue: '200.00' });
    expect(plans.items[0]!.instalments.map((i) => [i.paid, i.remaining, i.state])).toEqual([
      ['300.00', '0.00', 'paid'], ['100.00', '200.00', 'overdue'], ['0.00', '300.00', 'due'],
    ]);
    // replaced whole, then deleted
    await expectOk(api(t, c.token).post(PAY.saveRecurrencePayment, { ...body, id, total: '400', instalments: [{ dueOn: '2999-01-01', amount: '400' }] }));
    const again = expectContractAnswer(P.getPaymentPlans, await api(t, c.token).get(PAY.getPaymentPlans, { patientId }));
    expect(again.items[0]!.instalments.map((i) => i.state)).toEqual(['paid']);
    await expectOk(api(t, c.token).delete(PAY.deleteRecurrencePayment, { id }));
    expect(expectContractAnswer(P.getPaymentPlans, await api(t, c.token).get(PAY.getPaymentPlans, { patientId })).items).toEqual([]);
    await expectError(api(t, c.token).delete(PAY.deleteRecurrencePayment, { id }), 404, 'payment_plan_not_found');
  });
});

describe('Reports/GetPatientPaymentReport', () => {
  it('patients who owe, with filters, sorting, paging and totals over the filter', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const x = await patientWith(t, c, ['100']);
    const y = await patientWith(t, c, ['500', '250.50']);
    const z = await patientWith(t, c, ['300']);
    await pay(t, c, typeId, { patientId: z.patientId, procedureIds: z.procedureIds, amount: '300' });
    await pay(t, c, typeId, { patientId: x.patientId, ledgerType: 'LT2', amount: '5' });
    const get = async (q: Record<string, unknown> = {}) => expectContractAnswer(P.getPatientPaymentReport, await api(t, c.token).get(PAY.getPatientPaymentReport, q));
    const all = await get();
    expect(all.items.map((i) => [i.patientId, i.remaining, i.credit])).toEqual([[y.patientId, '750.50', '0.00'], [x.patientId, '100.00', '5.00']]);
    expect(all).toMatchObject({ total: 2, totals: { patientShare: '850.50', paid: '0.00', remaining: '850.50', credit: '5.00' } });
    expect((await get({ sortField: 'remaining', sortOrder: 'ascend' })).items[0]!.patientId).toBe(x.patientId);
    expect((await get({ minRemaining: '100.01' })).items.map((i) => i.patientId)).toEqual([y.patientId]);
    expect((await get({ pageSize: 1, page: 2 })).items.map((i) => i.patientId)).toEqual([x.patientId]);
    expect((await get({ debtAgeDays: 3 })).total).toBe(0);
    expect((await get({ debtAgeDays: 0 })).total).toBe(2);
    expect((await get({ search: all.items[0]!.patientName.toUpperCase() })).items.map((i) => i.patientId)).toEqual([y.patientId]);
    expect((await get({ search: all.items[1]!.patientCode })).items.map((i) => i.patientId)).toContain(x.patientId);
    expect((await get({ search: all.items[1]!.mobile!.slice(-7) })).items.map((i) => i.patientId)).toEqual([x.patientId]);
    expect((await get({ doctorId: c.ownerId, branchId: c.branchId })).total).toBe(2);
    expect((await get({ doctorId: 999999 })).total).toBe(0);
    expect((await get({ sortField: 'patientName' })).total).toBe(2);
    expect((await get({ sortField: 'oldestUnpaidOn', sortOrder: 'descend' })).total).toBe(2);
    await expectError(api(t, c.token).get(PAY.getPatientPaymentReport, { minRemaining: 'abc' }), 400, 'validation');
    await expectError(api(t, c.token).get(PAY.getPatientPaymentReport, { sortField: 'nope' }), 400, 'validation');
    await expectError(api(t, c.token).get(PAY.getPatientPaymentReport, { branchId: 999999 }), 404, 'not_found');
    // a partial payment counts; once reversed it no longer does (what is paid is the unreversed allocations)
    const part = await pay(t, c, typeId, { patientId: y.patientId, procedureIds: [y.procedureIds[0]], amount: '100' });
    expect((await get()).items.find((i) => i.patientId === y.patientId)).toMatchObject({ paid: '100.00', remaining: '650.50' });
    expect((await get()).totals).toMatchObject({ paid: '100.00', remaining: '750.50' });
    await expectOk(api(t, c.token).delete(PAY.deleteProcedurePayment, { id: part.id, reason: 'wrong amount' }));
    expect((await get()).items.find((i) => i.patientId === y.patientId)).toMatchObject({ paid: '0.00', remaining: '750.50' });
  });
});

describe('access', () => {
  it('no key → 403 BS11; another clinic → 404; a branch the user may not use → 403 BS15', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a] } = await patientWith(t, c, ['300']);
    const p = await pay(t, c, typeId, { patientId, procedureIds: [a], amount: '100' });
    const nobody = await newUser(t, c, ['patient_list']);
    await expectError(api(t, nobody).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds: [a], amount: '1' })), 403, 'BS11');
    await expectError(api(t, nobody).get(PAY.getProcedurePaymentList, { patientId }), 403, 'BS11');
    await expectError(api(t, nobody).get(PAY.getPatientPaymentReport), 403, 'BS11');
    expect((await api(t, nobody).get(callPath(patientsCalls.getPPW), { id: patientId })).json().balance).toBeNull();
    // another clinic's ids
    await expectError(api(t, other.token).get(PAY.getProcedurePayment, { id: p.id }), 404, 'payment_not_found');
    await expectError(api(t, other.token).delete(PAY.deleteProcedurePayment, { id: p.id, reason: 'x' }), 404, 'payment_not_found');
    await expectError(api(t, other.token).get(PAY.getPatientLedger, { patientId }), 404, 'patient_not_found');
    const otherType = await paymentTypeOf(t, other);
    await expectError(api(t, other.token).post(PAY.saveProcedurePayment, payBody(other, otherType, { patientId, procedureIds: [a], amount: '1' })), 404, 'patient_not_found');
    const op = await newPatient(t, other);
    await expectError(api(t, other.token).post(PAY.saveProcedurePayment, payBody(other, otherType, { patientId: op, procedureIds: [a], amount: '1' })), 404, 'patient_procedure_not_found');
    await expectError(api(t, c.token).post(PAY.applyPatientCredit, { patientId: op, procedureIds: [a], amount: '1' }), 404, 'patient_not_found');
    // a user of a second branch only
    const second = await addBranch(t, c);
    const desk = await addUser(t, c, ['patient_edit', 'patient_procedures', 'patient_remaining_payments'], 'RL4');
    await withTenant(t.database.db, c.clinicId, async (tx) => {
      await tx.execute(sql`update users set branch_id = ${second} where clinic_id = ${c.clinicId} and id = ${desk.id}`);
      await tx.execute(sql`update user_branches set branch_id = ${second} where clinic_id = ${c.clinicId} and user_id = ${desk.id}`);
    });
    const deskToken = desk.token;
    await expectError(api(t, deskToken).get(PAY.getProcedurePaymentList, { patientId }), 403, 'BS15');
    await expectError(api(t, deskToken).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds: [a], amount: '1' })), 403, 'BS15');
    await expectError(api(t, deskToken).delete(PAY.deleteProcedurePayment, { id: p.id, reason: 'x' }), 403, 'BS15');
    // the patient joins the second branch: the desk may pay there, not in the main branch
    await withTenant(t.database.db, c.clinicId, (tx) => tx.execute(sql`insert into patient_branches (clinic_id, patient_id, branch_id) values (${c.clinicId}, ${patientId}, ${second})`));
    await expectError(api(t, deskToken).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds: [a], amount: '1' })), 403, 'BS15');
    await expectOk(api(t, deskToken).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds: [a], amount: '1', branchId: second })));
    await expectError(api(t, deskToken).delete(PAY.deleteProcedurePayment, { id: p.id, reason: 'x' }), 403, 'BS15');
    expect((await expectOk<{ total: number }>(api(t, deskToken).get(PAY.getPatientPaymentReport))).total).toBe(1);
  });
});

describe('entries are immutable; a merge moves them', () => {
  it('an UPDATE or DELETE of a payment, an allocation or an audit row through the database is refused', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds: [a] } = await patientWith(t, c, ['300']);
    const p = await pay(t, c, typeId, { patientId, procedureIds: [a], amount: '100' });
    for (const statement of [
      sql`update patient_payments set amount = 1 where id = ${p.id}`,
      sql`delete from patient_payments where id = ${p.id}`,
      sql`update payment_allocations set amount = 1 where payment_id = ${p.id}`,
      sql`update money_audit set action = 'x' where patient_id = ${patientId}`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
    expect((await balanceOf(t, c, patientId)).paid).toBe('100.00');
  });

  it('MergePatients moves the merged patient\'s payments, plans and money history to the kept one', async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const keep = await patientWith(t, c, ['300']);
    const merged = await patientWith(t, c, ['200']);
    await pay(t, c, typeId, { patientId: merged.patientId, procedureIds: merged.procedureIds, amount: '50' });
    await expectOk(api(t, c.token).post(PAY.saveRecurrencePayment, { patientId: merged.patientId, branchId: c.branchId, total: '150', instalments: [{ dueOn: '2999-01-01', amount: '150' }] }));
    await expectOk(api(t, c.token).post(callPath(patientsCalls.mergePatients), { keepId: keep.patientId, mergeIds: [merged.patientId] }));
    expect(await balanceOf(t, c, keep.patientId)).toMatchObject({ patientShare: '500.00', paid: '50.00', remaining: '450.00' });
    const list = expectContractAnswer(P.getProcedurePaymentList, await api(t, c.token).get(PAY.getProcedurePaymentList, { patientId: keep.patientId }));
    expect(list.items).toHaveLength(1);
    expect(expectContractAnswer(P.getPaymentPlans, await api(t, c.token).get(PAY.getPaymentPlans, { patientId: keep.patientId })).items).toHaveLength(1);
    const history = expectContractAnswer(P.getPatientMoneyHistory, await api(t, c.token).get(PAY.getPatientMoneyHistory, { patientId: keep.patientId }));
    expect(history.items.filter((h) => h.entity === 'payment')).toHaveLength(1);
  });
});

