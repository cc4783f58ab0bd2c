import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { P, addClinicBranch, addProcedure, addTreatmentBranch } from './treatments-test-kit.js';
import { priceListProcedures, procedures } from './treatments.table.js';

/* The catalogue's check-then-writes under concurrency: names stay unique, copies never duplicate a list row. */
const t = await testApp();
const N = 50;

describe('concurrent catalogue and price list writes', () => {
  it(`${N} SaveProcedure with the same names: exactly one is saved, the others are 409 name_exists`, async () => {
    const k = await newClinic(t);
    const tb = await addTreatmentBranch(t, k.token);
    const { tally } = await concurrently(N, (i) =>
      api(t, k.token).post(P.saveProcedure, {
        treatmentBranchId: tb, nameAr: 'علاج جذور', nameEn: i % 2 ? 'Root canal' : 'ROOT CANAL', code: `D${1000 + i}`, price: '1', insurancePrice: '1',
      }),
    );
    expect(tally).toEqual({ '200': 1, '409 name_exists': N - 1 });
    const rows = await withTenant(t.database.db, k.clinicId, (tx) => tx.select().from(procedures).where(eq(procedures.clinicId, k.clinicId)));
    expect(rows).toHaveLength(1);
  });

  it(`${N} CopyProceduresFromAnotherBranch (and price saves) at once: one row per procedure, copied once in all`, async () => {
    const k = await newClinic(t);
    const tb = await addTreatmentBranch(t, k.token);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await addProcedure(t, k.token, tb, `P${i}`));
    for (const procedureId of ids) await api(t, k.token).post(P.savePriceListProcedure, { branchId: k.branchId, procedureId });
    const second = await addClinicBranch(t, k);
    const { responses, tally } = await concurrently(N, (i) =>
      i % 5 === 4
        ? api(t, k.token).post(P.savePriceListProcedure, { branchId: second, procedureId: ids[0], price: '7' })
        : api(t, k.token).post(P.copyProceduresFromAnotherBranch, { branchFrom: k.branchId, branchTo: second }),
    );
    expect(tally).toEqual({ '200': N });
    const copied = responses
      .filter((r) => 'copied' in r.json())
      .reduce((sum, r) => sum + (r.json() as { copied: number }).copied, 0);
    const rows = await withTenant(t.database.db, k.clinicId, (tx) =>
      tx.select().from(priceListProcedures).where(and(eq(priceListProcedures.clinicId, k.clinicId), eq(priceListProcedures.branchId, second))));
    expect(rows.map((r) => r.procedureId).sort((a, b) => a - b)).toEqual(ids);
    // every procedure was copied by exactly one request, except ids[0] when a save added it first
    expect(copied === ids.length || copied === ids.length - 1).toBe(true);
  });
});
