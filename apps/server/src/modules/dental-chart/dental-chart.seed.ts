import { and, asc, eq, isNull } from 'drizzle-orm';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db } from '../../platform/db/types.js';
import { patients } from '../patients/index.js';
import { patientTeeth, toothCanals, toothNotes } from './dental-chart.table.js';

/**
 * A charted mouth for the clinic's first demo patient (the patients module seeds the patients first): a crown,
 * a treated molar with its canal lengths, caries to fill, a missing tooth, a planned veneer and a note.
 */
export async function seedDemoChart(db: Db, clinicId: number) {
  await withTenant(db, clinicId, async (tx) => {
    const [patient] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), isNull(patients.deletedAt)))
      .orderBy(asc(patients.id))
      .limit(1);
    if (!patient) return;
    const patientId = patient.id;
    await tx.insert(patientTeeth).values([
      { clinicId, patientId, tooth: 16, surfaces: { O: '#1e88e5' }, extras: [{ code: 'crown', status: 'done' }] },
      { clinicId, patientId, tooth: 26, extras: [{ code: 'rootCanal', status: 'existing' }, { code: 'crown', status: 'planned' }] },
      { clinicId, patientId, tooth: 36, surfaces: { O: '#e53935', D: '#e53935' }, extras: [{ code: 'filling', status: 'planned' }] },
      { clinicId, patientId, tooth: 46, extras: [{ code: 'missing', status: 'existing' }] },
      { clinicId, patientId, tooth: 11, color: '#fff3b0', extras: [{ code: 'veneer', status: 'planned' }] },
    ]);
    await tx.insert(toothNotes).values([
      { clinicId, patientId, tooth: 36, note: 'تسوس على السطح الإطباقي والوحشي، حشوة مركبة مخططة' },
    ]);
    await tx.insert(toothCanals).values([
      { clinicId, patientId, tooth: 26, canalName: 'MB', length: '20.50', referencePoint: 'MB cusp' },
      { clinicId, patientId, tooth: 26, canalName: 'DB', length: '19.50', referencePoint: 'DB cusp' },
      { clinicId, patientId, tooth: 26, canalName: 'P', length: '21.00', referencePoint: 'P cusp' },
    ]);
  });
}
