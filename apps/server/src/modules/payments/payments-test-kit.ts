import { callPath, patientsCalls, paymentsCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import { type TestApp, type TestClinic, api, newPatient } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { paymentTypes } from '../lookups/index.js';
import type { LightMyRequestResponse } from 'fastify';
import { addProcedure, createProcedure, expectError as expectErrorBase, expectOk } from '../patient-procedures/patient-procedures-test-kit.js';

/** Shared by the payments' integration tests: paths, a patient with priced procedures, a payment. */
export const PAY = Object.fromEntries(Object.entries(paymentsCalls).map(([name, d]) => [name, callPath(d)])) as Record<
  keyof typeof paymentsCalls,
  string
>;

/** The clinic's first payment type (every new clinic gets the defaults). */
export async function paymentTypeOf(t: TestApp, c: TestClinic) {
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [row] = await tx.select({ id: paymentTypes.id }).from(paymentTypes).where(and(eq(paymentTypes.clinicId, c.clinicId), eq(paymentTypes.isActive, true))).orderBy(asc(paymentTypes.id)).limit(1);
    return row!.id;
  });
}

/** A patient with one procedure per price (status S3 by default: owed), priced from the branch's list. */
export async function patientWith(t: TestApp, c: TestClinic, prices: string[], status: 'S1' | 'S3' = 'S3', patientId?: number) {
  const pid = patientId ?? (await newPatient(t, c));
  const ids: number[] = [];
  for (const price of prices) {
    const { procedureId } = await addProcedure(t, c, { price });
    ids.push((await createProcedure(t, c, { patientId: pid, procedureId, status })).id);
  }
  return { patientId: pid, procedureIds: ids };
}

/** SaveProcedurePayment's body with the clinic's defaults. */
export const payBody = (c: TestClinic, typeId: number, body: Record<string, unknown>) => ({
  ledgerType: 'LT1', branchId: c.branchId, paymentTypeId: typeId, ...body,
});

export async function pay(t: TestApp, c: TestClinic, typeId: number, body: Record<string, unknown>, token = c.token) {
  return expectOk<{ id: number; receiptNo: number; allocations: Array<{ patientProcedureId: number; amount: string }> }>(
    api(t, token).post(PAY.saveProcedurePayment, payBody(c, typeId, body)),
  );
}

export async function balanceOf(t: TestApp, c: TestClinic, patientId: number, token = c.token) {
  return (await expectOk<{ balance: Record<string, string> }>(api(t, token).get(callPath(patientsCalls.getPPW), { id: patientId }))).balance;
}

/** expectError with the answer's `data` (max_amount_exceeded's maximum). */
export const expectError = async (call: Promise<LightMyRequestResponse>, status: number, code: string) =>
  (await expectErrorBase(call, status, code)) as { code: string; message: string; errors?: Record<string, string>; data?: Record<string, string> };
