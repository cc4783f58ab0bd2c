import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, newPatient, testApp } from '../../../test/harness.js';
import { PATH, addProcedure, createProcedure, rowOf } from './patient-procedures-test-kit.js';

/*
 * Many changes of one patient procedure at once with the same version (optimistic concurrency): on PostgreSQL the
 * requests run side by side on the pool's connections; `update … where version = v` lets exactly one through and
 * the others get 409 stale_version, so nobody overwrites what another saved.
 */
const t = await testApp();
const N = 50;
const STATUSES = ['S2', 'S3', 'S5'] as const;

describe('concurrent changes of one patient procedure', () => {
  it(`${N} UpdateProcedureStatus with the same version: exactly one 200, the others 409 stale_version`, async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c);
    const { id } = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    const { tally, responses } = await concurrently(N, (i) =>
      api(t, c.token).post(PATH.updateProcedureStatus, { id, version: 1, status: STATUSES[i % STATUSES.length] }),
    );
    expect(tally).toEqual({ '200': 1, '409 stale_version': N - 1 });
    const winner = responses.findIndex((r) => r.statusCode === 200);
    expect(await rowOf(t, c, id)).toMatchObject({ version: 2, status: STATUSES[winner % STATUSES.length] });
  });

  it(`${N} SavePatientProcedure updates with the same version: exactly one is saved`, async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c);
    const { id } = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    const { tally, responses } = await concurrently(N, (i) =>
      api(t, c.token).post(PATH.savePatientProcedure, {
        id, version: 1, patientId, procedureId: rc.procedureId, branchId: c.branchId, doctorId: c.ownerId, teeth: [{ tooth: 11 }], notes: `n${i}`,
      }),
    );
    expect(tally).toEqual({ '200': 1, '409 stale_version': N - 1 });
    const winner = responses.findIndex((r) => r.statusCode === 200);
    expect(await rowOf(t, c, id)).toMatchObject({ version: 2, notes: `n${winner}` });
  });

  it(`${N} DeletePatientProcedure with the same version: one deletes, the others are refused`, async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const rc = await addProcedure(t, c);
    const { id } = await createProcedure(t, c, { patientId, procedureId: rc.procedureId });
    const { tally } = await concurrently(N, () => api(t, c.token).delete(PATH.deletePatientProcedure, { id, version: 1 }));
    expect(tally['200']).toBe(1);
    // those that read the row before the delete committed lose on the version, the later ones find nothing
    expect((tally['409 stale_version'] ?? 0) + (tally['404 patient_procedure_not_found'] ?? 0)).toBe(N - 1);
    expect(await rowOf(t, c, id)).toBeUndefined();
  });
});
