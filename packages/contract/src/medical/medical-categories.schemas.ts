import { z } from 'zod';
import { listInput, optionalId, optionalText, requiredText } from '../common/schemas.js';

/** A group of the clinic's medical questionnaire (page /MedicalCategories). */
export const medicalCategoryItem = z.object({
  id: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  /** Null: French readers see the English name. */
  nameFr: z.string().nullable(),
  sortOrder: z.number(),
  /** How many questions the category holds: a category with questions cannot be deleted (spec §5). */
  questionCount: z.number(),
});

export const MEDICAL_CATEGORY_SORT_FIELDS = ['sortOrder', 'nameAr', 'nameEn', 'createdAt'] as const;
export const medicalCategoryListInput = listInput(MEDICAL_CATEGORY_SORT_FIELDS);

/** Display order of a category or a question: 0-9999. */
export const sortOrderField = z
  .number({ error: 'field_invalid' })
  .int('field_invalid')
  .min(0, 'field_invalid')
  .max(9999, 'field_invalid')
  .default(0);

/** Creates a category when `id` is absent, else updates it. Each name is unique in the clinic, ignoring case. */
export const saveMedicalCategoryInput = z.object({
  id: optionalId,
  nameAr: requiredText(100),
  nameEn: requiredText(100),
  /** Optional: without it French readers see the English name. */
  nameFr: optionalText(100),
  sortOrder: sortOrderField,
});

export type MedicalCategoryItem = z.infer<typeof medicalCategoryItem>;
export type MedicalCategorySortField = (typeof MEDICAL_CATEGORY_SORT_FIELDS)[number];
export type MedicalCategoryListInput = z.output<typeof medicalCategoryListInput>;
export type SaveMedicalCategoryInput = z.output<typeof saveMedicalCategoryInput>;
