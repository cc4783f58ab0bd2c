import {
  currencyDecimals,
  type AddPatientToBranchInput,
  type ErrorCode,
  type PatientDetails,
  type PatientHeader,
  type SavePatientInput,
  nationalIdIssue,
  normalizeName,
} from '@dental/contract';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { branches } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { checkAccess } from '../../platform/calls.js';
import { lockKeys } from '../../platform/db/locks.js';
import { nextNumber } from '../../platform/db/counters.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { fileUrl } from '../../platform/files/images.js';
import { clinicLookups } from '../lookups/lookups.table.js';
import { insuranceCompanies } from '../insurance/insurance.table.js';
import { patientBalance } from '../payments/payments.sql.js';
import { e164Mobile } from './patient-mobile.js';
import { type PatientScope, assertPatientsInScope, findPatient, visiblePatients } from './patient-guard.js';
import { refreshSearchWords } from './search-words.js';
import { patientBranches, patients } from './patients.table.js';

type PatientRow = typeof patients.$inferSelect;

/**
 * Checks a module may add before a patient is deleted (billing: money owed, credit or paid in advance →
 * patient_negative_balance).
 * Each returns the refusal's code, or null.
 */
export type PatientDeleteCheck = (tx: Tx, clinicId: number, patientId: number) => Promise<ErrorCode | null>;
export const patientDeleteChecks: PatientDeleteCheck[] = [];

const num = (v: string | null) => (v === null ? null : Number(v));

export async function getPatient(tx: Tx, scope: PatientScope, id: number): Promise<PatientDetails> {
  const { clinicId } = scope;
  const row = await findPatient(tx, scope, id);
  const [parent] = row.parentId
    ? await tx
        .select({ id: patients.id, name: patients.name, code: patients.code, mobile: patients.mobile })
        .from(patients)
        .where(and(eq(patients.clinicId, clinicId), eq(patients.id, row.parentId)))
    : [];
  const [company] = row.insuranceCompanyId
    ? await tx
        .select({ id: insuranceCompanies.id, name: insuranceCompanies.name })
        .from(insuranceCompanies)
        .where(and(eq(insuranceCompanies.clinicId, clinicId), eq(insuranceCompanies.id, row.insuranceCompanyId)))
    : [];
  const branchRows = await tx
    .select({ branchId: patientBranches.branchId })
    .from(patientBranches)
    .where(and(eq(patientBranches.clinicId, clinicId), eq(patientBranches.patientId, id)));
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    mobile: row.mobile,
    parent: parent ?? null,
    relativeTypeId: row.relativeTypeId,
    maritalStatus: row.maritalStatus as PatientDetails['maritalStatus'],
    occupationId: row.occupationId,
    nationalityId: row.nationalityId,
    employer: row.employer,
    nationalId: row.nationalId,
    email: row.email,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender as PatientDetails['gender'],
    latitude: num(row.latitude),
    longitude: num(row.longitude),
    smsLanguage: row.smsLanguage as PatientDetails['smsLanguage'],
    patientType: row.patientType as PatientDetails['patientType'],
    referenceId: row.referenceId,
    branchIds: branchRows.map((b) => b.branchId).sort((a, b) => a - b),
    insuranceCompany: company ?? null,
    insuranceNo: row.insuranceNo,
    policyNo: row.policyNo,
    dependentCode: row.dependentCode,
    membershipNo: row.membershipNo,
    certificateNo: row.certificateNo,
    relatedCompany: row.relatedCompany,
    insuranceStartDate: row.insuranceStartDate,
    insuranceEndDate: row.insuranceEndDate,
    photoUrl: fileUrl(row.photoKey),
    photoThumbnailUrl: fileUrl(row.photoThumbKey),
    approvalStatus: row.approvalStatus as PatientDetails['approvalStatus'],
    source: row.source as PatientDetails['source'],
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getPatientHeader(tx: Tx, scope: ClinicSession, id: number): Promise<PatientHeader> {
  const { clinicId } = scope;
  const row = await findPatient(tx, scope, id);
  const [parent] = row.parentId
    ? await tx
        .select({ id: patients.id, name: patients.name })
        .from(patients)
        .where(and(eq(patients.clinicId, clinicId), eq(patients.id, row.parentId)))
    : [];
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    mobile: row.mobile,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender as PatientHeader['gender'],
    patientType: row.patientType as PatientHeader['patientType'],
    photoUrl: fileUrl(row.photoKey),
    photoThumbnailUrl: fileUrl(row.photoThumbKey),
    approvalStatus: row.approvalStatus as PatientHeader['approvalStatus'],
    isActive: row.isActive,
    parent: parent ?? null,
    // billing's figures (modules/payments/payments.sql.ts): for those who may read a patient's money
    balance: scope.permissions.has('patient_procedures') || scope.permissions.has('patient_remaining_payments')
      ? await patientBalance(tx, clinicId, id, scope.clinic.currency, currencyDecimals(scope.clinic.currency))
      : null,
  };
}

