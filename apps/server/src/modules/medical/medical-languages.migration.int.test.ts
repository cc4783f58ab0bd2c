import { readFileSync, readdirSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { newClinic, testApp } from '../../../test/harness.js';
import { branches, clinics } from '../../platform/auth/identity.table.js';
import { medicalCategories, medicalQuestions } from './medical.table.js';

const t = await testApp();
const folder = new URL('../../db/migrations/', import.meta.url);
const file = readdirSync(folder).find((f) => f.endsWith('_medical_languages_mobiles.sql'))!;
/** The hand-written statements only: the generated ones (new columns) have run already. */
const statements = readFileSync(new URL(file, folder), 'utf8')
  .split('-- hand-written below')[1]!
  .split('--> statement-breakpoint');

it('the migration gives seeded questionnaires French, alert facts and limits, and numbers E.164 (issue 18)', async () => {
  const c = await newClinic(t);
  const db = t.database.db;
  // as a clinic seeded before this migration: no French, no alert texts, no limits; one question edited by the clinic
  await db.update(medicalCategories).set({ nameFr: null }).where(eq(medicalCategories.clinicId, c.clinicId));
  await db
    .update(medicalQuestions)
    .set({ textFr: null, alertAr: null, alertEn: null, alertFr: null, sex: null, minAge: null, maxAge: null })
    .where(eq(medicalQuestions.clinicId, c.clinicId));
  await db
    .update(medicalQuestions)
    .set({ options: sql`(select jsonb_agg(o - 'fr') from jsonb_array_elements(${medicalQuestions.options}) o)` })
    .where(sql`${medicalQuestions.clinicId} = ${c.clinicId} and jsonb_array_length(${medicalQuestions.options}) > 0`);
  await db
    .update(medicalQuestions)
    .set({ textEn: 'Diabetes?' })
    .where(sql`${medicalQuestions.clinicId} = ${c.clinicId} and ${medicalQuestions.textEn} = 'Do you have diabetes?'`);
  await db.update(clinics).set({ mobile: '0100-123-4567' }).where(eq(clinics.id, c.clinicId));
  await db.update(branches).set({ mobile: '02 2260 0000' }).where(eq(branches.clinicId, c.clinicId));

  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });

  const questions = await db.select().from(medicalQuestions).where(eq(medicalQuestions.clinicId, c.clinicId));
  const byEn = (en: string) => questions.find((q) => q.textEn === en)!;
  expect(byEn('Are you pregnant?')).toMatchObject({ textFr: 'Êtes-vous enceinte ?', alertFr: 'Enceinte', sex: 'F', minAge: 12, maxAge: 55 });
  expect(byEn('Are you allergic to penicillin?')).toMatchObject({ alertEn: 'Allergic to penicillin' });
  expect(byEn('Do you smoke?').options.map((o) => o.fr)).toEqual(['Jamais', 'Ancien fumeur', 'Fumeur actuel']);
  expect(byEn('Diabetes?').textFr).toBeNull(); // the clinic's own text is left alone
  const categories = await db.select().from(medicalCategories).where(eq(medicalCategories.clinicId, c.clinicId));
  expect(categories.every((k) => k.nameFr)).toBe(true);
  expect((await db.select().from(clinics).where(eq(clinics.id, c.clinicId)))[0]!.mobile).toBe('+201001234567');
  // a national fixed line is not rewritten (the next save reads it)
  expect((await db.select().from(branches).where(eq(branches.clinicId, c.clinicId)))[0]!.mobile).toBe('02 2260 0000');
});
