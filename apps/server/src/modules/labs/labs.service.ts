import {
  type LabItem,
  type LabPriceList,
  type LabServiceItem,
  type LabsListInput,
  type SaveLabInput,
  type SaveLabPriceInput,
  type SaveLabServiceInput,
  currencyDecimals,
} from '@dental/contract';
import { type AnyColumn, type SQL, type SQLWrapper, and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import type { Tx } from '../../platform/db/types.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';
import { fail } from '../../platform/errors.js';
import { assertCurrencyAmount } from '../../platform/money.js';
import { labOrders, labPrices, labServices, labs } from './labs.table.js';

/* Labs, their services and price lists (docs/labs.md). */

/** Money as text with the clinic currency's decimals, printed by PostgreSQL ("150.00", LYD "12.500"). */
export const moneyText = (value: SQLWrapper, decimals: number) => sql<string>`round(${value}, ${sql.raw(String(decimals))})::text`;

const labById = (clinicId: number, id: number) => and(eq(labs.clinicId, clinicId), eq(labs.id, id));

/** How many orders each lab has, as a subquery to join. */
const orderCounts = (tx: Tx, clinicId: number) =>
  tx
    .select({ labId: labOrders.labId, n: count().as('n') })
    .from(labOrders)
    .where(eq(labOrders.clinicId, clinicId))
    .groupBy(labOrders.labId)
    .as('order_counts');

function selectLabs(tx: Tx, clinicId: number) {
  const counts = orderCounts(tx, clinicId);
  const ordersCount = sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number);
  return tx.select({ row: labs, ordersCount }).from(labs).leftJoin(counts, eq(counts.labId, labs.id));
}

const toItem = ({ row, ordersCount }: { row: typeof labs.$inferSelect; ordersCount: number }): LabItem => ({
  id: row.id,
  name: row.name,
  contactPerson: row.contactPerson,
  mobile: row.mobile,
  email: row.email,
  address: row.address,
  notes: row.notes,
  isActive: row.isActive,
  ordersCount,
  createdAt: row.createdAt.toISOString(),
});

const SORT: Record<NonNullable<LabsListInput['sortField']>, AnyColumn | SQL> = {
  name: lowerOf(labs.name),
  createdAt: labs.createdAt,
};

export async function listLabs(tx: Tx, clinicId: number, input: LabsListInput) {
  const where = and(
    eq(labs.clinicId, clinicId),
    searchIn(input.search, labs.name, labs.contactPerson, labs.mobile, labs.email),
    input.isActive === undefined ? undefined : eq(labs.isActive, input.isActive),
  );
  const { limit, offset } = pageWindow(input);
  const rows = await selectLabs(tx, clinicId)
    .where(where)
    .orderBy(...orderBy(SORT[input.sortField ?? 'name'], input.sortOrder, labs.id))
    .limit(limit)
    .offset(offset);
  return listResult(rows.map(toItem), await tx.$count(labs, where), input);
}

export async function getLab(tx: Tx, clinicId: number, id: number): Promise<LabItem> {
  const [row] = await selectLabs(tx, clinicId).where(labById(clinicId, id));
  return row ? toItem(row) : fail('lab_not_found');
}

