import type { ChartedTooth, SavePatientTeethInput, ToothExtension, ToothExtra, ToothPart } from '@dental/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { lockKeys } from '../../platform/db/locks.js';
import type { Tx } from '../../platform/db/types.js';
import { type PatientScope, findPatient } from '../patients/index.js';
import { patientTeeth } from './dental-chart.table.js';

type Row = typeof patientTeeth.$inferSelect;
type State = Pick<Row, 'color' | 'surfaces' | 'extras' | 'parts' | 'extensions'>;

/** A new, empty state (its objects are changed in place, so never shared). */
const empty = (): State => ({ color: null, surfaces: {}, extras: [], parts: [], extensions: [] });

const toItem = (row: Row): ChartedTooth => ({
  tooth: row.tooth,
  color: row.color,
  surfaces: row.surfaces,
  extras: row.extras as ToothExtra[],
  parts: row.parts as ToothPart[],
  extensions: row.extensions as ToothExtension[],
  updatedAt: row.updatedAt.toISOString(),
});

const ofPatient = (clinicId: number, patientId: number) =>
  and(eq(patientTeeth.clinicId, clinicId), eq(patientTeeth.patientId, patientId));

const isEmpty = (s: State) =>
  !s.color && !Object.keys(s.surfaces).length && !s.extras.length && !s.parts.length && !s.extensions.length;

/** The patient's charted teeth in FDI order. */
export async function getPatientTeeth(tx: Tx, scope: PatientScope, patientId: number) {
  const { clinicId } = scope;
  await findPatient(tx, scope, patientId);
  return { teeth: await chartOf(tx, clinicId, patientId) };
}

async function chartOf(tx: Tx, clinicId: number, patientId: number) {
  const rows = await tx.select().from(patientTeeth).where(ofPatient(clinicId, patientId)).orderBy(asc(patientTeeth.tooth));
  return rows.map(toItem);
}

/**
 * Applies each listed tooth's change to what is charted on it (see the contract's toothChange): a tooth that ends
 * with nothing charted loses its row. Returns the whole chart.
 */
export async function savePatientTeeth(tx: Tx, session: ClinicSession, input: SavePatientTeethInput) {
  const { clinicId } = session;
  await findPatient(tx, session, input.patientId);
  // changes merge into what is charted: two saves of one patient's chart at once take turns (no lost change)
  await lockKeys(tx, [`teeth:${input.patientId}`]);
  const listed = input.teeth.map((t) => t.tooth);
  const current = new Map(
    (
      await tx
        .select()
        .from(patientTeeth)
        .where(and(ofPatient(clinicId, input.patientId), inArray(patientTeeth.tooth, listed)))
    ).map((r) => [r.tooth, r]),
  );
  const now = new Date();
  for (const change of input.teeth) {
    const before = current.get(change.tooth);
    const next: State = change.clear || !before ? empty() : { ...before, surfaces: { ...before.surfaces } };
    if (change.color !== undefined) next.color = change.color;
    if (change.surfaces) {
      for (const code of change.surfaces.codes) {
        if (change.surfaces.color) next.surfaces[code] = change.surfaces.color;
        else delete next.surfaces[code];
      }
    }
    if (change.extras) next.extras = change.extras;
    if (change.parts) next.parts = change.parts;
    if (change.extensions) next.extensions = change.extensions;

    const where = and(ofPatient(clinicId, input.patientId), eq(patientTeeth.tooth, change.tooth));
    if (isEmpty(next)) {
      if (before) await tx.delete(patientTeeth).where(where);
    } else if (before) {
      await tx
        .update(patientTeeth)
        .set({ ...next, updatedBy: session.userId, updatedAt: now })
        .where(where);
    } else {
      await tx
        .insert(patientTeeth)
        .values({ clinicId, patientId: input.patientId, tooth: change.tooth, ...next, updatedBy: session.userId });
    }
  }
  return { teeth: await chartOf(tx, clinicId, input.patientId) };
}
