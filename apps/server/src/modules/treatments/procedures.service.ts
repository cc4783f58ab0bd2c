import type { ProcedureItem, ProcedureListInput, ProcedureSortField, SaveProcedureInput } from '@dental/contract';
import { type AnyColumn, type SQL, and, eq, ne, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';
import { assertCurrencyAmount } from '../../platform/money.js';
import { patientProcedures } from '../patient-procedures/index.js';
import { amountText } from './catalogue-access.js';
import { priceListProcedures, procedures, treatmentBranches } from './treatments.table.js';

/** Treatment branches in their order, then by id (two branches with one order never interleave). */
export const treatmentBranchOrder = sql`(${treatmentBranches.sortOrder}, ${treatmentBranches.id})`;

const SORT: Record<ProcedureSortField, AnyColumn | SQL> = {
  nameAr: lowerOf(procedures.nameAr),
  nameEn: lowerOf(procedures.nameEn),
  code: procedures.code,
  price: procedures.price,
  treatmentBranch: treatmentBranchOrder,
  createdAt: procedures.createdAt,
};

const priceListCount = sql<number>`(select count(*) from ${priceListProcedures} l
  where l.clinic_id = "procedures"."clinic_id" and l.procedure_id = "procedures"."id")`.mapWith(Number);

const columns = (currency: string) => ({
  id: procedures.id,
  treatmentBranchId: procedures.treatmentBranchId,
  treatmentBranchNameAr: treatmentBranches.nameAr,
  treatmentBranchNameEn: treatmentBranches.nameEn,
  treatmentBranchNameFr: treatmentBranches.nameFr,
  nameAr: procedures.nameAr,
  nameEn: procedures.nameEn,
  nameFr: procedures.nameFr,
  code: procedures.code,
  price: amountText(procedures.price, currency),
  insurancePrice: amountText(procedures.insurancePrice, currency),
  toothSelection: procedures.toothSelection,
  isActive: procedures.isActive,
  priceListCount,
  createdAt: procedures.createdAt,
});
type Row = Omit<ProcedureItem, 'createdAt' | 'toothSelection'> & { createdAt: Date; toothSelection: string };
const toItem = (row: Row): ProcedureItem => ({
  ...row,
  toothSelection: row.toothSelection as ProcedureItem['toothSelection'],
  createdAt: row.createdAt.toISOString(),
});

const byId = (clinicId: number, id: number) => and(eq(procedures.clinicId, clinicId), eq(procedures.id, id));
const joinBranch = and(
  eq(treatmentBranches.clinicId, procedures.clinicId),
  eq(treatmentBranches.id, procedures.treatmentBranchId),
);

/** The catalogue: by treatment branch order then code unless another sort is asked for. */
export async function listProcedures(tx: Tx, session: ClinicSession, input: ProcedureListInput) {
  const clinicId = session.clinicId;
  const where = and(
    eq(procedures.clinicId, clinicId),
    searchIn(input.search, procedures.nameAr, procedures.nameEn, procedures.nameFr, procedures.code),
    input.treatmentBranchId ? eq(procedures.treatmentBranchId, input.treatmentBranchId) : undefined,
    input.isActive === undefined ? undefined : eq(procedures.isActive, input.isActive),
  );
  const order = input.sortField
    ? orderBy(SORT[input.sortField], input.sortOrder, procedures.id)
    : [treatmentBranchOrder, ...orderBy(SORT.code, input.sortOrder, procedures.id)];
  const { limit, offset } = pageWindow(input);
  const rows = await tx
    .select(columns(session.clinic.currency))
    .from(procedures)
    .innerJoin(treatmentBranches, joinBranch)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return listResult(rows.map(toItem), await tx.$count(procedures, where), input);
}

export async function getProcedure(tx: Tx, session: ClinicSession, id: number): Promise<ProcedureItem> {
  const [row] = await tx
    .select(columns(session.clinic.currency))
    .from(procedures)
    .innerJoin(treatmentBranches, joinBranch)
    .where(byId(session.clinicId, id));
  return row ? toItem(row) : fail('not_found');
}

/**
 * Creates the procedure when input.id is absent, else updates it. The treatment branch must be the clinic's; names
 * and code another procedure uses are refused (under a lock per name, see assertNamesFree); prices must fit the
 * clinic currency. Deactivating keeps it in price lists but out of the pickers.
 */
export async function saveProcedure(tx: Tx, session: ClinicSession, input: SaveProcedureInput) {
  const clinicId = session.clinicId;
  assertCurrencyAmount(input.price, session.clinic.currency, 'price');
  assertCurrencyAmount(input.insurancePrice, session.clinic.currency, 'insurancePrice');
  if (input.id) {
    const [current] = await tx.select({ id: procedures.id }).from(procedures).where(byId(clinicId, input.id));
    if (!current) fail('not_found');
  }
  const [branch] = await tx
    .select({ id: treatmentBranches.id })
    .from(treatmentBranches)
    .where(and(eq(treatmentBranches.clinicId, clinicId), eq(treatmentBranches.id, input.treatmentBranchId)))
    .for('share');
  if (!branch) fail('not_found', { treatmentBranchId: 'not_found' });
  await assertNamesFree(
    tx,
    procedures,
    and(eq(procedures.clinicId, clinicId), input.id ? ne(procedures.id, input.id) : undefined),
    {
      nameAr: [procedures.nameAr, input.nameAr],
      nameEn: [procedures.nameEn, input.nameEn],
      ...(input.code ? { code: [procedures.code, input.code] as [AnyColumn, string] } : {}),
    },
  );
  const values = {
    treatmentBranchId: input.treatmentBranchId,
    nameAr: input.nameAr,
    nameEn: input.nameEn,
    nameFr: input.nameFr,
    code: input.code,
    price: input.price,
    insurancePrice: input.insurancePrice,
    toothSelection: input.toothSelection,
    isActive: input.isActive,
  };
  if (input.id) {
    await tx.update(procedures).set({ ...values, updatedAt: new Date() }).where(byId(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx.insert(procedures).values({ clinicId, ...values }).returning({ id: procedures.id });
  return { id: created!.id };
}

/**
 * Deletes a procedure and its price list rows; one a patient procedure uses is refused (409 procedure_in_use: it
 * can be deactivated). The procedure row is locked first: a patient procedure being saved for it at the same time
 * holds a key-share lock on it, so either it commits first and is seen here, or it waits and then fails its key.
 */
export async function deleteProcedure(tx: Tx, clinicId: number, id: number) {
  const [row] = await tx.select({ id: procedures.id }).from(procedures).where(byId(clinicId, id)).for('update');
  if (!row) return fail('not_found');
  const used = await tx.$count(
    patientProcedures,
    and(eq(patientProcedures.clinicId, clinicId), eq(patientProcedures.procedureId, id)),
  );
  if (used) fail('procedure_in_use');
  await tx
    .delete(priceListProcedures)
    .where(and(eq(priceListProcedures.clinicId, clinicId), eq(priceListProcedures.procedureId, id)));
  await tx.delete(procedures).where(byId(clinicId, id));
  return { ok: true as const };
}