/** The lab `id` of the clinic (404 lab_not_found, on `field` when given); `lock` holds its row to the commit. */
export async function findLab(tx: Tx, clinicId: number, id: number, field?: string, lock = false) {
  const query = tx.select().from(labs).where(labById(clinicId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? fail('lab_not_found', field ? { [field]: 'lab_not_found' } : undefined);
}

/** Creates (no id) or updates a lab; the name is free in the clinic (advisory lock per name, then the unique index). */
export async function saveLab(tx: Tx, clinicId: number, input: SaveLabInput) {
  if (input.id) await findLab(tx, clinicId, input.id);
  await assertNamesFree(tx, labs, and(eq(labs.clinicId, clinicId), input.id ? ne(labs.id, input.id) : undefined), {
    name: [labs.name, input.name],
  });
  const values = {
    name: input.name,
    contactPerson: input.contactPerson || null,
    mobile: input.mobile || null,
    email: input.email || null,
    address: input.address || null,
    notes: input.notes || null,
    isActive: input.isActive,
  };
  if (input.id) {
    await tx.update(labs).set({ ...values, updatedAt: new Date() }).where(labById(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx.insert(labs).values({ clinicId, ...values }).returning({ id: labs.id });
  return { id: created!.id };
}

/**
 * Deletes a lab that has no orders (409 lab_has_orders: deactivate it instead). The lab's row is locked first, so an
 * order saved at the same time (which reads the lab under a share lock) either lands before and is counted, or waits.
 */
export async function deleteLab(tx: Tx, clinicId: number, id: number) {
  await findLab(tx, clinicId, id, undefined, true);
  if (await tx.$count(labOrders, and(eq(labOrders.clinicId, clinicId), eq(labOrders.labId, id)))) fail('lab_has_orders');
  await tx.delete(labs).where(labById(clinicId, id));
  return { ok: true as const };
}

// ---------------------------------------------------------------- services

/** A lab's services with their prices, by Arabic name. */
export async function listLabServices(tx: Tx, session: ClinicSession, labId: number) {
  const clinicId = session.clinicId;
  await findLab(tx, clinicId, labId);
  const d = currencyDecimals(session.clinic.currency);
  const rows = await tx
    .select({
      id: labServices.id,
      labId: labServices.labId,
      nameAr: labServices.nameAr,
      nameEn: labServices.nameEn,
      nameFr: labServices.nameFr,
      price: sql<string | null>`case when ${labPrices.price} is null then null else ${moneyText(labPrices.price, d)} end`,
    })
    .from(labServices)
    .leftJoin(
      labPrices,
      and(eq(labPrices.clinicId, labServices.clinicId), eq(labPrices.labId, labServices.labId), eq(labPrices.labServiceId, labServices.id)),
    )
    .where(and(eq(labServices.clinicId, clinicId), eq(labServices.labId, labId)))
    .orderBy(lowerOf(labServices.nameAr), asc(labServices.id));
  return { items: rows satisfies LabServiceItem[] };
}

/** The service `id` of the clinic (404 lab_service_not_found, on `field` when given). */
export async function findLabService(tx: Tx, clinicId: number, id: number, field?: string) {
  const [row] = await tx.select().from(labServices).where(and(eq(labServices.clinicId, clinicId), eq(labServices.id, id)));
  return row ?? fail('lab_service_not_found', field ? { [field]: 'lab_service_not_found' } : undefined);
}

/**
 * Creates (no id) or renames a service of a lab; the Arabic and English names are free within the lab (the French
 * one is optional and need not be). The lab stays the same.
 */
export async function saveLabService(tx: Tx, clinicId: number, input: SaveLabServiceInput) {
  await findLab(tx, clinicId, input.labId, 'labId');
  if (input.id) {
    const current = await findLabService(tx, clinicId, input.id);
    if (current.labId !== input.labId) fail('lab_service_not_found');
  }
  await assertNamesFree(
    tx,
    labServices,
    and(eq(labServices.clinicId, clinicId), eq(labServices.labId, input.labId), input.id ? ne(labServices.id, input.id) : undefined),
    { nameAr: [labServices.nameAr, input.nameAr], nameEn: [labServices.nameEn, input.nameEn] },
  );
  if (input.id) {
    await tx
      .update(labServices)
      .set({ nameAr: input.nameAr, nameEn: input.nameEn, nameFr: input.nameFr })
      .where(and(eq(labServices.clinicId, clinicId), eq(labServices.id, input.id)));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(labServices)
    .values({ clinicId, labId: input.labId, nameAr: input.nameAr, nameEn: input.nameEn, nameFr: input.nameFr })
    .returning({ id: labServices.id });
  return { id: created!.id };
}

/** Deletes a service no order uses (409 cannot_delete_in_use; the foreign key is the last word); its price goes too. */
export async function deleteLabService(tx: Tx, clinicId: number, id: number) {
  await findLabService(tx, clinicId, id);
  if (await tx.$count(labOrders, and(eq(labOrders.clinicId, clinicId), eq(labOrders.labServiceId, id)))) fail('cannot_delete_in_use');
  await tx.delete(labServices).where(and(eq(labServices.clinicId, clinicId), eq(labServices.id, id)));
  return { ok: true as const };
}

// ---------------------------------------------------------------- prices

export async function getLabPriceList(tx: Tx, session: ClinicSession, labId: number): Promise<LabPriceList> {
  const clinicId = session.clinicId;
  const lab = await findLab(tx, clinicId, labId);
  const d = currencyDecimals(session.clinic.currency);
  const items = await tx
    .select({
      id: labPrices.id,
      labServiceId: labServices.id,
      serviceNameAr: labServices.nameAr,
      serviceNameEn: labServices.nameEn,
      serviceNameFr: labServices.nameFr,
      price: sql<string | null>`case when ${labPrices.price} is null then null else ${moneyText(labPrices.price, d)} end`,
      updatedAt: labPrices.updatedAt,
    })
    .from(labServices)
    .leftJoin(
      labPrices,
      and(eq(labPrices.clinicId, labServices.clinicId), eq(labPrices.labId, labServices.labId), eq(labPrices.labServiceId, labServices.id)),
    )
    .where(and(eq(labServices.clinicId, clinicId), eq(labServices.labId, labId)))
    .orderBy(lowerOf(labServices.nameAr), asc(labServices.id));
  return {
    labId,
    labName: lab.name,
    currency: session.clinic.currency,
    items: items.map((i) => ({ ...i, updatedAt: i.updatedAt ? i.updatedAt.toISOString() : null })),
  };
}

/**
 * Sets the price of a lab's service: one row per lab and service (unique index lab_prices_service_uq; the upsert
 * holds under concurrency). The amount has at most the currency's decimals.
 */
export async function saveLabPrice(tx: Tx, session: ClinicSession, input: SaveLabPriceInput) {
  const clinicId = session.clinicId;
  await findLab(tx, clinicId, input.labId, 'labId');
  const service = await findLabService(tx, clinicId, input.labServiceId, 'labServiceId');
  if (service.labId !== input.labId) fail('lab_service_not_found', { labServiceId: 'lab_service_not_found' });
  assertCurrencyAmount(input.price, session.clinic.currency, 'price');
  const [row] = await tx
    .insert(labPrices)
    .values({ clinicId, labId: input.labId, labServiceId: input.labServiceId, price: input.price })
    .onConflictDoUpdate({
      target: [labPrices.clinicId, labPrices.labId, labPrices.labServiceId],
      set: { price: input.price, updatedAt: new Date() },
    })
    .returning({ id: labPrices.id });
  return { id: row!.id };
}

export async function deleteLabPrice(tx: Tx, clinicId: number, input: { labId: number; labServiceId: number }) {
  await findLab(tx, clinicId, input.labId);
  const deleted = await tx
    .delete(labPrices)
    .where(and(eq(labPrices.clinicId, clinicId), eq(labPrices.labId, input.labId), eq(labPrices.labServiceId, input.labServiceId)))
    .returning({ id: labPrices.id });
  if (!deleted.length) fail('not_found');
  return { ok: true as const };
}
