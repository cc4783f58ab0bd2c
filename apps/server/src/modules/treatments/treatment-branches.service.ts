import type {
  SaveTreatmentInput,
  TreatmentBranchItem,
  TreatmentBranchListInput,
  TreatmentBranchSortField,
} from '@dental/contract';
import { type AnyColumn, type SQL, and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';
import { procedures, treatmentBranches } from './treatments.table.js';

/** Written out in full: drizzle leaves the table name off columns of a query without joins. */
const procedureCount = sql<number>`(select count(*) from ${procedures} p
  where p.clinic_id = "treatment_branches"."clinic_id" and p.treatment_branch_id = "treatment_branches"."id")`.mapWith(Number);

const SORT: Record<TreatmentBranchSortField, AnyColumn | SQL> = {
  sortOrder: treatmentBranches.sortOrder,
  nameAr: lowerOf(treatmentBranches.nameAr),
  nameEn: lowerOf(treatmentBranches.nameEn),
  procedureCount,
  createdAt: treatmentBranches.createdAt,
};

const columns = {
  id: treatmentBranches.id,
  nameAr: treatmentBranches.nameAr,
  nameEn: treatmentBranches.nameEn,
  nameFr: treatmentBranches.nameFr,
  isActive: treatmentBranches.isActive,
  sortOrder: treatmentBranches.sortOrder,
  procedureCount,
  createdAt: treatmentBranches.createdAt,
};
const toItem = (row: { createdAt: Date } & Omit<TreatmentBranchItem, 'createdAt'>): TreatmentBranchItem => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

const byId = (clinicId: number, id: number) => and(eq(treatmentBranches.clinicId, clinicId), eq(treatmentBranches.id, id));

/** The clinic's treatment branches: in their order (then Arabic name) unless another sort is asked for. */
export async function listTreatmentBranches(tx: Tx, clinicId: number, input: TreatmentBranchListInput) {
  const where = and(
    eq(treatmentBranches.clinicId, clinicId),
    searchIn(input.search, treatmentBranches.nameAr, treatmentBranches.nameEn, treatmentBranches.nameFr),
    input.activeOnly ? eq(treatmentBranches.isActive, true) : undefined,
  );
  const order = input.sortField
    ? orderBy(SORT[input.sortField], input.sortOrder, treatmentBranches.id)
    : [asc(treatmentBranches.sortOrder), ...orderBy(SORT.nameAr, input.sortOrder, treatmentBranches.id)];
  const { limit, offset } = pageWindow(input);
  const rows = await tx.select(columns).from(treatmentBranches).where(where).orderBy(...order).limit(limit).offset(offset);
  return listResult(rows.map(toItem), await tx.$count(treatmentBranches, where), input);
}

export async function getTreatmentBranch(tx: Tx, clinicId: number, id: number): Promise<TreatmentBranchItem> {
  const [row] = await tx.select(columns).from(treatmentBranches).where(byId(clinicId, id));
  return row ? toItem(row) : fail('not_found');
}

/** The active treatment branches for a dropdown, in their order. */
export async function activeTreatmentBranches(tx: Tx, clinicId: number) {
  const items = await tx
    .select({ id: treatmentBranches.id, nameAr: treatmentBranches.nameAr, nameEn: treatmentBranches.nameEn, nameFr: treatmentBranches.nameFr })
    .from(treatmentBranches)
    .where(and(eq(treatmentBranches.clinicId, clinicId), eq(treatmentBranches.isActive, true)))
    .orderBy(asc(treatmentBranches.sortOrder), lowerOf(treatmentBranches.nameEn), asc(treatmentBranches.id));
  return { items };
}

/** Creates the treatment branch when input.id is absent, else updates it; names another branch uses are refused. */
export async function saveTreatmentBranch(tx: Tx, clinicId: number, input: SaveTreatmentInput) {
  if (input.id) await getTreatmentBranch(tx, clinicId, input.id);
  await assertNamesFree(
    tx,
    treatmentBranches,
    and(eq(treatmentBranches.clinicId, clinicId), input.id ? ne(treatmentBranches.id, input.id) : undefined),
    { nameAr: [treatmentBranches.nameAr, input.nameAr], nameEn: [treatmentBranches.nameEn, input.nameEn] },
  );
  const values = { nameAr: input.nameAr, nameEn: input.nameEn, nameFr: input.nameFr, isActive: input.isActive, sortOrder: input.sortOrder };
  if (input.id) {
    await tx.update(treatmentBranches).set({ ...values, updatedAt: new Date() }).where(byId(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx.insert(treatmentBranches).values({ clinicId, ...values }).returning({ id: treatmentBranches.id });
  return { id: created!.id };
}

/**
 * Deletes a treatment branch without procedures (409 treatment_branch_in_use otherwise). The row is locked first, so
 * a procedure saved into it at the same time either lands before (and is counted) or waits and then fails its key.
 */
export async function deleteTreatmentBranch(tx: Tx, clinicId: number, id: number) {
  const [row] = await tx.select({ id: treatmentBranches.id }).from(treatmentBranches).where(byId(clinicId, id)).for('update');
  if (!row) return fail('not_found');
  const used = await tx.$count(procedures, and(eq(procedures.clinicId, clinicId), eq(procedures.treatmentBranchId, id)));
  if (used) fail('treatment_branch_in_use');
  await tx.delete(treatmentBranches).where(byId(clinicId, id));
  return { ok: true as const };
}

