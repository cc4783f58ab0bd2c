import type { SaveToothCanalInput, ToothCanal } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { type PatientScope, findPatient } from '../patients/index.js';
import { toothCanals } from './dental-chart.table.js';
import { assertOwned, authorNames, authorOf, countsPerTooth, deleteOwned } from './tooth-items.js';

const CANALS = { table: toothCanals, id: toothCanals.id, clinicId: toothCanals.clinicId, patientId: toothCanals.patientId, tooth: toothCanals.tooth };

/** The canal measurements of one tooth, in the order they were recorded. */
export async function getToothCanals(tx: Tx, scope: PatientScope, patientId: number, tooth: number) {
  const { clinicId } = scope;
  await findPatient(tx, scope, patientId);
  const rows = await tx
    .select()
    .from(toothCanals)
    .where(and(eq(toothCanals.clinicId, clinicId), eq(toothCanals.patientId, patientId), eq(toothCanals.tooth, tooth)))
    .orderBy(asc(toothCanals.createdAt), asc(toothCanals.id));
  const names = await authorNames(tx, clinicId, rows.map((r) => r.createdBy));
  return {
    items: rows.map(
      (r): ToothCanal => ({
        id: r.id,
        tooth: r.tooth,
        canalName: r.canalName,
        length: r.length,
        referencePoint: r.referencePoint,
        createdBy: authorOf(names, r.createdBy),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      }),
    ),
  };
}

export async function getPatientTeethCanalsCount(tx: Tx, scope: PatientScope, patientId: number) {
  const { clinicId } = scope;
  await findPatient(tx, scope, patientId);
  return countsPerTooth(tx, CANALS, clinicId, patientId);
}

/** Adds a canal measurement (no id) or updates one of the patient's. */
export async function saveToothCanal(tx: Tx, session: ClinicSession, input: SaveToothCanalInput) {
  const { clinicId } = session;
  await findPatient(tx, session, input.patientId);
  const values = {
    tooth: input.tooth,
    canalName: input.canalName,
    length: input.length,
    referencePoint: input.referencePoint ?? null,
  };
  if (input.id) {
    await assertOwned(tx, CANALS, clinicId, input.patientId, [input.id]);
    await tx
      .update(toothCanals)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(toothCanals.clinicId, clinicId), eq(toothCanals.id, input.id)));
    return { id: input.id };
  }
  const [row] = await tx
    .insert(toothCanals)
    .values({ clinicId, patientId: input.patientId, ...values, createdBy: session.userId })
    .returning({ id: toothCanals.id });
  return { id: row!.id };
}

export async function deleteToothCanals(tx: Tx, scope: PatientScope, patientId: number, ids: number[]) {
  const { clinicId } = scope;
  await findPatient(tx, scope, patientId);
  return deleteOwned(tx, CANALS, clinicId, patientId, ids);
}
