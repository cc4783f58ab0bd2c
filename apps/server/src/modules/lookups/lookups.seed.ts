import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { addClinicLookups } from './clinic-lookups.service.js';
import { paymentTypes, rooms } from './lookups.table.js';
import { createDefaultPaymentType } from './payment-types.service.js';

/** How patients heard of the clinic, offered to every new clinic (which may edit or delete them). */
export const DEFAULT_REFERENCES = [
  { nameAr: 'فيسبوك', nameEn: 'Facebook' },
  { nameAr: 'إنستغرام', nameEn: 'Instagram' },
  { nameAr: 'بحث جوجل', nameEn: 'Google search' },
  { nameAr: 'صديق أو قريب', nameEn: 'Friend or relative' },
  { nameAr: 'لافتة العيادة', nameEn: 'Clinic sign' },
] as const;

/** The rows every new clinic starts with: the default payment type (Cash) and a few patient references. */
export async function seedLookups(tx: Tx, clinicId: number) {
  await createDefaultPaymentType(tx, clinicId);
  await addClinicLookups(tx, clinicId, 'PatientReference', DEFAULT_REFERENCES);
}

/** Demo rows on top of the defaults: rooms, more payment types, occupations and nationalities. */
export async function seedDemoLookups(db: Db, clinicId: number) {
  await withTenant(db, clinicId, async (tx) => {
    await tx.insert(rooms).values([
      { clinicId, name: 'غرفة الكشف', color: '#079ee4' },
      { clinicId, name: 'غرفة الجراحة', color: '#e4572e' },
      { clinicId, name: 'غرفة التقويم', color: '#29bf12' },
      { clinicId, name: 'غرفة الأشعة', color: '#9b5de5' },
    ]);
    await tx.insert(paymentTypes).values([
      { clinicId, nameAr: 'فيزا', nameEn: 'Visa' },
      { clinicId, nameAr: 'تحويل بنكي', nameEn: 'Bank transfer' },
      { clinicId, nameAr: 'إنستاباي', nameEn: 'InstaPay' },
    ]);
    await addClinicLookups(tx, clinicId, 'Occupation', [
      { nameAr: 'مهندس', nameEn: 'Engineer' },
      { nameAr: 'معلم', nameEn: 'Teacher' },
      { nameAr: 'طالب', nameEn: 'Student' },
      { nameAr: 'محاسب', nameEn: 'Accountant' },
    ]);
    await addClinicLookups(tx, clinicId, 'Nationality', [
      { nameAr: 'مصري', nameEn: 'Egyptian' },
      { nameAr: 'سعودي', nameEn: 'Saudi' },
      { nameAr: 'يمني', nameEn: 'Yemeni' },
    ]);
    await addClinicLookups(tx, clinicId, 'RelativeType', [
      { nameAr: 'أب', nameEn: 'Father' },
      { nameAr: 'أم', nameEn: 'Mother' },
      { nameAr: 'زوج', nameEn: 'Husband' },
      { nameAr: 'زوجة', nameEn: 'Wife' },
      { nameAr: 'ابن', nameEn: 'Son' },
      { nameAr: 'ابنة', nameEn: 'Daughter' },
    ]);
  });
}
