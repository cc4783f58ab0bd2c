import type {
  ClinicLookupGroup,
  ClinicLookupItem,
  ClinicLookupListInput,
  ClinicLookupSortField,
  LookupOption,
  SaveClinicLookupInput,
} from '@dental/contract';
import { type AnyColumn, type SQL, and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import { clinicLookups } from './lookups.table.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';

const SORT: Record<ClinicLookupSortField, AnyColumn | SQL> = {
  sortOrder: clinicLookups.sortOrder,
  nameAr: lowerOf(clinicLookups.nameAr),
  nameEn: lowerOf(clinicLookups.nameEn),
  createdAt: clinicLookups.createdAt,
};

const toItem = (row: typeof clinicLookups.$inferSelect): ClinicLookupItem => ({
  id: row.id,
  groupName: row.groupName as ClinicLookupGroup,
  nameAr: row.nameAr,
  nameEn: row.nameEn,
  nameFr: row.nameFr,
  isActive: row.isActive,
  sortOrder: row.sortOrder,
});

const inGroup = (clinicId: number, groupName: ClinicLookupGroup) =>
  and(eq(clinicLookups.clinicId, clinicId), eq(clinicLookups.groupName, groupName));
const byId = (clinicId: number, id: number) => and(eq(clinicLookups.clinicId, clinicId), eq(clinicLookups.id, id));
/** The group's rows other than `id` (all of them for a new row): those the names must differ from. */
const othersThan = (clinicId: number, groupName: ClinicLookupGroup, id?: number) =>
  and(inGroup(clinicId, groupName), id ? ne(clinicLookups.id, id) : undefined);

/** One group's rows; by sort order (then Arabic name) unless another sort is asked for. */
export async function listClinicLookups(tx: Tx, clinicId: number, input: ClinicLookupListInput) {
  const where = and(
    inGroup(clinicId, input.groupName),
    searchIn(input.search, clinicLookups.nameAr, clinicLookups.nameEn, clinicLookups.nameFr),
  );
  const order = input.sortField
    ? orderBy(SORT[input.sortField], input.sortOrder, clinicLookups.id)
    : [asc(clinicLookups.sortOrder), ...orderBy(SORT.nameAr, undefined, clinicLookups.id)];
  const { limit, offset } = pageWindow(input);
  const rows = await tx
    .select()
    .from(clinicLookups)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return listResult(rows.map(toItem), await tx.$count(clinicLookups, where), input);
}

/** The active rows of one group, in display order, for a form's dropdown. */
export async function lookupOptions(
  tx: Tx,
  clinicId: number,
  groupName: ClinicLookupGroup,
): Promise<{ items: LookupOption[] }> {
  const items = await tx
    .select({ id: clinicLookups.id, nameAr: clinicLookups.nameAr, nameEn: clinicLookups.nameEn, nameFr: clinicLookups.nameFr })
    .from(clinicLookups)
    .where(and(inGroup(clinicId, groupName), eq(clinicLookups.isActive, true)))
    .orderBy(asc(clinicLookups.sortOrder), asc(lowerOf(clinicLookups.nameAr)), asc(clinicLookups.id));
  return { items };
}

/**
 * Creates a row of input.groupName when input.id is absent, else updates that row, which must belong to the
 * same group (a row never moves between lists). Names used by another row of the group are refused.
 */
export async function saveClinicLookup(tx: Tx, clinicId: number, input: SaveClinicLookupInput) {
  if (input.id) {
    const current = await findClinicLookup(tx, clinicId, input.id);
    if (current.groupName !== input.groupName) fail('not_found');
  }
  await assertNamesFree(tx, clinicLookups, othersThan(clinicId, input.groupName, input.id), {
    nameAr: [clinicLookups.nameAr, input.nameAr],
    nameEn: [clinicLookups.nameEn, input.nameEn],
  });
  const values = {
    nameAr: input.nameAr,
    nameEn: input.nameEn,
    nameFr: input.nameFr,
    isActive: input.isActive,
    sortOrder: input.sortOrder,
  };
  if (input.id) {
    await tx
      .update(clinicLookups)
      .set({ ...values, updatedAt: new Date() })
      .where(byId(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(clinicLookups)
    .values({ clinicId, groupName: input.groupName, ...values })
    .returning({ id: clinicLookups.id });
  return { id: created!.id };
}

export async function deleteClinicLookup(tx: Tx, clinicId: number, id: number) {
  const deleted = await tx.delete(clinicLookups).where(byId(clinicId, id)).returning({ id: clinicLookups.id });
  if (!deleted.length) fail('not_found');
  return { ok: true as const };
}

/** Adds rows to a group in the given order (seeding). */
export async function addClinicLookups(
  tx: Tx,
  clinicId: number,
  groupName: ClinicLookupGroup,
  names: ReadonlyArray<{ nameAr: string; nameEn: string; nameFr: string }>,
) {
  if (!names.length) return;
  await tx.insert(clinicLookups).values(names.map((n, i) => ({ clinicId, groupName, ...n, sortOrder: i + 1 })));
}

async function findClinicLookup(tx: Tx, clinicId: number, id: number) {
  const [row] = await tx.select().from(clinicLookups).where(byId(clinicId, id));
  return row ?? fail('not_found');
}
