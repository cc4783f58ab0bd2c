import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinics, users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, ref, updatedAt } from '../../platform/db/columns.js';
import { patientFk } from '../patients/patients.table.js';

/** Groups of the clinic's medical questionnaire (/MedicalCategories). A category with questions cannot be deleted. */
export const medicalCategories = pgTable(
  'medical_categories',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    /** French name; a French reader sees the English one while it is empty (issue 18). */
    nameFr: text('name_fr'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    uniqueIndex('medical_categories_name_ar_uq').on(t.clinicId, sql`lower(${t.nameAr})`),
    uniqueIndex('medical_categories_name_en_uq').on(t.clinicId, sql`lower(${t.nameEn})`),
  ],
);

/**
 * A question of the questionnaire (/MedicalQuestions): type 'yesNo', 'single' or 'multi' (choices in `options`,
 * a JSON array of { ar, en, fr? }); `answerRequired`; `showForPatient` (asked on the public page); `isAlert`: a Yes
 * (or any chosen option) shows as an alert on the patient header, stated by `alertAr/En/Fr` ("Allergic to
 * penicillin") or else by the question. `sex` (M or F; null: everyone) and `minAge`/`maxAge` (whole years, inclusive)
 * limit the patients it is asked of (issue 18).
 */
export const medicalQuestions = pgTable(
  'medical_questions',
  {
    clinicId: clinicId(),
    id: identityId(),
    categoryId: ref('category_id').notNull(),
    textAr: text('text_ar').notNull(),
    textEn: text('text_en').notNull(),
    textFr: text('text_fr'),
    alertAr: text('alert_ar'),
    alertEn: text('alert_en'),
    alertFr: text('alert_fr'),
    sex: text('sex'),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    questionType: text('question_type').notNull(),
    options: jsonb('options').$type<{ ar: string; en: string; fr?: string | null }[]>().notNull().default([]),
    answerRequired: boolean('answer_required').notNull().default(false),
    showForPatient: boolean('show_for_patient').notNull().default(true),
    isAlert: boolean('is_alert').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.categoryId], foreignColumns: [medicalCategories.clinicId, medicalCategories.id] }),
    index('medical_questions_category_idx').on(t.clinicId, t.categoryId),
    check('medical_questions_sex_ck', sql`${t.sex} in ('M', 'F')`),
    check('medical_questions_ages_ck', sql`coalesce(${t.minAge}, 0) between 0 and coalesce(${t.maxAge}, 150) and coalesce(${t.maxAge}, 0) <= 150`),
  ],
);

/**
 * A patient's answer to one question: `answer` is { yes: boolean } | { option: number } | { options: number[] }
 * (option indexes into the question's options), with an optional free-text note.
 */
export const patientMedicalAnswers = pgTable(
  'patient_medical_answers',
  {
    clinicId: clinicId(),
    patientId: ref('patient_id').notNull(),
    questionId: ref('question_id').notNull(),
    answer: jsonb('answer').notNull(),
    note: text('note'),
    updatedBy: ref('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.patientId, t.questionId] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.questionId], foreignColumns: [medicalQuestions.clinicId, medicalQuestions.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.updatedBy], foreignColumns: [users.clinicId, users.id] }),
  ],
);

/** The patient's medical record as a whole: its status (spec §4 medical record status MR1-MR4) and a summary. */
export const patientMedicalHistory = pgTable(
  'patient_medical_history',
  {
    clinicId: clinicId(),
    patientId: ref('patient_id').notNull(),
    status: text('status').notNull().default('MR1'),
    notes: text('notes'),
    updatedBy: ref('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.patientId] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.updatedBy], foreignColumns: [users.clinicId, users.id] }),
  ],
);

/** A disease or condition of the patient (SaveDieases); `isAlert` (e.g. an allergy) shows on the patient header. */
export const patientDiseases = pgTable(
  'patient_diseases',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientId: ref('patient_id').notNull(),
    name: text('name').notNull(),
    notes: text('notes'),
    isAlert: boolean('is_alert').notNull().default(false),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    index('patient_diseases_patient_idx').on(t.clinicId, t.patientId),
  ],
);

/** The clinic's drug names (GetProductsSearch); a drug typed on a patient that is not here yet is added. */
export const medicalProducts = pgTable(
  'medical_products',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    uniqueIndex('medical_products_name_uq').on(t.clinicId, sql`lower(${t.name})`),
  ],
);

/** A drug the patient takes (SaveProductDieases). */
export const patientDrugs = pgTable(
  'patient_drugs',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientId: ref('patient_id').notNull(),
    productId: ref('product_id').notNull(),
    dosage: text('dosage'),
    notes: text('notes'),
    isAlert: boolean('is_alert').notNull().default(false),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.productId], foreignColumns: [medicalProducts.clinicId, medicalProducts.id] }),
    index('patient_drugs_patient_idx').on(t.clinicId, t.patientId),
  ],
);

export type MedicalAnswerValue = { yes: boolean } | { option: number } | { options: number[] };
