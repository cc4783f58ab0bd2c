import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { patients } from './patients.table.js';

/**
 * The patient `patientId` of the clinic, not deleted; anything else (another clinic's id, a deleted or merged
 * patient) is 404 patient_not_found. Every call on a patient's records starts with it.
 */
export async function findPatient(tx: Tx, clinicId: number, patientId: number) {
  const [row] = await tx
    .select()
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId), isNull(patients.deletedAt)));
  return row ?? fail('patient_not_found');
}
