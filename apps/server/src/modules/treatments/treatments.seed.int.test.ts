import { treatmentsCalls } from '@dental/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, login, testApp } from '../../../test/harness.js';
import { DEMO_PASSWORD, seedDemo } from '../../db/demo-data.js';
import { branches, clinics } from '../../platform/auth/identity.table.js';
import { P } from './treatments-test-kit.js';
import { DEMO_CATALOGUE } from './treatments.seed.js';

const t = await testApp();
const c = treatmentsCalls;

describe('demo catalogue', () => {
  it('seeds 8 treatment branches and about 60 procedures with codes and ar/en/fr names; demo prices in EGP, riyadh in SAR', async () => {
    const all = DEMO_CATALOGUE.flatMap((g) => g.procedures);
    expect(DEMO_CATALOGUE).toHaveLength(8);
    expect(all.length).toBeGreaterThanOrEqual(55);
    for (const [code, names] of all) {
      expect(code).toMatch(/^D\d{4}$/);
      expect(names.every((n) => n.trim().length > 0)).toBe(true);
    }
    expect(new Set(all.map(([code]) => code)).size).toBe(all.length);

    expect(await seedDemo(t.database.db)).toBe(true);
    const demo = await login(t, 'demo', 'owner@demo.test', DEMO_PASSWORD);
    const riyadh = await login(t, 'riyadh', 'owner@riyadh.test', DEMO_PASSWORD);
    const demoList = expectContractAnswer(c.getProcedures, await api(t, demo).get(P.getProcedures, { search: 'D3330' }));
    expect(demoList.items[0]).toMatchObject({ nameEn: 'Root canal treatment, molar', price: '3000.00', insurancePrice: '3300.00', toothSelection: 'tooth' });
    const riyadhList = expectContractAnswer(c.getProcedures, await api(t, riyadh).get(P.getProcedures, { search: 'D3330' }));
    expect(riyadhList.items[0]).toMatchObject({ nameFr: 'Traitement endodontique, molaire', price: '1400.00' });
    expect(expectContractAnswer(c.getProcedures, await api(t, riyadh).get(P.getProcedures)).total).toBe(all.length);

    const [clinic] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, 'demo'));
    const ids = (await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.clinicId, clinic!.id))).map((b) => b.id).sort((a, b) => a - b);
    const sizeOf = async (branchId: number) =>
      expectContractAnswer(c.getProceduresByBranch, await api(t, demo).get(P.getProceduresByBranch, { branchId, pageSize: 1 })).total;
    expect(await sizeOf(ids[0]!)).toBe(all.length);
    const second = await sizeOf(ids[1]!);
    expect(second).toBeGreaterThan(0);
    expect(second).toBeLessThan(all.length);
    // the copy fills the second branch
    const copy = expectContractAnswer(c.copyProceduresFromAnotherBranch, await api(t, demo).post(P.copyProceduresFromAnotherBranch, { branchFrom: ids[0], branchTo: ids[1] }));
    expect([copy.copied, copy.skipped]).toEqual([all.length - second, second]);
  });
});
