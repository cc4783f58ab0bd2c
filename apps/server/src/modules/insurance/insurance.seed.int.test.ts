import { DEFAULT_INSURANCE_COMPANY_NAME } from '@dental/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.js';
import { seedDemo } from '../../db/demo-data.js';
import { clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { insuranceCompanies } from './insurance.table.js';

const t = await testApp();

describe('insurance seeding', () => {
  it('gives the demo clinic (ST3) three Egyptian companies besides the default; the ST1 clinic only the default', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    const companiesOf = async (name: string) => {
      const [clinic] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, name));
      return withTenant(t.database.db, clinic!.id, (tx) =>
        tx.select().from(insuranceCompanies).orderBy(asc(insuranceCompanies.id)),
      );
    };
    const demo = await companiesOf('demo');
    expect(demo.map((c) => [c.name, c.isDefault, c.isActive])).toEqual([
      [DEFAULT_INSURANCE_COMPANY_NAME, true, true],
      ['مصر للتأمين', false, true],
      ['أليانز مصر', false, true],
      ['AXA مصر', false, true],
    ]);
    expect(demo.slice(1).every((c) => /^\+20\d{10}$/.test(c.mobile ?? ''))).toBe(true);
    expect((await companiesOf('riyadh')).map((c) => c.name)).toEqual([DEFAULT_INSURANCE_COMPANY_NAME]);
  });
});
