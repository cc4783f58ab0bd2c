import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { addClinicLookups } from './clinic-lookups.service.js';
import { paymentTypes, rooms } from './lookups.table.js';
import { createDefaultPaymentType } from './payment-types.service.js';

/** How patients heard of the clinic, offered to every new clinic (which may edit or delete them). */
export const DEFAULT_REFERENCES = [
  { nameAr: 'فيسبوك', nameEn: 'Facebook', nameFr: 'Facebook' },
  { nameAr: 'إنستغرام', nameEn: 'Instagram', nameFr: 'Instagram' },
  { nameAr: 'بحث جوجل', nameEn: 'Google search', nameFr: 'Recherche Google' },
  { nameAr: 'صديق أو قريب', nameEn: 'Friend or relative', nameFr: 'Ami ou proche' },
  { nameAr: 'لافتة العيادة', nameEn: 'Clinic sign', nameFr: 'Enseigne du cabinet' },
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
      { clinicId, nameAr: 'فيزا', nameEn: 'Visa', nameFr: 'Visa' },
      { clinicId, nameAr: 'تحويل بنكي', nameEn: 'Bank transfer', nameFr: 'Virement bancaire' },
      { clinicId, nameAr: 'إنستاباي', nameEn: 'InstaPay', nameFr: 'InstaPay' },
    ]);
    await addClinicLookups(tx, clinicId, 'Occupation', [
      { nameAr: 'مهندس', nameEn: 'Engineer', nameFr: 'Ingénieur' },
      { nameAr: 'معلم', nameEn: 'Teacher', nameFr: 'Enseignant' },
      { nameAr: 'طالب', nameEn: 'Student', nameFr: 'Étudiant' },
      { nameAr: 'محاسب', nameEn: 'Accountant', nameFr: 'Comptable' },
    ]);
    await addClinicLookups(tx, clinicId, 'Nationality', [
      { nameAr: 'مصري', nameEn: 'Egyptian', nameFr: 'Égyptien' },
      { nameAr: 'سعودي', nameEn: 'Saudi', nameFr: 'Saoudien' },
      { nameAr: 'يمني', nameEn: 'Yemeni', nameFr: 'Yéménite' },
    ]);
    await addClinicLookups(tx, clinicId, 'RelativeType', [
      { nameAr: 'أب', nameEn: 'Father', nameFr: 'Père' },
      { nameAr: 'أم', nameEn: 'Mother', nameFr: 'Mère' },
      { nameAr: 'زوج', nameEn: 'Husband', nameFr: 'Mari' },
      { nameAr: 'زوجة', nameEn: 'Wife', nameFr: 'Épouse' },
      { nameAr: 'ابن', nameEn: 'Son', nameFr: 'Fils' },
      { nameAr: 'ابنة', nameEn: 'Daughter', nameFr: 'Fille' },
    ]);
  });
}