/**
 * SavePatient. Creating needs patient_add, editing patient_edit. Every id it names (parent, lookups, insurance
 * company, branches) must be the clinic's; the national id's length follows the clinic's country; a new patient
 * whose normalised name exists already is refused with patient_name_exists until the caller confirms.
 * A branch-limited user edits only patients of their branches and names only their own branches or the patient's
 * current ones (else 403 BS15); the patient's branches outside theirs stay. Their new patient whose mobile is a patient's of another branch is refused
 * with patient_in_other_branch (the form offers AddPatientToBranch) unless they confirm a new patient.
 */
export async function savePatient(tx: Tx, session: ClinicSession, input: SavePatientInput) {
  const clinicId = session.clinicId;
  checkAccess(session, { permissions: [input.id ? 'patient_edit' : 'patient_add'], tier: 'ST0' });
  // locked: two saves of one patient take turns (its branch list below is a whole replacement, read then rewritten)
  const existing = input.id ? await findPatient(tx, session, input.id, true) : null;
  const idIssue = nationalIdIssue(session.clinic.countryId, input.nationalId);
  const read = input.mobile ? e164Mobile(input.mobile, session.clinic.countryId) : null;
  const mobileIssue = read && 'issue' in read ? read.issue : undefined;
  if (idIssue || mobileIssue)
    fail('validation', { ...(idIssue && { nationalId: idIssue }), ...(mobileIssue && { mobile: mobileIssue }) });
  const mobile = read && 'number' in read ? read.number : null;
  await assertReferences(tx, clinicId, input);
  if (!session.allBranches) {
    // a branch-limited user names their own branches (and may leave the patient's others in the list: they stay)
    const held = existing
      ? (
          await tx
            .select({ branchId: patientBranches.branchId })
            .from(patientBranches)
            .where(and(eq(patientBranches.clinicId, clinicId), eq(patientBranches.patientId, existing.id)))
        ).map((r) => r.branchId)
      : [];
    if (input.branchIds.some((b) => !session.branchIds.includes(b) && !held.includes(b))) fail('BS15');
  }
  const nameNormalized = normalizeName(input.name);
  if (!input.confirmDuplicateName && (!existing || existing.nameNormalized !== nameNormalized)) {
    // two saves of one name at once: the second waits for the first's commit, then sees its patient
    await lockKeys(tx, [`patient-name:${nameNormalized}`]);
    const same = await tx.$count(
      patients,
      and(
        eq(patients.clinicId, clinicId),
        eq(patients.nameNormalized, nameNormalized),
        isNull(patients.deletedAt),
        input.id ? ne(patients.id, input.id) : undefined,
      ),
    );
    if (same) fail('patient_name_exists', { name: 'patient_name_exists' });
  }
  if (!existing && mobile && !input.confirmOtherBranch && !session.allBranches) {
    const mine = visiblePatients(session)!;
    const [other] = await tx
      .select({ id: patients.id, mine: sql<boolean>`${mine}` })
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), eq(patients.mobile, mobile), isNull(patients.deletedAt)))
      .orderBy(sql`${mine} desc`)
      .limit(1);
    if (other && !other.mine) fail('patient_in_other_branch', { mobile: 'patient_in_other_branch' });
  }
  const values = {
    name: input.name,
    nameNormalized,
    mobile,
    parentId: input.parentId ?? null,
    relativeTypeId: input.relativeTypeId ?? null,
    maritalStatus: input.maritalStatus ?? null,
    occupationId: input.occupationId ?? null,
    nationalityId: input.nationalityId ?? null,
    employer: input.employer || null,
    nationalId: input.nationalId || null,
    email: input.email ?? null,
    dateOfBirth: input.dateOfBirth ?? null,
    gender: input.gender ?? null,
    latitude: input.latitude == null ? null : String(input.latitude),
    longitude: input.longitude == null ? null : String(input.longitude),
    smsLanguage: input.smsLanguage,
    patientType: input.patientType,
    referenceId: input.referenceId ?? null,
    insuranceCompanyId: input.insuranceCompanyId ?? null,
    insuranceNo: input.insuranceNo || null,
    policyNo: input.policyNo || null,
    dependentCode: input.dependentCode || null,
    membershipNo: input.membershipNo || null,
    certificateNo: input.certificateNo || null,
    relatedCompany: input.relatedCompany || null,
    insuranceStartDate: input.insuranceStartDate ?? null,
    insuranceEndDate: input.insuranceEndDate ?? null,
  };
  if (!existing) return insertPatient(tx, clinicId, { ...values, createdBy: session.userId }, input.branchIds);
  const id = existing.id;
  await tx
    .update(patients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)));
  // a branch-limited user rewrites only their own branches of the patient; the others stay
  await tx
    .delete(patientBranches)
    .where(
      and(
        eq(patientBranches.clinicId, clinicId),
        eq(patientBranches.patientId, id),
        session.allBranches ? undefined : inArray(patientBranches.branchId, [...session.branchIds]),
      ),
    );
  await tx
    .insert(patientBranches)
    .values(input.branchIds.map((branchId) => ({ clinicId, patientId: id, branchId })))
    .onConflictDoNothing();
  if (existing.nameNormalized !== nameNormalized || existing.mobile !== values.mobile)
    await refreshSearchWords(tx, clinicId, [id]);
  return { id, code: existing.code };
}

