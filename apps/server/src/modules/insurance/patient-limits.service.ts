import type { PatientLimitItem, PatientLimitsOutput, SavePatientLimitInput } from '@dental/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { type PatientScope, findPatient, patientLimits } from '../patients/index.js';
import { findInsuranceCompany } from './insurance-companies.service.js';
import { insuranceCompanies } from './insurance.table.js';

const ofPatient = (clinicId: number, patientId: number) =>
  and(eq(patientLimits.clinicId, clinicId), eq(patientLimits.patientId, patientId));
const byId = (clinicId: number, patientId: number, id: number) =>
  and(ofPatient(clinicId, patientId), eq(patientLimits.id, id));

/** The patient's limits, the latest period first (limits without dates last), with their total (in SQL, as text). */
export async function listPatientLimits(tx: Tx, scope: PatientScope, patientId: number): Promise<PatientLimitsOutput> {
  const { clinicId } = scope;
  await findPatient(tx, scope, patientId);
  const rows = await tx
    .select({ limit: patientLimits, company: { id: insuranceCompanies.id, name: insuranceCompanies.name } })
    .from(patientLimits)
    .leftJoin(
      insuranceCompanies,
      and(
        eq(insuranceCompanies.clinicId, patientLimits.clinicId),
        eq(insuranceCompanies.id, patientLimits.insuranceCompanyId),
      ),
    )
    .where(ofPatient(clinicId, patientId))
    .orderBy(sql`${patientLimits.startDate} desc nulls last`, desc(patientLimits.createdAt), asc(patientLimits.id));
  const [sum] = await tx
    .select({ total: sql<string>`round(coalesce(sum(${patientLimits.amount}), 0), 2)::text` })
    .from(patientLimits)
    .where(ofPatient(clinicId, patientId));
  const items: PatientLimitItem[] = rows.map(({ limit, company }) => ({
    id: limit.id,
    patientId: limit.patientId,
    title: limit.title,
    amount: limit.amount,
    insuranceCompany: company?.id ? { id: company.id, name: company.name } : null,
    startDate: limit.startDate,
    endDate: limit.endDate,
    notes: limit.notes,
    createdAt: limit.createdAt.toISOString(),
  }));
  return { items, totalAmount: sum?.total ?? '0.00' };
}

/**
 * Adds a limit to the patient when input.id is absent, else updates that limit; a limit of another patient or
 * clinic is 404, and so is an insurance company of another clinic (on the field).
 */
export async function savePatientLimit(tx: Tx, scope: PatientScope, input: SavePatientLimitInput) {
  const { clinicId } = scope;
  await findPatient(tx, scope, input.patientId);
  if (input.id) await findPatientLimit(tx, clinicId, input.patientId, input.id);
  if (input.insuranceCompanyId)
    await findInsuranceCompany(tx, clinicId, input.insuranceCompanyId, 'insuranceCompanyId');
  const values = {
    title: input.title,
    amount: input.amount,
    insuranceCompanyId: input.insuranceCompanyId ?? null,
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    notes: input.notes || null,
  };
  if (input.id) {
    await tx
      .update(patientLimits)
      .set({ ...values, updatedAt: new Date() })
      .where(byId(clinicId, input.patientId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(patientLimits)
    .values({ clinicId, patientId: input.patientId, ...values })
    .returning({ id: patientLimits.id });
  return { id: created!.id };
}

/** Deletes one of the patient's limits. */
export async function deletePatientLimit(tx: Tx, scope: PatientScope, input: { id: number; patientId: number }) {
  const { clinicId } = scope;
  await findPatient(tx, scope, input.patientId);
  await findPatientLimit(tx, clinicId, input.patientId, input.id);
  await tx.delete(patientLimits).where(byId(clinicId, input.patientId, input.id));
  return { ok: true as const };
}

async function findPatientLimit(tx: Tx, clinicId: number, patientId: number, id: number) {
  const [row] = await tx
    .select()
    .from(patientLimits)
    .where(byId(clinicId, patientId, id));
  return row ?? fail('not_found');
}
