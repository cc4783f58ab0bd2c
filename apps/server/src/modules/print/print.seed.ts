import { PRINT_SHOW_DEFAULTS } from '@dental/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db } from '../../platform/db/types.js';
import { printSettings } from './print.table.js';

/** A sample Saudi VAT registration number (15 digits, starting and ending with 3) and commercial registration. */
export const DEMO_SAUDI_VAT_NO = '310122393500003';
export const DEMO_SAUDI_CR_NO = '1010123456';

/**
 * Demo print settings: an A4 invoice (with the ZATCA QR in a Saudi clinic), an 80 mm receipt and an A5 treatment
 * plan, each its type's default. A Saudi (CN2) demo clinic is also made VAT-registered at 15 % with a sample VAT
 * number, so its invoices show VAT and the QR.
 */
export async function seedDemoPrintSettings(db: Db, clinicId: number) {
  await withTenant(db, clinicId, async (tx) => {
    const [clinic] = await tx.select({ countryId: clinics.countryId }).from(clinics).where(eq(clinics.id, clinicId));
    const saudi = clinic?.countryId === 'CN2';
    if (saudi)
      await tx
        .update(clinics)
        .set({ vatPercentage: '15.00', taxNo: DEMO_SAUDI_VAT_NO, commercialRegistrationNo: DEMO_SAUDI_CR_NO })
        .where(and(eq(clinics.id, clinicId), isNull(clinics.taxNo)));
    await tx.insert(printSettings).values([
      {
        clinicId, name: 'فاتورة A4', documentType: 'invoice', pageSize: 'A4', language: 'patient', isDefault: true,
        footerText: saudi ? 'فاتورة ضريبية مبسطة' : 'شكراً لزيارتكم',
        show: { ...PRINT_SHOW_DEFAULTS, qrCode: saudi, signatureLine: false },
      },
      {
        clinicId, name: 'إيصال 80 مم', documentType: 'receipt', pageSize: '80mm', isDefault: true, language: 'patient',
        marginTop: 3, marginRight: 3, marginBottom: 3, marginLeft: 3, fontSize: 9, titleFontSize: 12,
        footerText: 'شكراً لزيارتكم',
        show: { ...PRINT_SHOW_DEFAULTS, logo: false, doctor: false, teeth: false, pageNumbers: false },
      },
      {
        clinicId, name: 'خطة علاج A5', documentType: 'treatment_plan', pageSize: 'A5', isDefault: true, language: 'patient',
        marginTop: 10, marginRight: 10, marginBottom: 10, marginLeft: 10, fontSize: 10, titleFontSize: 14,
        show: { ...PRINT_SHOW_DEFAULTS, qrCode: false, signatureLine: true },
      },
    ]);
  });
}
