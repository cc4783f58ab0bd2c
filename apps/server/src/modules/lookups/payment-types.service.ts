import type {
  PaymentTypeItem,
  PaymentTypeListInput,
  PaymentTypeSortField,
  SavePaymentTypeInput,
} from '@dental/contract';
import { type AnyColumn, type SQL, and, desc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import { paymentTypes } from './lookups.table.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';

const SORT: Record<PaymentTypeSortField, AnyColumn | SQL> = {
  nameAr: lowerOf(paymentTypes.nameAr),
  nameEn: lowerOf(paymentTypes.nameEn),
  createdAt: paymentTypes.createdAt,
};

const toItem = (row: typeof paymentTypes.$inferSelect): PaymentTypeItem => ({
  id: row.id,
  nameAr: row.nameAr,
  nameEn: row.nameEn,
  nameFr: row.nameFr,
  isActive: row.isActive,
  isDefault: row.isDefault,
});

const byId = (clinicId: number, id: number) => and(eq(paymentTypes.clinicId, clinicId), eq(paymentTypes.id, id));
/** The clinic's types other than `id` (all of them for a new type): those the names must differ from. */
const othersThan = (clinicId: number, id?: number) =>
  and(eq(paymentTypes.clinicId, clinicId), id ? ne(paymentTypes.id, id) : undefined);

/** The default type first unless another sort is asked for, then by Arabic name. */
export async function listPaymentTypes(tx: Tx, clinicId: number, input: PaymentTypeListInput) {
  const where = and(
    eq(paymentTypes.clinicId, clinicId),
    searchIn(input.search, paymentTypes.nameAr, paymentTypes.nameEn, paymentTypes.nameFr),
    input.activeOnly ? eq(paymentTypes.isActive, true) : undefined,
  );
  const order = input.sortField
    ? orderBy(SORT[input.sortField], input.sortOrder, paymentTypes.id)
    : [desc(paymentTypes.isDefault), ...orderBy(SORT.nameAr, input.sortOrder, paymentTypes.id)];
  const { limit, offset } = pageWindow(input);
  const rows = await tx
    .select()
    .from(paymentTypes)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return listResult(rows.map(toItem), await tx.$count(paymentTypes, where), input);
}

/**
 * Creates the type when input.id is absent, else updates it. Names used by another type of the clinic are
 * refused, and so is deactivating the default type (every payment form preselects it).
 */
export async function savePaymentType(tx: Tx, clinicId: number, input: SavePaymentTypeInput) {
  const current = input.id ? await findPaymentType(tx, clinicId, input.id) : undefined;
  if (current?.isDefault && !input.isActive)
    fail('cannot_deactivate_default', { isActive: 'cannot_deactivate_default' });
  await assertNamesFree(tx, paymentTypes, othersThan(clinicId, input.id), {
    nameAr: [paymentTypes.nameAr, input.nameAr],
    nameEn: [paymentTypes.nameEn, input.nameEn],
  });
  const values = { nameAr: input.nameAr, nameEn: input.nameEn, nameFr: input.nameFr, isActive: input.isActive };
  if (input.id) {
    await tx
      .update(paymentTypes)
      .set({ ...values, updatedAt: new Date() })
      .where(byId(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(paymentTypes)
    .values({ clinicId, ...values })
    .returning({ id: paymentTypes.id });
  return { id: created!.id };
}

/** Deletes a type; the default one (Cash) is refused. */
export async function deletePaymentType(tx: Tx, clinicId: number, id: number) {
  const current = await findPaymentType(tx, clinicId, id);
  if (current.isDefault) fail('cannot_delete_in_use');
  await tx.delete(paymentTypes).where(byId(clinicId, id));
  return { ok: true as const };
}

/** The default payment type of every new clinic. */
export const DEFAULT_PAYMENT_TYPE = { nameAr: 'كاش', nameEn: 'Cash', nameFr: 'Espèces' } as const;

/** Adds the clinic's default payment type (Cash); run once when the clinic is created. */
export async function createDefaultPaymentType(tx: Tx, clinicId: number) {
  await tx.insert(paymentTypes).values({ clinicId, ...DEFAULT_PAYMENT_TYPE, isDefault: true });
}

async function findPaymentType(tx: Tx, clinicId: number, id: number) {
  const [row] = await tx.select().from(paymentTypes).where(byId(clinicId, id));
  return row ?? fail('not_found');
}
