import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, login, testApp } from '../../../test/harness.js';
import { DEMO_PASSWORD, seedDemo } from '../../db/demo-data.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { rowsOf } from './drug-lines.js';
import { RX, expectOk } from './prescriptions-test-kit.js';

const t = await testApp();

describe('prescriptions demo data', () => {
  it("the demo doctor sees three templates in each language, the first patient's draft with the penicillin alert and the second's published prescription", async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    const token = await login(t, 'demo', 'doctor@demo.test', DEMO_PASSWORD);
    const templates = await expectOk<{ total: number }>(api(t, token).get(RX.getPrescriptionTemplates, {}));
    expect(templates.total).toBe(9);
    const [clinic] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from clinics where clinic_name = 'demo'`));
    const patients = await withTenant(t.database.db, Number(clinic!.id), async (tx) =>
      rowsOf<{ id: number }>(await tx.execute(sql`select id from patients where deleted_at is null order by id limit 2`)),
    );
    const first = await expectOk<{ items: Array<{ status: string; drugNames: string[] }>; alerts: Array<{ nameEn: string }> }>(
      api(t, token).get(RX.getPatientPrescriptions, { patientId: Number(patients[0]!.id) }),
    );
    expect(first.items).toEqual([expect.objectContaining({ status: 'draft', drugNames: ['Ibuprofen', 'Paracetamol'] })]);
    expect(first.alerts.map((a) => a.nameEn).join(' ')).toMatch(/penicillin/i);
    const second = await expectOk<{ items: Array<{ id: number; status: string; doctorName: string }> }>(
      api(t, token).get(RX.getPatientPrescriptions, { patientId: Number(patients[1]!.id) }),
    );
    expect(second.items).toEqual([expect.objectContaining({ status: 'published', doctorName: 'د. كريم نبيل' })]);
    const pdf = await api(t, token).get(RX.getPrescriptionPdf, { id: second.items[0]!.id });
    expect(pdf.statusCode).toBe(200);
    // the second demo clinic (tier ST1) has the templates too
    const riyadh = await login(t, 'riyadh', 'owner@riyadh.test', DEMO_PASSWORD);
    expect((await expectOk<{ total: number }>(api(t, riyadh).get(RX.getPrescriptionTemplates, {}))).total).toBe(9);
  });
});
