import { callPath, invoiceCalls, printCalls } from '@dental/contract';
import { type TestApp, type TestClinic, newPatient } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { clinicLookups } from '../lookups/index.js';
import { patientProcedures } from '../patient-procedures/index.js';
import { addProcedure } from '../patient-procedures/patient-procedures-test-kit.js';

/** Shared by the invoices' and print settings' integration tests: paths and direct set-up. */
export const PATH = Object.fromEntries(
  Object.entries({ ...invoiceCalls, ...printCalls }).map(([name, d]) => [name, callPath(d)]),
) as Record<keyof typeof invoiceCalls | keyof typeof printCalls, string>;

export { addBranch, addUser, addUserToBranch, setClinic } from '../patient-procedures/patient-procedures-test-kit.js';
export { expectError, expectOk } from '../scheduler/scheduler-test-kit.js';

/**
 * A patient procedure written straight to the database with exactly these amounts (price, discount, the insurer's
 * share), on a new catalogue procedure; returns its id.
 */
export async function billable(
  t: TestApp,
  c: TestClinic,
  patientId: number,
  amounts: { price: string; discount?: string; insuranceShare?: string; status?: string; branchId?: number; teeth?: Array<{ tooth: number; surfaces: string[] }> },
) {
  const { procedureId } = await addProcedure(t, c);
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [row] = await tx
      .insert(patientProcedures)
      .values({
        clinicId: c.clinicId,
        patientId,
        branchId: amounts.branchId ?? c.branchId,
        procedureId,
        doctorId: c.ownerId,
        status: amounts.status ?? 'S3',
        price: amounts.price,
        discount: amounts.discount ?? '0',
        insuranceShare: amounts.insuranceShare ?? '0',
        teeth: amounts.teeth ?? [],
      })
      .returning({ id: patientProcedures.id });
    return row!.id;
  });
}

/** A Nationality lookup of the clinic; returns its id. */
export async function nationality(t: TestApp, c: TestClinic, nameAr: string, nameEn: string) {
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [row] = await tx
      .insert(clinicLookups)
      .values({ clinicId: c.clinicId, groupName: 'Nationality', nameAr, nameEn })
      .returning({ id: clinicLookups.id });
    return row!.id;
  });
}

export { newPatient };