/**
 * A new patient of the clinic, whoever adds it (the staff's form, the public booking page): the next per-clinic
 * code, the folded name, the branches, and the quick search's words.
 */
export async function insertPatient(
  tx: Tx,
  clinicId: number,
  values: Omit<typeof patients.$inferInsert, 'clinicId' | 'code' | 'nameNormalized'>,
  branchIds: readonly number[],
) {
  const code = String(await nextNumber(tx, clinicId, 'patient'));
  const [created] = await tx
    .insert(patients)
    .values({ ...values, clinicId, code, nameNormalized: normalizeName(values.name) })
    .returning({ id: patients.id });
  const id = created!.id;
  if (branchIds.length) await tx.insert(patientBranches).values(branchIds.map((branchId) => ({ clinicId, patientId: id, branchId })));
  await refreshSearchWords(tx, clinicId, [id]);
  return { id, code };
}

/** Every id the form names belongs to the clinic (and the lookups to the right list); else a field error. */
async function assertReferences(tx: Tx, clinicId: number, input: SavePatientInput) {
  const errors: Record<string, ErrorCode> = {};
  if (input.parentId) {
    const [parent] = await tx
      .select({ id: patients.id, parentId: patients.parentId })
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, input.parentId), isNull(patients.deletedAt)));
    // a house head is a patient of the clinic, and not one of this patient's own dependants (no cycles)
    if (!parent || (input.id && parent.parentId === input.id)) errors.parentId = 'field_invalid';
  }
  const lookups: Array<[keyof SavePatientInput, number | null | undefined, string]> = [
    ['relativeTypeId', input.relativeTypeId, 'RelativeType'],
    ['occupationId', input.occupationId, 'Occupation'],
    ['nationalityId', input.nationalityId, 'Nationality'],
    ['referenceId', input.referenceId, 'PatientReference'],
  ];
  for (const [field, value, group] of lookups) {
    if (!value) continue;
    const n = await tx.$count(
      clinicLookups,
      and(eq(clinicLookups.clinicId, clinicId), eq(clinicLookups.id, value), eq(clinicLookups.groupName, group)),
    );
    if (!n) errors[field] = 'field_invalid';
  }
  if (input.insuranceCompanyId) {
    const n = await tx.$count(
      insuranceCompanies,
      and(eq(insuranceCompanies.clinicId, clinicId), eq(insuranceCompanies.id, input.insuranceCompanyId)),
    );
    if (!n) errors.insuranceCompanyId = 'field_invalid';
  }
  const branchIds = [...new Set(input.branchIds)];
  const known = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.clinicId, clinicId), inArray(branches.id, branchIds)));
  if (known.length !== branchIds.length) errors.branchIds = 'field_invalid';
  input.branchIds = branchIds;
  if (Object.keys(errors).length) fail('validation', errors);
}

