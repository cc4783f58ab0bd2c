import type {
  CopyProceduresInput,
  CopyProceduresOutput,
  PriceListItem,
  PriceListSortField,
  ProceduresByBranchInput,
  SavePriceListProcedureInput,
} from '@dental/contract';
import { type AnyColumn, type SQL, and, asc, eq, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { lockKeys } from '../../platform/db/locks.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import { assertCurrencyAmount } from '../../platform/money.js';
import { amountText, priceListBranch } from './catalogue-access.js';
import { treatmentBranchOrder } from './procedures.service.js';
import { priceListProcedures, procedures, treatmentBranches } from './treatments.table.js';

const SORT: Record<PriceListSortField, AnyColumn | SQL> = {
  nameAr: lowerOf(procedures.nameAr),
  nameEn: lowerOf(procedures.nameEn),
  code: procedures.code,
  price: priceListProcedures.price,
  treatmentBranch: treatmentBranchOrder,
};

/** A list row's procedure, and that procedure's treatment branch. */
const ofProcedure = and(eq(procedures.clinicId, priceListProcedures.clinicId), eq(procedures.id, priceListProcedures.procedureId));
const ofTreatmentBranch = and(eq(treatmentBranches.clinicId, procedures.clinicId), eq(treatmentBranches.id, procedures.treatmentBranchId));

/** The lock of one clinic branch's price list: every write to it takes it first. */
const listLock = (branchId: number) => `price-list:${branchId}`;

const byId = (clinicId: number, id: number) =>
  and(eq(priceListProcedures.clinicId, clinicId), eq(priceListProcedures.id, id));

/**
 * A clinic branch's price list with that branch's prices. With activeOnly, inactive procedures and procedures of
 * inactive treatment branches are left out (the patient procedure picker).
 */
export async function listBranchProcedures(tx: Tx, session: ClinicSession, input: ProceduresByBranchInput) {
  const clinicId = session.clinicId;
  const branchId = priceListBranch(session, input.branchId);
  const currency = session.clinic.currency;
  const where = and(
    eq(priceListProcedures.clinicId, clinicId),
    eq(priceListProcedures.branchId, branchId),
    searchIn(input.search, procedures.nameAr, procedures.nameEn, procedures.nameFr, procedures.code),
    input.treatmentBranchId ? eq(procedures.treatmentBranchId, input.treatmentBranchId) : undefined,
    input.activeOnly ? and(eq(procedures.isActive, true), eq(treatmentBranches.isActive, true)) : undefined,
  );
  const order = input.sortField
    ? orderBy(SORT[input.sortField], input.sortOrder, priceListProcedures.id)
    : [treatmentBranchOrder, ...orderBy(SORT.code, input.sortOrder, priceListProcedures.id)];
  const { limit, offset } = pageWindow(input);
  const base = tx
    .select({
      id: priceListProcedures.id,
      procedureId: priceListProcedures.procedureId,
      nameAr: procedures.nameAr,
      nameEn: procedures.nameEn,
      nameFr: procedures.nameFr,
      code: procedures.code,
      treatmentBranchId: procedures.treatmentBranchId,
      treatmentBranchNameAr: treatmentBranches.nameAr,
      treatmentBranchNameEn: treatmentBranches.nameEn,
      treatmentBranchNameFr: treatmentBranches.nameFr,
      toothSelection: procedures.toothSelection,
      price: amountText(priceListProcedures.price, currency),
      insurancePrice: amountText(priceListProcedures.insurancePrice, currency),
      isActive: procedures.isActive,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(priceListProcedures)
    .innerJoin(procedures, ofProcedure)
    .innerJoin(treatmentBranches, ofTreatmentBranch);
  const rows = await base.where(where).orderBy(...order).limit(limit).offset(offset);
  const total = rows[0]?.total ?? (offset ? await countList(tx, where) : 0);
  const items: PriceListItem[] = rows.map(({ total: _, ...row }) => ({
    ...row,
    toothSelection: row.toothSelection as PriceListItem['toothSelection'],
  }));
  return listResult(items, total, input);
}

/** The size of a filtered price list (when the page asked for is past its end). */
async function countList(tx: Tx, where: SQL | undefined) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(priceListProcedures)
    .innerJoin(procedures, ofProcedure)
    .innerJoin(treatmentBranches, ofTreatmentBranch)
    .where(where);
  return row?.n ?? 0;
}

/**
 * Adds the procedure to the branch's list or sets its prices there (one row per branch and procedure: the unique
 * index and the list's lock). A price left out is the catalogue's. Adding an inactive procedure is refused
 * (409 procedure_inactive); one already in the list may still be repriced.
 */
export async function savePriceListProcedure(tx: Tx, session: ClinicSession, input: SavePriceListProcedureInput) {
  const clinicId = session.clinicId;
  const branchId = priceListBranch(session, input.branchId);
  const currency = session.clinic.currency;
  if (input.price !== undefined) assertCurrencyAmount(input.price, currency, 'price');
  if (input.insurancePrice !== undefined) assertCurrencyAmount(input.insurancePrice, currency, 'insurancePrice');
  await lockKeys(tx, [listLock(branchId)]);
  const [procedure] = await tx
    .select({
      isActive: procedures.isActive,
      price: amountText(procedures.price, currency),
      insurancePrice: amountText(procedures.insurancePrice, currency),
    })
    .from(procedures)
    .where(and(eq(procedures.clinicId, clinicId), eq(procedures.id, input.procedureId)))
    .for('share');
  if (!procedure) return fail('not_found', { procedureId: 'not_found' });
  const [existing] = await tx
    .select({ id: priceListProcedures.id })
    .from(priceListProcedures)
    .where(and(eq(priceListProcedures.clinicId, clinicId), eq(priceListProcedures.branchId, branchId), eq(priceListProcedures.procedureId, input.procedureId)));
  const prices = {
    price: input.price ?? procedure.price,
    insurancePrice: input.insurancePrice ?? procedure.insurancePrice,
  };
  if (existing) {
    await tx.update(priceListProcedures).set({ ...prices, updatedAt: new Date() }).where(byId(clinicId, existing.id));
    return { id: existing.id };
  }
  if (!procedure.isActive) fail('procedure_inactive', { procedureId: 'procedure_inactive' });
  const [created] = await tx
    .insert(priceListProcedures)
    .values({ clinicId, branchId, procedureId: input.procedureId, ...prices })
    .returning({ id: priceListProcedures.id });
  return { id: created!.id };
}

/** Removes a procedure from a branch's list (the row id); a row of a branch outside the user's is 403 BS15. */
export async function deletePriceListProcedure(tx: Tx, session: ClinicSession, id: number) {
  const [row] = await tx
    .select({ branchId: priceListProcedures.branchId })
    .from(priceListProcedures)
    .where(byId(session.clinicId, id));
  if (!row) return fail('not_found');
  priceListBranch(session, row.branchId);
  await tx.delete(priceListProcedures).where(byId(session.clinicId, id));
  return { ok: true as const };
}

/**
 * Copies into branchTo every procedure of branchFrom's list it lacks, with branchFrom's prices, in one statement
 * under branchTo's list lock (and the unique index: a concurrent copy or save never makes a second row). What
 * branchTo already had is skipped with its own prices kept; both are reported by name.
 */
export async function copyProceduresFromAnotherBranch(
  tx: Tx,
  session: ClinicSession,
  input: CopyProceduresInput,
): Promise<CopyProceduresOutput> {
  const clinicId = session.clinicId;
  const from = priceListBranch(session, input.branchFrom);
  const to = priceListBranch(session, input.branchTo);
  await lockKeys(tx, [listLock(to)]);
  const inserted = (await tx.execute(sql`
    insert into ${priceListProcedures} (clinic_id, branch_id, procedure_id, price, insurance_price)
    select clinic_id, ${to}, procedure_id, price, insurance_price from ${priceListProcedures}
    where clinic_id = ${clinicId} and branch_id = ${from}
    order by procedure_id
    on conflict (clinic_id, branch_id, procedure_id) do nothing
    returning procedure_id as "procedureId"`)) as unknown as { rows: Array<{ procedureId: string | number }> };
  const copiedIds = new Set(inserted.rows.map((r) => Number(r.procedureId)));
  const names = await tx
    .select({ procedureId: procedures.id, nameAr: procedures.nameAr, nameEn: procedures.nameEn, nameFr: procedures.nameFr })
    .from(priceListProcedures)
    .innerJoin(procedures, ofProcedure)
    .where(and(eq(priceListProcedures.clinicId, clinicId), eq(priceListProcedures.branchId, from)))
    .orderBy(lowerOf(procedures.nameEn), asc(procedures.id));
  const copiedProcedures = names.filter((n) => copiedIds.has(n.procedureId));
  const skippedProcedures = names.filter((n) => !copiedIds.has(n.procedureId));
  return { copied: copiedProcedures.length, skipped: skippedProcedures.length, copiedProcedures, skippedProcedures };
}

/**
 * A clinic branch being deleted takes its price list with it (pushed onto the clinic module's branchDeleteChecks,
 * which never objects here). It runs in the deletion's transaction: if a check objects, the rows come back.
 */
export async function dropBranchPriceList(tx: Tx, clinicId: number, branchId: number) {
  await lockKeys(tx, [listLock(branchId)]);
  await tx
    .delete(priceListProcedures)
    .where(and(eq(priceListProcedures.clinicId, clinicId), eq(priceListProcedures.branchId, branchId)));
  return null;
}
