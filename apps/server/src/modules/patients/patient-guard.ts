import { type SQL, type SQLWrapper, and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { runBuiltSelect } from '../../platform/db/json-list.js';
import { fail } from '../../platform/errors.js';
import { patientBranches, patients } from './patients.table.js';

/**
 * Who may see which patients: a user sees the patients of the branches they work in (a patient belongs to one or
 * more branches, `patient_branches`); the owner and users who work in every branch see every patient of the clinic.
 * The same rule as appointments (only the branches the user may work in).
 */
export type PatientScope = Pick<ClinicSession, 'clinicId' | 'branchIds' | 'allBranches'>;

/**
 * The patient is in one of the branches of a bigint[] value (a placeholder of a statement built once per shape, see
 * runBuilt): the user's branches when the user does not see every branch.
 */
export const inBranches = (branchIds: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${patientBranches} where ${patientBranches.clinicId} = ${patients.clinicId}
    and ${patientBranches.patientId} = ${patients.id} and ${patientBranches.branchId} = any(${branchIds}::bigint[]))`;

/** The condition on `patients` for a branch-limited user (a patient of one of their branches); none when they see all. */
export function visiblePatients(scope: PatientScope): SQL | undefined {
  if (scope.allBranches) return undefined;
  if (!scope.branchIds.length) return sql`false`;
  return sql`exists (select 1 from ${patientBranches} where ${patientBranches.clinicId} = ${patients.clinicId}
    and ${patientBranches.patientId} = ${patients.id} and ${patientBranches.branchId} in (${sql.join(
      scope.branchIds.map((b) => sql`${b}`),
      sql`, `,
    )}))`;
}

/**
 * Refuses (403 BS15) when any of these patients of the clinic is in none of the user's branches. Ids that are not
 * the clinic's patients are left to the caller (404).
 */
export async function assertPatientsInScope(tx: Tx, scope: PatientScope, patientIds: readonly number[]) {
  if (scope.allBranches || !patientIds.length) return;
  const [outside] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.clinicId, scope.clinicId),
        inArray(patients.id, [...new Set(patientIds)]),
        isNull(patients.deletedAt),
        sql`not ${visiblePatients(scope)}`,
      ),
    )
    .limit(1);
  if (outside) fail('BS15');
}

/**
 * The patient `patientId` of the clinic, not deleted; anything else (another clinic's id, a deleted or merged
 * patient) is 404 patient_not_found, and a patient of none of the user's branches is 403 BS15. Every call on a
 * patient's records starts with it. With `lock`, the patient's row is locked (FOR UPDATE) until the transaction
 * ends: a whole replacement of something of the patient's (its branch list) takes turns with another.
 */
export async function findPatient(tx: Tx, scope: PatientScope, patientId: number, lock = false) {
  // built once per shape (who the user sees, locked or not) and run prepared: every call on a patient sends it first
  const shape = scope.allBranches ? 'all' : scope.branchIds.length ? 'branches' : 'none';
  const [row] = await runBuiltSelect<{ patient: typeof patients.$inferSelect; inScope: boolean }>(
    tx,
    `find_patient_${shape}${lock ? '_lock' : ''}`,
    () => {
      const inScope =
        shape === 'all'
          ? sql<boolean>`true`
          : shape === 'none'
            ? sql<boolean>`false`
            : inBranches(sql.placeholder('branchIds'));
      const query = tx
        .select({ patient: patients, inScope })
        .from(patients)
        .where(
          and(
            eq(patients.clinicId, sql.placeholder('clinicId')),
            eq(patients.id, sql.placeholder('patientId')),
            isNull(patients.deletedAt),
          ),
        );
      return lock ? query.for('update', { of: patients }) : query;
    },
    { clinicId: scope.clinicId, patientId, branchIds: shape === 'branches' ? scope.branchIds : undefined },
  );
  if (!row) return fail('patient_not_found');
  if (!row.inScope) return fail('BS15');
  return row.patient;
}
