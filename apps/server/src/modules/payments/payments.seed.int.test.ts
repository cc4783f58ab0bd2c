import { callPath, patientsCalls, paymentsCalls as P } from '@dental/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, login, testApp } from '../../../test/harness.js';
import { DEMO_PASSWORD, seedDemo } from '../../db/demo-data.js';
import { clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { balancePartsDrift, balancesDrift, rowsOf } from './payments.sql.js';
import { PAY } from './payments-test-kit.js';
import { seedDemoPayments } from './payments.seed.js';

const t = await testApp();

describe('payments demo data', () => {
  it('a partial and a full payment, a reversal, an LT2 credit partly applied, a plan with an overdue instalment; once', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    const [demo] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, 'demo'));
    const clinicId = demo!.id;
    const payments = () =>
      withTenant(t.database.db, clinicId, async (tx) =>
        rowsOf<{ patientId: number; ledgerType: string; reversed: boolean; receiptNo: number }>(await tx.execute(sql`select p.patient_id as "patientId", p.ledger_type as "ledgerType", p.receipt_no as "receiptNo",
            exists (select 1 from payment_reversals r where r.clinic_id = p.clinic_id and r.payment_id = p.id) as reversed
          from patient_payments p where p.clinic_id = ${clinicId} order by p.id`)),
      );
    const seeded = await payments();
    expect(seeded.map((p) => [p.ledgerType, p.reversed, Number(p.receiptNo)])).toEqual([
      ['LT1', false, 1], ['LT1', false, 2], ['LT1', true, 3], ['LT2', false, 4],
    ]);
    await seedDemoPayments(t.database.db, clinicId);
    expect(await payments()).toHaveLength(4);

    // the secretary reads them through the API
    const token = await login(t, 'demo', 'secretary@demo.test', DEMO_PASSWORD);
    const balance = async (id: number) => (await api(t, token).get(callPath(patientsCalls.getPPW), { id })).json().balance;
    const [first, second, third, fourth] = seeded.map((p) => Number(p.patientId));
    expect((await balance(first!)).paid).not.toBe('0.00');
    expect((await balance(first!)).remaining).not.toBe('0.00');
    expect((await balance(second!)).remaining).toBe('0.00');
    expect((await balance(third!)).paid).toBe('0.00');
    expect(await balance(fourth!)).toMatchObject({ credit: '50.00', plannedPaid: '50.00' });
    // issue 18: a payment's type reads in French (the demo types all have a French name)
    const list = expectContractAnswer(
      P.getProcedurePaymentList,
      await api(t, token).get(callPath(P.getProcedurePaymentList), { patientId: first! }),
    );
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.map((i) => i.paymentTypeNameFr)).toContain('Espèces');
    const [plan] = await withTenant(t.database.db, clinicId, async (tx) =>
      rowsOf<{ patientId: number }>(await tx.execute(sql`select patient_id as "patientId" from payment_plans where clinic_id = ${clinicId}`)),
    );
    const plans = expectContractAnswer(P.getPaymentPlans, await api(t, token).get(PAY.getPaymentPlans, { patientId: Number(plan!.patientId) }));
    expect(plans.items[0]!.instalments.map((i) => i.state)).toEqual(['overdue', 'due', 'due']);
    const report = expectContractAnswer(P.getPatientPaymentReport, await api(t, token).get(PAY.getPatientPaymentReport));
    expect(report.items.map((i) => i.patientId)).toEqual(expect.arrayContaining([first, third, Number(plan!.patientId)]));
    // the list's summaries (patient_balances and its parts, kept by triggers) agree with the seeded entries
    expect(await withTenant(t.database.db, clinicId, async (tx) => rowsOf(await tx.execute(balancesDrift(clinicId))))).toEqual([]);
    expect(await withTenant(t.database.db, clinicId, async (tx) => rowsOf(await tx.execute(balancePartsDrift(clinicId))))).toEqual([]);
  });
});
