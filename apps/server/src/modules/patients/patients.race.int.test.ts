import { callPath, patientsCalls } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, testApp } from '../../../test/harness.js';
import { branches } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patientBranches, patients } from './patients.table.js';

/* Patients under concurrency (issue 13): codes stay unique, the duplicate-name question holds. */
const t = await testApp();
const N = 50;
const SAVE = callPath(patientsCalls.savePatient);

const codesOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, async (tx) =>
    (await tx.select({ code: patients.code }).from(patients).where(eq(patients.clinicId, clinicId)))
      .map((r) => Number(r.code))
      .sort((a, b) => a - b),
  );

describe('Patient/SavePatient, many at once', () => {
  it(`${N} new patients at once get the codes 1 to ${N}`, async () => {
    const c = await newClinic(t);
    const { responses, tally } = await concurrently(N, (i) =>
      api(t, c.token).post(SAVE, {
        name: `Patient ${i}`,
        mobile: `+20 100 000 ${String(1000 + i)}`,
        branchIds: [c.branchId],
      }),
    );
    expect(tally).toEqual({ '200': N });
    const expected = Array.from({ length: N }, (_, i) => i + 1);
    expect(responses.map((r) => Number(r.json().code)).sort((a, b) => a - b)).toEqual(expected);
    expect(await codesOf(c.clinicId)).toEqual(expected);
  });

  it(`${N} patients with one name at once: one is added, the others are asked (409 patient_name_exists); confirmed, all are`, async () => {
    const c = await newClinic(t);
    const body = { name: 'أحمد علي', mobile: '+20 100 123 4567', branchIds: [c.branchId] };
    const asked = await concurrently(N, () => api(t, c.token).post(SAVE, body));
    expect(asked.tally).toEqual({ '200': 1, '409 patient_name_exists': N - 1 });
    const confirmed = await concurrently(N, () => api(t, c.token).post(SAVE, { ...body, confirmDuplicateName: true }));
    expect(confirmed.tally).toEqual({ '200': N });
    expect(await codesOf(c.clinicId)).toHaveLength(N + 1);
  });
});

describe('Patient/SavePatient, one patient’s branches replaced by many at once (issue 13)', () => {
  it(`${N} saves of one patient with different branch lists: all succeed, the patient ends with exactly one of the lists`, async () => {
    const c = await newClinic(t);
    const [second, third] = await withTenant(t.database.db, c.clinicId, async (tx) =>
      (
        await tx
          .insert(branches)
          .values([
            { clinicId: c.clinicId, name: 'Second' },
            { clinicId: c.clinicId, name: 'Third' },
          ])
          .returning({ id: branches.id })
      ).map((b) => b.id),
    );
    const lists = [[c.branchId], [second!, third!], [c.branchId, third!], [second!]];
    const { id } = (
      await api(t, c.token).post(SAVE, { name: 'Moving Patient', mobile: '+20 100 555 0000', branchIds: lists[0] })
    ).json();
    const { tally } = await concurrently(N, (i) =>
      api(t, c.token).post(SAVE, {
        id,
        name: 'Moving Patient',
        mobile: '+20 100 555 0000',
        branchIds: lists[i % lists.length],
      }),
    );
    expect(tally).toEqual({ '200': N });
    const kept = await withTenant(t.database.db, c.clinicId, async (tx) =>
      (
        await tx
          .select({ b: patientBranches.branchId })
          .from(patientBranches)
          .where(and(eq(patientBranches.clinicId, c.clinicId), eq(patientBranches.patientId, id)))
      )
        .map((r) => r.b)
        .sort((a, b) => a - b),
    );
    expect(lists.map((l) => [...l].sort((a, b) => a - b))).toContainEqual(kept);
  });
});
