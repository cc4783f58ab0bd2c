import type { ProcedureVisitItem, SaveProcedureVisitInput } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import { users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { assertBranchDoctor, findPatientProcedure } from './patient-procedures.service.js';
import { procedureVisits } from './patient-procedures.table.js';

const visitById = (clinicId: number, id: number) => and(eq(procedureVisits.clinicId, clinicId), eq(procedureVisits.id, id));

/** procedure/GetProcedureVisitList: the procedure's visits by date (then as added). */
export async function listProcedureVisits(tx: Tx, session: ClinicSession, patientProcedureId: number): Promise<{ items: ProcedureVisitItem[] }> {
  await findPatientProcedure(tx, session, patientProcedureId);
  const rows = await tx
    .select({
      id: procedureVisits.id,
      patientProcedureId: procedureVisits.patientProcedureId,
      visitDate: procedureVisits.visitDate,
      doctorId: procedureVisits.doctorId,
      doctorName: users.displayName,
      notes: procedureVisits.notes,
      createdAt: procedureVisits.createdAt,
    })
    .from(procedureVisits)
    .innerJoin(users, and(eq(users.clinicId, procedureVisits.clinicId), eq(users.id, procedureVisits.doctorId)))
    .where(and(eq(procedureVisits.clinicId, session.clinicId), eq(procedureVisits.patientProcedureId, patientProcedureId)))
    .orderBy(asc(procedureVisits.visitDate), asc(procedureVisits.id));
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/** A visit of the clinic the user may reach (through its procedure); else 404 not_found. */
async function findVisit(tx: Tx, session: ClinicSession, id: number) {
  const [visit] = await tx.select().from(procedureVisits).where(visitById(session.clinicId, id));
  if (!visit) return fail('not_found');
  return visit;
}

/**
 * procedure/SaveProcedureVisit: adds a sitting to a procedure (no id) or changes one of its sittings. The procedure
 * must be reachable for writing (its branch one of the user's) and not cancelled (409 procedure_cancelled); the
 * doctor must work in the procedure's branch.
 */
export async function saveProcedureVisit(tx: Tx, session: ClinicSession, input: SaveProcedureVisitInput) {
  const procedure = await findPatientProcedure(tx, session, input.patientProcedureId, true);
  if (input.id) {
    const visit = await findVisit(tx, session, input.id);
    if (visit.patientProcedureId !== procedure.id) fail('not_found');
  }
  if (procedure.status === 'S5') fail('procedure_cancelled');
  await assertBranchDoctor(tx, session.clinicId, procedure.branchId, input.doctorId, 'doctorId');
  const values = { visitDate: input.visitDate, doctorId: input.doctorId, notes: input.notes || null };
  if (input.id) {
    await tx.update(procedureVisits).set({ ...values, updatedAt: new Date() }).where(visitById(session.clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(procedureVisits)
    .values({ clinicId: session.clinicId, patientProcedureId: procedure.id, ...values, createdBy: session.userId })
    .returning({ id: procedureVisits.id });
  return { id: created!.id };
}

/** procedure/DeleteProcedureVisit: one sitting (the web app asks for confirmation first). */
export async function deleteProcedureVisit(tx: Tx, session: ClinicSession, id: number) {
  const visit = await findVisit(tx, session, id);
  await findPatientProcedure(tx, session, visit.patientProcedureId, true);
  await tx.delete(procedureVisits).where(visitById(session.clinicId, id));
  return { ok: true as const };
}
