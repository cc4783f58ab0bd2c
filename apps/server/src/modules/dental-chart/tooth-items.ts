import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/identity.table.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';

/** What tooth notes and tooth canals share: a patient, a tooth, an author. */
interface ToothItemTable {
  table: PgTable;
  id: PgColumn;
  clinicId: PgColumn;
  patientId: PgColumn;
  tooth: PgColumn;
}

const ofPatient = (t: ToothItemTable, clinicId: number, patientId: number) =>
  and(eq(t.clinicId, clinicId), eq(t.patientId, patientId));

/** How many rows each tooth of the patient has (teeth without any are left out), in FDI order. */
export async function countsPerTooth(tx: Tx, t: ToothItemTable, clinicId: number, patientId: number) {
  const rows = await tx
    .select({ tooth: t.tooth, count: count() })
    .from(t.table)
    .where(ofPatient(t, clinicId, patientId))
    .groupBy(t.tooth)
    .orderBy(t.tooth);
  return { items: rows.map((r) => ({ tooth: Number(r.tooth), count: Number(r.count) })) };
}

/** The row `id` of the patient, or 404 not_found (another patient's, another clinic's or no such row). */
export async function assertOwned(tx: Tx, t: ToothItemTable, clinicId: number, patientId: number, ids: number[]) {
  const found = await tx
    .select({ id: t.id })
    .from(t.table)
    .where(and(ofPatient(t, clinicId, patientId), inArray(t.id, ids)));
  if (found.length !== new Set(ids).size) fail('not_found');
}

/** Deletes the patient's rows `ids`; all of them must be the patient's, else nothing is deleted (404). */
export async function deleteOwned(tx: Tx, t: ToothItemTable, clinicId: number, patientId: number, ids: number[]) {
  await assertOwned(tx, t, clinicId, patientId, ids);
  await tx.delete(t.table).where(and(ofPatient(t, clinicId, patientId), inArray(t.id, ids)));
  return { ok: true as const };
}

/** The names of the authors of some rows, by user id. */
export async function authorNames(tx: Tx, clinicId: number, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map<number, string>();
  const rows = await tx
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(and(eq(users.clinicId, clinicId), inArray(users.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const authorOf = (names: Map<number, string>, id: number | null) =>
  id !== null && names.has(id) ? { id, name: names.get(id)! } : null;
