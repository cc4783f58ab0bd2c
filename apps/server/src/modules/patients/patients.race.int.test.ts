import { callPath, patientsCalls } from '@dental/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patients } from './patients.table.js';

/* Patients under concurrency (issue 13): codes stay unique, the duplicate-name question holds. */
const t = await testApp();
const N = 50;
const SAVE = callPath(patientsCalls.savePatient);

const codesOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, async (tx) =>
    (await tx.select({ code: patients.code }).from(patients).where(eq(patients.clinicId, clinicId))).map((r) => Number(r.code)).sort((a, b) => a - b),
  );

describe('Patient/SavePatient, many at once', () => {
  it(`${N} new patients at once get the codes 1 to ${N}`, async () => {
    const c = await newClinic(t);
    const { responses, tally } = await concurrently(N, (i) =>
      api(t, c.token).post(SAVE, { name: `Patient ${i}`, mobile: `+20 100 000 ${String(1000 + i)}`, branchIds: [c.branchId] }),
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
