import { type PermissionKey, callPath, patientProceduresCalls } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { type TestApp, type TestClinic, api, newPatient, newUser } from '../../../test/harness.js';
import { branches, clinics, userBranches } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { insuranceCompanies } from '../insurance/index.js';
import { patientLimits } from '../patients/index.js';
import { priceListProcedures, procedures, treatmentBranches } from '../treatments/index.js';
import { expectOk, userIdOf } from '../scheduler/scheduler-test-kit.js';
import { patientProcedures } from './patient-procedures.table.js';

/** Shared by the patient procedures' integration tests: paths, a clinic with a catalogue, direct set-up. */
export const PATH = Object.fromEntries(Object.entries(patientProceduresCalls).map(([name, d]) => [name, callPath(d)])) as Record<
  keyof typeof patientProceduresCalls,
  string
>;

// the scheduler's kit has the same small helpers: one copy
export { expectError, expectOk, userIdOf } from '../scheduler/scheduler-test-kit.js';

let seq = 0;

/** A procedure of the catalogue (in a new treatment branch) listed in `branchId`'s price list at these prices. */
export async function addProcedure(
  t: TestApp,
  c: TestClinic,
  opts: { price?: string; insurancePrice?: string; toothSelection?: 'none' | 'tooth' | 'surface'; branchId?: number | null; isActive?: boolean } = {},
) {
  const n = `${Date.now().toString(36)}${seq++}`;
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [tb] = await tx
      .insert(treatmentBranches)
      .values({ clinicId: c.clinicId, nameAr: `علاج الجذور ${n}`, nameEn: `Endodontics ${n}` })
      .returning({ id: treatmentBranches.id });
    const [p] = await tx
      .insert(procedures)
      .values({
        clinicId: c.clinicId,
        treatmentBranchId: tb!.id,
        nameAr: `علاج عصب ${n}`,
        nameEn: `Root canal ${n}`,
        code: `D${n}`,
        price: '999',
        insurancePrice: '999',
        toothSelection: opts.toothSelection ?? 'tooth',
        isActive: opts.isActive ?? true,
      })
      .returning({ id: procedures.id });
    if (opts.branchId !== null)
      await tx.insert(priceListProcedures).values({
        clinicId: c.clinicId,
        branchId: opts.branchId ?? c.branchId,
        procedureId: p!.id,
        price: opts.price ?? '1500',
        insurancePrice: opts.insurancePrice ?? '1200',
      });
    return { procedureId: p!.id, treatmentBranchId: tb!.id, nameEn: `Root canal ${n}` };
  });
}

export async function setClinic(t: TestApp, c: TestClinic, values: Partial<typeof clinics.$inferInsert>) {
  await t.database.db.update(clinics).set(values).where(eq(clinics.id, c.clinicId));
}

/** A second branch of the clinic (the owner works in every branch). */
export async function addBranch(t: TestApp, c: TestClinic, name = `Branch ${seq++}`) {
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [b] = await tx.insert(branches).values({ clinicId: c.clinicId, name }).returning({ id: branches.id });
    return b!.id;
  });
}

export async function addUserToBranch(t: TestApp, c: TestClinic, userId: number, branchId: number) {
  await withTenant(t.database.db, c.clinicId, (tx) => tx.insert(userBranches).values({ clinicId: c.clinicId, userId, branchId }));
}

/** A user with these keys (acting as baseRole) and their id. */
export async function addUser(t: TestApp, c: TestClinic, keys: readonly PermissionKey[], baseRole: Parameters<typeof newUser>[3] = 'RL3') {
  const token = await newUser(t, c, keys, baseRole);
  return { token, id: userIdOf(token) };
}

/** An insurance company of the clinic and a patient insured by it. */
export async function insuredPatient(t: TestApp, c: TestClinic, company: { requiresApproval?: boolean; coveragePercentage?: string } = {}) {
  const companyId = await withTenant(t.database.db, c.clinicId, async (tx) => {
    const [row] = await tx
      .insert(insuranceCompanies)
      .values({ clinicId: c.clinicId, name: `Insurer ${Date.now()}${seq++}`, ...company })
      .returning({ id: insuranceCompanies.id });
    return row!.id;
  });
  const patientId = await newPatient(t, c, { insuranceCompanyId: companyId });
  return { companyId, patientId };
}

export async function addLimit(t: TestApp, c: TestClinic, patientId: number, amount: string, insuranceCompanyId: number | null = null) {
  await withTenant(t.database.db, c.clinicId, (tx) =>
    tx.insert(patientLimits).values({ clinicId: c.clinicId, patientId, title: 'Annual', amount, insuranceCompanyId }),
  );
}

export const rowOf = (t: TestApp, c: TestClinic, id: number) =>
  withTenant(t.database.db, c.clinicId, async (tx) => {
    const [row] = await tx
      .select()
      .from(patientProcedures)
      .where(and(eq(patientProcedures.clinicId, c.clinicId), eq(patientProcedures.id, id)));
    return row;
  });

/** Creates a patient procedure through the API as `token`; returns { id, version }. */
export async function createProcedure(
  t: TestApp,
  c: TestClinic,
  input: { patientId: number; procedureId: number } & Record<string, unknown>,
  token = c.token,
) {
  return expectOk<{ id: number; version: number; offerAppointment: boolean; insuranceLimitWarning: unknown }>(
    api(t, token).post(PATH.savePatientProcedure, {
      branchId: c.branchId,
      doctorId: c.ownerId,
      teeth: [{ tooth: 36, surfaces: ['O'] }],
      ...input,
    }),
  );
}