/**
 * AddPatientToBranch: every live patient of the clinic whose mobile is exactly this one joins the branch (the
 * request's unless named; one the user works in, else 403 BS15). None: 404 patient_not_found. Adding twice is
 * harmless (the row exists: nothing happens).
 */
export async function addPatientToBranch(tx: Tx, session: ClinicSession, input: AddPatientToBranchInput) {
  const { clinicId } = session;
  const branchId = input.branchId ?? session.branchId;
  if (branchId == null || !session.branchIds.includes(branchId)) return fail('BS15');
  const read = e164Mobile(input.mobile, session.clinic.countryId);
  if ('issue' in read) return fail('validation', { mobile: read.issue });
  const found = await tx
    .select({ id: patients.id, code: patients.code, name: patients.name })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.mobile, read.number), isNull(patients.deletedAt)))
    .orderBy(asc(patients.id));
  if (!found.length) return fail('patient_not_found');
  await tx
    .insert(patientBranches)
    .values(found.map((p) => ({ clinicId, patientId: p.id, branchId })))
    .onConflictDoNothing();
  return { items: found };
}

/** Soft-deletes a patient unless a module objects (billing: money owed, credit or paid in advance). */
export async function deletePatient(tx: Tx, scope: PatientScope, id: number) {
  const { clinicId } = scope;
  await findPatient(tx, scope, id);
  for (const check of patientDeleteChecks) {
    const refusal = await check(tx, clinicId, id);
    if (refusal) fail(refusal);
  }
  await tx
    .update(patients)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)));
  await refreshSearchWords(tx, clinicId, [id]);
  return { ok: true as const };
}

/** Activates or deactivates patients of the clinic; ids that are not the clinic's patients are a 404. */
export async function updatePatientsStatus(tx: Tx, scope: PatientScope, ids: number[], isActive: boolean) {
  const { clinicId } = scope;
  const unique = [...new Set(ids)];
  await assertPatientsInScope(tx, scope, unique);
  const updated = await tx
    .update(patients)
    .set({ isActive, updatedAt: new Date() })
    .where(and(eq(patients.clinicId, clinicId), inArray(patients.id, unique), isNull(patients.deletedAt)))
    .returning({ id: patients.id });
  if (updated.length !== unique.length) fail('patient_not_found');
  return { updated: updated.length };
}

export type { PatientRow };
