import {
  PRODUCTS_SEARCH_LIMIT,
  type PatientDiseaseItem,
  type PatientDrugItem,
  type ProductItem,
  type SaveDiseaseInput,
  type SaveDrugInput,
} from '@dental/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { lowerOf, searchIn } from '../../platform/db/list-query.js';
import { type PatientScope, findPatient } from '../patients/index.js';
import { medicalProducts, patientDiseases, patientDrugs } from './medical.table.js';

/* A patient's diseases and drugs (SaveDieases, SaveProductDieases ...) and the clinic's drug names. */

export async function listDiseases(tx: Tx, clinicId: number, patientId: number): Promise<PatientDiseaseItem[]> {
  const rows = await tx
    .select()
    .from(patientDiseases)
    .where(and(eq(patientDiseases.clinicId, clinicId), eq(patientDiseases.patientId, patientId)))
    .orderBy(asc(patientDiseases.createdAt), asc(patientDiseases.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    notes: r.notes,
    isAlert: r.isAlert,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listDrugs(tx: Tx, clinicId: number, patientId: number): Promise<PatientDrugItem[]> {
  const rows = await tx
    .select({ d: patientDrugs, name: medicalProducts.name })
    .from(patientDrugs)
    .innerJoin(
      medicalProducts,
      and(eq(medicalProducts.clinicId, patientDrugs.clinicId), eq(medicalProducts.id, patientDrugs.productId)),
    )
    .where(and(eq(patientDrugs.clinicId, clinicId), eq(patientDrugs.patientId, patientId)))
    .orderBy(asc(patientDrugs.createdAt), asc(patientDrugs.id));
  return rows.map(({ d, name }) => ({
    id: d.id,
    productId: d.productId,
    name,
    dosage: d.dosage,
    notes: d.notes,
    isAlert: d.isAlert,
    createdAt: d.createdAt.toISOString(),
  }));
}

/** A patient's record row of the clinic whose patient is still there (404 not_found / patient_not_found). */
async function findOwned<T extends { patientId: number }>(tx: Tx, scope: PatientScope, rows: Promise<T[]>) {
  const [row] = await rows;
  if (!row) return fail('not_found');
  await findPatient(tx, scope, row.patientId);
  return row;
}

const diseaseById = (clinicId: number, id: number) =>
  and(eq(patientDiseases.clinicId, clinicId), eq(patientDiseases.id, id));
const drugById = (clinicId: number, id: number) => and(eq(patientDrugs.clinicId, clinicId), eq(patientDrugs.id, id));

/** Adds a disease to the patient (no id) or updates one of that patient's diseases. */
export async function saveDisease(tx: Tx, session: ClinicSession, input: SaveDiseaseInput) {
  const clinicId = session.clinicId;
  await findPatient(tx, session, input.patientId);
  const values = { name: input.name, notes: input.notes || null, isAlert: input.isAlert };
  if (input.id) {
    const current = await findOwned(
      tx,
      session,
      tx.select().from(patientDiseases).where(diseaseById(clinicId, input.id)),
    );
    if (current.patientId !== input.patientId) fail('not_found');
    await tx.update(patientDiseases).set(values).where(diseaseById(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(patientDiseases)
    .values({ clinicId, patientId: input.patientId, ...values, createdBy: session.userId })
    .returning({ id: patientDiseases.id });
  return { id: created!.id };
}

export async function deleteDisease(tx: Tx, scope: PatientScope, id: number) {
  const { clinicId } = scope;
  await findOwned(tx, scope, tx.select().from(patientDiseases).where(diseaseById(clinicId, id)));
  await tx.delete(patientDiseases).where(diseaseById(clinicId, id));
  return { ok: true as const };
}

/** The clinic's drug name `name` (ignoring case), added to the list when it is not there yet. */
export async function productByName(tx: Tx, clinicId: number, name: string): Promise<ProductItem> {
  const same = and(eq(medicalProducts.clinicId, clinicId), sql`lower(${medicalProducts.name}) = lower(${name})`);
  const [found] = await tx
    .select({ id: medicalProducts.id, name: medicalProducts.name })
    .from(medicalProducts)
    .where(same);
  if (found) return found;
  const [created] = await tx
    .insert(medicalProducts)
    .values({ clinicId, name })
    .onConflictDoNothing()
    .returning({ id: medicalProducts.id, name: medicalProducts.name });
  if (created) return created;
  // another request added the same name meanwhile
  const [raced] = await tx
    .select({ id: medicalProducts.id, name: medicalProducts.name })
    .from(medicalProducts)
    .where(same);
  return raced ?? fail('not_saved');
}

/**
 * Adds a drug to the patient (no id) or updates one of that patient's drugs. The drug is productId (the clinic's,
 * else 404) or productName, which is added to the clinic's drug names when new.
 */
export async function saveDrug(tx: Tx, session: ClinicSession, input: SaveDrugInput) {
  const clinicId = session.clinicId;
  await findPatient(tx, session, input.patientId);
  let productId: number;
  if (input.productId) {
    const [product] = await tx
      .select({ id: medicalProducts.id })
      .from(medicalProducts)
      .where(and(eq(medicalProducts.clinicId, clinicId), eq(medicalProducts.id, input.productId)));
    productId = product?.id ?? fail('not_found');
  } else {
    productId = (await productByName(tx, clinicId, input.productName!)).id;
  }
  const values = { productId, dosage: input.dosage || null, notes: input.notes || null, isAlert: input.isAlert };
  if (input.id) {
    const current = await findOwned(tx, session, tx.select().from(patientDrugs).where(drugById(clinicId, input.id)));
    if (current.patientId !== input.patientId) fail('not_found');
    await tx.update(patientDrugs).set(values).where(drugById(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(patientDrugs)
    .values({ clinicId, patientId: input.patientId, ...values, createdBy: session.userId })
    .returning({ id: patientDrugs.id });
  return { id: created!.id };
}

export async function deleteDrug(tx: Tx, scope: PatientScope, id: number) {
  const { clinicId } = scope;
  await findOwned(tx, scope, tx.select().from(patientDrugs).where(drugById(clinicId, id)));
  await tx.delete(patientDrugs).where(drugById(clinicId, id));
  return { ok: true as const };
}

/** Up to 20 of the clinic's drug names containing the text (all of them, A to Z, without one); names starting with it first. */
export async function searchProducts(tx: Tx, clinicId: number, search?: string) {
  const prefix = search ? `${search.replace(/[\\%_]/g, '\\$&')}%` : '';
  const starts = sql`case when ${medicalProducts.name} ilike ${prefix}::text then 0 else 1 end`;
  const items = await tx
    .select({ id: medicalProducts.id, name: medicalProducts.name })
    .from(medicalProducts)
    .where(and(eq(medicalProducts.clinicId, clinicId), searchIn(search, medicalProducts.name)))
    .orderBy(starts, asc(lowerOf(medicalProducts.name)), asc(medicalProducts.id))
    .limit(PRODUCTS_SEARCH_LIMIT);
  return { items };
}
