import {
  DEFAULT_INSURANCE_COMPANY_NAME,
  type InsuranceCompanyItem,
  type InsuranceCompanyListInput,
  type InsuranceCompanySortField,
  type SaveInsuranceCompanyInput,
} from '@dental/contract';
import { type AnyColumn, type SQL, and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';
import { patientLimits, patients } from '../patients/index.js';
import { insuranceCompanies } from './insurance.table.js';

/** How many patients (not deleted) of the clinic each company insures, as a subquery to join. */
const patientCounts = (tx: Tx, clinicId: number) =>
  tx
    .select({ companyId: patients.insuranceCompanyId, n: count().as('n') })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), isNull(patients.deletedAt)))
    .groupBy(patients.insuranceCompanyId)
    .as('patient_counts');

/** The companies with their patient count, and the sort terms (the count comes from the joined subquery). */
function selectCompanies(tx: Tx, clinicId: number) {
  const counts = patientCounts(tx, clinicId);
  const patientCount = sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number);
  const sort: Record<InsuranceCompanySortField, AnyColumn | SQL> = {
    name: lowerOf(insuranceCompanies.name),
    coveragePercentage: insuranceCompanies.coveragePercentage,
    patientCount,
    createdAt: insuranceCompanies.createdAt,
  };
  const query = tx
    .select({ row: insuranceCompanies, patientCount })
    .from(insuranceCompanies)
    .leftJoin(counts, eq(counts.companyId, insuranceCompanies.id));
  return { query, sort };
}

type Row = typeof insuranceCompanies.$inferSelect & { patientCount: number };

const toItem = (row: Row): InsuranceCompanyItem => ({
  id: row.id,
  name: row.name,
  contactPerson: row.contactPerson,
  mobile: row.mobile,
  email: row.email,
  address: row.address,
  coveragePercentage: row.coveragePercentage,
  requiresApproval: row.requiresApproval,
  notes: row.notes,
  isActive: row.isActive,
  isDefault: row.isDefault,
  patientCount: row.patientCount,
  createdAt: row.createdAt.toISOString(),
});

const byId = (clinicId: number, id: number) =>
  and(eq(insuranceCompanies.clinicId, clinicId), eq(insuranceCompanies.id, id));
/** The clinic's companies other than `id` (all of them for a new company): those the name must differ from. */
const othersThan = (clinicId: number, id?: number) =>
  and(eq(insuranceCompanies.clinicId, clinicId), id ? ne(insuranceCompanies.id, id) : undefined);

const flatten = ({ row, patientCount }: { row: typeof insuranceCompanies.$inferSelect; patientCount: number }) =>
  toItem({ ...row, patientCount });

/**
 * The clinic's companies: search by name, contact person, mobile or e-mail; the default company first unless
 * another sort is asked for, then by name; optionally only the active ones (dropdowns).
 */
export async function listInsuranceCompanies(tx: Tx, clinicId: number, input: InsuranceCompanyListInput) {
  const c = insuranceCompanies;
  const where = and(
    eq(c.clinicId, clinicId),
    searchIn(input.search, c.name, c.contactPerson, c.mobile, c.email),
    input.activeOnly ? eq(c.isActive, true) : undefined,
  );
  const { query, sort } = selectCompanies(tx, clinicId);
  const order = input.sortField
    ? orderBy(sort[input.sortField], input.sortOrder, c.id)
    : [desc(c.isDefault), ...orderBy(sort.name, input.sortOrder, c.id)];
  const { limit, offset } = pageWindow(input);
  const rows = await query
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return listResult(rows.map(flatten), await tx.$count(c, where), input);
}

/** One company of the clinic; another clinic's id is 404 not_found. */
export async function getInsuranceCompany(tx: Tx, clinicId: number, id: number): Promise<InsuranceCompanyItem> {
  const [found] = await selectCompanies(tx, clinicId).query.where(byId(clinicId, id));
  return found ? flatten(found) : fail('not_found');
}

/**
 * Creates the company when input.id is absent, else updates it. A name another company of the clinic uses
 * (ignoring case) is refused, and so is deactivating the default company (it may be renamed).
 */
export async function saveInsuranceCompany(tx: Tx, clinicId: number, input: SaveInsuranceCompanyInput) {
  const current = input.id ? await findInsuranceCompany(tx, clinicId, input.id) : undefined;
  if (current?.isDefault && !input.isActive)
    fail('cannot_deactivate_default', { isActive: 'cannot_deactivate_default' });
  await assertNamesFree(tx, insuranceCompanies, othersThan(clinicId, input.id), {
    name: [insuranceCompanies.name, input.name],
  });
  const values = {
    name: input.name,
    contactPerson: input.contactPerson || null,
    mobile: input.mobile || null,
    email: input.email || null,
    address: input.address || null,
    coveragePercentage: input.coveragePercentage,
    requiresApproval: input.requiresApproval,
    notes: input.notes || null,
    isActive: input.isActive,
  };
  if (input.id) {
    await tx
      .update(insuranceCompanies)
      .set({ ...values, updatedAt: new Date() })
      .where(byId(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(insuranceCompanies)
    .values({ clinicId, ...values })
    .returning({ id: insuranceCompanies.id });
  return { id: created!.id };
}

/**
 * Deletes a company. The default company is refused (cannot_delete_default_insurance), and so is a company
 * that a patient (even a deleted one) or a patient's limit still refers to (cannot_delete_in_use).
 */
export async function deleteInsuranceCompany(tx: Tx, clinicId: number, id: number) {
  const current = await findInsuranceCompany(tx, clinicId, id);
  if (current.isDefault) fail('cannot_delete_default_insurance');
  const usedBy = (table: typeof patients | typeof patientLimits) =>
    tx.$count(table, and(eq(table.clinicId, clinicId), eq(table.insuranceCompanyId, id)));
  if ((await usedBy(patients)) || (await usedBy(patientLimits))) fail('cannot_delete_in_use');
  await tx.delete(insuranceCompanies).where(byId(clinicId, id));
  return { ok: true as const };
}

/** Adds the clinic's default insurance company; run once when the clinic is created. */
export async function createDefaultInsuranceCompany(tx: Tx, clinicId: number) {
  await tx.insert(insuranceCompanies).values({ clinicId, name: DEFAULT_INSURANCE_COMPANY_NAME, isDefault: true });
}

/**
 * The company `id` of the clinic, else 404 not_found (with `field` carrying the message when the id came from a
 * form field). Other modules check a chosen company with it (the patient form, limits).
 */
export async function findInsuranceCompany(tx: Tx, clinicId: number, id: number, field?: string) {
  const [row] = await tx.select().from(insuranceCompanies).where(byId(clinicId, id));
  return row ?? fail('not_found', field ? { [field]: 'not_found' } : undefined);
}
