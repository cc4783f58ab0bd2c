import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newClinic, newPatient, testApp } from '../../../test/harness.js';
import { seedDemo } from '../../db/demo-data.js';
import { clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { STARTER_DRUGS, STARTER_QUESTIONNAIRE, seedDemoMedical } from './medical.seed.js';
import { medicalCategories, medicalProducts, medicalQuestions, patientMedicalHistory } from './medical.table.js';

const t = await testApp();

const contentOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, async (tx) => ({
    categories: await tx.select().from(medicalCategories).where(eq(medicalCategories.clinicId, clinicId)),
    questions: await tx.select().from(medicalQuestions).where(eq(medicalQuestions.clinicId, clinicId)),
    products: await tx.select().from(medicalProducts).where(eq(medicalProducts.clinicId, clinicId)),
    records: await tx.select().from(patientMedicalHistory).where(eq(patientMedicalHistory.clinicId, clinicId)),
  }));

describe('medical seeding', () => {
  it('gives every new clinic a bilingual starter questionnaire and drug names', async () => {
    const c = await newClinic(t);
    const { categories, questions, products } = await contentOf(c.clinicId);
    expect(categories.map((x) => x.nameEn)).toEqual(['General health', 'Heart & blood', 'Allergies', 'Women']);
    expect(questions).toHaveLength(STARTER_QUESTIONNAIRE.flatMap((x) => x.questions).length);
    expect(questions.every((q) => /\p{Script=Arabic}/u.test(q.textAr) && /^[A-Z]/.test(q.textEn))).toBe(true);
    const penicillin = questions.find((q) => q.textEn.includes('penicillin'))!;
    expect(penicillin).toMatchObject({ questionType: 'yesNo', isAlert: true, answerRequired: true, options: [] });
    expect(questions.find((q) => q.textEn.includes('local anaesthetic'))).toMatchObject({ isAlert: true });
    for (const q of questions)
      expect(q.questionType === 'yesNo' ? q.options.length === 0 : q.options.length >= 2).toBe(true);
    expect(products.map((p) => p.name)).toEqual([...STARTER_DRUGS]);
  });

  it('seeds the demo clinics once and fills the first patients of a clinic that has some', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    for (const name of ['demo', 'riyadh']) {
      const [clinic] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, name));
      const seen = await contentOf(clinic!.id);
      expect(seen.categories).toHaveLength(STARTER_QUESTIONNAIRE.length);
      expect(seen.products).toHaveLength(STARTER_DRUGS.length);
    }
    // a clinic that predates the module: the demo seeder adds what is missing, once
    const c = await newClinic(t);
    await withTenant(t.database.db, c.clinicId, async (tx) => {
      await tx.delete(medicalQuestions).where(eq(medicalQuestions.clinicId, c.clinicId));
      await tx.delete(medicalCategories).where(eq(medicalCategories.clinicId, c.clinicId));
      await tx.delete(medicalProducts).where(eq(medicalProducts.clinicId, c.clinicId));
    });
    await newPatient(t, c);
    await seedDemoMedical(t.database.db, c.clinicId);
    await seedDemoMedical(t.database.db, c.clinicId);
    const seen = await contentOf(c.clinicId);
    expect(seen.categories).toHaveLength(STARTER_QUESTIONNAIRE.length);
    expect(seen.products).toHaveLength(STARTER_DRUGS.length);
    expect(seen.records.map((r) => r.status)).toEqual(['MR4']);
  });
});
