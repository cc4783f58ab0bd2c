import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, newPatient, testApp } from '../../../test/harness.js';
import { RX, expectOk, publishedPrescription, savePrescription, storedPrescription, typedLine } from './prescriptions-test-kit.js';

/*
 * Many requests at once (they bite on PostgreSQL: `bash scripts/test-postgres.sh prescriptions`; PGlite runs one
 * request at a time).
 */
const t = await testApp();

describe('prescriptions under concurrency', () => {
  it('50 saves of one template name at once: one is saved, 49 are 409 name_exists', async () => {
    const c = await newClinic(t);
    const { tally } = await concurrently(50, (i) => api(t, c.token).post(RX.savePrescriptionTemplate, { name: i % 2 ? 'Same name' : 'SAME NAME', drugs: [typedLine()] }));
    expect(tally).toEqual({ '200': 1, '409 name_exists': 49 });
    expect((await expectOk<{ total: number }>(api(t, c.token).get(RX.getPrescriptionTemplates, {}))).total).toBe(1);
  });

  it('a publish and 49 edits of one draft at once: edits before the publish count, every later one is 409, the published lines never change', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await savePrescription(t, c, patientId, { drugs: [typedLine('Start')] });
    const { responses, tally } = await concurrently(50, (i) =>
      api(t, c.token).post(RX.save, {
        id, patientId, branchId: c.branchId, status: i === 25 ? 'published' : 'draft', drugs: [typedLine(`Edit ${i}`)],
      }),
    );
    expect(responses[25]!.statusCode).toBe(200);
    expect((tally['200'] ?? 0) + (tally['409 prescription_published'] ?? 0)).toBe(50);
    // what is stored is the publish's own save: no edit slipped in after it
    const { row, lines } = await storedPrescription(t, c, id);
    expect(row).toEqual([expect.objectContaining({ status: 'published' })]);
    expect(lines.map((l) => (l as { drug_name: string }).drug_name)).toEqual(['Edit 25']);
  });

  it('50 deletions of a published prescription or of its drug line at once: all 409, nothing changes', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await publishedPrescription(t, c, patientId, { drugs: [typedLine('A'), typedLine('B')] });
    const before = await storedPrescription(t, c, id);
    const lineId = Number((before.lines[0] as { id: number }).id);
    const { tally } = await concurrently(50, (i) =>
      i % 2 ? api(t, c.token).delete(RX.deletePrescriptionDrugs, { ids: [lineId] }) : api(t, c.token).delete(RX.deletePrescriptions, { ids: [id] }),
    );
    expect(tally).toEqual({ '409 prescription_published': 50 });
    expect(await storedPrescription(t, c, id)).toEqual(before);
  });
});
