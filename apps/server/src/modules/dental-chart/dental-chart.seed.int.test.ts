import { callPath, dentalChartCalls } from '@dental/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, login, testApp } from '../../../test/harness.js';
import { DEMO_PASSWORD, seedDemo } from '../../db/demo-data.js';
import { clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patients } from '../patients/index.js';

const t = await testApp();

describe('dental chart demo data', () => {
  it("charts the first demo patient of each demo clinic, readable through the module's calls", async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    const [demo] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, 'demo'));
    const [first] = await withTenant(t.database.db, demo!.id, (tx) => tx.select({ id: patients.id }).from(patients).orderBy(asc(patients.id)).limit(1));
    const token = await login(t, 'demo', 'doctor@demo.test', DEMO_PASSWORD);
    const chart = (await api(t, token).get(callPath(dentalChartCalls.getPatientTeeth), { patientId: first!.id })).json();
    expect(chart.teeth.map((c: { tooth: number }) => c.tooth)).toEqual([11, 16, 26, 36, 46]);
    const notes = (await api(t, token).get(callPath(dentalChartCalls.getPatientTeethNotesCount), { patientId: first!.id })).json();
    expect(notes).toEqual({ items: [{ tooth: 36, count: 1 }] });
    const canals = (await api(t, token).get(callPath(dentalChartCalls.getToothCanals), { patientId: first!.id, tooth: 26 })).json();
    expect(canals.items.map((c: { canalName: string; length: string }) => [c.canalName, c.length])).toEqual([
      ['MB', '20.50'],
      ['DB', '19.50'],
      ['P', '21.00'],
    ]);
  });
});
