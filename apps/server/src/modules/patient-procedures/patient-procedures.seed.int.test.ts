import { patientProceduresCalls as calls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, login, testApp } from '../../../test/harness.js';
import { DEMO_PASSWORD, seedDemo } from '../../db/demo-data.js';
import { branches, clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patients } from '../patients/index.js';
import { priceListProcedures, procedures, treatmentBranches } from '../treatments/index.js';
import { seedDemoProcedures } from './patient-procedures.seed.js';
import { PATH } from './patient-procedures-test-kit.js';
import { patientProcedures, procedureVisits } from './patient-procedures.table.js';

const t = await testApp();

describe('patient procedures demo data', () => {
  it('does nothing without a priced catalogue; with one, demo patients get planned and completed procedures with visits, once', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    const [demo] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, 'demo'));
    const clinicId = demo!.id;
    const count = () => withTenant(t.database.db, clinicId, (tx) => tx.$count(patientProcedures, eq(patientProcedures.clinicId, clinicId)));
    const branchIds = await withTenant(t.database.db, clinicId, async (tx) =>
      (await tx.select({ id: branches.id }).from(branches).where(eq(branches.clinicId, clinicId)).orderBy(asc(branches.id))).map((b) => b.id),
    );
    const catalogue = await withTenant(t.database.db, clinicId, (tx) => tx.$count(priceListProcedures, eq(priceListProcedures.clinicId, clinicId)));
    if (!catalogue) {
      expect(await count()).toBe(0);
      // what the catalogue's demo seeder gives the first branch, in small
      await withTenant(t.database.db, clinicId, async (tx) => {
        const [tb] = await tx.insert(treatmentBranches).values({ clinicId, nameAr: 'الحشوات', nameEn: 'Restorative' }).returning();
        const made = await tx
          .insert(procedures)
          .values([
            { clinicId, treatmentBranchId: tb!.id, nameAr: 'حشو كومبوزيت', nameEn: 'Composite filling', price: '450', insurancePrice: '400', toothSelection: 'surface' },
            { clinicId, treatmentBranchId: tb!.id, nameAr: 'علاج عصب', nameEn: 'Root canal', price: '1500', insurancePrice: '1300', toothSelection: 'tooth' },
          ])
          .returning();
        await tx.insert(priceListProcedures).values(made.map((p) => ({ clinicId, branchId: branchIds[0]!, procedureId: p.id, price: p.price, insurancePrice: p.insurancePrice })));
      });
      await seedDemoProcedures(t.database.db, clinicId, branchIds);
    }
    const seeded = await count();
    expect(seeded).toBeGreaterThanOrEqual(8);
    await seedDemoProcedures(t.database.db, clinicId, branchIds);
    expect(await count()).toBe(seeded);
    const rows = await withTenant(t.database.db, clinicId, (tx) => tx.select().from(patientProcedures).where(eq(patientProcedures.clinicId, clinicId)));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['S1', 'S2', 'S3', 'S5']));
    expect(rows.filter((r) => r.status === 'S3').every((r) => r.completedAt && r.completedBy)).toBe(true);
    const visits = await withTenant(t.database.db, clinicId, (tx) => tx.$count(procedureVisits, eq(procedureVisits.clinicId, clinicId)));
    expect(visits).toBeGreaterThanOrEqual(4);

    // the doctor reads the first patient's procedures through the API
    const [first] = await withTenant(t.database.db, clinicId, (tx) =>
      tx.select({ id: patients.id }).from(patients).where(and(eq(patients.clinicId, clinicId))).orderBy(asc(patients.id)).limit(1),
    );
    const token = await login(t, 'demo', 'doctor@demo.test', DEMO_PASSWORD);
    const list = expectContractAnswer(calls.getPatientProcedures, await api(t, token).get(PATH.getPatientProcedures, { patientId: first!.id }));
    expect(list.items.length).toBeGreaterThanOrEqual(1);
    expect(list.items.every((i) => i.teeth.length > 0)).toBe(true);
  });
});
