import { normalizeName } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { clinics } from '../../platform/auth/identity.table.js';
import { nextNumber } from '../../platform/db/counters.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { clinicLookups } from '../lookups/lookups.table.js';
import { insuranceCompanies } from '../insurance/insurance.table.js';
import { patientBranches, patients } from './patients.table.js';
import { refreshSearchWords } from './search-words.js';

type Seed = Partial<typeof patients.$inferInsert> & { name: string; children?: Seed[] };

export const EGYPT: Seed[] = [
  { name: 'أحمد محمود عبد الله', mobile: '+201001234567', gender: 'M', dateOfBirth: '1985-03-14', maritalStatus: 'MS2', nationalId: '28503140101234', children: [
    { name: 'يوسف أحمد محمود', gender: 'M', dateOfBirth: '2014-06-02' },
    { name: 'مريم أحمد محمود', gender: 'F', dateOfBirth: '2017-11-20' },
  ] },
  { name: 'فاطمة الزهراء حسن', mobile: '+201112345678', gender: 'F', dateOfBirth: '1990-07-22', maritalStatus: 'MS2', patientType: 'PT2' },
  { name: 'محمد إبراهيم السيد', mobile: '+201223456789', gender: 'M', dateOfBirth: '1978-01-05', maritalStatus: 'MS2' },
  { name: 'نورا مصطفى كامل', mobile: '+201098765432', gender: 'F', dateOfBirth: '1995-12-30', maritalStatus: 'MS1' },
  { name: 'عمر خالد الشريف', mobile: '+201556677889', gender: 'M', dateOfBirth: '2001-04-18', maritalStatus: 'MS1' },
  { name: 'هدى عبد الرحمن', mobile: '+201009988776', gender: 'F', dateOfBirth: '1968-09-09', maritalStatus: 'MS4' },
  { name: 'إسلام طارق فوزي', mobile: '+201144455566', gender: 'M', dateOfBirth: '1988-02-11', patientType: 'PT3' },
  { name: 'آية محمد سليمان', mobile: '+201277788899', gender: 'F', dateOfBirth: '1999-05-27', maritalStatus: 'MS1' },
  { name: 'مصطفى علي رضوان', mobile: '+201033344455', gender: 'M', dateOfBirth: '1975-10-03', maritalStatus: 'MS3' },
  { name: 'سلمى أشرف جمال', mobile: '+201566677788', gender: 'F', dateOfBirth: '2005-08-16' },
  { name: 'كريم حسام الدين', mobile: '+201011122233', gender: 'M', dateOfBirth: '1992-03-01', patientType: 'PT2' },
  { name: 'رحمة سامي عبد العزيز', mobile: '+201122233344', gender: 'F', dateOfBirth: '1983-12-12', maritalStatus: 'MS2' },
  { name: 'John Smith', mobile: '+447400123456', gender: 'M', dateOfBirth: '1980-02-20', smsLanguage: 'en' },
  { name: 'Hélène Dubois', mobile: '+33612345678', gender: 'F', dateOfBirth: '1987-09-30', smsLanguage: 'fr' },
  // the same person entered twice with different spellings: /DuplicatedPatients finds them
  { name: 'احمد محمود عبدالله', mobile: '+201001234567', gender: 'M' },
  // booked on the public page, waiting for approval
  { name: 'ياسمين عادل فتحي', mobile: '+201288899900', gender: 'F', approvalStatus: 'waiting', source: 'website' },
  { name: 'شريف منير', mobile: '+201099900011', gender: 'M', approvalStatus: 'waiting', source: 'website' },
];

export const SAUDI: Seed[] = [
  { name: 'عبدالله بن فهد القحطاني', mobile: '+966501112233', gender: 'M', dateOfBirth: '1986-05-05', nationalId: '1023456789' },
  { name: 'نوف سعد الدوسري', mobile: '+966552223344', gender: 'F', dateOfBirth: '1993-01-19', nationalId: '1098765432' },
  { name: 'تركي ناصر الشهري', mobile: '+966533334455', gender: 'M', dateOfBirth: '1979-11-02' },
];

async function insert(tx: Tx, clinicId: number, branchIds: number[], seed: Seed, extra: Partial<typeof patients.$inferInsert>) {
  const { children, ...values } = seed;
  const code = String(await nextNumber(tx, clinicId, 'patient'));
  const [row] = await tx
    .insert(patients)
    .values({ ...extra, ...values, clinicId, code, nameNormalized: normalizeName(seed.name) })
    .returning({ id: patients.id });
  await tx.insert(patientBranches).values(branchIds.map((branchId) => ({ clinicId, patientId: row!.id, branchId })));
  for (const child of children ?? []) await insert(tx, clinicId, branchIds, child, { ...extra, parentId: row!.id, insuranceCompanyId: null });
  return row!.id;
}

/** Demo patients: families, types, a duplicate pair, website patients waiting for approval. */
export async function seedDemoPatients(db: Db, clinicId: number, branchIds: number[]) {
  await withTenant(db, clinicId, async (tx) => {
    const [clinic] = await tx.select({ countryId: clinics.countryId }).from(clinics).where(eq(clinics.id, clinicId));
    const references = await tx
      .select({ id: clinicLookups.id })
      .from(clinicLookups)
      .where(and(eq(clinicLookups.clinicId, clinicId), eq(clinicLookups.groupName, 'PatientReference')));
    const companies = await tx
      .select({ id: insuranceCompanies.id })
      .from(insuranceCompanies)
      .where(and(eq(insuranceCompanies.clinicId, clinicId), eq(insuranceCompanies.isDefault, false)));
    const list = clinic?.countryId === 'CN2' ? SAUDI : EGYPT;
    for (const [i, seed] of list.entries()) {
      const insured = companies.length && i % 4 === 1 ? companies[i % companies.length]!.id : null;
      await insert(tx, clinicId, branchIds, seed, {
        referenceId: references.length ? references[i % references.length]!.id : null,
        insuranceCompanyId: insured,
        insuranceNo: insured ? `INS-${10_000 + i}` : null,
      });
    }
    await refreshSearchWords(tx, clinicId, 'all');
  });
}
