import { type Tier, tierRank } from '@dental/contract';
import { eq } from 'drizzle-orm';
import { clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { createDefaultInsuranceCompany } from './insurance-companies.service.js';
import { insuranceCompanies } from './insurance.table.js';

/** Every new clinic starts with its default insurance company. */
export async function seedInsurance(tx: Tx, clinicId: number) {
  await createDefaultInsuranceCompany(tx, clinicId);
}

/** Companies an Egyptian demo clinic works with, besides the default one. */
export const DEMO_INSURANCE_COMPANIES = [
  {
    name: 'مصر للتأمين',
    contactPerson: 'أ. محمد عبد الحميد',
    mobile: '+201001234501',
    email: 'medical@misr-insurance.example',
    address: 'شارع طلعت حرب، وسط البلد، القاهرة',
    coveragePercentage: '80.00',
    requiresApproval: true,
    notes: 'الموافقة المسبقة مطلوبة لتركيبات الأسنان والزراعة',
  },
  {
    name: 'أليانز مصر',
    contactPerson: 'أ. ريهام سامي',
    mobile: '+201221234502',
    email: 'health.claims@allianz-eg.example',
    address: 'القرية الذكية، الكيلو 28 طريق القاهرة الإسكندرية الصحراوي',
    coveragePercentage: '70.00',
    requiresApproval: true,
    notes: null,
  },
  {
    name: 'AXA مصر',
    contactPerson: 'أ. طارق فهمي',
    mobile: '+201111234503',
    email: 'dental@axa-eg.example',
    address: 'التجمع الخامس، القاهرة الجديدة',
    coveragePercentage: '75.00',
    requiresApproval: false,
    notes: 'المطالبات تُرسل شهريًا',
  },
] as const;

/** Demo companies for a demo clinic whose tier includes insurance (ST2 and above). */
export async function seedDemoInsurance(db: Db, clinicId: number) {
  const [clinic] = await db.select({ tier: clinics.subscriptionType }).from(clinics).where(eq(clinics.id, clinicId));
  if (!clinic || tierRank(clinic.tier as Tier) < tierRank('ST2')) return;
  await withTenant(db, clinicId, async (tx) => {
    await tx.insert(insuranceCompanies).values(DEMO_INSURANCE_COMPANIES.map((c) => ({ clinicId, ...c })));
  });
}
