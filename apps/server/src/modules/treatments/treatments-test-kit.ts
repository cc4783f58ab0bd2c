import { callPath, treatmentsCalls } from '@dental/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type TestApp, type TestClinic, api } from '../../../test/harness.js';
import { branches, clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';

/* Helpers shared by the treatments module's tests. */

export const P = Object.fromEntries(
  Object.entries(treatmentsCalls).map(([name, d]) => [name, callPath(d)]),
) as Record<keyof typeof treatmentsCalls, string>;

export async function expectError(call: Promise<LightMyRequestResponse>, status: number, code: string) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(code);
  return res.json() as { code: string; message: string; errors?: Record<string, string> };
}

let n = 0;
/** A treatment branch of the clinic, saved through the API; returns its id. */
export async function addTreatmentBranch(t: TestApp, token: string, nameEn = `Branch ${++n}`, extra: Record<string, unknown> = {}) {
  const res = await api(t, token).post(P.saveTreatment, { nameAr: `فرع ${nameEn}`, nameEn, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

/** A procedure of the catalogue, saved through the API; returns its id. */
export async function addProcedure(
  t: TestApp,
  token: string,
  treatmentBranchId: number,
  nameEn = `Procedure ${++n}`,
  extra: Record<string, unknown> = {},
) {
  const res = await api(t, token).post(P.saveProcedure, {
    treatmentBranchId, nameAr: `إجراء ${nameEn}`, nameEn, price: '100', insurancePrice: '120', ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

/** Another clinic branch, written straight to the database; returns its id. */
export async function addClinicBranch(t: TestApp, c: TestClinic, name = `Branch ${++n}`) {
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [b] = await tx.insert(branches).values({ clinicId: c.clinicId, name }).returning({ id: branches.id });
    return b!.id;
  });
}

export async function setCurrency(t: TestApp, c: TestClinic, currency: string) {
  await t.database.db.update(clinics).set({ currency }).where(eq(clinics.id, c.clinicId));
}
