import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { currencyDecimals } from '@dental/contract';
import { clinics, users } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db } from '../../platform/db/types.js';
import { patients } from '../patients/index.js';
import { priceListProcedures, procedures } from '../treatments/index.js';
import { patientProcedureStatusHistory, patientProcedures, procedureVisits } from './patient-procedures.table.js';

type Teeth = Array<{ tooth: number; surfaces: string[] }>;

/** Per demo patient: [tooth selection wanted, status, teeth, days ago, visits, percent discount]. */
const PLANS: Array<Array<{ status: 'S1' | 'S2' | 'S3' | 'S5'; teeth: Teeth; daysAgo: number; visits: number; discountPercent?: string }>> = [
  [
    { status: 'S3', teeth: [{ tooth: 36, surfaces: ['O', 'M'] }], daysAgo: 40, visits: 2 },
    { status: 'S1', teeth: [{ tooth: 46, surfaces: ['O'] }], daysAgo: 3, visits: 0 },
  ],
  [
    { status: 'S2', teeth: [{ tooth: 11, surfaces: [] }, { tooth: 21, surfaces: [] }], daysAgo: 10, visits: 1, discountPercent: '10.00' },
    { status: 'S1', teeth: [{ tooth: 24, surfaces: ['D', 'O'] }], daysAgo: 10, visits: 0 },
  ],
  [{ status: 'S3', teeth: [{ tooth: 16, surfaces: ['O'] }], daysAgo: 90, visits: 1 }],
  [
    { status: 'S1', teeth: [{ tooth: 37, surfaces: [] }], daysAgo: 1, visits: 0 },
    { status: 'S5', teeth: [{ tooth: 38, surfaces: [] }], daysAgo: 20, visits: 0 },
  ],
  [{ status: 'S3', teeth: [{ tooth: 85, surfaces: ['O'] }], daysAgo: 5, visits: 1 }],
];

/**
 * Demo patient procedures: the first demo patients get planned, in-progress, completed and cancelled procedures on
 * real teeth from the first branch's price list (the catalogue's demo seeder runs before: demoSeeders), with a visit
 * or two. Does nothing when the branch has no priced procedures or the patients already have procedures.
 */
export async function seedDemoProcedures(db: Db, clinicId: number, branchIds: number[]) {
  const branchId = branchIds[0];
  if (!branchId) return;
  await withTenant(db, clinicId, async (tx) => {
    const [already] = await tx.select({ n: sql<number>`count(*)::int` }).from(patientProcedures).where(eq(patientProcedures.clinicId, clinicId));
    if (already!.n) return;
    const [clinic] = await tx.select({ currency: clinics.currency }).from(clinics).where(eq(clinics.id, clinicId));
    const decimals = sql.raw(String(currencyDecimals(clinic!.currency)));
    const priced = await tx
      .select({ id: procedures.id, price: priceListProcedures.price, toothSelection: procedures.toothSelection })
      .from(priceListProcedures)
      .innerJoin(procedures, and(eq(procedures.clinicId, priceListProcedures.clinicId), eq(procedures.id, priceListProcedures.procedureId)))
      .where(and(eq(priceListProcedures.clinicId, clinicId), eq(priceListProcedures.branchId, branchId), eq(procedures.isActive, true)))
      .orderBy(asc(procedures.id));
    const onSurfaces = priced.filter((p) => p.toothSelection === 'surface');
    const onTeeth = priced.filter((p) => p.toothSelection !== 'none');
    if (!onTeeth.length) return;
    const [doctor] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.clinicId, clinicId), eq(users.isDoctor, true), eq(users.isActive, true), isNull(users.deletedAt)))
      .orderBy(asc(users.id))
      .limit(1);
    if (!doctor) return;
    const patientIds = (
      await tx
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.clinicId, clinicId), isNull(patients.deletedAt)))
        .orderBy(asc(patients.id))
        .limit(PLANS.length)
    ).map((p) => p.id);
    let n = 0;
    for (const [i, patientId] of patientIds.entries()) {
      for (const plan of PLANS[i]!) {
        const withSurfaces = plan.teeth.every((t) => t.surfaces.length);
        const pool = withSurfaces && onSurfaces.length ? onSurfaces : onTeeth.filter((p) => p.toothSelection === 'tooth');
        const procedure = (pool.length ? pool : onTeeth)[n++ % (pool.length || onTeeth.length)]!;
        const teeth = procedure.toothSelection === 'surface' ? plan.teeth.map((t) => ({ ...t, surfaces: t.surfaces.length ? t.surfaces : ['O'] })) : plan.teeth;
        const createdAt = sql`now() - make_interval(days => ${plan.daysAgo})`;
        const done = plan.status === 'S3';
        const [row] = await tx
          .insert(patientProcedures)
          .values({
            clinicId,
            patientId,
            branchId,
            procedureId: procedure.id,
            doctorId: doctor.id,
            status: plan.status,
            teeth,
            price: procedure.price,
            discount: plan.discountPercent ? sql`round(${procedure.price}::numeric * ${plan.discountPercent}::numeric / 100, ${decimals})` : '0',
            discountPercent: plan.discountPercent ?? null,
            completedAt: done ? sql`now() - make_interval(days => ${Math.max(plan.daysAgo - 7, 0)})` : null,
            completedBy: done ? doctor.id : null,
            createdBy: doctor.id,
            createdAt,
          })
          .returning({ id: patientProcedures.id });
        // its status history: planned when added, then the status it has now
        await tx.insert(patientProcedureStatusHistory).values([
          { clinicId, patientProcedureId: row!.id, fromStatus: null, toStatus: 'S1', changedBy: doctor.id, changedAt: createdAt },
          ...(plan.status === 'S1'
            ? []
            : [{
                clinicId, patientProcedureId: row!.id, fromStatus: 'S1', toStatus: plan.status, changedBy: doctor.id,
                changedAt: done ? sql`now() - make_interval(days => ${Math.max(plan.daysAgo - 7, 0)})` : createdAt,
              }]),
        ]);
        for (let v = 0; v < plan.visits; v++)
          await tx.insert(procedureVisits).values({
            clinicId,
            patientProcedureId: row!.id,
            visitDate: sql`(now() - make_interval(days => ${plan.daysAgo - v * 7}))::date`,
            doctorId: doctor.id,
            notes: v === 0 ? 'الجلسة الأولى' : 'جلسة متابعة',
            createdBy: doctor.id,
          });
      }
    }
  });
}
