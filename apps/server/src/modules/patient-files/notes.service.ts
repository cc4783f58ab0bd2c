import type { NoteItem, SaveNoteInput } from '@dental/contract';
import { and, desc, eq } from 'drizzle-orm';
import { users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { type PatientScope, findPatient, patientNotes } from '../patients/index.js';
// the table is the patients module's (fixed schema); its index does not export it yet

type NoteRow = typeof patientNotes.$inferSelect;

const toItem = (row: NoteRow, authorName: string | null): NoteItem => ({
  id: row.id,
  patientId: row.patientId,
  note: row.note,
  branchId: row.branchId,
  createdBy: row.createdBy,
  authorName,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const byId = (clinicId: number, id: number) => and(eq(patientNotes.clinicId, clinicId), eq(patientNotes.id, id));

/** A note of the clinic whose patient is still on file; anything else is 404. */
async function findNote(tx: Tx, scope: PatientScope, id: number) {
  const { clinicId } = scope;
  const [row] = await tx.select().from(patientNotes).where(byId(clinicId, id));
  if (!row) return fail('not_found');
  await findPatient(tx, scope, row.patientId);
  return row;
}

/** GetNotes: the patient's notes, newest first, with the author's name. */
export async function listNotes(tx: Tx, scope: PatientScope, patientId: number) {
  const { clinicId } = scope;
  await findPatient(tx, scope, patientId);
  const rows = await tx
    .select({ note: patientNotes, authorName: users.displayName })
    .from(patientNotes)
    .leftJoin(users, and(eq(users.clinicId, patientNotes.clinicId), eq(users.id, patientNotes.createdBy)))
    .where(and(eq(patientNotes.clinicId, clinicId), eq(patientNotes.patientId, patientId)))
    .orderBy(desc(patientNotes.createdAt), desc(patientNotes.id));
  return { items: rows.map((r) => toItem(r.note, r.authorName)) };
}

/**
 * SaveNotes: adds a note written by the caller in the caller's branch (no id), or rewrites a note of the same
 * patient (a note of another patient or clinic is 404). The author and date of a rewritten note stay.
 */
export async function saveNote(tx: Tx, session: ClinicSession, input: SaveNoteInput) {
  const { clinicId } = session;
  await findPatient(tx, session, input.patientId);
  if (input.id) {
    const note = await findNote(tx, session, input.id);
    if (note.patientId !== input.patientId) fail('not_found');
    await tx.update(patientNotes).set({ note: input.note, updatedAt: new Date() }).where(byId(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(patientNotes)
    .values({
      clinicId,
      patientId: input.patientId,
      branchId: session.branchId,
      note: input.note,
      createdBy: session.userId,
    })
    .returning({ id: patientNotes.id });
  return { id: created!.id };
}

/** DeleteNote (the web asks for confirmation first, spec §5). */
export async function deleteNote(tx: Tx, scope: PatientScope, id: number) {
  const { clinicId } = scope;
  await findNote(tx, scope, id);
  await tx.delete(patientNotes).where(byId(clinicId, id));
  return { ok: true as const };
}
