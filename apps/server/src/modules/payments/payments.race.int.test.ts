import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, testApp } from '../../../test/harness.js';
import { recordStatements } from '../../../test/record-statements.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { rowsOf } from './payments.sql.js';
import { PAY, balanceOf, pay, patientWith, payBody, paymentTypeOf } from './payments-test-kit.js';

/*
 * Many payments at once against one patient's remaining amount or credit (docs/payments.md "Concurrency"): on
 * PostgreSQL the requests run side by side on the pool's connections; each locks the patient's row, then the
 * procedures it pays, and reads the remaining after the locks, so exactly the payable ones succeed and the sum never
 * passes the amount due. (PGlite runs one request at a time: there the test checks the arithmetic only.)
 */
const t = await testApp();
const N = 50;

const receipts = (clinicId: number) =>
  withTenant(t.database.db, clinicId, async (tx) =>
    rowsOf<{ n: number }>(await tx.execute(sql`select receipt_no as n from patient_payments where clinic_id = ${clinicId} order by receipt_no`)).map((r) => Number(r.n)),
  );

describe('concurrent payments', () => {
  it(`${N} payments of 30 against a remaining 1000: exactly 33 succeed, the others 400 max_amount_exceeded; gapless receipts`, async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds } = await patientWith(t, c, ['1000']);
    const { tally } = await concurrently(N, () =>
      api(t, c.token).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds, amount: '30' })),
    );
    expect(tally).toEqual({ '200': 33, '400 max_amount_exceeded': N - 33 });
    expect(await balanceOf(t, c, patientId)).toMatchObject({ paid: '990.00', remaining: '10.00' });
    expect(await receipts(c.clinicId)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
  });

  it(`${N} credit applications of 30 from a credit of 500: exactly 16 succeed, the others 400 credit_balance_insufficient`, async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds } = await patientWith(t, c, ['10000']);
    await pay(t, c, typeId, { patientId, ledgerType: 'LT2', amount: '500' });
    const { tally } = await concurrently(N, () => api(t, c.token).post(PAY.applyPatientCredit, { patientId, procedureIds, amount: '30' }));
    expect(tally).toEqual({ '200': 16, '400 credit_balance_insufficient': N - 16 });
    expect(await balanceOf(t, c, patientId)).toMatchObject({ paid: '480.00', credit: '20.00' });
  });

  it(`${N} payments and credit applications mixed on one procedure never pay more than its remaining`, async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds } = await patientWith(t, c, ['500']);
    await pay(t, c, typeId, { patientId, ledgerType: 'LT2', amount: '300' });
    const { tally } = await concurrently(N, (i) =>
      i % 2
        ? api(t, c.token).post(PAY.applyPatientCredit, { patientId, procedureIds, amount: '20' })
        : api(t, c.token).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, procedureIds, amount: '20' })),
    );
    expect(tally['200']).toBe(25);
    expect(await balanceOf(t, c, patientId)).toMatchObject({ paid: '500.00', remaining: '0.00' });
  });

  it(`${N} reversals of one payment: exactly one, the others 409 payment_already_reversed`, async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds } = await patientWith(t, c, ['100']);
    const p = await pay(t, c, typeId, { patientId, procedureIds, amount: '100' });
    const { tally } = await concurrently(N, (i) => api(t, c.token).delete(PAY.deleteProcedurePayment, { id: p.id, reason: `r${i}` }));
    expect(tally).toEqual({ '200': 1, '409 payment_already_reversed': N - 1 });
    expect((await balanceOf(t, c, patientId)).paid).toBe('0.00');
  });

  it("a save's turn under the patient's lock holds only what must wait for it: the checks run before the lock", async () => {
    // the saves of one patient take turns on its row (and those of a clinic on the receipt counter): each round trip
    // after the lock lengthens every turn (bench:billing part 2: the lock holder mostly waits for the next statement)
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const { patientId, procedureIds } = await patientWith(t, c, ['300', '200']);
    for (const body of [{ ledgerType: 'LT2', amount: '40' }, { procedureIds, amount: '350' }]) {
      const sent = await recordStatements(t, async () =>
        expect((await api(t, c.token).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId, ...body }))).statusCode).toBe(200));
      const locked = sent.findIndex((s) => /from "patients".* for update/is.test(s.text));
      expect(locked, JSON.stringify(body)).toBeGreaterThan(0);
      expect(sent.slice(0, locked).some((s) => /payment_types/.test(s.text))).toBe(true);
      // after it: the procedures paid (locked, then read), then one statement: the counter, the inserts, the money history
      const after = sent.slice(locked + 1).map((s) => s.text.replace(/\s+/g, ' ')).filter((text) => !/^commit/i.test(text));
      for (const text of after) expect(text, JSON.stringify(body)).toMatch(/patient_procedures|clinic_counters|patient_payments|payment_allocations|money_audit/);
      expect(after.length, JSON.stringify(after)).toBe(body.ledgerType === 'LT2' ? 1 : 3);
      expect(after.at(-1)).toMatch(/clinic_counters.*patient_payments.*money_audit/);
    }
  });
});
