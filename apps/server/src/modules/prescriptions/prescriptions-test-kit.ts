import { callPath, prescriptionCalls } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type TestApp, type TestClinic, api } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { rowsOf } from './drug-lines.js';

export { expectError, expectOk } from '../scheduler/scheduler-test-kit.js';

/** Shared by the prescriptions' integration tests: paths, a drug of the clinic's list, saves. */
export const RX = Object.fromEntries(Object.entries(prescriptionCalls).map(([name, d]) => [name, callPath(d)])) as Record<
  keyof typeof prescriptionCalls,
  string
>;

/** The id of a drug of the clinic's list (new clinics start with STARTER_DRUGS). */
export async function drugId(t: TestApp, c: TestClinic, name = 'Amoxicillin') {
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from medical_products where clinic_id = ${c.clinicId} and name = ${name}`),
    );
    return Number(row!.id);
  });
}

export const typedLine = (drugName = 'Chlorhexidine mouthwash', extra: Record<string, unknown> = {}) => ({
  drugName,
  dosage: '10 ml',
  duration: '7 days',
  timesPerDay: 2,
  mealTiming: 'after',
  ...extra,
});

/** Saves a prescription as the clinic's owner (a doctor) and answers its id. */
export async function savePrescription(t: TestApp, c: TestClinic, patientId: number, body: Record<string, unknown> = {}, token = c.token) {
  const res = await api(t, token).post(RX.save, { patientId, branchId: c.branchId, drugs: [typedLine()], ...body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
}

/** A published prescription of the patient with one typed drug. */
export const publishedPrescription = (t: TestApp, c: TestClinic, patientId: number, body: Record<string, unknown> = {}) =>
  savePrescription(t, c, patientId, { status: 'published', ...body });

/** The rows of a prescription and its lines as stored (to check that nothing changed). */
export async function storedPrescription(t: TestApp, c: TestClinic, id: number) {
  return withTenant(t.database.db, c.clinicId, async (tx) => ({
    row: rowsOf(await tx.execute(sql`select * from prescriptions where clinic_id = ${c.clinicId} and id = ${id}`)),
    lines: rowsOf(await tx.execute(sql`select * from prescription_drugs where clinic_id = ${c.clinicId} and prescription_id = ${id} order by id`)),
  }));
}
