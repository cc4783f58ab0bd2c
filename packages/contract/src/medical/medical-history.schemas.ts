import { z } from 'zod';
import { id, optionalId, optionalText, requiredEnum, requiredText } from '../common/schemas.js';
import { medicalOptionOutput, questionLimitsOutput } from './medical-questions.schemas.js';
import { MEDICAL_QUESTION_TYPES, MEDICAL_RECORD_STATUSES } from './medical-rules.js';

export const medicalRecordStatus = requiredEnum(MEDICAL_RECORD_STATUSES);

const optionIndex = z
  .number({ error: 'field_invalid' })
  .int('field_invalid')
  .min(0, 'field_invalid')
  .max(99, 'field_invalid');
/** { yes } for a yes/no question, { option } for a single choice, { options } for a multi choice (option indexes). */
export const medicalAnswer = z.union(
  [
    z.strictObject({ yes: z.boolean() }),
    z.strictObject({ option: optionIndex }),
    z.strictObject({ options: z.array(optionIndex).max(20) }),
  ],
  { error: 'field_invalid' },
);

export const patientMedicalHistoryInput = z.object({ patientId: id });

/** One question of the patient's questionnaire with the patient's answer (null: not answered yet). */
export const patientMedicalQuestion = z.object({
  id: z.number(),
  textAr: z.string(),
  textEn: z.string(),
  textFr: z.string().nullable(),
  ...questionLimitsOutput,
  questionType: z.enum(MEDICAL_QUESTION_TYPES),
  options: z.array(medicalOptionOutput),
  answerRequired: z.boolean(),
  showForPatient: z.boolean(),
  isAlert: z.boolean(),
  answer: medicalAnswer.nullable(),
  note: z.string().nullable(),
});

export const patientMedicalCategory = z.object({
  id: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  nameFr: z.string().nullable(),
  questions: z.array(patientMedicalQuestion),
});

export const patientDiseaseItem = z.object({
  id: z.number(),
  name: z.string(),
  notes: z.string().nullable(),
  isAlert: z.boolean(),
  createdAt: z.string(),
});

export const patientDrugItem = z.object({
  id: z.number(),
  productId: z.number(),
  name: z.string(),
  dosage: z.string().nullable(),
  notes: z.string().nullable(),
  isAlert: z.boolean(),
  createdAt: z.string(),
});

export const MEDICAL_ALERT_KINDS = ['question', 'disease', 'drug'] as const;
/**
 * Something staff must see before treating: an alert question answered Yes or with an option chosen (detail: the
 * chosen options), or a disease or drug flagged as an alert. Diseases and drugs have one name, given in all three.
 * A question's name is its alert text (a fact: "Allergic to penicillin") or, without one, the question; a null
 * French text reads the English one.
 */
export const medicalAlert = z.object({
  kind: z.enum(MEDICAL_ALERT_KINDS),
  id: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  nameFr: z.string().nullable(),
  detailAr: z.string().nullable(),
  detailEn: z.string().nullable(),
  detailFr: z.string().nullable(),
  note: z.string().nullable(),
});

/** The patient's whole medical history: record status and notes, questionnaire, diseases, drugs and alerts. */
export const patientMedicalHistoryOutput = z.object({
  patientId: z.number(),
  status: z.enum(MEDICAL_RECORD_STATUSES),
  notes: z.string().nullable(),
  updatedAt: z.string().nullable(),
  categories: z.array(patientMedicalCategory),
  diseases: z.array(patientDiseaseItem),
  drugs: z.array(patientDrugItem),
  alerts: z.array(medicalAlert),
});

/** An answer with its optional note; a null answer clears the question's answer. */
export const medicalAnswerEntry = z.object({
  answer: medicalAnswer.nullable().default(null),
  note: optionalText(500),
});

/** Question ids as keys (the form of the answers of SavePatientMedicalHistory and of its field errors). */
const questionKey = z.string().regex(/^[1-9]\d{0,15}$/, 'field_invalid');

/**
 * Saves the record status and notes and the answers at once. `answers` maps question ids to answers; questions
 * not named keep their answer. Every active required question must end up answered (400 answer_required at
 * `answers.<questionId>`); an answer must fit its question's type and options (field_invalid there).
 */
export const savePatientMedicalHistoryInput = z.object({
  patientId: id,
  status: medicalRecordStatus,
  notes: optionalText(2000),
  answers: z
    .record(questionKey, medicalAnswerEntry, { error: 'field_invalid' })
    .default({})
    .refine((a) => Object.keys(a).length <= 500, 'field_invalid'),
});

/** Saves (or with a null answer clears) one answer of one patient. */
export const saveMedicalQuestionAnswerInput = z.object({
  patientId: id,
  questionId: id,
  answer: medicalAnswer.nullable().default(null),
  note: optionalText(500),
});

/** Adds a disease or condition to the patient (no id) or updates one; `isAlert` shows it on the patient header. */
export const saveDiseaseInput = z.object({
  id: optionalId,
  patientId: id,
  name: requiredText(200),
  notes: optionalText(1000),
  isAlert: z.boolean({ error: 'field_invalid' }).default(false),
});

/**
 * Adds a drug the patient takes (no id) or updates one. The drug is `productId` (one of the clinic's drug names)
 * or `productName`: a name not in the clinic's list yet is added to it (names are unique ignoring case).
 */
export const saveDrugInput = z
  .object({
    id: optionalId,
    patientId: id,
    productId: optionalId,
    productName: z.string().trim().max(200, 'field_too_long').optional().nullable(),
    dosage: optionalText(200),
    notes: optionalText(1000),
    isAlert: z.boolean({ error: 'field_invalid' }).default(false),
  })
  .superRefine((d, ctx) => {
    if (!d.productId && !d.productName)
      ctx.addIssue({ code: 'custom', path: ['productName'], message: 'field_required' });
  });

export const productsSearchInput = z.object({ search: z.string().trim().max(100, 'field_too_long').optional() });
export const productItem = z.object({ id: z.number(), name: z.string() });
export const productsSearchOutput = z.object({ items: z.array(productItem) });
/** GetProductsSearch returns at most this many drug names. */
export const PRODUCTS_SEARCH_LIMIT = 20;

export type MedicalAnswerInput = z.infer<typeof medicalAnswer>;
export type PatientMedicalQuestion = z.infer<typeof patientMedicalQuestion>;
export type PatientMedicalCategory = z.infer<typeof patientMedicalCategory>;
export type PatientDiseaseItem = z.infer<typeof patientDiseaseItem>;
export type PatientDrugItem = z.infer<typeof patientDrugItem>;
export type MedicalAlert = z.infer<typeof medicalAlert>;
export type PatientMedicalHistory = z.infer<typeof patientMedicalHistoryOutput>;
export type SavePatientMedicalHistoryInput = z.output<typeof savePatientMedicalHistoryInput>;
export type SaveMedicalQuestionAnswerInput = z.output<typeof saveMedicalQuestionAnswerInput>;
export type SaveDiseaseInput = z.output<typeof saveDiseaseInput>;
export type SaveDrugInput = z.output<typeof saveDrugInput>;
export type ProductItem = z.infer<typeof productItem>;
