import {
  PATIENT_COUNT_CAP,
  type PatientListItem,
  type PatientSortField,
  type SearchPatientsInput,
  normalizeName,
} from '@dental/contract';
import { type AnyColumn, type SQL, and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { listResult, orderBy, pageWindow } from '../../platform/db/list-query.js';
import { type PatientScope, assertPatientsInScope, visiblePatients } from './patient-guard.js';
import { quickSearch, refreshSearchWords, searchByWords } from './search-words.js';
import { insuranceCompanies } from '../insurance/insurance.table.js';
import { patientBranches, patients } from './patients.table.js';

const SORT: Record<PatientSortField, AnyColumn | SQL> = {
  name: patients.nameNormalized,
  code: sql`length(${patients.code}), ${patients.code}`,
  // ids grow with creation, and rows added in one transaction share created_at
  createdAt: patients.id,
  dateOfBirth: patients.dateOfBirth,
};

const parent = alias(patients, 'parent');

/** The filters shared by the patients list and the waiting list, within the patients the user may see. */
function filters(scope: PatientScope, timeZone: string, input: Omit<SearchPatientsInput, 'isActive'> & { isActive?: boolean }) {
  const { clinicId } = scope;
  const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [
    eq(patients.clinicId, clinicId),
    isNull(patients.deletedAt),
    visiblePatients(scope),
    quickSearch(clinicId, input.search),
    input.patientType ? eq(patients.patientType, input.patientType) : undefined,
    input.gender ? eq(patients.gender, input.gender) : undefined,
    input.insuranceCompanyId ? eq(patients.insuranceCompanyId, input.insuranceCompanyId) : undefined,
    input.referenceId ? eq(patients.referenceId, input.referenceId) : undefined,
    input.isActive === undefined ? undefined : eq(patients.isActive, input.isActive),
    input.branchId
      ? sql`exists (select 1 from ${patientBranches} where ${patientBranches.clinicId} = ${patients.clinicId}
              and ${patientBranches.patientId} = ${patients.id} and ${patientBranches.branchId} = ${input.branchId})`
      : undefined,
    // the clinic's days: created_at compared in the clinic's time zone
    input.createdFrom ? gte(patients.createdAt, sql`(${input.createdFrom}::date)::timestamp at time zone ${timeZone}`) : undefined,
    input.createdTo ? lt(patients.createdAt, sql`(${dayAfter(input.createdTo)}::date)::timestamp at time zone ${timeZone}`) : undefined,
  ];
}

const withJoins = (tx: Tx) =>
  tx
    .select({ p: patients, parentName: parent.name, insuranceCompanyName: insuranceCompanies.name })
    .from(patients)
    .leftJoin(parent, and(eq(parent.clinicId, patients.clinicId), eq(parent.id, patients.parentId)))
    .leftJoin(
      insuranceCompanies,
      and(eq(insuranceCompanies.clinicId, patients.clinicId), eq(insuranceCompanies.id, patients.insuranceCompanyId)),
    );

/** The list rows of these patients, in this order. */
async function pageOf(tx: Tx, clinicId: number, ids: number[], total: number, input: { page: number; pageSize: number }) {
  if (!ids.length) return { ...listResult([], total, input), totalCapped: false };
  const rows = await withJoins(tx).where(and(eq(patients.clinicId, clinicId), inArray(patients.id, ids)));
  const byId = new Map(rows.map((r) => [r.p.id, r]));
  return { ...listResult(ids.map((id) => toListItem(byId.get(id)!)), total, input), totalCapped: false };
}

async function list(
  tx: Tx,
  scope: PatientScope,
  where: SQL | undefined,
  input: SearchPatientsInput | Omit<SearchPatientsInput, 'isActive'>,
  defaultSort: PatientSortField,
  /** The approved patients' list (PostSearchPatients), not the waiting list. */
  approvedOnly: boolean,
) {
  const { clinicId } = scope;
  const { limit, offset } = pageWindow(input);
  const field = input.sortField ?? defaultSort;
  const order = input.sortField ? input.sortOrder : defaultSort === 'createdAt' ? 'descend' : 'ascend';
  const sorted = orderBy(SORT[field], order, patients.id);
  const filtered = Object.entries(input).some(
    ([k, v]) => v !== undefined && !['search', 'sortField', 'sortOrder', 'page', 'pageSize'].includes(k),
  );
  if (input.search && field === 'name' && !filtered && approvedOnly && scope.allBranches) {
    // no filter, every branch: the words index finds, sorts, counts and pages the matches; only the page's patients are read
    const found = await searchByWords(tx, clinicId, input.search, { limit, offset, descending: order === 'descend' });
    return pageOf(tx, clinicId, found.ids, found.total, input);
  }
  if (input.search) {
    // a search reads its matches once: the page's ids and their count in one pass (window count), then the rows
    const page = await tx
      .select({ id: patients.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(patients)
      .where(where)
      .orderBy(...sorted)
      .limit(limit)
      .offset(offset);
    if (page.length) return pageOf(tx, clinicId, page.map((r) => r.id), page[0]!.total, input);
  }
  const rows = await withJoins(tx).where(where).orderBy(...sorted).limit(limit).offset(offset);
  // counting stops past the cap: a count of 100,000 rows would cost more than the page itself
  const [counted] = await tx
    .select({ n: count() })
    .from(tx.select({ one: sql`1` }).from(patients).where(where).limit(PATIENT_COUNT_CAP + 1).as('matches'));
  const totalCapped = counted!.n > PATIENT_COUNT_CAP;
  return { ...listResult(rows.map(toListItem), totalCapped ? PATIENT_COUNT_CAP : counted!.n, input), totalCapped };
}

export const toListItem = (r: { p: typeof patients.$inferSelect; parentName: string | null; insuranceCompanyName: string | null }): PatientListItem => ({
  id: r.p.id,
  code: r.p.code,
  name: r.p.name,
  mobile: r.p.mobile,
  parentName: r.parentName,
  dateOfBirth: r.p.dateOfBirth,
  gender: r.p.gender as PatientListItem['gender'],
  patientType: r.p.patientType as PatientListItem['patientType'],
  nationalId: r.p.nationalId,
  insuranceCompanyName: r.insuranceCompanyName,
  approvalStatus: r.p.approvalStatus as PatientListItem['approvalStatus'],
  source: r.p.source as PatientListItem['source'],
  isActive: r.p.isActive,
  createdAt: r.p.createdAt.toISOString(),
});

/** PostSearchPatients: approved patients (website patients waiting for approval are on /NewPatientsList). */
export async function searchPatients(tx: Tx, scope: PatientScope, timeZone: string, input: SearchPatientsInput) {
  const where = and(...filters(scope, timeZone, input), eq(patients.approvalStatus, 'approved'));
  return list(tx, scope, where, input, input.search ? 'name' : 'createdAt', true);
}

/** GetPatientsApproved: website patients waiting for approval, oldest first. */
export async function waitingPatients(tx: Tx, scope: PatientScope, timeZone: string, input: Omit<SearchPatientsInput, 'isActive'>) {
  const where = and(...filters(scope, timeZone, input), eq(patients.approvalStatus, 'waiting'));
  return list(tx, scope, where, { ...input, sortOrder: input.sortOrder ?? 'ascend' }, 'createdAt', false);
}

/** GetPatientSearchByName: up to 20 approved, active patients for a picker, names starting with the text first. */
export async function pickPatients(tx: Tx, scope: PatientScope, search: string, excludeId?: number) {
  const { clinicId } = scope;
  const folded = normalizeName(search);
  const rows = await tx
    .select({
      id: patients.id,
      code: patients.code,
      name: patients.name,
      mobile: patients.mobile,
      patientType: patients.patientType,
    })
    .from(patients)
    .where(
      and(
        eq(patients.clinicId, clinicId),
        isNull(patients.deletedAt),
        eq(patients.isActive, true),
        eq(patients.approvalStatus, 'approved'),
        quickSearch(clinicId, search),
        visiblePatients(scope),
        excludeId ? sql`${patients.id} <> ${excludeId}` : undefined,
      ),
    )
    .orderBy(sql`${patients.nameNormalized} like ${`${folded.replace(/[\\%_]/g, '\\$&')}%`} desc`, patients.nameNormalized, patients.id)
    .limit(20);
  return { items: rows.map((r) => ({ ...r, patientType: r.patientType as PatientListItem['patientType'] })) };
}

/** PostPatientsApproved: the waiting patients become approved; an id that is not waiting is refused. */
export async function approvePatients(tx: Tx, scope: PatientScope, ids: number[]) {
  const { clinicId } = scope;
  const unique = [...new Set(ids)];
  await assertPatientsInScope(tx, scope, unique);
  const updated = await tx
    .update(patients)
    .set({ approvalStatus: 'approved', updatedAt: new Date() })
    .where(
      and(
        eq(patients.clinicId, clinicId),
        inArray(patients.id, unique),
        eq(patients.approvalStatus, 'waiting'),
        isNull(patients.deletedAt),
      ),
    )
    .returning({ id: patients.id });
  await refreshSearchWords(tx, clinicId, updated.map((r) => r.id));
  if (updated.length !== unique.length) {
    const known = await tx.$count(patients, and(eq(patients.clinicId, clinicId), inArray(patients.id, unique), isNull(patients.deletedAt)));
    return fail(known === unique.length ? 'patient_not_waiting' : 'patient_not_found');
  }
  return { updated: updated.length };
}
