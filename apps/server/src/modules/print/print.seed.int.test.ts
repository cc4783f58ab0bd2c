import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.js';
import { seedDemo } from '../../db/demo-data.js';
import { clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { DEMO_SAUDI_VAT_NO } from './print.seed.js';
import { printSettings } from './print.table.js';

const t = await testApp();

describe('print settings seeding', () => {
  it('gives each demo clinic a default A4 invoice, 80 mm receipt and A5 treatment plan; the Saudi clinic VAT 15 % with a VAT number and the QR', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    const of = async (name: string) => {
      const [clinic] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, name));
      const rows = await withTenant(t.database.db, clinic!.id, (tx) => tx.select().from(printSettings).orderBy(asc(printSettings.id)));
      return { clinic: clinic!, rows };
    };
    const riyadh = await of('riyadh');
    expect([riyadh.clinic.vatPercentage, riyadh.clinic.taxNo]).toEqual(['15.00', DEMO_SAUDI_VAT_NO]);
    expect(riyadh.rows.map((r) => [r.documentType, r.pageSize, r.isDefault, r.show.qrCode])).toEqual([
      ['invoice', 'A4', true, true],
      ['receipt', '80mm', true, true],
      ['treatment_plan', 'A5', true, false],
    ]);
    const demo = await of('demo');
    expect([demo.clinic.vatPercentage, demo.clinic.taxNo]).toEqual(['0.00', null]);
    expect(demo.rows.map((r) => [r.documentType, r.pageSize, r.show.qrCode])).toEqual([
      ['invoice', 'A4', false],
      ['receipt', '80mm', true],
      ['treatment_plan', 'A5', false],
    ]);
  });
});
