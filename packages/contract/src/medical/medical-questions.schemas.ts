import { z } from 'zod';
import { id, listInput, optionalId, optionalText, requiredEnum, requiredText } from '../common/schemas.js';
import { GENDERS } from '../lookups/system-lookups.js';
import { sortOrderField } from './medical-categories.schemas.js';
import { MEDICAL_AGE_MAX, MEDICAL_OPTIONS_MAX, MEDICAL_QUESTION_TYPES, optionsProblem } from './medical-rules.js';

export const medicalQuestionType = requiredEnum(MEDICAL_QUESTION_TYPES);

/** One choice of a single or multi choice question, in Arabic and English, and optionally French. */
export const medicalOption = z.object({ ar: requiredText(100), en: requiredText(100), fr: optionalText(100) });
export const medicalOptionOutput = z.object({ ar: z.string(), en: z.string(), fr: z.string().nullish() });

/** A question's limits (issue 18): asked of one sex only (null: everyone), from / up to an age in whole years. */
const ageLimit = z
  .number({ error: 'field_invalid' })
  .int('field_invalid')
  .min(0, 'field_invalid')
  .max(MEDICAL_AGE_MAX, 'field_invalid')
  .nullable()
  .default(null);
export const questionLimitsOutput = {
  sex: z.enum(GENDERS).nullable(),
  minAge: z.number().nullable(),
  maxAge: z.number().nullable(),
};

/** A question of the clinic's questionnaire (page /MedicalQuestions). */
export const medicalQuestionItem = z.object({
  id: z.number(),
  categoryId: z.number(),
  categoryNameAr: z.string(),
  categoryNameEn: z.string(),
  categoryNameFr: z.string().nullable(),
  textAr: z.string(),
  textEn: z.string(),
  textFr: z.string().nullable(),
  /** What an alert states on the patient's header ("Allergic to penicillin"); null: the question is shown. */
  alertAr: z.string().nullable(),
  alertEn: z.string().nullable(),
  alertFr: z.string().nullable(),
  ...questionLimitsOutput,
  questionType: z.enum(MEDICAL_QUESTION_TYPES),
  options: z.array(medicalOptionOutput),
  answerRequired: z.boolean(),
  showForPatient: z.boolean(),
  isAlert: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number(),
});

export const MEDICAL_QUESTION_SORT_FIELDS = ['sortOrder', 'textAr', 'textEn', 'createdAt'] as const;
/** Search either text; optionally one category only and the active questions only. */
export const medicalQuestionListInput = listInput(MEDICAL_QUESTION_SORT_FIELDS).extend({
  categoryId: id.optional(),
  activeOnly: z.union([z.boolean(), z.stringbool()], { error: 'field_invalid' }).optional(),
});

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Creates a question when `id` is absent, else updates it. A single or multi choice question has 2 to 20 options,
 * a yes/no question none; options differ from each other and the texts are unique in the category, ignoring case.
 */
export const saveMedicalQuestionInput = z
  .object({
    id: optionalId,
    categoryId: id,
    textAr: requiredText(300),
    textEn: requiredText(300),
    textFr: optionalText(300),
    alertAr: optionalText(200),
    alertEn: optionalText(200),
    alertFr: optionalText(200),
    sex: z.enum(GENDERS, { error: 'field_invalid' }).nullable().default(null),
    minAge: ageLimit,
    maxAge: ageLimit,
    questionType: medicalQuestionType,
    options: z.array(medicalOption, { error: 'field_invalid' }).max(MEDICAL_OPTIONS_MAX, 'field_invalid').default([]),
    answerRequired: z.boolean({ error: 'field_invalid' }).default(false),
    showForPatient: z.boolean({ error: 'field_invalid' }).default(true),
    isAlert: z.boolean({ error: 'field_invalid' }).default(false),
    isActive: z.boolean({ error: 'field_invalid' }).default(true),
    sortOrder: sortOrderField,
  })
  .superRefine((q, ctx) => {
    const problem = optionsProblem(q.questionType, q.options);
    if (problem) ctx.addIssue({ code: 'custom', path: ['options'], message: problem });
    if (q.minAge !== null && q.maxAge !== null && q.maxAge < q.minAge)
      ctx.addIssue({ code: 'custom', path: ['maxAge'], message: 'field_invalid' });
    q.options.forEach((option, i) => {
      for (const lang of ['ar', 'en'] as const) {
        if (q.options.slice(0, i).some((earlier) => sameText(earlier[lang], option[lang])))
          ctx.addIssue({ code: 'custom', path: ['options', i, lang], message: 'name_exists' });
      }
    });
  });

export type MedicalOption = z.infer<typeof medicalOptionOutput>;
export type MedicalQuestionItem = z.infer<typeof medicalQuestionItem>;
export type MedicalQuestionSortField = (typeof MEDICAL_QUESTION_SORT_FIELDS)[number];
export type MedicalQuestionListInput = z.output<typeof medicalQuestionListInput>;
export type SaveMedicalQuestionInput = z.output<typeof saveMedicalQuestionInput>;
export type SaveMedicalQuestionFormInput = z.input<typeof saveMedicalQuestionInput>;
