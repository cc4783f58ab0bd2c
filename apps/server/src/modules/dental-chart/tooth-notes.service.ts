import type { SaveToothNoteInput, ToothNote } from '@dental/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { type PatientScope, findPatient } from '../patients/index.js';
import { toothNotes } from './dental-chart.table.js';
import { assertOwned, authorNames, authorOf, countsPerTooth, deleteOwned } from './tooth-items.js';

const NOTES = { table: toothNotes, id: toothNotes.id, clinicId: toothNotes.clinicId, patientId: toothNotes.patientId, tooth: toothNotes.tooth };

/** The notes of one tooth, newest first. */
export async function getToothNotes(tx: Tx, scope: PatientScope, patientId: number, tooth: number) {
  const { clinicId } = scope;
  await findPatient(tx, scope, patientId);
  const rows = await tx
    .select()
    .from(toothNotes)
    .where(and(eq(toothNotes.clinicId, clinicId), eq(toothNotes.patientId, patientId), eq(toothNotes.tooth, tooth)))
    .orderBy(desc(toothNotes.createdAt), desc(toothNotes.id));
  const names = await authorNames(tx, clinicId, rows.map((r) => r.createdBy));
  return {
    items: rows.map(
      (r): ToothNote => ({
        id: r.id,
        tooth: r.tooth,
        note: r.note,
        createdBy: authorOf(names, r.createdBy),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      }),
    ),
  };
}

export async function getPatientTeethNotesCount(tx: Tx, scope: PatientScope, patientId: number) {
  const { clinicId } = scope;
  await findPatient(tx, scope, patientId);
  return countsPerTooth(tx, NOTES, clinicId, patientId);
}

/** Adds a note (no id) or rewrites one of the patient's notes. */
export async function saveToothNote(tx: Tx, session: ClinicSession, input: SaveToothNoteInput) {
  const { clinicId } = session;
  await findPatient(tx, session, input.patientId);
  if (input.id) {
    await assertOwned(tx, NOTES, clinicId, input.patientId, [input.id]);
    await tx
      .update(toothNotes)
      .set({ tooth: input.tooth, note: input.note, updatedAt: new Date() })
      .where(and(eq(toothNotes.clinicId, clinicId), eq(toothNotes.id, input.id)));
    return { id: input.id };
  }
  const [row] = await tx
    .insert(toothNotes)
    .values({ clinicId, patientId: input.patientId, tooth: input.tooth, note: input.note, createdBy: session.userId })
    .returning({ id: toothNotes.id });
  return { id: row!.id };
}

export async function deleteToothNotes(tx: Tx, scope: PatientScope, patientId: number, ids: number[]) {
  const { clinicId } = scope;
  await findPatient(tx, scope, patientId);
  return deleteOwned(tx, NOTES, clinicId, patientId, ids);
}
